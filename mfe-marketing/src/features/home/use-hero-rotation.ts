import { useEffect, useState } from 'react';

/** The hero background changes every 6000 ms, with a 1 s cross-fade. */
export const HERO_INTERVAL_MS = 6000;
export const HERO_FADE_MS = 1000;

/**
 * The index of the visible hero background, advancing every `intervalMs` while `running`.
 * Choosing a slide by hand restarts the interval, so it stays up for a full period.
 */
export function useHeroRotation(count: number, running: boolean, intervalMs = HERO_INTERVAL_MS) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running || count < 2) return;
    const timer = window.setInterval(() => {
      setIndex((current) => (current + 1) % count);
    }, intervalMs);
    return () => window.clearInterval(timer);
    // `index` restarts the interval after a manual choice.
  }, [running, count, intervalMs, index]);
  return [index, setIndex] as const;
}
