#!/usr/bin/env node
// `node scripts/build.mjs [app ...]`: production build of all apps, or only the named ones
// (e.g. `shell mfe-curbside`). Set DIST_ROOT to build into another folder (see shared-build).
import { APPS, buildApps, checkNode, fail } from './lib.mjs';

checkNode();
const requested = process.argv.slice(2);
const unknown = requested.filter((app) => !APPS.includes(app));
if (unknown.length) fail(`Unknown app(s): ${unknown.join(', ')}. Known: ${APPS.join(', ')}.`);
await buildApps(requested.length ? requested : APPS);
