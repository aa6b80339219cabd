import { useAuth, useResendVerificationMutation } from 'shared-auth';
import { Button, Container } from 'shared-ui';
import styled from 'styled-components';

const Bar = styled.div`
  background: ${({ theme }) => theme.colors.warningSoft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.text};
`;

const Inner = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  padding-top: 10px;
  padding-bottom: 10px;
  p { margin: 0; overflow-wrap: anywhere; }
`;

/**
 * Unverified accounts may sign in; until they verify, this bar under the header says
 * so and offers to send the link again.
 */
export function VerifyEmailNotice() {
  const { user } = useAuth();
  const resend = useResendVerificationMutation();
  if (!user || user.emailVerified) return null;
  return (
    <Bar role="region" aria-label="Email verification">
      <Inner>
        <p>
          <strong>Please verify your email address.</strong> We sent a link to {user.email}.
        </p>
        <Button
          size="sm"
          variant="secondary"
          loading={resend.isPending}
          loadingLabel="Sending…"
          onClick={() => resend.mutate()}
        >
          Resend verification email
        </Button>
      </Inner>
    </Bar>
  );
}
