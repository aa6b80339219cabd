import { useMemo, useState } from 'react';
import {
  findLeasePlan,
  findRobotModel,
  LEASE_MESSAGES,
  LEASE_PLANS,
  type LeasePlanId,
  MAX_LEASE_ROBOTS,
  MIN_LEASE_ROBOTS,
  priceLease,
  ROBOT_MODELS,
  type RobotModelId,
  VOLUME_DISCOUNTS,
} from 'shared-contracts/leasing';
import { formatCents } from 'shared-contracts/payments';
import {
  ButtonLink,
  Card,
  Field,
  Input,
  Lead,
  Muted,
  media,
  Page,
  PageTitle,
  Select,
  usePageMeta,
} from 'shared-ui';
import styled from 'styled-components';
import { DEFAULT_SELECTION, selectionToSearch } from '../../shared/robot-leasing-api';

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 32px;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 250px), 1fr));
`;

const Choice = styled.li<{ $selected: boolean }>`
  border: 2px solid
    ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  padding: 18px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  h3 {
    margin: 0;
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 4px 12px;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 700;
  }
  ul {
    margin: 0;
    padding-left: 18px;
  }
  button {
    margin-top: auto;
  }
`;

const Price = styled.p`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
  small {
    font-size: 0.875rem;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const SelectButton = styled.button<{ $selected: boolean }>`
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $selected }) => ($selected ? '#fff' : theme.colors.primary)};
  font-weight: 700;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Calculator = styled(Card)`
  display: grid;
  gap: 20px;
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 8px 16px;
  margin: 0;
  dd {
    margin: 0;
    text-align: right;
    font-weight: 700;
  }
  .total {
    font-size: 1.25rem;
    font-weight: 700;
  }
`;

/** `/robot-leasing`: robot models, lease plans and a cost calculator. */
export function RobotLeasingPage() {
  usePageMeta(
    'Robot Leasing',
    'Lease CurbRun delivery robots for your stores: models, plans and a cost calculator.',
  );
  const [modelId, setModelId] = useState<RobotModelId>(DEFAULT_SELECTION.modelId);
  const [planId, setPlanId] = useState<LeasePlanId>(DEFAULT_SELECTION.planId);
  const [quantityText, setQuantityText] = useState(String(DEFAULT_SELECTION.quantity));
  const quantity = Number(quantityText);
  const quantityValid =
    /^\d+$/.test(quantityText) && quantity >= MIN_LEASE_ROBOTS && quantity <= MAX_LEASE_ROBOTS;
  const price = useMemo(
    () => (quantityValid ? priceLease({ modelId, planId, quantity }) : null),
    [modelId, planId, quantity, quantityValid],
  );
  const model = findRobotModel(modelId);
  const plan = findLeasePlan(planId);

  return (
    <Page>
      <PageTitle>Robot Leasing</PageTitle>
      <Lead>
        Put CurbRun robots to work at your stores. Maintenance, software updates and support are
        included; pick a model, a plan and how many you need.
      </Lead>

      <h2 id="models-title">Robot models</h2>
      <Grid aria-labelledby="models-title">
        {ROBOT_MODELS.map((item) => (
          <Choice key={item.id} $selected={item.id === modelId}>
            <h3>{item.name}</h3>
            <Muted>{item.tagline}</Muted>
            <dl>
              <dt>Capacity</dt>
              <dd>
                {item.capacityBags} bags · {item.capacityLb} lb
              </dd>
              <dt>Range</dt>
              <dd>{item.rangeMiles} miles a charge</dd>
              <dt>Speed</dt>
              <dd>up to {item.speedMph} mph</dd>
            </dl>
            <Price>
              {formatCents(item.baseMonthlyCents)} <small>a month per robot (Flex)</small>
            </Price>
            <SelectButton
              type="button"
              $selected={item.id === modelId}
              aria-pressed={item.id === modelId}
              onClick={() => setModelId(item.id)}
            >
              {item.id === modelId ? `${item.name} selected` : `Choose ${item.name}`}
            </SelectButton>
          </Choice>
        ))}
      </Grid>

      <h2 id="plans-title">Lease plans</h2>
      <Grid aria-labelledby="plans-title">
        {LEASE_PLANS.map((item) => {
          const unit = priceLease({ modelId, planId: item.id, quantity: 1 }).unitMonthlyCents;
          return (
            <Choice key={item.id} $selected={item.id === planId}>
              <h3>{item.name}</h3>
              <Price>
                {formatCents(unit)} <small>a month per {model.name}</small>
              </Price>
              <Muted>
                {item.termMonths}-month term
                {item.termDiscountPercent > 0 ? ` · ${item.termDiscountPercent}% off` : ''}
              </Muted>
              <ul>
                {item.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <SelectButton
                type="button"
                $selected={item.id === planId}
                aria-pressed={item.id === planId}
                onClick={() => setPlanId(item.id)}
              >
                {item.id === planId ? `${item.name} plan selected` : `Choose ${item.name}`}
              </SelectButton>
            </Choice>
          );
        })}
      </Grid>

      <h2 id="calculator-title">Cost calculator</h2>
      <Calculator as="section" aria-labelledby="calculator-title">
        <div>
          <Field label="Robot model">
            {(ids) => (
              <Select
                {...ids}
                value={modelId}
                onChange={(event) => setModelId(event.target.value as RobotModelId)}
              >
                {ROBOT_MODELS.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Lease plan">
            {(ids) => (
              <Select
                {...ids}
                value={planId}
                onChange={(event) => setPlanId(event.target.value as LeasePlanId)}
              >
                {LEASE_PLANS.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name} ({item.termMonths} months)
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Number of robots"
            hint={`Volume discount: ${VOLUME_DISCOUNTS.map((tier) => `${tier.percent}% from ${tier.minRobots}`).join(', ')} robots.`}
            error={quantityValid ? undefined : LEASE_MESSAGES.quantity}
          >
            {(ids) => (
              <Input
                {...ids}
                type="number"
                inputMode="numeric"
                min={MIN_LEASE_ROBOTS}
                max={MAX_LEASE_ROBOTS}
                value={quantityText}
                onChange={(event) => setQuantityText(event.target.value)}
                $invalid={!quantityValid}
              />
            )}
          </Field>
        </div>
        <div aria-live="polite">
          {price ? (
            <>
              <Summary aria-label="Lease cost">
                <dt>Per robot per month</dt>
                <dd>{formatCents(price.unitMonthlyCents)}</dd>
                <dt>Volume discount</dt>
                <dd>{price.volumeDiscountPercent}%</dd>
                <dt>Monthly payment</dt>
                <dd className="total">{formatCents(price.monthlyCents)}</dd>
                <dt>Term</dt>
                <dd>{price.termMonths} months</dd>
                <dt>Total over the term</dt>
                <dd>{formatCents(price.totalCents)}</dd>
                <dt>Due today (first month)</dt>
                <dd>{formatCents(price.dueTodayCents)}</dd>
              </Summary>
              <p>
                <Muted>
                  {quantity} × {model.name} on the {plan.name} plan.
                </Muted>
              </p>
              <ButtonLink
                to={`/robot-leasing-payment?${selectionToSearch({ modelId, planId, quantity })}`}
                size="lg"
              >
                Continue to payment
              </ButtonLink>
            </>
          ) : (
            <Muted>Enter how many robots you need to see the cost.</Muted>
          )}
        </div>
      </Calculator>
    </Page>
  );
}
