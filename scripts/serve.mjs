#!/usr/bin/env node
// Serves the built site and the API from one process (ADR 003). `npm start` builds
// first; the e2e suite calls this directly against a fresh DATA_DIR.
//
// The API runs as compiled JavaScript (api/dist/main.js), not through a TypeScript
// loader. A missing or stale bundle (older than a file it is built from, e.g. right after
// pulling or editing the API) is rebuilt first, in well under a second.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { API_BUNDLE, API_ROOT, apiBuildIsStale, buildApi } from '../api/scripts/build.mjs';
import { log } from './lib.mjs';

if (await apiBuildIsStale()) {
  log('Compiling the API (api/dist/main.js)');
  await buildApi();
}

const child = spawn(
  process.execPath,
  ['--enable-source-maps', path.relative(API_ROOT, API_BUNDLE)],
  {
    cwd: API_ROOT,
    stdio: 'inherit',
    env: process.env,
  },
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
