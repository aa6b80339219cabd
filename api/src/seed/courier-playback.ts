import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import {
  COURIER_TIMERS,
  type CourierDeps,
  type CourierTimerPayload,
  courierAtStore,
  courierDepart,
  courierTick,
  courierTimerPayloadSchema,
  courierWaitTimeout,
} from '../deliveries/courier.ts';
import { courierDepsOf } from '../deliveries/plugin.ts';
import { deliveries } from '../deliveries/schema.ts';
import { timers } from '../simulator/schema.ts';
import { scheduleTimer } from '../simulator/timers.ts';
import type { SeedTimeline, StoryTime } from './timeline.ts';

/**
 * Plays a delivery's courier timers now, the way the timer runner would run them (claim, run the
 * simulator's handler, mark done), but at a tiny time scale and one delivery at a time, so a
 * twenty-minute drive takes a few milliseconds. Each timer runs as a timeline step dated where it
 * falls in the story (see timeline.ts); the rows are the simulator's own.
 */

/** Real milliseconds per simulated millisecond while playing: 15 simulated minutes ≈ 90 ms. */
export const PLAYBACK_SCALE = 1e-4;
/** A runaway delivery (a handler that keeps rescheduling) stops the seed instead of hanging it. */
const MAX_TIMERS = 1_000;

const HANDLERS: Record<
  string,
  (db: Db, deps: CourierDeps, payload: CourierTimerPayload) => Promise<void>
> = {
  [COURIER_TIMERS.atStore]: courierAtStore,
  [COURIER_TIMERS.depart]: courierDepart,
  [COURIER_TIMERS.tick]: courierTick,
  [COURIER_TIMERS.waitTimeout]: courierWaitTimeout,
};

type TimerRow = typeof timers.$inferSelect;

export interface CourierPlayback {
  /**
   * Plays the delivery's timers in due order until none is left (`done`), or until the next one
   * is of `stopBefore`'s kind (`stopped`, with that timer left open). `taken`: another process's
   * runner took a timer first, so the delivery goes on there, at the app's pace.
   */
  play(
    deliveryId: string,
    options?: { stopBefore?: string },
  ): Promise<
    | { outcome: 'done' }
    | { outcome: 'stopped'; next: TimerRow; at: StoryTime }
    | { outcome: 'taken' }
  >;
  /** Runs one open timer now with the app's own courier settings, as a live step. */
  runLive(timer: TimerRow): Promise<boolean>;
}

/**
 * `targetScale`: real milliseconds per simulated millisecond in the story being written (1: the
 * history happened in real time; the app's SIM_TIME_SCALE for an order that goes on live).
 */
