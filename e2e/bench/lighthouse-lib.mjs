// One Lighthouse 12 mobile run (Slow 4G, 4× CPU; simulated, or applied with --method devtools) in
// a fresh headless Chromium: shared by lighthouse.mjs (the tables), lighthouse-floor.mjs and
// lighthouse-tasks.mjs (the tasks behind one run). Also
// Lighthouse's mobile preset applied for real (DevTools throttling) and its machine benchmark, for
// interactive.mjs.
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics, throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { freePort } from '../../scripts/lib/servers.mjs';

/** The routes Lighthouse and the interactivity bench measure. */
export const LIGHTHOUSE_ROUTES = [
  '/',
  '/auth',
  '/curbside-pickup',
  '/landing',
  '/about-us',
  '/help-center',
  '/api-docs',
];

/** How every Lighthouse run here launches Chromium (and cpu-contention.mjs, to load as it does). */
export const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
];

/** Lighthouse's mobile preset's CPU slowdown, the floor of a calibrated one. */
export const BASE_CPU_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;

/**
 * The CPU slowdown that makes this machine, at `benchmarkIndex`, behave like Lighthouse's 4× on a
 * machine at `target` (a phone-class index such as 1,100): 4 × index / target, never below 4.
 */
export const calibratedSlowdown = (benchmarkIndex, target) =>
  Math.max(BASE_CPU_SLOWDOWN, (BASE_CPU_SLOWDOWN * benchmarkIndex) / target);

/**
 * Lighthouse's two ways of throttling a mobile run. `simulate` (its default) loads the page
 * unthrottled and computes the metrics from that trace, each task's length multiplied by the CPU
 * slowdown. `devtools` throttles the load itself: the Slow 4G preset's 562.5 ms per request and
 * 1,474.56 / 675 kbit/s, and the CPU slowed by the slowdown, and reads the metrics from what
 * happened.
 */
export const THROTTLING_METHODS = ['simulate', 'devtools'];

/** The routes of the calibrated bar: the parking-lot page first, the public pages after. */
export const CALIBRATED_ROUTES = ['/curbside-pickup', '/landing', '/', '/auth'];

/**
 * The `--calibrate <benchmarkIndex>` of a bench's arguments (removed from `args`) as a number, or
 * undefined; the bench checks it is above 0.
 */
export function takeCalibrateArgument(args) {
  const at = args.indexOf('--calibrate');
  return at === -1 ? undefined : Number(args.splice(at, 2)[1]);
}

/** The `--method <simulate|devtools>` of a bench's arguments (removed from `args`), or undefined. */
export function takeMethodArgument(args) {
  const at = args.indexOf('--method');
  if (at === -1) return undefined;
  const method = args.splice(at, 2)[1];
  if (!THROTTLING_METHODS.includes(method)) {
    throw new Error(`--method takes ${THROTTLING_METHODS.join(' or ')}, not ${method}`);
  }
  return method;
}

/**
 * Runs Lighthouse on `url` with `categories`; returns its report (`lhr`) and the browser's full
 * version (Lighthouse's user agent zeroes all but the major version, and a Chromium update alone
 * can move TBT between two days' tables). `CHROME_PATH` picks the browser (default Debian's).
 * With `calibrate` (a target benchmarkIndex), a first, light Lighthouse run in the same browser
 * reports this machine's index, and the real run's CPU slowdown is `calibratedSlowdown` of it;
 * `calibration` says what was used. `method` is Lighthouse's throttling method (default simulate).
 * With `trace`, also the run's trace events (`traceEvents`), which a report does not carry.
 */
export async function runLighthouse(url, categories, { calibrate, method, trace } = {}) {
  const port = await freePort();
  const chrome = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    ignoreDefaultArgs: ['--headless'],
    args: [...LIGHTHOUSE_CHROME_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    let calibration;
    const flags = { port, output: 'json', logLevel: 'error', onlyCategories: categories };
    if (method) flags.throttlingMethod = method;
    if (calibrate) {
      const index = await lighthouseBenchmarkIndex(port, new URL(PROBE_PATH, url).href);
      calibration = { benchmarkIndex: index, multiplier: calibratedSlowdown(index, calibrate) };
      flags.throttling = { cpuSlowdownMultiplier: calibration.multiplier };
    }
    const result = await lighthouse(url, flags);
    const traceEvents = trace ? result.artifacts.Trace.traceEvents : undefined;
    return { lhr: result.lhr, browser: chrome.version(), calibration, traceEvents };
  } finally {
    await chrome.close();
  }
}

/** What the calibrating run loads: a few bytes, so its index is most of its time. */
const PROBE_PATH = '/api/health';

/**
 * The benchmarkIndex as Lighthouse itself reports it, from a run of one cheap audit: the same
 * measure, taken the same way, as the one in the report of the run it calibrates. (A measure of
 * our own in a Playwright page read 1.5–2× Lighthouse's on this machine.)
 */
async function lighthouseBenchmarkIndex(port, probeUrl) {
  const probe = await lighthouse(probeUrl, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyAudits: ['viewport'],
  });
  return probe.lhr.environment.benchmarkIndex;
}

const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
/** Playwright context options for Lighthouse's mobile screen (a Moto G Power). */
export const MOBILE_SCREEN = {
  viewport: { width, height },
  deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
};

/**
 * Applies Lighthouse's Slow 4G preset to the page of `cdp` the way its `devtools` throttling
 * method does (562.5 ms per request, 1,474.56 kbit/s down, 675 kbit/s up, 4× CPU), with the
 * HTTP cache off.
 */
export async function throttleLikeLighthouse(cdp) {
  const preset = throttling.mobileSlow4G;
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: preset.requestLatencyMs,
    // DevTools takes bytes per second.
    downloadThroughput: Math.floor((preset.downloadThroughputKbps * 1024) / 8),
    uploadThroughput: Math.floor((preset.uploadThroughputKbps * 1024) / 8),
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: preset.cpuSlowdownMultiplier });
}

/**
 * Lighthouse's benchmarkIndex of this machine right now (higher is faster), computed in `page` as
 * Lighthouse does before it throttles: about a second of work.
 */
export const benchmarkIndex = (page) => page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`);

/** The median of `samples` benchmarkIndex measures in `page`: one alone swings on a busy machine. */
export async function measureBenchmarkIndex(page, samples = 3) {
  const values = [];
  for (let sample = 0; sample < samples; sample += 1) values.push(await benchmarkIndex(page));
  values.sort((a, b) => a - b);
  const middle = Math.floor(values.length / 2);
  return values.length % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}
