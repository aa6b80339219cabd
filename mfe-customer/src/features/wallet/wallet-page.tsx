import { useSignedInQuery } from 'shared-auth';
import { errorMessage } from 'shared-client';
import { formatCents } from 'shared-contracts/payments';
import {
  Card,
  Lead,
  Notice,
  Page,
  PageTitle,
  Skeleton,
  Stack,
  TwoColumns,
  usePageMeta,
} from 'shared-ui';
import styled from 'styled-components';
import { walletQueryOptions } from '../../shared/payments-api';
import { AddFundsForm } from './add-funds-form';
import { Ledger } from './ledger';
import { PaymentMethods } from './payment-methods';

const Balance = styled.p`
  font-size: 2.25rem;
  font-weight: 700;
  margin: 0;
  font-variant-numeric: tabular-nums;
`;

/**
 * `/wallet` (behind the sensitive-authentication guard): the balance, adding funds by card, the
 * ledger with filters and pages, and saved cards.
 */
export function WalletPage() {
  usePageMeta('Wallet', 'Your balance, payments and payment methods.');
  const wallet = useSignedInQuery(walletQueryOptions());
  return (
    <Page>
      <PageTitle>Wallet</PageTitle>
      <Lead>Your balance, payments and payment methods.</Lead>
      <Stack $gap={24}>
        <TwoColumns>
          <Card aria-labelledby="balance-heading">
            <Stack $gap={12}>
              <h2 id="balance-heading">Balance</h2>
              {/* The skeleton is hidden from assistive technology; the status says what is happening. */}
              {wallet.isPending ? (
                <div role="status" aria-label="Loading your balance">
                  <Skeleton $height="48px" $width="180px" />
                </div>
              ) : null}
              {wallet.isError ? (
                <Notice tone="danger" role="alert">
                  {errorMessage(wallet.error, 'We could not load your balance.')}
                </Notice>
              ) : null}
              {wallet.data ? (
                <Balance data-testid="wallet-balance" aria-live="polite">
                  {formatCents(wallet.data.balanceCents)}
                </Balance>
              ) : null}
              <p>Pay for pickups from your balance; refunds of wallet payments come back here.</p>
              <h3>Add funds</h3>
              <AddFundsForm />
            </Stack>
          </Card>
          <Card aria-labelledby="cards-heading">
            <Stack $gap={12}>
              <h2 id="cards-heading">Payment methods</h2>
              <PaymentMethods />
            </Stack>
          </Card>
        </TwoColumns>
        <Card aria-labelledby="activity-heading">
          <Stack $gap={12}>
            <h2 id="activity-heading">Activity</h2>
            <Ledger />
          </Stack>
        </Card>
      </Stack>
    </Page>
  );
}
