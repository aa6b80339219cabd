/**
 * How much of each fault the suite runs. `npm test` runs the small scale; `FAULT_SCALE=full`
 * (the `faults:full` script) runs the figures of docs/benchmarks.md. `FAULT_SEED` replays a fuzz
 * run; every run prints the seed it used.
 */
export const FULL_SCALE = process.env.FAULT_SCALE === 'full';

const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export const SCALE = {
  /** Start, write, SIGKILL, restart and check: cycles per database. */
  killCycles: numberFrom('FAULT_KILL_CYCLES', FULL_SCALE ? 100 : 3),
  /** Hostile bodies sent to the JSON routes of the OpenAPI document. */
  fuzzBodies: numberFrom('FAULT_FUZZ_BODIES', FULL_SCALE ? 10_000 : 300),
  /** Fixed at the small scale so a failure in `npm test` replays exactly. */
  fuzzSeed: numberFrom('FAULT_SEED', FULL_SCALE ? Date.now() % 2 ** 31 : 20_261_128),
};

/** One line per figure, for the benchmark table; vitest prints it with the test's output. */
export function report(line: string): void {
  console.log(`[faults] ${line}`);
}
