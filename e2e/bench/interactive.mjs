#!/usr/bin/env node
// How long a page takes to answer on a slow phone (Lighthouse's Slow 4G and 4× CPU, applied by
// DevTools throttling in a real Chromium): the hydration gap of the public routes and when the
// signed-in pages show their data, federated build against the reference, as docs/benchmarks.md
// ("Interactive on a throttled phone") describes. Writes its tables between the INTERACTIVE
// markers.
//
// Usage: node e2e/bench/interactive.mjs [runs per route and build, default 5]
//   STATIC_ROOT / DIST_ROOT, REFERENCE_ROOT, REFERENCE=off  as for lighthouse.mjs
//   PORTS=8197,8198        the servers' ports (default: free ones)
//   ONLY=/,/wallet         just those routes, and leave docs/benchmarks.md alone
//   BENCH_TIMEOUT_MINUTES  stop (and stop the servers) after this long (default: 2 per run, +10)
import { loadavg } from 'node:os';
import {
  headCommit,
  launchBrowser,
  median,
  medianRange,
  writeBenchmarkSection,
} from '../../scripts/lib/first-load.mjs';
import {
  benchmarkIndex,
  LIGHTHOUSE_ROUTES,
  MOBILE_SCREEN,
  throttleLikeLighthouse,
} from './lighthouse-lib.mjs';
import { startBuilds, stopBuilds } from './reference-build.mjs';

/** The demo customer every fresh server seeds (README, api/src/seed/demo-customer.ts). */
const DEMO = { username: 'demo', password: 'Demo#2026pass', email: 'demo@curbrun.test' };

/**
 * The signed-in routes and what shows the customer's own data on each: the first element matching
 * `selector` that is visible and whose text matches `pattern`.
 */
const SIGNED_IN = {
  '/pickup-history': { selector: '[data-testid="history-list"]', pattern: 'CR-\\d{4,}' },
  '/wallet': { selector: '[data-testid="wallet-balance"]', pattern: '\\d\\.\\d\\d' },
  '/settings': {
    selector: '[data-testid="current-email"]',
    pattern: DEMO.email.replaceAll('.', '\\.'),
  },
};

/** Longest wait for one page to show what a run waits for. */
const STEP_TIMEOUT_MS = 60_000;
/** After hydration, how long a run still waits for the app's public readiness signal. */
const SIGNAL_GRACE_MS = 1500;

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('Usage: node e2e/bench/interactive.mjs [runs per route and build, default 5]');
  process.exit(2);
}
const ONLY = process.env.ONLY ? process.env.ONLY.split(',') : undefined;
const publicRoutes = LIGHTHOUSE_ROUTES.filter((route) => !ONLY || ONLY.includes(route));
const signedInRoutes = Object.keys(SIGNED_IN).filter((route) => !ONLY || ONLY.includes(route));
const ports = process.env.PORTS ? process.env.PORTS.split(',').map(Number) : [];

/**
 * Runs in the page before its own scripts: records, on the page's clock (0 = navigation start),
 * first contentful paint, when the first <h1> got React's fiber (React's private field, read here
 * only because this is a benchmark), when <html> got `data-hydrated` (the app's public readiness
 * signal, where it has one) and, with a `probe`, when the customer's data was on screen.
 */
function watchPage(probe) {
  if (window.top !== window || window.__bench) return;
  const bench = {};
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') bench.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  const pattern = probe && new RegExp(probe.pattern);
  const timer = setInterval(() => {
    const now = performance.now();
    if (bench.fiberAt === undefined) {
      const heading = document.querySelector('h1');
      if (heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'))) {
        bench.fiberAt = now;
      }
    }
    const signal = document.documentElement?.dataset.hydrated;
    if (bench.signalAt === undefined && signal !== undefined && signal !== 'false') {
      bench.signalAt = now;
    }
    if (probe && bench.dataAt === undefined) {
      const shown = [...document.querySelectorAll(probe.selector)].some(
        (element) => element.checkVisibility() && pattern.test(element.textContent ?? ''),
      );
      if (shown) bench.dataAt = now;
    }
    const done = bench.fiberAt !== undefined && bench.signalAt !== undefined;
    if ((done && (!probe || bench.dataAt !== undefined)) || now > 120_000) clearInterval(timer);
  }, 10);
}

