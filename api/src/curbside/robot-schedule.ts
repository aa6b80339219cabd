import type { CurbsideStatus } from 'shared-contracts/curbside';

/**
 * The robot simulator's timing (docs/product.md, "Curbside pickup"), kept on the server: counted
 * from the customer's arrival, robot_dispatched at +10 s, robot_collecting at +20 s,
 * robot_en_route at +30 s, awaiting_verification at +45 s. Durations are simulated time: the timer
 * runner multiplies them by SIM_TIME_SCALE.
 */
export const ARRIVAL_OFFSETS_MS = {
  robot_dispatched: 10_000,
  robot_collecting: 20_000,
  robot_en_route: 30_000,
  awaiting_verification: 45_000,
} as const satisfies Partial<Record<CurbsideStatus, number>>;

export type RobotStepStatus = keyof typeof ARRIVAL_OFFSETS_MS;

export const ROBOT_STEP_STATUSES = Object.keys(ARRIVAL_OFFSETS_MS) as [
  RobotStepStatus,
  ...RobotStepStatus[],
];

/** The robot's steps in order, each with the status it leaves from. */
const STEPS: ReadonlyArray<{ from: CurbsideStatus; to: RobotStepStatus }> = [
  { from: 'customer_arrived', to: 'robot_dispatched' },
  { from: 'robot_dispatched', to: 'robot_collecting' },
  { from: 'robot_collecting', to: 'robot_en_route' },
  { from: 'robot_en_route', to: 'awaiting_verification' },
];

/** A missed robot waits 5 minutes, then goes to a safe holding location. */
export const ROBOT_WAIT_MS = 5 * 60_000;
/** After the PIN, the compartment stays open for 2 minutes, then closes and the order counts as delivered. */
export const COMPARTMENT_OPEN_MS = 2 * 60_000;
/** When every robot of the store is busy, dispatch is tried again after this long. */
export const ROBOT_BUSY_RETRY_MS = 10_000;

export interface RobotStep {
  to: RobotStepStatus;
  /** Simulated delay after entering `from`, before the time scale. */
  delayMs: number;
}

/** The robot's next step from `status`, or undefined when the simulator has nothing to do. */
export function nextRobotStep(status: CurbsideStatus): RobotStep | undefined {
  const step = STEPS.find((candidate) => candidate.from === status);
  if (!step) return undefined;
  const enteredAt =
    status === 'customer_arrived' ? 0 : ARRIVAL_OFFSETS_MS[status as RobotStepStatus];
  return { to: step.to, delayMs: ARRIVAL_OFFSETS_MS[step.to] - enteredAt };
}

/**
 * How long, in real milliseconds, until the robot is expected at the car once the pickup has
 * entered `status`; undefined when the robot is not on its way (before dispatch, or arrived).
 */
export function remainingToArrivalMs(
  status: CurbsideStatus,
  timeScale: number,
): number | undefined {
  if (
    status !== 'robot_dispatched' &&
    status !== 'robot_collecting' &&
    status !== 'robot_en_route'
  ) {
    return undefined;
  }
  return Math.round(
    (ARRIVAL_OFFSETS_MS.awaiting_verification - ARRIVAL_OFFSETS_MS[status]) * timeScale,
  );
}
