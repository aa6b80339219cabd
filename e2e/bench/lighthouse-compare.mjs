// A before/after of two builds under the calibrated Lighthouse runs of lighthouse-calibrated.mjs:
// `COMPARE_ROOT=<a DIST_ROOT folder> node e2e/bench/lighthouse.mjs 8 --calibrate 1100` measures
// that build ("compare") and the repository's own (or STATIC_ROOT's, "build") in turns, each run
// of a route on both, the order swapped every run, so the machine's slow minutes fall on both
// alike. One run swings by a few hundred milliseconds of TBT here, so a change needs many pairs.
// Prints each run and, per route, the medians and means of both; it writes nothing.
// A folder to compare with: copy the five `dist` folders of a build (shell, mfe-*) into it, each
// under its package's name, before building the change.
import { median, startProductionServer } from '../../scripts/lib/first-load.mjs';

const millis = (ms) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** `audit(url, target, method, label)` is the calibrated bench's single run. */
export async function compareCalibrated({ target, runs, routes, method, audit }) {
  // The demo store's background traffic is off on both: two servers would run it twice.
  const env = { RETAILER_DEMO_TRAFFIC: 'off' };
  const builds = [
    {
      name: 'build',
      server: await startProductionServer({
        staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT,
        env,
      }),
    },
    {
      name: 'compare',
      server: await startProductionServer({ staticRoot: process.env.COMPARE_ROOT, env }),
    },
  ];
  const samples = new Map();
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const route of routes) {
        const order = run % 2 === 0 ? builds : [...builds].reverse();
        for (const { name, server } of order) {
          const label = `${route} ${name} run ${run + 1}/${runs}`;
          const sample = await audit(`${server.baseUrl}${route}`, target, method, label);
          const key = `${route} ${name}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
        }
      }
    }
  } finally {
    await Promise.all(builds.map(({ server }) => server.stop()));
  }
  console.log(`\nCOMPARE_ROOT=${process.env.COMPARE_ROOT}, ${runs} runs of each build per route:`);
  console.log('| route | build | TBT, median | TBT, mean | performance, median | TBT, each run |');
  console.log('|---|---|---|---|---|---|');
  for (const route of routes) {
    for (const { name } of builds) {
      const list = samples.get(`${route} ${name}`);
      const tbt = list.map((sample) => sample.tbt);
      const each = tbt.map((value) => Math.round(value)).join(', ');
      console.log(
        `| \`${route}\` | ${name} | ${millis(median(tbt))} | ${millis(mean(tbt))} | ${Math.round(median(list.map((sample) => sample.performance)))} | ${each} |`,
      );
    }
  }
}
