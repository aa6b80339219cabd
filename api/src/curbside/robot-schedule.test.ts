import { describe, expect, it } from 'vitest';
import { scheduleTimer } from '../simulator/timers.ts';
import {
  ARRIVAL_OFFSETS_MS,
  nextRobotStep,
  ROBOT_STEP_STATUSES,
  remainingToArrivalMs,
} from './robot-schedule.ts';

describe('robot schedule', () => {
  it('moves the robot on at +10 s, +20 s, +30 s and +45 s after the customer arrives', () => {
    expect(ARRIVAL_OFFSETS_MS).toEqual({
      robot_dispatched: 10_000,
      robot_collecting: 20_000,
      robot_en_route: 30_000,
      awaiting_verification: 45_000,
    });
    expect(ROBOT_STEP_STATUSES).toEqual([
      'robot_dispatched',
      'robot_collecting',
      'robot_en_route',
      'awaiting_verification',
    ]);
  });

  it('chains each step after the previous one so the offsets add up', () => {
    const steps = [];
    let status: Parameters<typeof nextRobotStep>[0] = 'customer_arrived';
    let elapsed = 0;
    for (let step = nextRobotStep(status); step; step = nextRobotStep(status)) {
      elapsed += step.delayMs;
      steps.push([step.to, elapsed]);
      status = step.to;
    }
    expect(steps).toEqual([
      ['robot_dispatched', 10_000],
      ['robot_collecting', 20_000],
      ['robot_en_route', 30_000],
      ['awaiting_verification', 45_000],
    ]);
  });

  it('has no robot step outside the robot phase', () => {
    for (const status of [
      'order_ready',
      'awaiting_verification',
      'verified',
      'delivered',
      'failed',
      'cancelled',
    ] as const) {
      expect(nextRobotStep(status)).toBeUndefined();
    }
  });

  it('scales the time left until the robot reaches the car', () => {
    expect(remainingToArrivalMs('robot_dispatched', 1)).toBe(35_000);
    expect(remainingToArrivalMs('robot_collecting', 1)).toBe(25_000);
    expect(remainingToArrivalMs('robot_en_route', 1)).toBe(15_000);
    expect(remainingToArrivalMs('robot_dispatched', 0.1)).toBe(3_500);
    expect(remainingToArrivalMs('robot_en_route', 0.01)).toBe(150);
    expect(remainingToArrivalMs('customer_arrived', 1)).toBeUndefined();
    expect(remainingToArrivalMs('awaiting_verification', 1)).toBeUndefined();
  });

  it('hands the timer runner simulated delays that it scales (0.1 → 1 s for the first step)', async () => {
    // scheduleTimer multiplies by the scale before it reaches SQL; capture the bound delay.
    const bound: unknown[] = [];
    const fakeDb = {
      insert: () => ({
        values: (values: { dueAt: { queryChunks: unknown[] } }) => {
          bound.push(...values.dueAt.queryChunks.filter((chunk) => typeof chunk === 'number'));
          return {
            returning: async () => [{ id: 1, kind: 'curbside.advance', dueAt: new Date() }],
          };
        },
      }),
    };
    const first = nextRobotStep('customer_arrived');
    await scheduleTimer(
      fakeDb as never,
      { kind: 'curbside.advance', payload: {}, delayMs: first?.delayMs ?? -1 },
      { timeScale: 0.1 },
    );
    expect(bound).toEqual([1_000]);
  });
});
