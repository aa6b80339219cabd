#!/usr/bin/env node
// How long a page's main thread waits for a core while it loads, on this machine. Lighthouse's
// simulated throttling multiplies each main-thread task's clock time by the CPU slowdown; on a
// 2-core machine part of that clock time is the thread runnable but not running, because the
// browser process, the display compositor, V8's background compilation, the server and
// Lighthouse itself want the same two cores. A phone's browser has more cores for those threads,
// and a slower CPU would not lengthen this wait in proportion, so it is the part of a calibrated
// simulated TBT that measures the machine rather than the page.
//
// For each route and run: a fresh Chromium launched as Lighthouse's runs launch it, one visitor
// load of the page (until its load event, then 1 s; service workers blocked, so the worker's
// precaching at idle is left out), and the kernel's scheduler statistics of every thread on the
// machine before and after (/proc/<pid>/task/<tid>/schedstat: time running, time runnable but
// waiting for a core). Reports, median (min–max):
//   window     the load's time by the clock;
//   running    the page's main thread's time on a core (its renderer's main thread);
//   waiting    its time runnable and waiting for a core, and its share of running + waiting;
//   demand     the CPU time of every thread on the machine, as a share of both cores' time;
//   and the largest other consumers (by process kind and thread name), as a share of the window.
//
// Usage: node e2e/bench/cpu-contention.mjs [runs, default 5]
//   ONLY=/auth,/   just those routes (default: the four routes of the calibrated bar), and leave
//                  docs/benchmarks.md alone
// Linux only (it reads /proc). Starts the production server over the repository's builds like
// first-load.mjs; writes CPU-CONTENTION.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import {
  CHROMIUM_PATH,
  headCommit,
  median,
  medianRange,
  startProductionServer,
  writeBenchmarkSection,
} from '../../scripts/lib/first-load.mjs';
import { CALIBRATED_ROUTES, LIGHTHOUSE_CHROME_FLAGS, MOBILE_SCREEN } from './lighthouse-lib.mjs';

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('Usage: node e2e/bench/cpu-contention.mjs [runs, default 5]');
  process.exit(2);
}
const ONLY = process.env.ONLY ? process.env.ONLY.split(',') : undefined;
const routes = ONLY ?? CALIBRATED_ROUTES;
const AFTER_LOAD_MS = 1000;
const CORES = availableParallelism();

/**
 * What a process is, from its command line: the browser's process kinds, the server, or its name.
 * (Chromium's child processes rewrite theirs as one string, flags and all.)
 */
function processKind(pid) {
  let commandLine;
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
  const type = commandLine.match(/--type=([\w-]+)/)?.[1];
  if (type) return type === 'gpu-process' ? 'gpu' : type;
  const [program, ...args] = commandLine.split('\0');
  if (args.some((arg) => arg.endsWith('dist/main.js'))) return 'server';
  if (program === CHROMIUM_PATH || program.endsWith('/chromium')) return 'browser';
  return program.split(/[/ ]/).filter(Boolean).pop() || 'kernel';
}

/**
 * Every thread's scheduler statistics now: key pid/tid → its process kind, thread name, whether it
 * is its process's main thread, and its time running and waiting for a core (ms).
 */
function schedulerSnapshot() {
  const threads = new Map();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    const kind = processKind(pid);
    let tids;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const [running, waiting] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')
          .trim()
          .split(' ')
          .map((ns) => Number(ns) / 1e6);
        const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        threads.set(`${pid}/${tid}`, { kind, name, main: pid === tid, running, waiting });
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  }
  return threads;
}

/** What each thread did between two snapshots (threads that started in between count from 0). */
function difference(before, after) {
  return [...after].map(([key, thread]) => {
    const earlier = before.get(key) ?? { running: 0, waiting: 0 };
    return {
      ...thread,
      running: thread.running - earlier.running,
      waiting: thread.waiting - earlier.waiting,
    };
  });
}

