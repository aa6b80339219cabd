import { describe, expect, it } from 'vitest';
import { nearHalfHourAfter, SeedTimeline } from './timeline.ts';

const DAY = 24 * 60 * 60_000;
const HALF_HOUR = 30 * 60_000;

/** Runs an empty step and reports the wall-clock time it started at. */
async function stepAt(timeline: SeedTimeline, at: number, options?: { estimateFactor?: number }) {
  await timeline.step(
    () => at,
    async () => {},
    options,
  );
  return timeline.lastWall ?? 0;
}

describe('SeedTimeline', () => {
  it('moves an instant written during a step to the story time, keeping its offset', async () => {
    const timeline = new SeedTimeline();
    const story = Date.now() - 21 * DAY;
    const first = await stepAt(timeline, story);
    const second = await stepAt(timeline, story + 15 * 60_000);
    expect(second).toBeGreaterThan(first);
    expect(timeline.instant(new Date(first)).getTime()).toBe(story);
    expect(timeline.instant(new Date(second)).getTime()).toBe(story + 15 * 60_000);
  });

  it('leaves times from before the first step alone', async () => {
    const timeline = new SeedTimeline();
    const before = new Date(Date.now() - 1_000);
    await stepAt(timeline, Date.now() - DAY);
    expect(timeline.instant(before)).toEqual(before);
  });

  it('stretches an estimate by the clock the step ran on, and shifts windows without it', async () => {
    const timeline = new SeedTimeline();
    const story = Date.now() - 7 * DAY;
    // Played at 1/10 000 of real time: an ETA 9 ms ahead stands for 90 s.
    const wall = await stepAt(timeline, story, { estimateFactor: 10_000 });
    const written = new Date(wall);
    expect(timeline.estimate(new Date(wall + 9), written).getTime()).toBe(story + 90_000);
    expect(timeline.shift(new Date(wall + 3_600_000), written).getTime()).toBe(story + 3_600_000);
    expect(timeline.factorAt(written)).toBe(10_000);
  });

  it('dates a live step as itself, and settles a story time after the fact', async () => {
    const timeline = new SeedTimeline();
    let placed = 0;
    await timeline.step(
      () => placed,
      async () => {},
    );
    const placedWall = timeline.lastWall ?? 0;
    await timeline.live(async () => {});
    const liveWall = timeline.lastWall ?? 0;
    // Known only now: the order was placed twenty minutes before the live step.
    placed = liveWall - 20 * 60_000;
    expect(timeline.instant(new Date(placedWall)).getTime()).toBe(liveWall - 20 * 60_000);
    expect(timeline.instant(new Date(liveWall + 5)).getTime()).toBe(liveWall + 5);
  });
});

describe('nearHalfHourAfter', () => {
  it('lands within the half hour after the target, on the wall clock’s place in the half hour', () => {
    const target = Date.UTC(2026, 10, 3, 17, 20);
    const wall = Date.UTC(2026, 11, 1, 4, 47, 12, 345);
    const at = nearHalfHourAfter(target)(wall);
    expect(at).toBeGreaterThanOrEqual(target);
    expect(at).toBeLessThan(target + HALF_HOUR);
    expect(Math.abs((at - wall) % HALF_HOUR)).toBe(0);
  });
});
