import { describe, expect, it, vi } from 'vitest';
import { createConnection, PROBE_INTERVAL_MS } from './connection';

/** A browser whose network and `/api/health` the test controls, with a manual clock. */
function fakeEnv() {
  const timers: Array<{ at: number; run: () => void }> = [];
  let now = 0;
  const env = {
    network: true,
    healthAnswers: false,
    listeners: new Set<() => void>(),
    probes: 0,
    browserOnline: () => env.network,
    listen: (onChange: () => void) => {
      env.listeners.add(onChange);
      return () => env.listeners.delete(onChange);
    },
    probe: async () => {
      env.probes += 1;
      return env.healthAnswers;
    },
    setTimer: (run: () => void, ms: number) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    async advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    },
    /** The browser says its network changed. */
    setNetwork(online: boolean) {
      env.network = online;
      for (const listener of env.listeners) listener();
    },
  };
  return env;
}

function installed(env: ReturnType<typeof fakeEnv>) {
  const connection = createConnection(env);
  const states: boolean[] = [];
  connection.install({
    setEventListener: (setup) => {
      setup((online) => states.push(online));
    },
  });
  return { connection, states };
}

describe('connection', () => {
  it('starts from what the browser says, so a page opened without signal knows at once', () => {
    const env = fakeEnv();
    env.network = false;
    const { states, connection } = installed(env);
    expect(states).toEqual([false]);
    expect(connection.isOnline()).toBe(false);
  });

  it("follows the browser's online and offline events", () => {
    const env = fakeEnv();
    const { states } = installed(env);
    env.setNetwork(false);
    env.setNetwork(true);
    expect(states).toEqual([true, false, true]);
  });

  it('goes offline when a request gets no answer, and back when the health probe answers', async () => {
    const env = fakeEnv();
    const { states, connection } = installed(env);
    connection.reportNoAnswer();
    expect(connection.isOnline()).toBe(false);
    await env.advance(PROBE_INTERVAL_MS);
    expect(env.probes).toBe(1);
    expect(connection.isOnline()).toBe(false);
    env.healthAnswers = true;
    await env.advance(PROBE_INTERVAL_MS);
    expect(env.probes).toBe(2);
    expect(connection.isOnline()).toBe(true);
    expect(states).toEqual([true, false, true]);
    // Reachable again: no more probes.
    await env.advance(PROBE_INTERVAL_MS * 3);
    expect(env.probes).toBe(2);
  });

  it('is back online as soon as any request is answered', () => {
    const env = fakeEnv();
    const { connection } = installed(env);
    connection.reportNoAnswer();
    connection.reportAnswer();
    expect(connection.isOnline()).toBe(true);
  });

  it('leaves an offline browser to its own events, without probing', async () => {
    const env = fakeEnv();
    const probe = vi.spyOn(env, 'probe');
    const { connection } = installed(env);
    env.setNetwork(false);
    connection.reportNoAnswer();
    await env.advance(PROBE_INTERVAL_MS * 2);
    expect(probe).not.toHaveBeenCalled();
    env.setNetwork(true);
    expect(connection.isOnline()).toBe(true);
  });
});
