// lighthouse.mjs --calibrate <benchmarkIndex>: Lighthouse mobile with the CPU slowdown of each run
// set for a phone of that benchmarkIndex, as a light Lighthouse run reports it just before. TBT is
// this machine's task times multiplied by the slowdown, so at a fixed 4× a busy hour reads worse
// than a quiet one; scaled by the machine's speed, both should read like the same phone.
import { loadavg } from 'node:os';
import {
  headCommit,
  median,
  medianRange,
  startProductionServer,
  writeBenchmarkSection,
} from '../../scripts/lib/first-load.mjs';
import { calibratedSlowdown, runLighthouse } from './lighthouse-lib.mjs';

/** The bar the calibrated runs are read against, by the median of a route's runs. */
const BAR = { performance: 95, tbt: 200 };

const score = (value) => String(Math.round(value));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const index = (value) => Math.round(value).toLocaleString('en-US');
const times = (value) => `${value.toFixed(2)}×`;
const oneMinuteLoad = () => loadavg()[0].toFixed(2);

/** Runs before a route's turn is given up when Lighthouse cannot measure the page. */
const ATTEMPTS = 3;

/**
 * How far the slowdown a run used may be from the one its own benchmarkIndex calls for, as a
 * factor either way. The slowdown is set from a light run just before; when this shared machine's
 * speed moves between the two (Lighthouse's index in the run has read half the calibrating one's,
 * and half again as much), the run no longer stands for the phone of the target index: too slow
 * a phone, or too fast. Such a run is said, kept aside with its figures, and run again.
 */
const CALIBRATION_TOLERANCE = 1.25;

/** Tries of a calibrated run before the last one is counted even though the machine moved. */
const CALIBRATION_TRIES = 4;

/**
 * Whether a run's slowdown held: the slowdown Lighthouse's own index in the run calls for is
 * within CALIBRATION_TOLERANCE of the one used. Both are floored at 4, so two indexes under the
 * target's always agree.
 */
function calibrationHeld(sample, target) {
  const called = calibratedSlowdown(sample.lighthouseIndex, target);
  const ratio = sample.multiplier / called;
  return ratio <= CALIBRATION_TOLERANCE && ratio >= 1 / CALIBRATION_TOLERANCE;
}

/**
 * One calibrated run of `url`; what the tables use. A run Lighthouse could not measure (no TBT:
 * it found no interactive point in the trace, as happened now and then with DevTools throttling)
 * is said and run again, so a table never counts it as a score of 0. So is a run whose slowdown
 * did not hold (`calibrationHeld`); the counted sample carries those in `setAside`, and after
 * CALIBRATION_TRIES the last is counted anyway, with `held: false`.
 */
async function audit(url, target, method, label) {
  const setAside = [];
  for (let tryNumber = 1; ; tryNumber += 1) {
    const sample = await measuredAudit(url, target, method, label);
    const held = calibrationHeld(sample, target);
    if (held || tryNumber === CALIBRATION_TRIES) return { ...sample, held, setAside };
    console.log(
      `${label}: Lighthouse's index in the run (${index(sample.lighthouseIndex)}) calls for ${times(calibratedSlowdown(sample.lighthouseIndex, target))}, not ${times(sample.multiplier)}: set aside, run again`,
    );
    setAside.push(sample);
  }
}

/** One run Lighthouse measured, after up to ATTEMPTS tries. */
async function measuredAudit(url, target, method, label) {
  for (let attempt = 1; ; attempt += 1) {
    const sample = await auditOnce(url, target, method, label);
    if (sample) return sample;
    if (attempt === ATTEMPTS) {
      throw new Error(`${label}: Lighthouse could not measure TBT in ${ATTEMPTS} runs`);
    }
  }
}

