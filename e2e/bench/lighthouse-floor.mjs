#!/usr/bin/env node
// How much of a page's Total Blocking Time is its JavaScript, and how much the browser spends on
// any page on this machine. For each route, the runs take turns between three pages:
//   page     the route as `npm start` serves it to a visitor;
//   markup   the same server-rendered HTML with every script and script preload taken out: the
//            page's own DOM, styles and images, painted by the browser with no JavaScript at all;
//   minimal  a heading and a paragraph in the site's font stack: what a new renderer costs on
//            its own (its first style, layout and paint).
// page − markup is what our scripts add; markup − minimal is the page's HTML and CSS.
//
// Usage: node e2e/bench/lighthouse-floor.mjs [runs, default 5] [--calibrate 1100] [--method devtools]
//   ONLY=/auth,/   just those routes (default: the four routes of the calibrated bar), and leave
//                  docs/benchmarks.md alone
// Lighthouse 12 mobile (simulated Slow 4G, or with --method devtools applied) like lighthouse.mjs,
// with --calibrate the CPU slowdown set per run the same way. Writes LIGHTHOUSE-FLOOR (or
// LIGHTHOUSE-FLOOR-DEVTOOLS). The markup and minimal pages come from a loopback server beside the
// production server, which passes every other request (images, the calibration probe) on to it
// unchanged, so all three pages load the same files from the same origin kind.
import http from 'node:http';
import {
  headCommit,
  median,
  medianRange,
  startProductionServer,
  writeBenchmarkSection,
} from '../../scripts/lib/first-load.mjs';
import { freePort } from '../../scripts/lib/servers.mjs';
import {
  CALIBRATED_ROUTES,
  runLighthouse,
  takeCalibrateArgument,
  takeMethodArgument,
} from './lighthouse-lib.mjs';

const USAGE =
  'Usage: node e2e/bench/lighthouse-floor.mjs [runs, default 5] [--calibrate 1100] [--method devtools]';
const args = process.argv.slice(2);
const method = takeMethodArgument(args);
const calibrate = takeCalibrateArgument(args);
const runs = Number(args[0] ?? 5);
if (!Number.isInteger(runs) || runs < 1 || (calibrate !== undefined && !(calibrate > 0))) {
  console.error(USAGE);
  process.exit(2);
}
const ONLY = process.env.ONLY ? process.env.ONLY.split(',') : undefined;
const routes = ONLY ?? CALIBRATED_ROUTES;

const MINIMAL_PATH = '/__floor-minimal';
const MINIMAL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Minimal page</title><style>body{margin:0;padding:16px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}</style></head><body><h1>Curbside pickup</h1><p>A heading and a paragraph: the browser's own cost of a first paint.</p></body></html>`;

/** The server's HTML for a visitor, with no script to run and no script to fetch ahead. */
const withoutScripts = (html) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\bas="script"[^>]*>/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '');

/**
 * A loopback server that answers `pages` (path → HTML) itself and passes every other request on
 * to `upstream` byte for byte (compression and caching headers included).
 */
