import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  peekRedirect,
  rememberRedirect,
  STORAGE_KEYS,
  takeRedirectAfterSensitiveAuth,
  useAuth,
  useVerifyRecentMutation,
} from 'shared-auth';
import { type VerifyRecentRequest, verifyRecentRequestSchema } from 'shared-contracts/auth';
import {
  Button,
  ButtonLink,
  Card,
  Field,
  Lead,
  Loading,
  Page,
  PageTitle,
  Row,
  Stack,
  usePageMeta,
  useSubmitOnce,
} from 'shared-ui';
import { useNavigate } from 'shared-ui/router';
import styled from 'styled-components';
import { PasswordInput } from '../features/auth/password-input';

const Narrow = styled.div`
  max-width: 520px;
  margin: 0 auto;
`;

// An address has no spaces to wrap at: a long one would widen the page past a 320 px screen.
const EmailAddress = styled.strong`
  overflow-wrap: anywhere;
`;

/**
 * `/re-authenticate`: the password re-check that opens the sensitive window, then back to the page
 * kept as redirectAfterSensitiveAuth. Cancel goes home.
 */
export function ReAuthenticatePage() {
  usePageMeta('Confirm your password');
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const verify = useVerifyRecentMutation();
  const form = useForm<VerifyRecentRequest>({
    resolver: zodResolver(verifyRecentRequestSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (status !== 'anonymous') return;
    // Signed out in the meantime: log in first; login opens the window too, so go straight back.
    const target = peekRedirect(STORAGE_KEYS.redirectAfterSensitiveAuth);
    if (target) rememberRedirect(STORAGE_KEYS.redirectAfterLogin, target);
    navigate('/auth?mode=login', { replace: true });
  }, [status, navigate]);

  const onSubmit = useSubmitOnce(
    form.handleSubmit(async ({ password }) => {
      try {
        await verify.mutateAsync(password);
        navigate(takeRedirectAfterSensitiveAuth(), { replace: true });
      } catch {
        // The mutation's toast says what went wrong; let the person try again.
        form.resetField('password');
        form.setFocus('password');
      }
    }),
  );

  if (status !== 'authenticated') return <Loading label="Checking your session…" />;

  return (
    <Page>
      <Narrow>
        <PageTitle>Confirm your password</PageTitle>
        <Lead>
          For your security, enter your password again to open your account and wallet. Signed in as{' '}
          <EmailAddress>{user?.email}</EmailAddress>.
        </Lead>
        <Card>
          <form onSubmit={onSubmit} noValidate aria-label="Confirm your password">
            <Stack $gap={16}>
              <Field label="Password" error={errors.password?.message}>
                {(ids) => (
                  <PasswordInput
                    {...ids}
                    {...form.register('password')}
                    autoComplete="current-password"
                    // The only field, and the reason for the page.
                    autoFocus
                    $invalid={Boolean(errors.password)}
                  />
                )}
              </Field>
              <Row $gap={12}>
                <Button type="submit" loading={verify.isPending} loadingLabel="Verifying…">
                  Verify
                </Button>
                <ButtonLink to="/" variant="ghost">
                  Cancel
                </ButtonLink>
              </Row>
            </Stack>
          </form>
        </Card>
      </Narrow>
    </Page>
  );
}
