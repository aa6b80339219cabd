import { useQuery } from '@tanstack/react-query';
import { sensitiveCheckQueryOptions } from 'shared-auth';
import { ApiError, errorMessage } from 'shared-client';
import { Button, Notice, Row, Stack, toast } from 'shared-ui';
import { useSignOutOtherSessionsMutation } from './api';
import { useReauthenticate } from './use-reauthenticate';

/**
 * "Sign out of all other sessions": ends every other device's session without a
 * password change, for someone who sees a session they do not recognise. Needs the sensitive
 * window, so a stolen session cannot use it against the owner.
 */
export function SessionsSection() {
  const sensitive = useQuery(sensitiveCheckQueryOptions());
  const reauthenticate = useReauthenticate();
  const signOut = useSignOutOtherSessionsMutation();

  const onSignOut = async () => {
    try {
      const { message } = await signOut.mutateAsync();
      toast({ title: 'Other sessions signed out', description: message, variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) reauthenticate('sessions');
    }
  };

  return (
    <Stack $gap={12}>
      <h2 id="sessions-heading">Sessions</h2>
      <p>
        Signed in on a device you no longer use, or one you do not recognise? Sign out everywhere
        except here. Your password stays the same.
      </p>
      {signOut.isError && !(signOut.error instanceof ApiError && signOut.error.status === 403) ? (
        <Notice tone="danger" role="alert">
          {errorMessage(signOut.error, 'Your other sessions could not be signed out.')}
        </Notice>
      ) : null}
      {sensitive.isPending ? null : sensitive.data === true ? (
        <div>
          <Button
            variant="secondary"
            onClick={onSignOut}
            loading={signOut.isPending}
            loadingLabel="Signing out…"
          >
            Sign out of all other sessions
          </Button>
        </div>
      ) : (
        <Row>
          <p>For your security, confirm your password before signing out other sessions.</p>
          <Button variant="secondary" onClick={() => reauthenticate('sessions')}>
            Confirm password to sign out other sessions
          </Button>
        </Row>
      )}
    </Stack>
  );
}
