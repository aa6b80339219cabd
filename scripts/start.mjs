#!/usr/bin/env node
// `npm start`: install what is missing, build everything, serve site + API on PORT (default 8080)
// with the embedded database (PGlite under .data/) and demo data.
import { buildApps, checkNode, install, log } from './lib.mjs';

checkNode();
await install();
await buildApps();
log(`Starting the server on http://localhost:${process.env.PORT ?? 8080}`);
await import('./serve.mjs');
