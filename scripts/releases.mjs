#!/usr/bin/env node
// `node scripts/releases.mjs [<remote>] [--json] [--url <base URL>]`
//
// Prints each remote's stable and canary release as the API's registry sees them
// (docs/decisions/019-canary-releases.md): share of visitors, page views, errors and error rate,
// Web Vitals medians, state with its reason and time, and the last 10 changes. It asks the running
// server's operator route (`GET /api/operator/releases`), which works with either database: the
// embedded one is locked by the server, so no other process can read it.
//
// The server: --url, else PUBLIC_URL, else http://localhost:$PORT (8080). The operator token, when
// the server has one: OPERATOR_TOKEN.
import { fail } from './lib.mjs';

const REMOTES = ['marketing', 'customer', 'curbside', 'retailer'];
const USAGE = `Usage: node scripts/releases.mjs [${REMOTES.join('|')}] [--json] [--url <base URL>]`;

function parseArgs(argv) {
  let url = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 8080}`;
  let json = false;
  let remote;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--json') json = true;
    else if (argv[i] === '--url') url = argv[++i] ?? '';
    else if (!remote && REMOTES.includes(argv[i])) remote = argv[i];
    else fail(USAGE);
  }
  if (!/^https?:\/\//.test(url)) fail(`--url needs an http(s) URL.\n${USAGE}`);
  return { url: url.replace(/\/+$/, ''), json, remote };
}

const percent = (rate) => `${(rate * 100).toFixed(1)}%`;
const when = (iso) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
const orDash = (value, unit = '') => (value === null ? '–' : `${value}${unit}`);

function describeRelease(role, summary) {
  if (!summary) return [`  ${role.padEnd(7)} none`];
  const errors = Object.entries(summary.errors)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const lines = [
    `  ${role.padEnd(7)} ${summary.release}  ${summary.state} since ${when(summary.since)} (${summary.reason})`,
    `          share ${summary.share}%  page views ${summary.pageViews}  pages served ${summary.pagesServed}  ` +
      `errored ${summary.erroredPageViews} (${percent(summary.errorRate)})${errors ? `: ${errors}` : ''}`,
    `          Web Vitals medians: LCP ${orDash(summary.vitals.lcp, ' ms')}  INP ${orDash(summary.vitals.inp, ' ms')}  CLS ${orDash(summary.vitals.cls)}`,
  ];
  for (const error of summary.topErrors.slice(0, 3)) {
    lines.push(`          ${error.pageViews} × ${error.kind}: ${error.name}: ${error.message}`);
  }
  return lines;
}

function describeRemote(remote) {
  const lines = [remote.remote];
  if (!remote.stable && !remote.canary) {
    lines.push('  no releases recorded (deploy with scripts/deploy-remote.mjs)');
  } else {
    lines.push(
      ...describeRelease('stable', remote.stable),
      ...describeRelease('canary', remote.canary),
    );
  }
  if (remote.transitions.length) {
    lines.push('  last changes:');
    for (const change of remote.transitions) {
      lines.push(
        `    ${when(change.at)}  ${change.release}  ${change.state} by ${change.by}: ${change.reason}`,
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  const { url, json, remote } = parseArgs(process.argv.slice(2));
  const target = `${url}/api/operator/releases${remote ? `/${remote}` : ''}`;
  const token = process.env.OPERATOR_TOKEN;
  let response;
  try {
    response = await fetch(target, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    fail(
      `Cannot reach ${url} (${error.cause?.code ?? error.message}). Is the server running? (--url)`,
    );
  }
  if (!response.ok) {
    const why =
      response.status === 401
        ? 'set OPERATOR_TOKEN to the server’s operator token'
        : response.status === 404
          ? 'the operator routes are off: set OPERATOR_TOKEN on the server (and here)'
          : `${response.status} ${response.statusText}`;
    fail(`${target}: ${why}.`);
  }
  const status = await response.json();
  if (json) {
    console.log(JSON.stringify(status, null, 2));
    return;
  }
  const { rule } = status;
  console.log(
    `Rollback rule: at least ${rule.minPageViews} canary page views, an error rate of at least ` +
      `${percent(rule.minErrorRate)} and ${rule.stableFactor} times stable's; automatic promotion ` +
      `${rule.autoPromoteAfter === null ? 'off' : `after ${rule.autoPromoteAfter} pages served`}.\n`,
  );
  console.log(status.remotes.map(describeRemote).join('\n\n'));
}

await main();
