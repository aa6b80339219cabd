#!/usr/bin/env node
// Lighthouse mobile on the production build and its non-federated reference, in one run (ADR
// 012). Usage: node e2e/bench/lighthouse.mjs [runs per route, default 5] [--calibrate 1100]
//   STATIC_ROOT / DIST_ROOT  the federated build to measure (default: the repository's builds)
//   REFERENCE_ROOT           a reference build to use as it is (default: build one, FEDERATION=off)
//   REFERENCE=off            measure the federated build only
//   ONLY=/,/auth             just those routes, and leave docs/benchmarks.md alone
//   COMPARE_ROOT=<dir>       with --calibrate: a before/after against that build (lighthouse-compare.mjs)
// Each run is a fresh Chromium (cold cache) under Lighthouse 12 (simulated Slow 4G, 4× CPU); runs
// alternate between the builds, swapping which goes first, so this shared machine's noise falls on
// both alike. Also counts first-load JavaScript in both, and rewrites the LIGHTHOUSE and
// FEDERATION-COST tables of docs/benchmarks.md.
//
// --calibrate <benchmarkIndex>: the CPU slowdown of each run is set for a phone of that index
// (4 × the index a light Lighthouse run reports just before / target, never below 4), so a slow hour
// and a fast one read alike. The four routes of its bar (or ONLY's), the federated build alone,
// the routes taking turns; rewrites LIGHTHOUSE-CALIBRATED, with each run's index and slowdown.
// With --method devtools as well, Lighthouse throttles the load itself instead of simulating it
// (lighthouse-lib.mjs says how they differ), and the table goes to LIGHTHOUSE-CALIBRATED-DEVTOOLS.
import {
  kb,
  launchBrowser,
  measureFirstLoad,
  median,
  medianRange as stat,
  writeBenchmarkSection,
} from '../../scripts/lib/first-load.mjs';
import {
  CALIBRATED_ROUTES,
  LIGHTHOUSE_ROUTES,
  runLighthouse,
  takeCalibrateArgument,
  takeMethodArgument,
} from './lighthouse-lib.mjs';
import { startBuilds, stopBuilds } from './reference-build.mjs';

const USAGE =
  'Usage: node e2e/bench/lighthouse.mjs [runs per route, default 5] [--calibrate 1100 [--method devtools]]';
const args = process.argv.slice(2);
const method = takeMethodArgument(args);
const calibrate = takeCalibrateArgument(args);
const runs = Number(args[0] ?? 5);
if (
  !Number.isInteger(runs) ||
  runs < 1 ||
  (calibrate !== undefined && !(calibrate > 0)) ||
  (method !== undefined && calibrate === undefined)
) {
  console.error(USAGE);
  process.exit(2);
}
const ONLY = process.env.ONLY ? process.env.ONLY.split(',') : undefined;

if (calibrate !== undefined) {
  const { runCalibrated } = await import('./lighthouse-calibrated.mjs');
  await runCalibrated({
    target: calibrate,
    runs,
    routes: ONLY ?? CALIBRATED_ROUTES,
    write: !ONLY,
    method,
  });
  process.exit(process.exitCode ?? 0);
}
const withReference = process.env.REFERENCE !== 'off';

const score = (value) => String(Math.round(value));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const cls = (value) => value.toFixed(3);
const signedMillis = (ms) => `${ms >= 0 ? '+' : '−'}${millis(Math.abs(ms))}`;
const percent = (ratio) => `${ratio >= 0 ? '+' : '−'}${(Math.abs(ratio) * 100).toFixed(1)}%`;

/** One Lighthouse run of `url` in a fresh browser; the measures the tables use. */
async function audit(url, label) {
  const { lhr, browser } = await runLighthouse(url, ['performance', 'accessibility']);
  const { categories, audits } = lhr;
  const sample = {
    performance: categories.performance.score * 100,
    accessibility: categories.accessibility.score * 100,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    // Lighthouse's own measure of how fast this machine was during the run (higher is faster):
    // TBT scales with it, so tables of different days compare only at similar values.
    benchmarkIndex: lhr.environment.benchmarkIndex,
    browser,
  };
  // Which element was the LCP, and where its time went (TTFB, load delay, render delay).
  const lcpElement = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const snippet = lcpElement[0]?.items?.[0]?.node?.snippet ?? 'unknown';
  const phases = (lcpElement[1]?.items ?? [])
    .map((phase) => `${phase.phase} ${millis(phase.timing)}`)
    .join(', ');
  console.log(
    `${label}: performance ${score(sample.performance)}, LCP ${seconds(sample.lcp)}, TBT ${millis(sample.tbt)}, benchmarkIndex ${Math.round(sample.benchmarkIndex)}; LCP element ${snippet.slice(0, 100)} (${phases})`,
  );
  return sample;
}

