/**
 * The site's Content-Security-Policy forbids `eval` (api/src/http/security-headers.ts). zod 4
 * probes for it with `new Function('')` the first time it parses an object and falls back when
 * that throws, but the browser still reports each probe as a CSP violation. `jitless` skips the
 * probe. zod keeps its settings on `globalThis.__zod_globalConfig`, shared by every copy of zod
 * on the page (the remotes bundle their own), and reads them when it parses, so setting it here,
 * before anything parses, covers them all: the bootstrap imports this first.
 *
 * Written to the global directly instead of through `z.config()`: importing zod for one call would
 * put its core on every page's first load. strict-csp.test.ts checks that zod still
 * reads the setting from there.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