export function courierPlayback(
  app: FastifyInstance,
  timeline: SeedTimeline,
  targetScale: number,
): CourierPlayback {
  const db = app.database.db;
  const appDeps = courierDepsOf(app);
  /** Story time each timer scheduled during playback is due at. */
  const dueInStory = new Map<number, StoryTime>();
  const playDeps: CourierDeps = {
    ...appDeps,
    timeScale: PLAYBACK_SCALE,
    async schedule(target, input) {
      const scheduled = await scheduleTimer(target, input, { timeScale: PLAYBACK_SCALE });
      // Leased at once, so another process's runner (PostgreSQL, several API processes starting
      // together) never takes a timer this playback is about to run.
      await target
        .update(timers)
        .set({ lockedUntil: sql`clock_timestamp() + interval '1 minute'` })
        .where(eq(timers.id, scheduled.id));
      const from = timeline.current();
      dueInStory.set(scheduled.id, () => from() + input.delayMs * targetScale);
      return scheduled;
    },
  };

  const nextTimer = async (deliveryId: string) => {
    const [row] = await db
      .select()
      .from(timers)
      .where(
        and(
          isNull(timers.doneAt),
          isNull(timers.failedAt),
          sql`${timers.kind} like 'courier.%'`,
          sql`${timers.payload}->>'deliveryId' = ${deliveryId}`,
        ),
      )
      .orderBy(asc(timers.dueAt), asc(timers.id))
      .limit(1);
    return row;
  };

  /** Takes the timer like the runner does; false when another process's runner has it. */
  const claim = async (timer: TimerRow) => {
    const own = dueInStory.has(timer.id);
    const claimed = await db
      .update(timers)
      .set({
        attempts: sql`${timers.attempts} + 1`,
        lockedUntil: sql`clock_timestamp() + interval '1 minute'`,
      })
      .where(
        and(
          eq(timers.id, timer.id),
          isNull(timers.doneAt),
          own
            ? undefined
            : or(isNull(timers.lockedUntil), lt(timers.lockedUntil, sql`clock_timestamp()`)),
        ),
      )
      .returning({ id: timers.id });
    return claimed.length === 1;
  };

  const markDone = (timer: TimerRow) =>
    db
      .update(timers)
      .set({ doneAt: sql`clock_timestamp()`, lockedUntil: null, lastError: null })
      .where(eq(timers.id, timer.id));

  const handlerOf = (timer: TimerRow) => {
    const handler = HANDLERS[timer.kind];
    if (!handler) throw new Error(`No courier handler for timer kind ${timer.kind}`);
    return handler;
  };

  /** When a timer falls in the story. */
  const storyTimeOf = async (timer: TimerRow, deliveryId: string): Promise<StoryTime> => {
    if (timer.kind === COURIER_TIMERS.tick) {
      // The courier's own clock: how far along its leg it is, on the played time scale.
      const [row] = await db
        .select({ legStartedAt: deliveries.legStartedAt })
        .from(deliveries)
        .where(eq(deliveries.id, deliveryId));
      const legStartedAt = row?.legStartedAt;
      if (legStartedAt) {
        // Read at the step's own start (the wall it is given), the closest moment to the
        // handler's clock: every real millisecond between the two is 1/PLAYBACK_SCALE in the story.
        return (wall) =>
          timeline.instant(legStartedAt).getTime() +
          ((wall - legStartedAt.getTime()) / PLAYBACK_SCALE) * targetScale;
      }
    }
    const known = dueInStory.get(timer.id);
    if (known) return known;
    // Scheduled by the app itself (dispatch, at SIM_TIME_SCALE): its delay in simulated time.
    const delaySimMs =
      (timer.dueAt.getTime() - timer.createdAt.getTime()) / app.config.simTimeScale;
    const createdAt = timer.createdAt;
    return () => timeline.instant(createdAt).getTime() + delaySimMs * targetScale;
  };

  return {
    async play(deliveryId, options = {}) {
      for (let played = 0; played < MAX_TIMERS; played += 1) {
        const timer = await nextTimer(deliveryId);
        if (!timer) return { outcome: 'done' };
        if (timer.kind === options.stopBefore) {
          return { outcome: 'stopped', next: timer, at: await storyTimeOf(timer, deliveryId) };
        }
        // Timers scheduled while playing are due within milliseconds: wait for them, so the
        // courier's clock (legs are timed against the real clock) is where the timer expects.
        // The app's own first timer is jumped to instead: its delay is on the app's scale.
        if (dueInStory.has(timer.id)) {
          const wait = timer.dueAt.getTime() - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
        if (!(await claim(timer))) return { outcome: 'taken' };
        const payload = courierTimerPayloadSchema.parse(timer.payload);
        const at = await storyTimeOf(timer, deliveryId);
        await timeline.step(at, () => handlerOf(timer)(db, playDeps, payload), {
          estimateFactor: targetScale / PLAYBACK_SCALE,
        });
        await markDone(timer);
      }
      throw new Error(`Delivery ${deliveryId} still had courier timers after ${MAX_TIMERS}`);
    },

    async runLive(timer) {
      if (!(await claim(timer))) return false;
      const payload = courierTimerPayloadSchema.parse(timer.payload);
      await timeline.live(() => handlerOf(timer)(db, appDeps, payload));
      await markDone(timer);
      return true;
    },
  };
}
