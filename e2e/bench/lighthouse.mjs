#!/usr/bin/env node
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { startProductionServer, writeBenchmarkSection } from './first-load-lib.mjs';
import { freePort } from './servers.mjs';

export const LIGHTHOUSE_ROUTES = [
  '/',
  '/auth',
  '/curbside-pickup',
  '/landing',
  '/about-us',
  '/help-center',
  '/api-docs',
];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('Usage: node e2e/bench/lighthouse.mjs [runs per route, default 5]');
  process.exit(2);
}

// `ONLY=/,/auth` measures just those routes and leaves docs/benchmarks.md alone (a quick check).
const ONLY = process.env.ONLY ? process.env.ONLY.split(',') : undefined;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const stat = (values, format) =>
  `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
const score = (value) => String(Math.round(value));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const cls = (value) => value.toFixed(3);

const server = await startProductionServer({
  staticRoot: process.env.STATIC_ROOT ?? process.env.DIST_ROOT,
});
const results = [];
try {
  for (const route of ONLY ?? LIGHTHOUSE_ROUTES) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      // A fresh browser per run (cold cache), driven by Lighthouse over its debugging port.
      const port = await freePort();
      const chrome = await chromium.launch({
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        ignoreDefaultArgs: ['--headless'],
        args: [...CHROME_FLAGS, `--remote-debugging-port=${port}`],
      });
      try {
        const result = await lighthouse(`${server.baseUrl}${route}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const { categories, audits } = result.lhr;
        samples.push({
          performance: categories.performance.score * 100,
          accessibility: categories.accessibility.score * 100,
          lcp: audits['largest-contentful-paint'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
        });
        // Which element was the LCP, and where its time went (TTFB, load delay, render delay).
        const lcpElement = audits['largest-contentful-paint-element']?.details?.items ?? [];
        const snippet = lcpElement[0]?.items?.[0]?.node?.snippet ?? 'unknown';
        const phases = (lcpElement[1]?.items ?? [])
          .map((phase) => `${phase.phase} ${millis(phase.timing)}`)
          .join(', ');
        console.log(
          `${route} run ${run + 1}/${runs}: performance ${score(samples.at(-1).performance)}, LCP ${seconds(samples.at(-1).lcp)}, TBT ${millis(samples.at(-1).tbt)}; LCP element ${snippet.slice(0, 120)} (${phases})`,
        );
      } finally {
        await chrome.close();
      }
    }
    const of = (key) => samples.map((sample) => sample[key]);
    results.push(
      `| \`${route}\` | ${stat(of('performance'), score)} | ${stat(of('lcp'), seconds)} | ${stat(of('tbt'), millis)} | ${stat(of('cls'), cls)} | ${stat(of('accessibility'), score)} |`,
    );
  }
} finally {
  await server.stop();
}

const date = new Date().toISOString().slice(0, 10);
const table = [
  `Measured ${date} with \`node e2e/bench/lighthouse.mjs ${runs}\`: Lighthouse 12 mobile (simulated Slow 4G, 4× CPU), ${runs} runs per route, production build, Debian Chromium headless; median (min–max).`,
  '',
  '| route | performance | LCP | TBT | CLS | accessibility |',
  '|---|---|---|---|---|---|',
  ...results,
].join('\n');
console.log(`\n${table}`);
if (!ONLY) await writeBenchmarkSection('LIGHTHOUSE', table);
