#!/usr/bin/env node
// Measures what preloading a remote on link intent buys: navigating from one remote's
// page to another remote's page by a footer link, once with a plain click (no hover, no focus, so
// nothing is preloaded) and once after hovering the link first (250 ms is a typical hover-to-click
// delay; on the throttled network also 1.5 s, long enough for the whole preload). For each it
// records whether the Loading indicator was ever painted (checked on every animation frame) and
// the time from the click to the new page's heading. Runs on the local network and with a
// throttled "slow 4G" profile, each navigation in a fresh browser context (cold cache).
// Usage: node e2e/bench/preload.mjs [url] [rounds] (default http://localhost:8080, 5 rounds),
// against a production build (`npm start`, or scripts/serve.mjs with STATIC_ROOT=<DIST_ROOT>).
// Writes the table between the PRELOAD markers in docs/benchmarks.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = (process.argv[2] ?? 'http://localhost:8080').replace(/\/+$/, '');
const rounds = Number(process.argv[3] ?? 5);
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const ROUTES = [
  { from: '/', link: 'Retailer API', to: '/landing', label: 'marketing → retailer' },
  { from: '/landing', link: 'Help Center', to: '/help-center', label: 'retailer → marketing' },
];

const NETWORKS = [
  { name: 'local', conditions: null, hovers: [0, 250] },
  {
    // Chrome DevTools' "Slow 4G"-like: 150 ms round trip, 1.6 Mbit/s down.
    name: 'slow 4G',
    conditions: {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    },
    hovers: [0, 250, 1500],
  },
];

// Runs in the page: watches every frame for the Loading indicator and for the target heading.
function watchNavigation(target) {
  const state = { flash: false, start: 0, shown: 0 };
  window.__navigation = state;
  // The old page's heading stays on screen during the router's transition; wait for a new one.
  const before = document.querySelector('h1');
  const frame = () => {
    if (document.querySelector('[data-testid="loading"]')) state.flash = true;
    const heading = document.querySelector('h1');
    if (state.start && location.pathname === target && heading && heading !== before) {
      state.shown = performance.now();
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function navigate(browser, network, route, hoverMs) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (network.conditions) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network.conditions);
  }
  await page.goto(`${base}${route.from}`, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  const link = page.getByRole('contentinfo').getByRole('link', { name: route.link, exact: true });
  await link.scrollIntoViewIfNeeded();
  if (hoverMs) {
    await link.hover();
    await page.waitForTimeout(hoverMs);
  }
  await page.evaluate(watchNavigation, route.to);
  // A click without pointer or focus events, the same in both runs: only the hover differs.
  await link.evaluate((element) => {
    window.__navigation.start = performance.now();
    element.click();
  });
  await page.waitForFunction(() => window.__navigation.shown > 0, null, { timeout: 60_000 });
  const result = await page.evaluate(() => ({
    flash: window.__navigation.flash,
    ms: window.__navigation.shown - window.__navigation.start,
  }));
  await context.close();
  return result;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const rows = [];
for (const network of NETWORKS) {
  for (const route of ROUTES) {
    for (const hoverMs of network.hovers) {
      const results = [];
      for (let i = 0; i < rounds; i += 1) {
        results.push(await navigate(browser, network, route, hoverMs));
      }
      const row = {
        network: network.name,
        route: route.label,
        mode: hoverMs ? `hover ${hoverMs} ms, then click` : 'click, no preload',
        flashes: results.filter((r) => r.flash).length,
        median: median(results.map((r) => r.ms)),
        max: Math.max(...results.map((r) => r.ms)),
      };
      rows.push(row);
      console.log(row);
    }
  }
}
await browser.close();

const date = new Date().toISOString().slice(0, 10);
const table = [
  `Measured ${date}, ${rounds} navigations per row, each in a fresh context (cold cache), production build, Debian Chromium.`,
  '',
  '| network | navigation | how | Loading painted | click → heading (median) | worst |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.network} | ${r.route} | ${r.mode} | ${r.flashes} of ${rounds} | ${Math.round(r.median)} ms | ${Math.round(r.max)} ms |`,
  ),
].join('\n');
console.log(table);

const docPath = new URL('../../docs/benchmarks.md', import.meta.url);
const doc = readFileSync(docPath, 'utf8');
const start = '<!-- PRELOAD:START -->';
const end = '<!-- PRELOAD:END -->';
if (doc.includes(start) && doc.includes(end)) {
  writeFileSync(
    docPath,
    `${doc.slice(0, doc.indexOf(start) + start.length)}\n${table}\n${doc.slice(doc.indexOf(end))}`,
  );
}
