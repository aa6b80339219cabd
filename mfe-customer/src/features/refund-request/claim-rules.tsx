import { REFUND_RULES, REFUND_STATUS_LABELS } from 'shared-contracts/refunds';
import { Badge } from 'shared-ui';
import styled from 'styled-components';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 8px;
  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
  h3 {
    margin: 8px 0 0;
    font-size: 1rem;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
  li + li {
    margin-top: 4px;
  }
  p {
    margin: 0;
  }
`;

/**
 * "What happens to your claim": which claims are paid at once and which wait for a
 * specialist, and why, in the words of the server's policy (REFUND_RULES in shared-contracts).
 */
export function ClaimRules() {
  return (
    <Section aria-labelledby="claim-rules-heading" data-testid="claim-rules">
      <h2 id="claim-rules-heading">What happens to your claim</h2>
      <p>We approve at once only what we can check ourselves.</p>
      <h3>Approved automatically, within minutes</h3>
      <ul>
        {REFUND_RULES.automatic.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <h3>
        <span>Checked by a specialist</span>
        <Badge tone="warning">{REFUND_STATUS_LABELS.needs_review}</Badge>
      </h3>
      <ul>
        {REFUND_RULES.review.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p>{REFUND_RULES.reviewTime}</p>
    </Section>
  );
}
