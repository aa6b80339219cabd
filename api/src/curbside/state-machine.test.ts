import { CURBSIDE_STATUSES, type CurbsideStatus } from 'shared-contracts/curbside';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { assertTransition, CURBSIDE_TRANSITIONS, canTransition } from './state-machine.ts';

// Every legal move, written out independently of the table it checks.
const LEGAL: Array<[CurbsideStatus, CurbsideStatus]> = [
  ['order_ready', 'customer_arrived'],
  ['order_ready', 'cancelled'],
  ['customer_arrived', 'robot_dispatched'],
  ['customer_arrived', 'cancelled'],
  ['robot_dispatched', 'robot_collecting'],
  ['robot_dispatched', 'cancelled'],
  ['robot_collecting', 'robot_en_route'],
  ['robot_collecting', 'cancelled'],
  ['robot_en_route', 'awaiting_verification'],
  ['awaiting_verification', 'verified'],
  ['awaiting_verification', 'failed'],
  ['verified', 'delivered'],
];

const isLegal = (from: CurbsideStatus, to: CurbsideStatus) =>
  LEGAL.some(([a, b]) => a === from && b === to);

describe('curbside state machine', () => {
  it('covers every status', () => {
    expect(Object.keys(CURBSIDE_TRANSITIONS).sort()).toEqual([...CURBSIDE_STATUSES].sort());
  });

  for (const from of CURBSIDE_STATUSES) {
    for (const to of CURBSIDE_STATUSES) {
      const legal = isLegal(from, to);
      it(`${legal ? 'allows' : 'refuses'} ${from} → ${to}`, () => {
        expect(canTransition(from, to)).toBe(legal);
        if (legal) {
          expect(() => assertTransition(from, to)).not.toThrow();
        } else {
          let thrown: unknown;
          try {
            assertTransition(from, to);
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(HttpError);
          expect((thrown as HttpError).statusCode).toBe(409);
          expect((thrown as HttpError).message.length).toBeGreaterThan(10);
        }
      });
    }
  }

  it('never leaves a final status', () => {
    for (const status of ['delivered', 'failed', 'cancelled'] as const) {
      expect(CURBSIDE_TRANSITIONS[status]).toEqual([]);
    }
  });

  it('explains refusals a customer can meet', () => {
    expect(() => assertTransition('robot_en_route', 'cancelled')).toThrow(
      'The robot has already left the store, so this pickup can no longer be cancelled.',
    );
    expect(() => assertTransition('robot_collecting', 'verified')).toThrow(
      'The robot is not waiting for a PIN right now.',
    );
    expect(() => assertTransition('verified', 'verified')).toThrow(
      'This PIN has already been used.',
    );
    expect(() => assertTransition('robot_en_route', 'delivered')).toThrow(
      'Your order can be collected only after the PIN is verified.',
    );
  });
});
