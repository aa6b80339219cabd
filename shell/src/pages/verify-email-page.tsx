import { useEffect, useRef } from 'react';
import { useVerifyEmailMutation } from 'shared-auth';
import { ApiError } from 'shared-client';
import { Loading, Page, PageTitle, toast, usePageMeta } from 'shared-ui';
import { useNavigate, useSearchParams } from 'shared-ui/router';

/**
 * `/verify-email?token=…`: sends the token to the server, then toasts and redirects (no token /
 * server not ok → /auth; success → /; docs/product.md, "Email verification (`/verify-email`)").
 */
export function VerifyEmailPage() {
  usePageMeta('Verify your email');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const verify = useVerifyEmailMutation();
  const token = params.get('token');
  // Once per visit: a second request (React's dev double effects, a re-render) would find the
  // single-use token spent and report a failure.
  const started = useRef(false);
  const { mutateAsync } = verify;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      toast({
        title: 'Verification failed',
        description: 'No token provided.',
        variant: 'destructive',
      });
      navigate('/auth', { replace: true });
      return;
    }
    mutateAsync({ token }).then(
      () => {
        toast({ title: 'Email verified!', description: 'You can now log in.', variant: 'success' });
        navigate('/', { replace: true });
      },
      (error: unknown) => {
        toast({
          title: 'Verification failed',
          description:
            (error instanceof ApiError ? error.serverMessage : undefined) ??
            'Invalid or expired token.',
          variant: 'destructive',
        });
        navigate('/auth', { replace: true });
      },
    );
  }, [token, mutateAsync, navigate]);

  return (
    <Page>
      <PageTitle>Verifying your email</PageTitle>
      <Loading label="Checking your link…" />
    </Page>
  );
}
