import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import type { DashboardAnalytics } from 'shared-contracts/retailer-api';
import styled from 'styled-components';

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 36 };

const KEYS = ['delivered', 'other'] as const;
const COLORS: Record<(typeof KEYS)[number], string> = { delivered: '#067647', other: '#8fb4dc' };

const Tiles = styled.dl`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
  margin: 0 0 16px;
  div {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    padding: 12px;
    display: flex;
    flex-direction: column-reverse;
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: 0.875rem;
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
  }
`;

const Legend = styled.p`
  font-size: 0.875rem;
  margin: 4px 0 0;
  span::before {
    content: '';
    display: inline-block;
    width: 10px;
    height: 10px;
    margin: 0 4px 0 12px;
    background: var(--swatch);
  }
`;

export const percent = (value: number | null) =>
  value === null ? '—' : `${Math.round(value * 1000) / 10}%`;

export function formatMinutes(value: number | null): string {
  if (value === null) return '—';
  if (value < 60) return `${Math.round(value)} min`;
  return `${Math.floor(value / 60)} h ${Math.round(value % 60)} min`;
}

/** `2026-11-21` → `11/21`. */
const shortDate = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

/**
 * Deliveries per day (stacked: delivered and the rest) drawn with visx (ADR 00x), plus the three
 * rates. The numbers are also in a table for screen readers and for reading exact values.
 */
export function AnalyticsCharts({ analytics }: { analytics: DashboardAnalytics }) {
  const data = analytics.perDay.map((day) => ({
    date: day.date,
    delivered: day.delivered,
    other: day.total - day.delivered,
  }));
  const max = Math.max(1, ...analytics.perDay.map((day) => day.total));
  const x = scaleBand<string>({
    domain: data.map((day) => day.date),
    range: [0, WIDTH - MARGIN.left - MARGIN.right],
    padding: 0.25,
  });
  const y = scaleLinear<number>({
    domain: [0, max],
    range: [HEIGHT - MARGIN.top - MARGIN.bottom, 0],
    nice: true,
  });
  const color = (key: (typeof KEYS)[number]) => COLORS[key];

  return (
    <div>
      <Tiles>
        <div>
          <dt>On-time rate</dt>
          <dd>{percent(analytics.onTimeRate)}</dd>
        </div>
        <div>
          <dt>Success rate</dt>
          <dd>{percent(analytics.successRate)}</dd>
        </div>
        <div>
          <dt>Average delivery time</dt>
          <dd>{formatMinutes(analytics.averageDeliveryMinutes)}</dd>
        </div>
        <div>
          <dt>Delivered (all time)</dt>
          <dd>
            {analytics.deliveredCount} / {analytics.totalCount}
          </dd>
        </div>
      </Tiles>
      <h3 id="per-day-title" style={{ margin: '0 0 6px', fontSize: '1rem' }}>
        Deliveries per day (last 14 days)
      </h3>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        style={{ maxWidth: WIDTH, display: 'block' }}
      >
        <title>Deliveries per day (last 14 days)</title>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <BarStack
            data={data}
            keys={[...KEYS]}
            x={(day) => day.date}
            xScale={x}
            yScale={y}
            color={color}
          >
            {(stacks) =>
              stacks.map((stack) =>
                stack.bars.map((bar) => (
                  <rect
                    key={`${stack.key}-${bar.index}`}
                    x={bar.x}
                    y={bar.y}
                    width={bar.width}
                    height={Math.max(0, bar.height)}
                    fill={bar.color}
                  />
                )),
              )
            }
          </BarStack>
          <AxisLeft scale={y} numTicks={Math.min(5, max)} tickFormat={(value) => String(value)} />
          <AxisBottom
            top={HEIGHT - MARGIN.top - MARGIN.bottom}
            scale={x}
            tickFormat={shortDate}
            numTicks={7}
            tickValues={data.filter((_, index) => index % 2 === 1).map((day) => day.date)}
          />
        </Group>
      </svg>
      <Legend>
        Legend:
        <span style={{ ['--swatch' as string]: COLORS.delivered }}>delivered</span>
        <span style={{ ['--swatch' as string]: COLORS.other }}>
          in progress, failed or cancelled
        </span>
      </Legend>
      <details>
        <summary>Per-day numbers</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Total</th>
              <th scope="col">Delivered</th>
              <th scope="col">Failed</th>
              <th scope="col">Cancelled</th>
            </tr>
          </thead>
          <tbody>
            {analytics.perDay.map((day) => (
              <tr key={day.date}>
                <td>{day.date}</td>
                <td>{day.total}</td>
                <td>{day.delivered}</td>
                <td>{day.failed}</td>
                <td>{day.cancelled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
