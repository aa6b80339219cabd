#!/usr/bin/env node
// How fast the curbside page answers taps and keys on a slow phone: Interaction to Next Paint, as
// web-vitals' onINP reads it, on the first screens of a pickup, with the CPU slowed down for a
// phone of benchmarkIndex 1,100 (as `lighthouse.mjs --calibrate`), in a real Chromium.
//
// Usage: node e2e/bench/curbside-inp.mjs [runs, default 5] [--calibrate <benchmarkIndex, 1100>]
//   STATIC_ROOT / DIST_ROOT  the build to measure (default: the repository's builds)
//   ONLY=1                   print only, leave docs/benchmarks.md alone
//   INP_DEBUG=1              also print each run's interactions and long animation frames
// Each run: a fresh customer (registered, verified, signed in through the API) with a paid
// curbside order, a fresh browser context, this machine's benchmarkIndex measured and the CPU
// slowed down to 4 × index / target (never below 4), then the page: "Start Curbside Pickup",
// "Back to Info", "Start Curbside Pickup" again, typing the parking spot and phone number,
// "Notify Store", and the PIN's digits once the robot is at the car. Writes CURBSIDE-INP.
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  headCommit,
  launchBrowser,
  median,
  medianRange,
  startProductionServer,
  writeBenchmarkSection,
} from '../../scripts/lib/first-load.mjs';
import {
  calibratedSlowdown,
  MOBILE_SCREEN,
  measureBenchmarkIndex,
  takeCalibrateArgument,
} from './lighthouse-lib.mjs';

const USAGE = 'Usage: node e2e/bench/curbside-inp.mjs [runs, default 5] [--calibrate 1100]';
const args = process.argv.slice(2);
const target = takeCalibrateArgument(args) ?? 1100;
const runs = Number(args[0] ?? 5);
if (!Number.isInteger(runs) || runs < 1 || !(target > 0)) {
  console.error(USAGE);
  process.exit(2);
}

/** The bar, per screen: the slowest interaction of the step, by the median of the runs. */
const BAR_MS = 200;
/** How long a step may take to show what it leads to, on a slowed-down CPU. */
const STEP_TIMEOUT_MS = 60_000;
// The package's browser build that sets `window.webVitals` (its exports name only the modules).
const WEB_VITALS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('web-vitals')),
  'web-vitals.iife.js',
);

/**
 * Runs in the page before its scripts: web-vitals' onINP with every change reported, and the
 * Event Timing entries web-vitals groups into interactions (by `interactionId`), so each step
 * can be read on its own: onINP reports only when the page's INP grows.
 */
