import type { Delivery } from 'shared-contracts/deliveries';

/** Test-only: a home delivery as the API answers it, with overrides. */
export function testDelivery(overrides: Partial<Delivery> = {}): Delivery {
  const origin = { lat: 32.8683, lng: -96.7734 };
  const destination = { lat: 32.8757, lng: -96.7496 };
  return {
    id: '11111111-1111-4111-8111-111111111111',
    orderPickupId: '22222222-2222-4222-8222-222222222222',
    orderNumber: 'CR-100600',
    storeName: 'Nordstrom NorthPark Center',
    deliveryType: 'home',
    status: 'pickup_confirmed',
    courier: {
      kind: 'driver',
      fleet: 'curbrun_drivers',
      fleetName: 'CurbRun Drivers',
      partner: false,
      name: 'Maria G.',
      vehicle: 'White Ford E-Transit · TX KDR-4821',
    },
    etaAt: '2026-07-14T20:42:00.000Z',
    deliveredAt: null,
    createdAt: '2026-07-14T20:00:00.000Z',
    updatedAt: '2026-07-14T20:00:00.000Z',
    dispatchReason:
      'Home delivery 1.9 mi away inside the 10-mile core zone, and a CurbRun driver is free at the store: in-house drivers come first.',
    checkpoints: [
      {
        id: 'pickup_confirmed',
        label: 'Pickup Confirmed',
        reached: true,
        at: '2026-07-14T20:00:00.000Z',
      },
      { id: 'en_route', label: 'En Route', reached: false, at: null },
      { id: 'arriving', label: 'Arriving', reached: false, at: null },
      { id: 'delivered', label: 'Delivered', reached: false, at: null },
    ],
    origin: {
      name: 'Nordstrom NorthPark Center',
      addressLine: '8687 N Central Expy',
      location: origin,
    },
    destination: {
      name: 'Delivery address',
      addressLine: '9100 Skillman St',
      location: destination,
    },
    holdingLocation: null,
    route: [origin, { lat: 32.8683, lng: -96.7496 }, destination],
    routeMiles: 1.92,
    position: {
      location: origin,
      progress: 0,
      remainingMiles: 1.92,
      at: '2026-07-14T20:00:00.000Z',
    },
    windowStartsAt: '2026-07-14T21:00:00.000Z',
    windowEndsAt: '2026-07-14T22:00:00.000Z',
    attempt: 1,
    signatureRequired: false,
    timeline: [
      {
        id: 1,
        status: 'pickup_confirmed',
        message:
          'Pickup confirmed. Maria G. (CurbRun Drivers, White Ford E-Transit) will collect your order at Nordstrom NorthPark Center.',
        at: '2026-07-14T20:00:00.000Z',
        etaAt: '2026-07-14T20:42:00.000Z',
      },
    ],
    proof: null,
    cancellable: true,
    canConfirmPresence: false,
    canReschedule: false,
    curbsidePickupId: null,
    mapTiles: null,
    lastEventId: 7,
    ...overrides,
  };
}
