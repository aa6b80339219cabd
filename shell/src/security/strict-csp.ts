/**
 * The site's CSP forbids `eval`, and zod 4 probes for it with `new Function('')`, which the
 * browser reports as a violation; `jitless` skips the probe. zod reads its settings from this
 * global, shared by every copy of zod on the page, so setting it before anything parses covers
 * them all. Written directly, not through `z.config()`, so the first load carries no zod
 * (strict-csp.test.ts checks that zod still reads it from here).
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
