import { formatCents } from 'shared-contracts/payments';
import type { FeeLine } from 'shared-contracts/quotes';
import styled from 'styled-components';

const List = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 6px 16px;
  dt {
    color: ${({ theme }) => theme.colors.text};
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .discount {
    color: ${({ theme }) => theme.colors.success};
  }
  .total {
    font-weight: 700;
    font-size: 1.125rem;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    padding-top: 8px;
    margin-top: 4px;
  }
`;

export interface FeeBreakdownProps {
  lines: readonly FeeLine[];
  tipCents?: number;
  /** Label of the last row. */
  totalLabel?: string;
}

/** The fee's parts, the tip and the total, as a definition list. */
export function FeeBreakdown({ lines, tipCents, totalLabel = 'Total' }: FeeBreakdownProps) {
  const fee = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const total = fee + (tipCents ?? 0);
  return (
    <List>
      {lines.map((line) => (
        <Row
          key={line.code}
          label={line.label}
          cents={line.amountCents}
          discount={line.code === 'discount'}
        />
      ))}
      {tipCents !== undefined ? (
        <Row label="Tip (100% to your driver or robot handler)" cents={tipCents} />
      ) : null}
      <dt className="total">{totalLabel}</dt>
      <dd className="total" data-testid="total">
        {formatCents(total)}
      </dd>
    </List>
  );
}

function Row({
  label,
  cents,
  discount = false,
}: {
  label: string;
  cents: number;
  discount?: boolean;
}) {
  return (
    <>
      <dt className={discount ? 'discount' : undefined}>{label}</dt>
      <dd className={discount ? 'discount' : undefined}>{formatCents(cents)}</dd>
    </>
  );
}
