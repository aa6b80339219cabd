import { useCallback, useEffect, useRef, useState } from 'react';
import { takeRedirectAfterLogin, useAuth } from 'shared-auth';
import { Card, Lead, Loading, media, Page, PageTitle, usePageMeta } from 'shared-ui';
import { useNavigate, useSearchParams } from 'shared-ui/router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from 'shared-ui/tabs';
import styled from 'styled-components';
import { LoginForm } from '../features/auth/login-form';
import { AuthMarketingPanel } from '../features/auth/marketing-panel';
import { RegisterForm } from '../features/auth/register-form';

const Layout = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
    gap: 40px;
  }
`;

type Mode = 'login' | 'register';

/** `?mode=login|register` picks the tab; anything else means Login. */
function modeOf(value: string | null): Mode {
  return value === 'register' ? 'register' : 'login';
}

/**
 * `/auth`: Login and Register tabs beside the marketing panel. A signed-in visitor goes home;
 * after logging in here the person goes to redirectAfterLogin (then cleared), else home.
 */
export function AuthPage() {
  usePageMeta('Login or register', 'Log in or create a CurbRun account.');
  const { status } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode = modeOf(params.get('mode'));
  const [registeredUsername, setRegisteredUsername] = useState('');
  // Set while this page's login runs: the session then appears here, and the visitor must go to
  // the remembered page instead of home.
  const loggingIn = useRef(false);

  useEffect(() => {
    if (status !== 'authenticated') return;
    navigate(loggingIn.current ? takeRedirectAfterLogin() : '/', { replace: true });
  }, [status, navigate]);

  const selectMode = useCallback(
    (next: string) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('mode', modeOf(next));
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // While the session is being checked the forms show already (the server renders them): a
  // visitor who turns out to be signed in goes home a moment later.
  if (status === 'authenticated') return <Loading label="Signing you in…" />;

  return (
    <Page>
      <Layout>
        <div>
          <PageTitle>{mode === 'login' ? 'Welcome back' : 'Create your account'}</PageTitle>
          <Lead>
            Log in or register to schedule pickups, use curbside delivery and track orders.
          </Lead>
          <Card>
            <Tabs value={mode} onValueChange={selectMode}>
              <TabsList aria-label="Login or register">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm
                  defaultIdentifier={registeredUsername}
                  onSubmitting={() => {
                    loggingIn.current = true;
                  }}
                  onFailed={() => {
                    loggingIn.current = false;
                  }}
                />
              </TabsContent>
              <TabsContent value="register">
                <RegisterForm
                  onRegistered={(username) => {
                    setRegisteredUsername(username);
                    selectMode('login');
                  }}
                />
              </TabsContent>
            </Tabs>
          </Card>
        </div>
        <AuthMarketingPanel />
      </Layout>
    </Page>
  );
}
