import type { CurbsideStatus } from 'shared-contracts/curbside';
import { ConflictError } from '../http/errors.ts';

/**
 * The transition rules between the curbside statuses (docs/product.md, "Curbside pickup"):
 * - the robot simulator moves customer_arrived → robot_dispatched → robot_collecting →
 *   robot_en_route → awaiting_verification;
 * - the right PIN moves awaiting_verification → verified, the last allowed wrong one → failed, and
 *   so does a robot left waiting (it goes back to a safe holding location);
 * - collecting the order (or the compartment closing by itself) moves verified → delivered;
 * - cancelling is free until the robot leaves the store, so only before
 *   robot_en_route.
 */
export const CURBSIDE_TRANSITIONS: Readonly<Record<CurbsideStatus, readonly CurbsideStatus[]>> = {
  order_ready: ['customer_arrived', 'cancelled'],
  customer_arrived: ['robot_dispatched', 'cancelled'],
  robot_dispatched: ['robot_collecting', 'cancelled'],
  robot_collecting: ['robot_en_route', 'cancelled'],
  robot_en_route: ['awaiting_verification'],
  awaiting_verification: ['verified', 'failed'],
  verified: ['delivered'],
  delivered: [],
  failed: [],
  cancelled: [],
};

export function canTransition(from: CurbsideStatus, to: CurbsideStatus): boolean {
  return CURBSIDE_TRANSITIONS[from].includes(to);
}

/** Why a person's request cannot move the pickup, in words they can act on. */
function refusal(from: CurbsideStatus, to: CurbsideStatus): string {
  if (to === 'cancelled') {
    if (from === 'robot_en_route' || from === 'awaiting_verification' || from === 'verified') {
      return 'The robot has already left the store, so this pickup can no longer be cancelled.';
    }
    return 'This curbside pickup has already ended.';
  }
  if (to === 'verified' || to === 'failed') {
    return from === 'verified' || from === 'delivered'
      ? 'This PIN has already been used.'
      : 'The robot is not waiting for a PIN right now.';
  }
  if (to === 'delivered') return 'Your order can be collected only after the PIN is verified.';
  return `A curbside pickup cannot go from ${from} to ${to}.`;
}

/** Throws a 409 with a readable message when the transition is not allowed. */
export function assertTransition(from: CurbsideStatus, to: CurbsideStatus): void {
  if (!canTransition(from, to)) throw new ConflictError(refusal(from, to));
}