/** One visitor load of `url` in a fresh browser, with what every thread did meanwhile. */
async function measure(url) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    ignoreDefaultArgs: ['--headless'],
    args: LIGHTHOUSE_CHROME_FLAGS,
  });
  try {
    const context = await browser.newContext({ ...MOBILE_SCREEN, serviceWorkers: 'block' });
    const page = await context.newPage();
    const before = schedulerSnapshot();
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(AFTER_LOAD_MS);
    const after = schedulerSnapshot();
    const window = performance.now() - started;
    const threads = difference(before, after);
    // The page's renderer is the one whose main thread ran the most (a run also starts the
    // renderer of the blank page the browser opens with, and keeps a spare one).
    const pageMain = threads
      .filter((thread) => thread.kind === 'renderer' && thread.main)
      .sort((a, b) => b.running - a.running)[0];
    const { running, waiting } = pageMain;
    const sum = (list, key) => list.reduce((total, thread) => total + thread[key], 0);
    const consumers = new Map();
    for (const thread of threads) {
      if (thread === pageMain) continue;
      const label = `${thread.kind}: ${thread.main ? 'main' : thread.name}`;
      consumers.set(label, (consumers.get(label) ?? 0) + thread.running);
    }
    return {
      window,
      running,
      waiting,
      waitShare: waiting / (running + waiting),
      demand: sum(threads, 'running') / (CORES * window),
      consumers,
    };
  } finally {
    await browser.close();
  }
}

const server = await startProductionServer({});
const started = new Date();
const loadBefore = loadavg();
const results = new Map(routes.map((route) => [route, []]));
try {
  for (let run = 0; run < runs; run += 1) {
    for (const route of routes) {
      const sample = await measure(`${server.baseUrl}${route}`);
      results.get(route).push(sample);
      console.log(
        `${route} run ${run + 1}/${runs}: window ${Math.round(sample.window)} ms, main thread running ${Math.round(sample.running)} ms, waiting ${Math.round(sample.waiting)} ms (${Math.round(sample.waitShare * 100)}%), machine ${Math.round(sample.demand * 100)}% busy`,
      );
    }
  }
} finally {
  await server.stop();
}
const loadAfter = loadavg();

const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;
const percent = (value) => `${Math.round(value * 100)}%`;
/** The largest consumers besides the page's main thread, by their median share of the window. */
function topConsumers(samples, count = 4) {
  const labels = new Set(samples.flatMap((sample) => [...sample.consumers.keys()]));
  return [...labels]
    .map((label) => ({
      label,
      share: median(samples.map((sample) => (sample.consumers.get(label) ?? 0) / sample.window)),
    }))
    .sort((a, b) => b.share - a.share)
    .slice(0, count)
    .map(({ label, share }) => `${label} ${percent(share)}`)
    .join(', ');
}
const commit = headCommit();
const load = (values) => values.map((value) => value.toFixed(1)).join(' / ');
const text = [
  `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on commit ${commit} with \`node e2e/bench/cpu-contention.mjs ${runs}\`: each route loaded ${runs} times as a visitor in a fresh Debian Chromium launched as Lighthouse's runs are (headless, Lighthouse's mobile screen, no throttling, as its simulated runs load; service workers blocked), from navigation to 1 s after the load event; the kernel's scheduler statistics of every thread on this ${CORES}-core machine before and after; median (min–max). Load average (1 / 5 / 15 min) ${load(loadBefore)} at the start, ${load(loadAfter)} at the end.`,
  '',
  "| route | window | page's main thread running | waiting for a core | share waiting | all threads' CPU, of both cores | largest other consumers, of the window |",
  '|---|---|---|---|---|---|---|',
  ...routes.map((route) => {
    const samples = results.get(route);
    const of = (key, format) =>
      medianRange(
        samples.map((sample) => sample[key]),
        format,
      );
    return `| \`${route}\` | ${of('window', ms)} | ${of('running', ms)} | ${of('waiting', ms)} | ${of('waitShare', percent)} | ${of('demand', percent)} | ${topConsumers(samples)} |`;
  }),
].join('\n');
console.log(`\n${text}`);
if (!ONLY && !(await writeBenchmarkSection('CPU-CONTENTION', text))) {
  console.error('docs/benchmarks.md has no CPU-CONTENTION markers: nothing written.');
}
