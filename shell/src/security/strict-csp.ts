import { config } from 'zod/mini';

/**
 * The site's Content-Security-Policy forbids `eval` (api/src/http/security-headers.ts). zod 4
 * probes for it with `new Function('')` the first time it parses an object and falls back when
 * that throws, but the browser still reports each probe as a CSP violation. `jitless` skips the
 * probe. zod keeps this setting on `globalThis`, so it also covers the copies of zod bundled into
 * the remotes, as long as it runs before the first parse: the bootstrap imports this first.
 */
config({ jitless: true });