function watchInteractions() {
  if (window.top !== window || window.__inp) return;
  const inp = { reports: [], interactions: new Map() };
  window.__inp = inp;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const known = inp.interactions.get(entry.interactionId);
      if (!known || entry.duration > known.duration) {
        inp.interactions.set(entry.interactionId, {
          duration: entry.duration,
          type: entry.name,
          startTime: entry.startTime,
        });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  inp.frames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration < 100) continue;
      inp.frames.push({
        startTime: Math.round(entry.startTime),
        duration: Math.round(entry.duration),
        blocking: Math.round(entry.blockingDuration),
        scripts: entry.scripts.map((script) => [
          script.invoker,
          script.sourceURL?.replace(/^https?:\/\/[^/]+/, ''),
          script.sourceFunctionName,
          Math.round(script.duration),
        ]),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  const start = () =>
    window.webVitals.onINP(
      (metric) =>
        inp.reports.push({
          value: metric.value,
          at: performance.now(),
          entries: metric.entries.map((e) => [e.name, e.startTime, e.duration, e.target?.tagName]),
        }),
      {
        reportAllChanges: true,
      },
    );
  if (window.webVitals) start();
  else window.addEventListener('web-vitals-ready', start, { once: true });
}

/**
 * Every interaction so far (page clock and latency, ms) and onINP's latest value. Event Timing
 * reports an interaction after its next paint, so a step is read once the run is over.
 */
const readAll = (page) =>
  page.evaluate(() => {
    const { interactions, reports } = window.__inp;
    return {
      interactions: [...interactions.values()].map((interaction) => ({
        startTime: interaction.startTime,
        duration: interaction.duration,
      })),
      inp: reports.at(-1)?.value ?? 0,
    };
  });

const pageNow = (page) => page.evaluate(() => performance.now());

/** A verified customer with a paid curbside order, through the API: its account and order. */
async function customerWithOrder(baseUrl) {
  const call = async (method, path, { token, body, headers = {} } = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const suffix = randomUUID().slice(0, 8);
  const account = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: `inp_${suffix}`,
    email: `inp.${suffix}@example.test`,
    password: 'Str0ng!Passw0rd',
  };
  await call('POST', '/api/auth/register', { body: account });
  const outbox = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(account.email)}`);
  const link = outbox
    .map((message) => message.text.match(/verify-email\?token=([\w-]+)/)?.[1])
    .find(Boolean);
  await call('POST', '/api/auth/verify-email', { body: { token: link } });
  const { token, user } = await call('POST', '/api/auth/login', {
    body: { identifier: account.username, password: account.password },
  });
  const order = await call('POST', '/api/order-pickups', {
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      storeId: 'nordstrom-northpark',
      retailerOrderNumber: `NP-${randomInt(1000, 9999)}`,
      customerName: 'Ada Lovelace',
      bags: 2,
      weightClass: 'small',
      deliveryType: 'curbside',
      window: '6h',
      tipCents: 0,
      payment: {
        type: 'card',
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
      },
    },
  });
  return { userId: user.id, orderNumber: order.orderNumber, account };
}

/** One run in a fresh context; each step's slowest interaction and onINP's value after it. */
async function measure(browser, baseUrl) {
  const { userId, orderNumber, account } = await customerWithOrder(baseUrl);
  const context = await browser.newContext(MOBILE_SCREEN);
  try {
    // Signed in as through the login form: the session's cookie in the browser (the server then
    // renders the page for the customer, ADR 015) and its token in local storage.
    const login = await context.request.post(`${baseUrl}/api/auth/login`, {
      data: { identifier: account.username, password: account.password },
    });
    if (!login.ok()) throw new Error(`POST /api/auth/login answered ${login.status()}`);
    const { token } = await login.json();
    const page = await context.newPage();
    const benchmarkIndex = await measureBenchmarkIndex(page, 3);
    const multiplier = calibratedSlowdown(benchmarkIndex, target);
    const load = loadavg()[0];
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate(
      (session) => {
        localStorage.setItem('token', session.token);
        localStorage.setItem('userID', session.userId);
        localStorage.setItem('sensitiveAuthTime', String(Date.now()));
      },
      { token, userId },
    );
    await page.addInitScript(watchInteractions);
    await page.addInitScript({
      // Init scripts run in a function scope: the build's global is handed to the page explicitly.
      content: `${readFileSync(WEB_VITALS, 'utf8')};window.webVitals = webVitals;window.dispatchEvent(new Event('web-vitals-ready'));`,
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier });
    await page.goto(`${baseUrl}/curbside-pickup?orderNumber=${encodeURIComponent(orderNumber)}`, {
      timeout: STEP_TIMEOUT_MS,
    });
    await page.waitForSelector('html[data-hydrated]', { timeout: STEP_TIMEOUT_MS });
    const start = page.getByRole('button', { name: 'Start Curbside Pickup' });
    await start.waitFor({ timeout: STEP_TIMEOUT_MS });
    // A person reads the page before the first tap: its idle work has run by then.
    await page.waitForTimeout(2000);

    // Each step's interactions are those that started between its start and the next step's.
    const ranges = [];
    const step = async (name, act) => {
      ranges.push({ name, from: await pageNow(page) });
      await act();
      await page.waitForTimeout(500);
    };
    const arrivalHeading = page.getByRole('heading', { name: 'Notify the store of your arrival' });
    await step('Start Curbside Pickup', async () => {
      await start.click();
      await arrivalHeading.waitFor({ timeout: STEP_TIMEOUT_MS });
    });
    await step('Back to Info', async () => {
      await page.getByRole('button', { name: 'Back to Info' }).click();
      await start.waitFor({ timeout: STEP_TIMEOUT_MS });
    });
    await step('Start Curbside Pickup, again', async () => {
      await start.click();
      await arrivalHeading.waitFor({ timeout: STEP_TIMEOUT_MS });
    });
    // A person types into a field they can see: each is brought to the middle of the screen
    // first (in Chromium headless, a keystroke into a field at the screen's edge can wait for
    // the next frame that shows a change elsewhere before it is counted as painted).
    const typeInto = async (label, text) => {
      const field = page.getByLabel(label);
      await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await field.click();
      await page.keyboard.type(text, { delay: 120 });
    };
    await step('typing into the arrival form', async () => {
      await typeInto('Parking spot number', '14');
      await typeInto('Phone number', `214555${String(randomInt(0, 10_000)).padStart(4, '0')}`);
    });
    await step('Notify Store', async () => {
      await page.getByRole('button', { name: 'Notify Store' }).click();
      await page.waitForURL(/[?&]pickup=/, { timeout: STEP_TIMEOUT_MS });
      await page.getByTestId('pickup-status').waitFor({ timeout: STEP_TIMEOUT_MS });
    });
    const pinInput = page.getByLabel('Robot has arrived! Enter your verification PIN:');
    await pinInput.waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.waitForTimeout(1000);
    await step('the PIN digits', async () => {
      await pinInput.click();
      await page.keyboard.type(String(randomInt(0, 10_000)).padStart(4, '0'), { delay: 150 });
    });
    // Let the last interactions' next paints happen and their entries arrive.
    await page.waitForTimeout(1500);
    const { interactions, inp } = await readAll(page);
    const steps = {};
    for (const [index, { name, from }] of ranges.entries()) {
      const to = ranges[index + 1]?.from ?? Number.POSITIVE_INFINITY;
      const latencies = interactions
        .filter((interaction) => interaction.startTime >= from && interaction.startTime < to)
        .map((interaction) => interaction.duration);
      if (!latencies.length) throw new Error(`${name}: no interaction was recorded`);
      steps[name] = { slowest: Math.max(...latencies), count: latencies.length };
    }
    if (process.env.INP_DEBUG) {
      console.log(
        await page.evaluate(() =>
          JSON.stringify({
            interactions: [...window.__inp.interactions.values()],
            reports: window.__inp.reports,
            frames: window.__inp.frames,
          }),
        ),
      );
    }
    return { benchmarkIndex, multiplier, load, steps, inp };
  } finally {
    await context.close();
  }
}

const server = await startProductionServer({
  staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT,
  // The robot reaches the car in a few seconds, and one run's sign-ups stay under the limit.
  env: { SIM_TIME_SCALE: '0.1', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
});
const browser = await launchBrowser();
const started = new Date();
const loadAtStart = loadavg().map((value) => value.toFixed(1));
const samples = [];
try {
  for (let run = 1; run <= runs; run += 1) {
    const sample = await measure(browser, server.baseUrl);
    samples.push(sample);
    const steps = Object.entries(sample.steps)
      .map(([name, value]) => `${name} ${Math.round(value.slowest)} ms`)
      .join(', ');
    console.log(
      `run ${run}/${runs}: benchmarkIndex ${Math.round(sample.benchmarkIndex)} → CPU ${sample.multiplier.toFixed(2)}×, load ${sample.load.toFixed(2)}: ${steps}; onINP ${Math.round(sample.inp)} ms`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}

const ms = (value) => `${Math.round(value)} ms`;
const commit = headCommit();
const names = Object.keys(samples[0].steps);
const over = names.filter(
  (name) => median(samples.map((sample) => sample.steps[name].slowest)) > BAR_MS,
);
const text = [
  `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on commit ${commit} with \`node e2e/bench/curbside-inp.mjs ${runs}\`: Debian Chromium ${browser.version()} headless, Lighthouse's mobile screen, the CPU slowed down by DevTools to 4 × this machine's benchmarkIndex (measured before each run) / ${target.toLocaleString('en-US')}, never below 4; no network throttling; ${runs} runs, each a fresh customer with a paid curbside order. benchmarkIndex ${medianRange(
    samples.map((sample) => sample.benchmarkIndex),
    (value) => String(Math.round(value)),
  )}, CPU ${medianRange(
    samples.map((sample) => sample.multiplier),
    (value) => `${value.toFixed(2)}×`,
  )}; load average (1 / 5 / 15 min) ${loadAtStart.join(' / ')} at the start, ${loadavg()
    .map((value) => value.toFixed(1))
    .join(
      ' / ',
    )} at the end. A step's figure is its slowest interaction (web-vitals' measure: the longest Event Timing entry of an interaction, input to next paint), median (min–max); the page's INP is onINP's last report (reportAllChanges). Bar: ≤ ${BAR_MS} ms on every step: ${over.length ? `missed on ${over.join(', ')}` : 'met'}.`,
  '',
  `| step | interaction to next paint | runs (benchmarkIndex → CPU: ms) |`,
  '|---|---|---|',
  ...names.map(
    (name) =>
      `| ${name} | ${medianRange(
        samples.map((sample) => sample.steps[name].slowest),
        ms,
      )} | ${samples
        .map(
          (sample) =>
            `${Math.round(sample.benchmarkIndex)} → ${sample.multiplier.toFixed(2)}×: ${Math.round(sample.steps[name].slowest)}`,
        )
        .join('; ')} |`,
  ),
  `| the page's INP (onINP) | ${medianRange(
    samples.map((sample) => sample.inp),
    ms,
  )} | |`,
].join('\n');
console.log(`\n${text}`);
if (!process.env.ONLY) await writeBenchmarkSection('CURBSIDE-INP', text);
