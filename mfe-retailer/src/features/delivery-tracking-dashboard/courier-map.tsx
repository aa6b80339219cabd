import type { DashboardCourier } from 'shared-contracts/retailer-api';
import { API_DELIVERY_STATUS_LABELS } from 'shared-contracts/retailer-api';
import styled from 'styled-components';

const WIDTH = 640;
const HEIGHT = 360;
const PAD = 28;

const Frame = styled.figure`
  margin: 0;
  svg {
    width: 100%;
    height: auto;
    display: block;
    background: #eef4fb;
    border-radius: ${({ theme }) => theme.radii.md};
  }
  figcaption {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.muted};
    margin-top: 6px;
  }
`;

interface Point {
  lat: number;
  lng: number;
}

/**
 * Projects points into the SVG box (equirectangular, longitude scaled by the latitude's cosine so
 * a city block keeps its shape), padded, with a minimum span so one point is not a huge zoom.
 */
export function projector(points: Point[]) {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const minX = Math.min(...lngs) * k;
  const maxX = Math.max(...lngs) * k;
  const minY = Math.min(...lats);
  const maxY = Math.max(...lats);
  const span = Math.max(maxX - minX, maxY - minY, 0.02);
  const scale = Math.min((WIDTH - 2 * PAD) / span, (HEIGHT - 2 * PAD) / span);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  return (p: Point) => ({
    x: WIDTH / 2 + (p.lng * k - cx) * scale,
    y: HEIGHT / 2 - (p.lat - cy) * scale,
  });
}

/** The active couriers on a map of their stores and destinations (SVG, no map tiles needed). */
export function CourierMap({ couriers }: { couriers: DashboardCourier[] }) {
  if (couriers.length === 0) {
    return (
      <p role="status" style={{ margin: 0 }}>
        No couriers on the road right now.
      </p>
    );
  }
  const project = projector(
    couriers.flatMap((courier) => [courier.location, courier.destination, courier.store]),
  );
  const stores = new Map(couriers.map((courier) => [courier.store.name, courier.store]));
  return (
    <Frame>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Map of ${couriers.length} active courier${couriers.length === 1 ? '' : 's'}`}
      >
        {couriers.map((courier) => {
          const from = project(courier.location);
          const to = project(courier.destination);
          return (
            <line
              key={`route-${courier.deliveryId}`}
              x1={from.x}
              y1={from.y}
              x2={to.x}
              y2={to.y}
              stroke="#0b5cad"
              strokeDasharray="4 4"
              strokeWidth={1.5}
            />
          );
        })}
        {[...stores.values()].map((store) => {
          const at = project(store);
          return (
            <g key={`store-${store.name}`}>
              <rect x={at.x - 7} y={at.y - 7} width={14} height={14} fill="#0c1b2e" rx={2} />
              <text x={at.x + 10} y={at.y + 4} fontSize={12} fill="#0c1b2e">
                {store.name}
              </text>
            </g>
          );
        })}
        {couriers.map((courier) => {
          const to = project(courier.destination);
          const at = project(courier.location);
          return (
            <g key={courier.deliveryId}>
              <circle cx={to.x} cy={to.y} r={5} fill="#fff" stroke="#b42318" strokeWidth={2} />
              <circle
                cx={at.x}
                cy={at.y}
                r={8}
                fill={courier.kind === 'robot' ? '#067647' : '#0b5cad'}
              >
                <title>
                  {`${courier.name} · ${courier.orderNumber} · ${API_DELIVERY_STATUS_LABELS[courier.status]}`}
                </title>
              </circle>
            </g>
          );
        })}
      </svg>
      <figcaption>
        Squares are stores, filled circles couriers (blue drivers, green robots), rings
        destinations.
      </figcaption>
      <ul style={{ margin: '8px 0 0', paddingLeft: 18 }}>
        {couriers.map((courier) => (
          <li key={courier.deliveryId}>
            {courier.orderNumber}: {courier.name} ({courier.kind}),{' '}
            {API_DELIVERY_STATUS_LABELS[courier.status]}
          </li>
        ))}
      </ul>
    </Frame>
  );
}
