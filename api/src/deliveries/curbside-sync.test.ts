import { describe, expect, it } from 'vitest';
import { passedCurbsideSteps } from './curbside-sync.ts';

describe('passedCurbsideSteps', () => {
  it('is the one new status when the mirror kept up', () => {
    expect(passedCurbsideSteps('robot_collecting', 'robot_en_route')).toEqual(['robot_en_route']);
  });

  it('tells the steps a coalesced notification skipped, in order', () => {
    expect(passedCurbsideSteps('robot_collecting', 'awaiting_verification')).toEqual([
      'robot_en_route',
      'awaiting_verification',
    ]);
    expect(passedCurbsideSteps('robot_en_route', 'delivered')).toEqual([
      'awaiting_verification',
      'verified',
      'delivered',
    ]);
  });

  it('starts a pickup nothing was mirrored of yet at the arrival', () => {
    expect(passedCurbsideSteps(null, 'robot_dispatched')).toEqual([
      'customer_arrived',
      'robot_dispatched',
    ]);
    expect(passedCurbsideSteps('order_ready', 'customer_arrived')).toEqual(['customer_arrived']);
  });

  it('adds nothing for an ending off the path', () => {
    expect(passedCurbsideSteps('robot_en_route', 'failed')).toEqual(['failed']);
    expect(passedCurbsideSteps('customer_arrived', 'cancelled')).toEqual(['cancelled']);
  });
});
