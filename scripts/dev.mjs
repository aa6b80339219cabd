#!/usr/bin/env node
// `pnpm dev` / `npm run dev`: every app's dev server with hot reload (shell 3000, marketing 3001,
// customer 3002, curbside 3003, retailer 3004) and the API with watch on 8080. The API's
// remotes.json points the shell at the remotes' dev servers.
import { checkNode, install, pnpm } from './lib.mjs';

checkNode();
await install();
const env = {
  ...process.env,
  REMOTE_MARKETING_URL: process.env.REMOTE_MARKETING_URL ?? 'http://localhost:3001/',
  REMOTE_CUSTOMER_URL: process.env.REMOTE_CUSTOMER_URL ?? 'http://localhost:3002/',
  REMOTE_CURBSIDE_URL: process.env.REMOTE_CURBSIDE_URL ?? 'http://localhost:3003/',
  REMOTE_RETAILER_URL: process.env.REMOTE_RETAILER_URL ?? 'http://localhost:3004/',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
};
const filters = process.argv.slice(2).length
  ? process.argv.slice(2).flatMap((name) => ['--filter', name])
  : ['--filter', 'api', '--filter', 'shell', '--filter', './mfe-*'];
process.exit(await pnpm(['-r', '--parallel', ...filters, 'dev'], { env }));