const builds = await startBuilds();

const routes = ONLY ?? LIGHTHOUSE_ROUTES;
const results = new Map(routes.map((route) => [route, {}]));
try {
  // First-load JavaScript of every route in every build (bytes do not vary between runs).
  const browser = await launchBrowser();
  try {
    for (const route of routes) {
      for (const build of builds) {
        const firstLoad = await measureFirstLoad(browser, `${build.server.baseUrl}${route}`);
        results.get(route)[build.name] = { bytes: firstLoad.total.gzip, samples: [] };
      }
    }
  } finally {
    await browser.close();
  }
  for (const route of routes) {
    for (let run = 0; run < runs; run += 1) {
      const order = run % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        const sample = await audit(
          `${build.server.baseUrl}${route}`,
          `${route} ${build.name} run ${run + 1}/${runs}`,
        );
        results.get(route)[build.name].samples.push(sample);
      }
    }
  }
} finally {
  await stopBuilds(builds);
}

const of = (samples, key) => samples.map((sample) => sample[key]);
const date = new Date().toISOString().slice(0, 10);
const allSamples = [...results.values()].flatMap((result) =>
  Object.values(result).flatMap((build) => build.samples),
);
const speed = stat(of(allSamples, 'benchmarkIndex'), (value) => String(Math.round(value)));
const browsers = [...new Set(of(allSamples, 'browser'))].join(', ');
const lighthouseTable = [
  `Measured ${date} with \`node e2e/bench/lighthouse.mjs ${runs}\`: Lighthouse 12 mobile (simulated Slow 4G, 4× CPU), ${runs} runs per route, production build (federated, as \`npm start\` serves it), Debian Chromium ${browsers} headless; median (min–max). The machine's Lighthouse benchmarkIndex over the run (higher is faster; TBT grows as it falls): ${speed}.`,
  '',
  '| route | performance | LCP | TBT | CLS | accessibility |',
  '|---|---|---|---|---|---|',
  ...routes.map((route) => {
    const { samples } = results.get(route).federated;
    return `| \`${route}\` | ${stat(of(samples, 'performance'), score)} | ${stat(of(samples, 'lcp'), seconds)} | ${stat(of(samples, 'tbt'), millis)} | ${stat(of(samples, 'cls'), cls)} | ${stat(of(samples, 'accessibility'), score)} |`;
  }),
].join('\n');
console.log(`\n${lighthouseTable}`);

let costTable;
if (withReference) {
  costTable = [
    `Measured ${date} in the same run: the federated build against the non-federated reference (ADR 012), ${runs} Lighthouse runs per route and build, alternating; first-load JavaScript is gzip up to interactive; LCP and TBT are medians, "added" is federated minus reference.`,
    '',
    '| route | first load, federated | reference | added | LCP, federated | reference | added | TBT, federated | reference | performance, federated | reference |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...routes.map((route) => {
      const { federated, reference } = results.get(route);
      const lcp = [median(of(federated.samples, 'lcp')), median(of(reference.samples, 'lcp'))];
      return `| \`${route}\` | ${kb(federated.bytes)} | ${kb(reference.bytes)} | ${percent(federated.bytes / reference.bytes - 1)} | ${seconds(lcp[0])} | ${seconds(lcp[1])} | ${signedMillis(lcp[0] - lcp[1])} | ${millis(median(of(federated.samples, 'tbt')))} | ${millis(median(of(reference.samples, 'tbt')))} | ${score(median(of(federated.samples, 'performance')))} | ${score(median(of(reference.samples, 'performance')))} |`;
    }),
  ].join('\n');
  console.log(`\n${costTable}`);
}
if (!ONLY) {
  await writeBenchmarkSection('LIGHTHOUSE', lighthouseTable);
  if (costTable) await writeBenchmarkSection('FEDERATION-COST', costTable);
}