async function startSideServer(upstream, pages) {
  const port = await freePort();
  const target = new URL(upstream);
  const server = http.createServer((request, response) => {
    const page = pages.get(request.url);
    if (page !== undefined) {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(page);
      return;
    }
    const forwarded = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: target.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

const score = (value) => String(Math.round(value));
const millis = (ms) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const index = (value) => Math.round(value).toLocaleString('en-US');
const times = (value) => `${value.toFixed(2)}×`;

const server = await startProductionServer({
  staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT,
});
const started = new Date();
/** What a visitor's browser is sent: no cookie, so the same HTML Lighthouse loads. */
const markup = new Map(
  await Promise.all(
    routes.map(async (route) => {
      const response = await fetch(`${server.baseUrl}${route}`);
      return [route, withoutScripts(await response.text())];
    }),
  ),
);
const side = await startSideServer(
  server.baseUrl,
  new Map([[MINIMAL_PATH, MINIMAL_PAGE], ...markup]),
);
const KINDS = ['page', 'markup', 'minimal'];
const samples = new Map(routes.map((route) => [route, new Map(KINDS.map((kind) => [kind, []]))]));
try {
  for (let run = 0; run < runs; run += 1) {
    for (const route of routes) {
      // The order turns each run, so a slow minute does not always fall on the same kind.
      const order = KINDS.map((_, at) => KINDS[(at + run) % KINDS.length]);
      for (const kind of order) {
        const url =
          kind === 'page'
            ? `${server.baseUrl}${route}`
            : `${side.baseUrl}${kind === 'markup' ? route : MINIMAL_PATH}`;
        const { lhr, calibration } = await runLighthouse(url, ['performance'], {
          calibrate,
          method,
        });
        const sample = {
          performance: lhr.categories.performance.score * 100,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          benchmarkIndex: calibration?.benchmarkIndex ?? lhr.environment.benchmarkIndex,
          multiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
        };
        samples.get(route).get(kind).push(sample);
        console.log(
          `${route} ${kind} run ${run + 1}/${runs}: benchmarkIndex ${index(sample.benchmarkIndex)} → CPU ${times(sample.multiplier)}: performance ${score(sample.performance)}, TBT ${millis(sample.tbt)}`,
        );
      }
    }
  }
} finally {
  await side.stop();
  await server.stop();
}

const commit = headCommit();
const of = (list, key) => list.map((sample) => sample[key]);
const all = [...samples.values()].flatMap((byKind) => [...byKind.values()].flat());
const when = started.toISOString().slice(0, 16).replace('T', ' ');
const mode = calibrate
  ? `the CPU slowdown of each run set to 4 × this machine's benchmarkIndex / ${index(calibrate)}, never below 4 (as \`lighthouse.mjs --calibrate\`)`
  : "Lighthouse's fixed 4× CPU";
const text = [
  `Measured ${when} UTC on commit ${commit} with \`node e2e/bench/lighthouse-floor.mjs ${runs}${calibrate ? ` --calibrate ${calibrate}` : ''}${method ? ` --method ${method}` : ''}\`: Lighthouse 12 mobile (${method === 'devtools' ? 'Slow 4G applied by DevTools throttling' : 'simulated Slow 4G'}), ${mode}; ${runs} runs of each page, taking turns; benchmarkIndex ${medianRange(of(all, 'benchmarkIndex'), index)}, CPU slowdown ${medianRange(of(all, 'multiplier'), times)}; median (min–max). *page*: the route as served to a visitor; *markup*: the same HTML without its scripts and script preloads (no JavaScript runs); *minimal*: a heading and a paragraph in the site's fonts.`,
  '',
  '| route | TBT: page | TBT: markup | TBT: minimal | performance: page | markup | minimal |',
  '|---|---|---|---|---|---|---|',
  ...routes.map((route) => {
    const byKind = samples.get(route);
    const tbt = (kind) => medianRange(of(byKind.get(kind), 'tbt'), millis);
    const perf = (kind) => medianRange(of(byKind.get(kind), 'performance'), score);
    return `| \`${route}\` | ${tbt('page')} | ${tbt('markup')} | ${tbt('minimal')} | ${perf('page')} | ${perf('markup')} | ${perf('minimal')} |`;
  }),
  '',
  `Scripts add (median of page − median of markup): ${routes
    .map((route) => {
      const byKind = samples.get(route);
      const added = median(of(byKind.get('page'), 'tbt')) - median(of(byKind.get('markup'), 'tbt'));
      return `\`${route}\` ${added >= 0 ? '+' : '−'}${millis(Math.abs(added))}`;
    })
    .join(', ')}.`,
].join('\n');
console.log(`\n${text}`);
const section = method === 'devtools' ? 'LIGHTHOUSE-FLOOR-DEVTOOLS' : 'LIGHTHOUSE-FLOOR';
if (!ONLY && !(await writeBenchmarkSection(section, text))) {
  console.error(`docs/benchmarks.md has no ${section} markers: nothing written.`);
}
