import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from 'shared-client';
import { Loading } from 'shared-ui';
import { useLocation } from 'shared-ui/router';
import { sensitiveCheckQueryOptions } from './auth-api';
import { useAuth } from './auth-context';
import { type AuthDetour, useSendToAuth } from './redirects';

/** Where the person is now, to come back to: path, query and hash. */
function useCurrentTarget(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Stands in for the guarded page: sends the person on `detour`, to come back to `target`. */
function Detour({
  detour,
  target,
  before,
}: {
  detour: AuthDetour;
  target: string;
  before?: () => void;
}) {
  const sendToAuth = useSendToAuth();
  useEffect(() => {
    before?.();
    sendToAuth(detour, target, { replace: true });
  }, [before, detour, sendToAuth, target]);
  return <Loading label="Redirecting…" />;
}

/**
 * Pages for signed-in people only (pickups, history, settings). Signed out: the page is
 * remembered as redirectAfterLogin and the person goes to /auth, coming back after login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const target = useCurrentTarget();
  if (status === 'loading') return <Loading label="Checking your session…" />;
  if (status === 'anonymous') {
    return <Detour detour="sign-in" target={target} />;
  }
  return <>{children}</>;
}

/**
 * The sensitive-authentication guard for Account and Wallet (docs/product.md, "People and access"):
 * - not signed in: remember the target as redirectAfterLogin and go to /auth;
 * - check-sensitive fails, answers false or throws: remember the target as
 *   redirectAfterSensitiveAuth and go to /re-authenticate;
 * - otherwise show the page.
 * A 401 from the check means the session itself is gone, so that person signs in again instead.
 */
export function SensitiveRoute({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <SensitiveCheck>{children}</SensitiveCheck>
    </RequireAuth>
  );
}

/** The sensitive check itself, for a signed-in person (SensitiveRoute). */
function SensitiveCheck({ children }: { children: ReactNode }) {
  const { endSession } = useAuth();
  const target = useCurrentTarget();
  const check = useQuery(sensitiveCheckQueryOptions());

  if (check.isPending) return <Loading label="Checking your access…" />;
  if (check.isError && check.error instanceof ApiError && check.error.status === 401) {
    return <Detour detour="sign-in" target={target} before={endSession} />;
  }
  if (check.isError || check.data !== true) {
    return <Detour detour="re-authenticate" target={target} />;
  }
  return <>{children}</>;
}
