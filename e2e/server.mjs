#!/usr/bin/env node
// Starts the built site + API for the browser suites, on a fresh embedded database each run so
// tests never depend on what an earlier run left behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'curbrun-e2e-'));
process.env.DATA_DIR = dataDir;
// Built into another folder (DIST_ROOT, see shared-build)? Serve that build.
if (process.env.DIST_ROOT && !process.env.STATIC_ROOT)
  process.env.STATIC_ROOT = process.env.DIST_ROOT;
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);

await import('../scripts/serve.mjs');