/**
 * Signs the demo customer in for `context` through the real endpoints, unthrottled: login (any
 * cookie it sets stays in the context's jar), the password re-check that opens the sensitive
 * window, then the session's storage keys, as e2e/fixtures/auth-api.ts does for the tests.
 */
async function signIn(context, page, baseUrl) {
  const login = await context.request.post(`${baseUrl}/api/auth/login`, {
    data: { identifier: DEMO.username, password: DEMO.password },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}: ${await login.text()}`);
  const { token, user } = await login.json();
  const recent = await context.request.post(`${baseUrl}/api/auth/verify-recent`, {
    headers: { authorization: `Bearer ${token}` },
    data: { password: DEMO.password },
  });
  if (!recent.ok()) {
    throw new Error(`verify-recent answered ${recent.status()}: ${await recent.text()}`);
  }
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(
    ({ token, userId, now }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userID', userId);
      localStorage.setItem('sensitiveAuthTime', String(now));
    },
    { token, userId: user.id, now: Date.now() },
  );
}

/** One throttled load of `route` in a fresh context; the times the tables use, in ms. */
async function measure(browser, baseUrl, route) {
  const probe = SIGNED_IN[route];
  const context = await browser.newContext(MOBILE_SCREEN);
  try {
    const page = await context.newPage();
    const speed = await benchmarkIndex(page);
    if (probe) await signIn(context, page, baseUrl);
    await throttleLikeLighthouse(await context.newCDPSession(page));
    await page.addInitScript(watchPage, probe ?? null);
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
    try {
      await page.waitForFunction(
        (wantData) => {
          const bench = window.__bench;
          return (
            bench?.fcp !== undefined &&
            bench.fiberAt !== undefined &&
            (!wantData || bench.dataAt !== undefined)
          );
        },
        Boolean(probe),
        { timeout: STEP_TIMEOUT_MS, polling: 100 },
      );
    } catch (error) {
      const seen = await page.evaluate(() => window.__bench).catch(() => undefined);
      throw new Error(
        `${route} on ${page.url()}: ${error.message.split('\n')[0]} (seen: ${JSON.stringify(seen)})`,
      );
    }
    await page
      .waitForFunction(() => window.__bench.signalAt !== undefined, null, {
        timeout: SIGNAL_GRACE_MS,
        polling: 100,
      })
      .catch(() => {});
    const bench = await page.evaluate(() => ({
      ...window.__bench,
      // When the HTML was in: at least the preset's 562.5 ms when the throttling holds (Chromium
      // adds the latency after responseStart).
      htmlAt: performance.getEntriesByType('navigation')[0]?.responseEnd,
    }));
    const hydrated = bench.signalAt ?? bench.fiberAt;
    return {
      speed,
      htmlAt: bench.htmlAt,
      fcp: bench.fcp,
      hydrated,
      gap: hydrated - bench.fcp,
      signal: bench.signalAt !== undefined,
      fiberAt: bench.fiberAt,
      // Nothing is on screen before the first contentful paint, even when the server sent it.
      data: probe ? Math.max(bench.dataAt, bench.fcp) : undefined,
    };
  } finally {
    await context.close();
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const speedOf = (value) => String(Math.round(value));
const loads = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
const loadAtStart = loads();
const measured = publicRoutes.length + signedInRoutes.length;

const browser = await launchBrowser();
const chromiumVersion = browser.version();
const timeoutMinutes = Number(process.env.BENCH_TIMEOUT_MINUTES ?? runs * measured * 2 + 10);
let timedOut = false;
const watchdog = setTimeout(() => {
  timedOut = true;
  console.error(`Stopping: the bench ran longer than ${timeoutMinutes} minutes.`);
  browser.close().catch(() => {});
}, timeoutMinutes * 60_000);

/** results[route][build] = { samples, failures } */
const results = {};
let builds = [];
try {
  builds = await startBuilds({ ports });
  for (const route of [...publicRoutes, ...signedInRoutes]) {
    results[route] = {};
    for (const build of builds) results[route][build.name] = { samples: [], failures: [] };
    for (let run = 0; run < runs; run += 1) {
      const order = run % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        const label = `${route} ${build.name} run ${run + 1}/${runs}`;
        try {
          const sample = await measure(browser, build.server.baseUrl, route);
          results[route][build.name].samples.push(sample);
          console.log(
            `${label}: HTML in ${seconds(sample.htmlAt)}, FCP ${seconds(sample.fcp)}, hydrated ${seconds(sample.hydrated)} (${sample.signal ? 'data-hydrated' : 'fiber'}; fiber ${seconds(sample.fiberAt)}), gap ${seconds(sample.gap)}${sample.data === undefined ? '' : `, data ${seconds(sample.data)}`}, benchmarkIndex ${speedOf(sample.speed)}`,
          );
        } catch (error) {
          if (timedOut) throw error;
          results[route][build.name].failures.push(error.message);
          console.error(`${label} failed: ${error.message}`);
        }
      }
    }
  }
} finally {
  clearTimeout(watchdog);
  await browser.close().catch(() => {});
  await stopBuilds(builds);
}

const commit = headCommit();
const all = Object.values(results).flatMap((byBuild) =>
  Object.values(byBuild).flatMap((result) => result.samples),
);
const cell = (result, key) => {
  const values = result.samples.map((sample) => sample[key]);
  const failed = result.failures.length ? ` ⚠ ${result.failures.length} failed` : '';
  return values.length ? `${medianRange(values, seconds)}${failed}` : `n/a${failed}`;
};
const names = builds.map((build) => build.name);
const header = (measures) => {
  const columns = names.flatMap((name, index) =>
    measures.map((measure) => (index === 0 ? measure : `${name} ${measure}`)),
  );
  return [`| route | ${columns.join(' | ')} |`, `|---|${columns.map(() => '---|').join('')}`];
};
const rows = (routes, keys) =>
  routes.map(
    (route) =>
      `| \`${route}\` | ${names.flatMap((name) => keys.map((key) => cell(results[route][name], key))).join(' | ')} |`,
  );
const signals = [...new Set(all.map((sample) => (sample.signal ? 'data-hydrated' : 'fiber')))];
const now = new Date().toISOString().slice(0, 16).replace('T', ' ');
const text = [
  `Measured ${now} UTC on commit ${commit} with \`node e2e/bench/interactive.mjs ${runs}\`: Lighthouse's Slow 4G preset applied by DevTools throttling (562.5 ms per request, 1,474.56 kbit/s down, 675 kbit/s up, 4× CPU), Lighthouse's mobile screen, cache off, a fresh context per run, ${runs} runs per route and build alternating between the builds (${names.join(' and ')}); Debian Chromium ${chromiumVersion} headless; times from navigation start, median (min–max). Lighthouse's benchmarkIndex before each run: ${
    all.length
      ? medianRange(
          all.map((sample) => sample.speed),
          speedOf,
        )
      : 'n/a'
  }; load average (1 / 5 / 15 min) ${loadAtStart} at the start, ${loads()} at the end. Hydrated: ${signals.map((signal) => (signal === 'fiber' ? "the first `<h1>` got React's fiber" : '`<html data-hydrated>` set')).join(', ')}.`,
  '',
  ...(publicRoutes.length
    ? [
        "Hydration gap (signed out): first contentful paint, the page's `<h1>` hydrated, and the gap between them (bar: gap ≤ 2.0 s by the median of 5).",
        '',
        ...header(['FCP', 'hydrated', 'gap']),
        ...rows(publicRoutes, ['fcp', 'hydrated', 'gap']),
        '',
      ]
    : []),
  ...(signedInRoutes.length
    ? [
        "Signed-in data time (the demo customer, inside the sensitive window): first contentful paint and the customer's own data on screen (bar: data ≤ 2.5 s).",
        '',
        ...header(['FCP', 'data on screen']),
        ...rows(signedInRoutes, ['fcp', 'data']),
      ]
    : []),
]
  .join('\n')
  .trimEnd();
console.log(`\n${text}`);
const failures = Object.values(results).flatMap((byBuild) =>
  Object.values(byBuild).flatMap((result) => result.failures),
);
if (!ONLY && !timedOut) await writeBenchmarkSection('INTERACTIVE', text);
if (timedOut || (failures.length && all.length === 0)) process.exitCode = 1;
// Summaries for a quick look at the bars without reading the tables.
for (const name of names) {
  const gaps = publicRoutes.flatMap((route) =>
    results[route]?.[name] ? [median(results[route][name].samples.map((s) => s.gap))] : [],
  );
  if (gaps.some(Number.isFinite)) {
    console.log(`${name}: worst median gap ${seconds(Math.max(...gaps.filter(Number.isFinite)))}`);
  }
}
