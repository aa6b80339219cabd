import { useId } from 'react';
import type { Delivery } from 'shared-contracts/deliveries';
import { media } from 'shared-ui';
import styled from 'styled-components';
import { fitViewport, type Point, tilesFor, tileUrl, travelledPart } from './map-projection';

const WIDTH = 640;
const HEIGHT = 380;

const Frame = styled.figure`
  margin: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  background: #eef2f6;
  svg {
    display: block;
    width: 100%;
    height: auto;
  }
`;

const Marker = styled.g`
  transition: transform 1.2s linear;
  ${media.reducedMotion} {
    transition: none;
  }
`;

const Caption = styled.figcaption`
  padding: 8px 12px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.muted};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const toPath = (points: readonly Point[]) => points.map((p) => `${p.x},${p.y}`).join(' ');

/**
 * The tracking map, drawn by the app: the route, the store, the destination and the
 * courier, so it works without any outside map service. When the operator configured a tile
 * server (`mapTiles`), its tiles are drawn underneath in the same Web Mercator projection.
 */
export function DeliveryMap({ delivery }: { delivery: Delivery }) {
  const titleId = useId();
  const descId = useId();
  const patternId = useId();
  const held = delivery.holdingLocation;
  const points = [
    ...delivery.route,
    delivery.origin.location,
    delivery.destination.location,
    delivery.position.location,
    ...(held ? [held.location] : []),
  ];
  const viewport = fitViewport(points, WIDTH, HEIGHT);
  const route = delivery.route.map((point) => viewport.toView(point));
  const travelled = travelledPart(route, delivery.position.progress);
  const origin = viewport.toView(delivery.origin.location);
  const destination = viewport.toView(delivery.destination.location);
  const courier = viewport.toView(delivery.position.location);
  const isRobot = delivery.courier.kind === 'robot';
  const courierLabel = delivery.courier.name ?? (isRobot ? 'Your robot' : 'Your courier');
  const tiles = delivery.mapTiles ? tilesFor(viewport) : [];

  return (
    <Frame>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>Delivery map</title>
        <desc id={descId}>
          {`Route from ${delivery.origin.name} to ${delivery.destination.name}, ${delivery.routeMiles.toFixed(1)} miles. ${courierLabel} is ${
            delivery.position.remainingMiles > 0
              ? `${delivery.position.remainingMiles.toFixed(1)} miles from the destination`
              : delivery.status === 'held' && held
                ? `at ${held.name}`
                : 'at the destination'
          }.`}
        </desc>
        <defs>
          <pattern id={patternId} width="40" height="40" patternUnits="userSpaceOnUse">
            <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#dfe5ec" strokeWidth="2" />
          </pattern>
        </defs>
        <rect width={WIDTH} height={HEIGHT} fill="#eef2f6" />
        {tiles.length > 0 ? (
          <g data-testid="map-tiles">
            {tiles.map((tile) => (
              <image
                key={`${tile.z}/${tile.x}/${tile.y}/${tile.left}`}
                href={tileUrl(delivery.mapTiles?.urlTemplate ?? '', tile)}
                x={tile.left}
                y={tile.top}
                width="256"
                height="256"
              />
            ))}
          </g>
        ) : (
          <rect width={WIDTH} height={HEIGHT} fill={`url(#${patternId})`} />
        )}
        <polyline
          points={toPath(route)}
          fill="none"
          stroke="#98a2b3"
          strokeWidth="5"
          strokeDasharray="10 8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <polyline
          data-testid="route-travelled"
          points={toPath(travelled)}
          fill="none"
          stroke="#0b5cad"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <g transform={`translate(${origin.x} ${origin.y})`}>
          <rect x="-14" y="-14" width="28" height="28" rx="6" fill="#0c1b2e" />
          <path d="M -7 -2 L 0 -8 L 7 -2 L 7 7 L -7 7 Z" fill="#fff" />
          <text x="0" y="-22" textAnchor="middle" fontSize="13" fontWeight="600" fill="#101828">
            Store
          </text>
        </g>
        <g transform={`translate(${destination.x} ${destination.y})`}>
          <circle r="14" fill="#067647" />
          <path d="M -6 1 L 0 -6 L 6 1 L 6 7 L -6 7 Z" fill="#fff" />
          <text x="0" y="-22" textAnchor="middle" fontSize="13" fontWeight="600" fill="#101828">
            {delivery.deliveryType === 'curbside' ? 'Your car' : 'You'}
          </text>
        </g>
        <Marker
          data-testid="courier-marker"
          data-progress={delivery.position.progress.toFixed(3)}
          data-lat={delivery.position.location.lat}
          data-lng={delivery.position.location.lng}
          transform={`translate(${courier.x} ${courier.y})`}
        >
          <circle r="20" fill="#0b5cad" opacity="0.18" />
          <circle r="11" fill="#0b5cad" stroke="#fff" strokeWidth="3" />
          <text y="4" textAnchor="middle" fontSize="10" fontWeight="700" fill="#fff">
            {isRobot ? 'R' : 'D'}
          </text>
        </Marker>
      </svg>
      {delivery.mapTiles ? <Caption>{delivery.mapTiles.attribution}</Caption> : null}
    </Frame>
  );
}