/** One run; undefined when Lighthouse did not measure TBT. */
async function auditOnce(url, target, method, label) {
  const loadBefore = oneMinuteLoad();
  const { lhr, browser, calibration } = await runLighthouse(url, ['performance'], {
    calibrate: target,
    method,
  });
  const { audits } = lhr;
  const blocking = audits['total-blocking-time'];
  if (!Number.isFinite(blocking.numericValue)) {
    console.log(`${label}: not measured (${blocking.errorMessage ?? 'no TBT'}); run again`);
    return undefined;
  }
  const sample = {
    performance: lhr.categories.performance.score * 100,
    tbt: audits['total-blocking-time'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    fcp: audits['first-contentful-paint'].numericValue,
    benchmarkIndex: calibration.benchmarkIndex,
    multiplier: calibration.multiplier,
    // Lighthouse's own measure during the run, after ours: how far the machine moved meanwhile.
    lighthouseIndex: lhr.environment.benchmarkIndex,
    appliedMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    load: loadBefore,
    browser,
  };
  if (Math.abs(sample.appliedMultiplier - sample.multiplier) > 1e-9) {
    throw new Error(`Lighthouse ran at ${sample.appliedMultiplier}×, not ${sample.multiplier}×`);
  }
  if (lhr.configSettings.throttlingMethod !== method) {
    throw new Error(
      `Lighthouse throttled by ${lhr.configSettings.throttlingMethod}, not ${method}`,
    );
  }
  console.log(
    `${label}: benchmarkIndex ${index(sample.benchmarkIndex)} → CPU ${times(sample.multiplier)} (Lighthouse's index in the run ${index(sample.lighthouseIndex)}), load ${sample.load}: performance ${score(sample.performance)}, TBT ${millis(sample.tbt)}, LCP ${seconds(sample.lcp)}`,
  );
  return sample;
}

/** How each throttling method's runs are described, and where their tables go. */
const METHODS = {
  simulate: {
    section: 'LIGHTHOUSE-CALIBRATED',
    flag: '',
    load: 'Lighthouse 12 mobile (simulated Slow 4G: the load runs unthrottled and each task is multiplied by the slowdown)',
  },
  devtools: {
    section: 'LIGHTHOUSE-CALIBRATED-DEVTOOLS',
    flag: ' --method devtools',
    load: "Lighthouse 12 mobile with DevTools throttling (the load itself throttled: the Slow 4G preset's 562.5 ms per request, 1,474.56 / 675 kbit/s, and the CPU slowed by the slowdown)",
  },
};

/**
 * Runs `runs` calibrated Lighthouse runs of each of `routes` (the routes take turns, so the
 * machine's slow minutes fall on all of them), throttled by `method` (default simulate), prints
 * the tables, and with `write` puts them between the method's markers of docs/benchmarks.md.
 */
export async function runCalibrated({ target, runs, routes, write, method = 'simulate' }) {
  if (process.env.COMPARE_ROOT) {
    const { compareCalibrated } = await import('./lighthouse-compare.mjs');
    await compareCalibrated({ target, runs, routes, method, audit });
    return;
  }
  const described = METHODS[method];
  const server = await startProductionServer({
    staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT,
  });
  const started = new Date();
  const loadAtStart = loadavg().map((value) => value.toFixed(1));
  const samples = new Map(routes.map((route) => [route, []]));
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const route of routes) {
        const label = `${route} run ${run + 1}/${runs}`;
        samples.get(route).push(await audit(`${server.baseUrl}${route}`, target, method, label));
      }
    }
  } finally {
    await server.stop();
  }
  const loadAtEnd = loadavg().map((value) => value.toFixed(1));

  const commit = headCommit();
  const all = [...samples.values()].flat();
  const of = (list, key) => list.map((sample) => sample[key]);
  const when = started.toISOString().slice(0, 16).replace('T', ' ');
  const verdict = routes.map((route) => {
    const list = samples.get(route);
    const met =
      median(of(list, 'performance')) >= BAR.performance && median(of(list, 'tbt')) <= BAR.tbt;
    return { route, met };
  });
  const missed = verdict.filter((entry) => !entry.met).map((entry) => `\`${entry.route}\``);
  // Every run made, the set-aside ones included, in the order they ran: for the per-run table and
  // for the medians as they would read had nothing been set aside.
  const everyRun = (route) =>
    samples
      .get(route)
      .flatMap((sample, run) => [
        ...sample.setAside.map((aside) => ({ ...aside, run, counted: false })),
        { ...sample, run, counted: true },
      ]);
  const setAsideCount = all.reduce((sum, sample) => sum + sample.setAside.length, 0);
  const notHeld = all.filter((sample) => !sample.held).length;
  const tolerance = Math.round((CALIBRATION_TOLERANCE - 1) * 100);
  const text = [
    `Measured ${when} UTC on commit ${commit} with \`node e2e/bench/lighthouse.mjs ${runs} --calibrate ${target}${described.flag}\`: ${described.load}, the CPU slowdown of each run set to 4 × this machine's benchmarkIndex (as a light Lighthouse run of \`/api/health\` in the same browser reports it, just before the run) / ${index(target)}, never below 4; ${runs} runs per route, the routes taking turns, production build (federated, as \`npm start\` serves it), Debian Chromium ${[...new Set(of(all, 'browser'))].join(', ')} headless; median (min–max). benchmarkIndex ${medianRange(of(all, 'benchmarkIndex'), index)}, CPU slowdown ${medianRange(of(all, 'multiplier'), times)}; load average (1 / 5 / 15 min) ${loadAtStart.join(' / ')} at the start, ${loadAtEnd.join(' / ')} at the end. Bar: performance ≥ ${BAR.performance} and TBT ≤ ${BAR.tbt} ms by the median: ${missed.length ? `missed on ${missed.join(', ')}` : 'met on every route'}. A run counts when the slowdown it used is within ${tolerance} % of the one Lighthouse's own index in the run calls for; ${setAsideCount} run${setAsideCount === 1 ? ' was' : 's were'} set aside and run again because the machine's speed moved (listed below, not in the medians)${notHeld ? `, and ${notHeld} counted after ${CALIBRATION_TRIES} tries although it still moved` : ''}. Counting every run made, TBT by the median would read ${routes.map((route) => millis(median(of(everyRun(route), 'tbt')))).join(' / ')} and performance ${routes.map((route) => score(median(of(everyRun(route), 'performance')))).join(' / ')}.`,
    '',
    '| route | performance | TBT | LCP | FCP | benchmarkIndex → CPU slowdown, each run |',
    '|---|---|---|---|---|---|',
    ...routes.map((route) => {
      const list = samples.get(route);
      const perRun = list
        .map((sample) => `${index(sample.benchmarkIndex)} → ${times(sample.multiplier)}`)
        .join(', ');
      return `| \`${route}\` | ${medianRange(of(list, 'performance'), score)} | ${medianRange(of(list, 'tbt'), millis)} | ${medianRange(of(list, 'lcp'), seconds)} | ${medianRange(of(list, 'fcp'), seconds)} | ${perRun} |`;
    }),
    '',
    "Each run: this machine's benchmarkIndex from the light run before it, the CPU slowdown used, Lighthouse's own index during the run and the slowdown it calls for, the 1-minute load average before it, and whether the run counts.",
    '',
    "| route | run | benchmarkIndex | CPU slowdown | Lighthouse's index → slowdown | load | performance | TBT | counted |",
    '|---|---|---|---|---|---|---|---|---|',
    ...routes.flatMap((route) =>
      everyRun(route).map(
        (sample) =>
          `| \`${route}\` | ${sample.run + 1} | ${index(sample.benchmarkIndex)} | ${times(sample.multiplier)} | ${index(sample.lighthouseIndex)} → ${times(calibratedSlowdown(sample.lighthouseIndex, target))} | ${sample.load} | ${score(sample.performance)} | ${millis(sample.tbt)} | ${sample.counted ? (sample.held ? 'yes' : 'yes, moved') : 'set aside'} |`,
      ),
    ),
  ].join('\n');
  console.log(`\n${text}`);
  if (write && !(await writeBenchmarkSection(described.section, text))) {
    console.error(`docs/benchmarks.md has no ${described.section} markers: nothing written.`);
  }
}
