#!/usr/bin/env node
// `node scripts/pnpm.mjs <args>`: the pinned pnpm on a machine that only has Node and npm.
import { pnpm } from './lib.mjs';

process.exit(await pnpm(process.argv.slice(2)));
