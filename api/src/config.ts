import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  REMOTE_LOAD_TIMEOUT_MAX_MS,
  REMOTE_LOAD_TIMEOUT_MIN_MS,
  type RemoteName,
} from 'shared-contracts/remotes';
import { safeUrl } from 'shared-contracts/url';
import { z } from 'zod';

/** The workspace root (`api/src/config.ts` → `../..`). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Caps on open live-update streams. An idle stream costs little, but without a
 * cap anyone could hold connections open until the process runs out of memory or sockets. The
 * caps are per process (each API process counts its own streams), configured through
 * `LIVE_STREAMS_PER_USER`, `LIVE_STREAMS_PER_ADDRESS` and `LIVE_STREAMS_PER_PROCESS`.
 */
export interface StreamLimits {
  /** Streams one signed-in user may hold (a few tabs, each following a page or two). */
  perUser: number;
  /** Streams one client address may hold, signed in or not (the public demo dashboard). */
  perAddress: number;
  /** Streams the whole process holds; docs/benchmarks.md measures this many idle ones. */
  total: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perUser: 10,
  perAddress: 50,
  total: 10_000,
};

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyAsUndefined, z.string().trim().optional());

const httpUrl = (label: string) =>
  z.preprocess(
    emptyAsUndefined,
    safeUrl(label, { error: `${label} must be an http(s) URL` }).optional(),
  );

const streamLimit = (name: string, fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(1, `${name} must be at least 1`)
      .default(fallback),
  );

/**
 * The default HOST: both loopback addresses (127.0.0.1 and ::1, see `listen.ts`), so a browser
 * that resolves `localhost` to either reaches the server while the network cannot.
 */
export const LOOPBACK_HOST = 'localhost';

/** `localhost`, `127.0.0.0/8` or `::1`: an interface only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(bare)
  );
}

/** A URL whose host is this machine: `localhost`, `*.localhost` (RFC 6761) or a loopback address. */
export function isLocalhostUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname.endsWith('.localhost') || isLoopbackHost(hostname);
}

/** When the server rolls a canary back or promotes it by itself (releases/rule.ts applies it). */
export interface RollbackRule {
  minPageViews: number;
  /** 0.05 is 5%. */
  minErrorRate: number;
  stableFactor: number;
  /** Pages served before an automatic promotion; undefined: promotion is a person's decision. */
  autoPromoteAfter: number | undefined;
}

const releaseWholeNumber = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`);

/**
 * The environment of canary releases (docs/decisions/019-canary-releases.md), spread into the
 * server's one environment schema below so a bad value is reported with all the others.
 */
export const RELEASE_ENV_SHAPE = {
  RELEASE_ROLLBACK_MIN_PAGE_VIEWS: z.preprocess(
    emptyAsUndefined,
    releaseWholeNumber('RELEASE_ROLLBACK_MIN_PAGE_VIEWS', 1).default(20),
  ),
  RELEASE_ROLLBACK_ERROR_RATE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'RELEASE_ROLLBACK_ERROR_RATE must be a number' })
      .gt(0, 'RELEASE_ROLLBACK_ERROR_RATE must be between 0 and 1 (0.05 is 5%)')
      .max(1, 'RELEASE_ROLLBACK_ERROR_RATE must be between 0 and 1 (0.05 is 5%)')
      .default(0.05),
  ),
  RELEASE_ROLLBACK_STABLE_FACTOR: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'RELEASE_ROLLBACK_STABLE_FACTOR must be a number' })
      .min(1, 'RELEASE_ROLLBACK_STABLE_FACTOR must be at least 1')
      .default(2),
  ),
  // Unset: a canary is promoted only by a person (deploy-remote.mjs --promote).
  RELEASE_AUTO_PROMOTE_AFTER: z.preprocess(
    emptyAsUndefined,
    releaseWholeNumber('RELEASE_AUTO_PROMOTE_AFTER', 1).optional(),
  ),
  RELEASE_REPORTS_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    releaseWholeNumber('RELEASE_REPORTS_PER_MINUTE', 1).default(60),
  ),
  OPERATOR_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(24, 'OPERATOR_TOKEN must be at least 24 characters').optional(),
  ),
};

export interface ReleaseConfig {
  rule: RollbackRule;
  /** Reports one visitor may send per minute (per API process). */
  reportsPerMinute: number;
  /**
   * Bearer token of the operator routes (`/api/operator/*`). Unset: open to this machine outside
   * production (the server then listens on loopback only), off in production.
   */
  operatorToken: string | undefined;
}

type ReleaseEnv = z.output<z.ZodObject<typeof RELEASE_ENV_SHAPE>>;

export function releaseConfig(env: ReleaseEnv): ReleaseConfig {
  return {
    rule: {
      minPageViews: env.RELEASE_ROLLBACK_MIN_PAGE_VIEWS,
      minErrorRate: env.RELEASE_ROLLBACK_ERROR_RATE,
      stableFactor: env.RELEASE_ROLLBACK_STABLE_FACTOR,
      autoPromoteAfter: env.RELEASE_AUTO_PROMOTE_AFTER,
    },
    reportsPerMinute: env.RELEASE_REPORTS_PER_MINUTE,
    operatorToken: env.OPERATOR_TOKEN,
  };
}

const envSchema = z.object({
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(8080),
  ),
  // Loopback by default: the development outbox and checkout helpers must not reach the network
  // unless someone chose an interface.
  HOST: z.preprocess(emptyAsUndefined, z.string().trim().default(LOOPBACK_HOST)),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(?:ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: optionalString,
  SIM_TIME_SCALE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'SIM_TIME_SCALE must be a number' })
      .positive('SIM_TIME_SCALE must be a positive number')
      .finite('SIM_TIME_SCALE must be a positive number')
      .default(1),
  ),
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['development', 'production', 'test'], {
        error: 'NODE_ENV must be development, production or test',
      })
      .default('development'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .optional(),
  ),
  SENSITIVE_AUTH_WINDOW_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'SENSITIVE_AUTH_WINDOW_SECONDS must be a number' })
      .int('SENSITIVE_AUTH_WINDOW_SECONDS must be a whole number of seconds')
      .min(1, 'SENSITIVE_AUTH_WINDOW_SECONDS must be between 1 and 86400')
      .max(86_400, 'SENSITIVE_AUTH_WINDOW_SECONDS must be between 1 and 86400')
      .default(600),
  ),
  // Generous on purpose: it only slows down spraying from one address (the per-account limit of 5
  // failures is what protects an account), and a busy office or a test suite shares one IP.
  AUTH_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'AUTH_RATE_LIMIT_PER_MINUTE must be a number' })
      .int('AUTH_RATE_LIMIT_PER_MINUTE must be a whole number')
      .min(1, 'AUTH_RATE_LIMIT_PER_MINUTE must be at least 1')
      .default(120),
  ),
  RETAILER_API_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'RETAILER_API_RATE_LIMIT_PER_MINUTE must be a number' })
      .int('RETAILER_API_RATE_LIMIT_PER_MINUTE must be a whole number')
      .min(1, 'RETAILER_API_RATE_LIMIT_PER_MINUTE must be at least 1')
      .default(600),
  ),
  LIVE_STREAMS_PER_USER: streamLimit('LIVE_STREAMS_PER_USER', DEFAULT_STREAM_LIMITS.perUser),
  LIVE_STREAMS_PER_ADDRESS: streamLimit(
    'LIVE_STREAMS_PER_ADDRESS',
    DEFAULT_STREAM_LIMITS.perAddress,
  ),
  LIVE_STREAMS_PER_PROCESS: streamLimit('LIVE_STREAMS_PER_PROCESS', DEFAULT_STREAM_LIMITS.total),
  WEBHOOK_ALLOW_LOOPBACK: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { error: 'WEBHOOK_ALLOW_LOOPBACK must be true or false' }).optional(),
  ),
  WEBHOOK_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'WEBHOOK_TIMEOUT_MS must be a number' })
      .int('WEBHOOK_TIMEOUT_MS must be a whole number')
      .min(100, 'WEBHOOK_TIMEOUT_MS must be between 100 and 60000')
      .max(60_000, 'WEBHOOK_TIMEOUT_MS must be between 100 and 60000')
      .default(10_000),
  ),
  RETAILER_DEMO_TRAFFIC: z.preprocess(
    emptyAsUndefined,
    z.enum(['on', 'off'], { error: 'RETAILER_DEMO_TRAFFIC must be on or off' }).optional(),
  ),
  SERVER_RENDERING: z.preprocess(
    emptyAsUndefined,
    z.enum(['on', 'off'], { error: 'SERVER_RENDERING must be on or off' }).optional(),
  ),
  DEMO_CUSTOMER: z.preprocess(
    emptyAsUndefined,
    z.enum(['on', 'off'], { error: 'DEMO_CUSTOMER must be on or off' }).optional(),
  ),
  PUBLIC_URL: httpUrl('PUBLIC_URL'),
  STATIC_ROOT: optionalString,
  REMOTE_MARKETING_URL: httpUrl('REMOTE_MARKETING_URL'),
  REMOTE_CUSTOMER_URL: httpUrl('REMOTE_CUSTOMER_URL'),
  REMOTE_CURBSIDE_URL: httpUrl('REMOTE_CURBSIDE_URL'),
  REMOTE_RETAILER_URL: httpUrl('REMOTE_RETAILER_URL'),
  // Absent: the shell's 15 s default. Tests shorten it; production rarely needs to.
  REMOTE_LOAD_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'REMOTE_LOAD_TIMEOUT_MS must be a number' })
      .int('REMOTE_LOAD_TIMEOUT_MS must be a whole number')
      .min(REMOTE_LOAD_TIMEOUT_MIN_MS, 'REMOTE_LOAD_TIMEOUT_MS must be between 1000 and 120000')
      .max(REMOTE_LOAD_TIMEOUT_MAX_MS, 'REMOTE_LOAD_TIMEOUT_MS must be between 1000 and 120000')
      .optional(),
  ),
  SHELL_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((item) => item.trim()))
      .pipe(
        z.array(
          safeUrl('SHELL_ORIGINS', {
            error: 'SHELL_ORIGINS must be a comma-separated list of http(s) origins',
          }),
        ),
      )
      .optional(),
  ),
  // More names the server answers for besides PUBLIC_URL's host (http/allowed-hosts.ts).
  ALLOWED_HOSTS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/,
              'ALLOWED_HOSTS must be a comma-separated list of host names or addresses, without port or scheme (e.g. curbrun.example,10.0.0.5)',
            ),
        ),
      )
      .optional(),
  ),
  // Behind a load balancer every request comes from the balancer's address; trusting its
  // X-Forwarded-For gives the per-IP limits the client's address back. Only the proxies you run.
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(
        /^(?:true|false|\d{1,2}|[0-9A-Fa-f:.]+(?:\/\d{1,3})?(?:\s*,\s*[0-9A-Fa-f:.]+(?:\/\d{1,3})?)*)$/,
        'TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses (CIDR allowed)',
      )
      .optional(),
  ),
  ...RELEASE_ENV_SHAPE,
});

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  /** Interface to listen on; `localhost` (the default) means 127.0.0.1 and ::1 (`listen.ts`). */
  host: string;
  /** PostgreSQL server when set; otherwise the embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Multiplies every simulated duration (docs/product.md, "Timings"): 0.1 makes 45 s 4.5 s. */
  simTimeScale: number;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: LogLevel;
  /** How long a password (re-)check unlocks sensitive pages such as the wallet. */
  sensitiveAuthWindowSeconds: number;
  /**
   * Requests per minute one IP address may make to each endpoint that checks a secret (login,
   * registration, password re-check, email verification). Per process; the per-account limit in
   * the database is what holds across processes.
   */
  authRateLimitPerMinute: number;
  /** Requests per minute each retailer API key may make (shared by every API process). */
  retailerApiRateLimitPerMinute: number;
  /**
   * Whether webhooks may be sent to loopback addresses (and plain http). Off in production (a
   * retailer could otherwise make our server call its own services); on elsewhere, so local
   * development and the tests can use a receiver on this machine. Private, link-local and
   * metadata addresses are refused whatever this says (webhooks/address-policy.ts).
   */
  webhookAllowLoopback: boolean;
  /** Caps on open live-update streams (SSE) in this process: per user, per address, in all. */
  liveStreamLimits: StreamLimits;
  /** How long a webhook receiver has to answer before the attempt counts as failed. */
  webhookTimeoutMs: number;
  /** Whether the demo store keeps placing simulated orders for the dashboard's demo (off in tests). */
  retailerDemoTraffic: boolean;
  /**
   * Whether pages are rendered on the server from the apps' Node builds (ADR 010); off
   * sends the shell's empty page and the browser renders everything, as a plain static host would.
   */
  serverRendering: boolean;
  /**
   * Whether the first start creates the demo customer and their history (the README's
   * credentials). On by default so `npm start` has something to show; a real deployment turns it
   * off and still gets the partner retailers and their stores.
   */
  demoCustomer: boolean;
  /** Base URL for links we send out (emails, SMS); no trailing slash. */
  publicUrl: string;
  /** Folder holding `shell/dist` and `mfe-<name>/dist`. */
  staticRoot: string;
  /** Base URL of each remote deployed elsewhere; undefined means "served by this process". */
  remoteUrls: Record<RemoteName, string | undefined>;
  /** How long the shell waits for a remote (sent in /remotes.json); undefined: its 15 s default. */
  remoteLoadTimeoutMs: number | undefined;
  /**
   * Origins of the shells that may load this server's remotes cross-origin (CORS on /remotes/*):
   * PUBLIC_URL's origin plus SHELL_ORIGINS.
   */
  shellOrigins: string[];
  /** ALLOWED_HOSTS: names answered besides PUBLIC_URL's host (and loopback names on loopback). */
  allowedHosts: string[];
  /**
   * Fastify's `trustProxy`: whether (true), how many hops (a number) or which addresses (a list)
   * to trust for X-Forwarded-For / -Proto, so `request.ip` is the client behind a load balancer.
   */
  trustProxy: boolean | number | string;
  /** Canary releases: the rollback rule, the report limit, the operator token (releases/config.ts). */
  releases: ReleaseConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the environment once at start-up and fails with every problem listed, so a bad deploy
 * stops immediately with a message naming the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const raw = env[name];
      return `  ${name}: ${issue.message}${raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`}`;
    });
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV;
  const remoteUrls: Record<RemoteName, string | undefined> = {
    marketing: e.REMOTE_MARKETING_URL,
    customer: e.REMOTE_CUSTOMER_URL,
    curbside: e.REMOTE_CURBSIDE_URL,
    retailer: e.REMOTE_RETAILER_URL,
  };
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const exposure = developmentExposure(nodeEnv, e.HOST, publicUrl);
  if (exposure.length > 0) {
    throw new ConfigError(`Unsafe environment configuration:\n${exposure.join('\n')}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    simTimeScale: e.SIM_TIME_SCALE,
    nodeEnv,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    sensitiveAuthWindowSeconds: e.SENSITIVE_AUTH_WINDOW_SECONDS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    retailerApiRateLimitPerMinute: e.RETAILER_API_RATE_LIMIT_PER_MINUTE,
    webhookAllowLoopback:
      e.WEBHOOK_ALLOW_LOOPBACK === undefined
        ? nodeEnv !== 'production'
        : e.WEBHOOK_ALLOW_LOOPBACK === 'true',
    liveStreamLimits: {
      perUser: e.LIVE_STREAMS_PER_USER,
      perAddress: e.LIVE_STREAMS_PER_ADDRESS,
      total: e.LIVE_STREAMS_PER_PROCESS,
    },
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    retailerDemoTraffic:
      e.RETAILER_DEMO_TRAFFIC === undefined ? nodeEnv !== 'test' : e.RETAILER_DEMO_TRAFFIC === 'on',
    serverRendering: e.SERVER_RENDERING !== 'off',
    demoCustomer: e.DEMO_CUSTOMER !== 'off',
    publicUrl,
    staticRoot: path.resolve(e.STATIC_ROOT ?? REPO_ROOT),
    remoteUrls,
    remoteLoadTimeoutMs: e.REMOTE_LOAD_TIMEOUT_MS,
    shellOrigins: [
      ...new Set([
        new URL(publicUrl).origin,
        ...(e.SHELL_ORIGINS ?? []).map((u) => new URL(u).origin),
      ]),
    ],
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    allowedHosts: e.ALLOWED_HOSTS ?? [],
    releases: releaseConfig(e),
  };
}

/**
 * Outside production the development outbox (every PIN and verification link) and the
 * development checkout helper answer without a token. They must only be reachable from this
 * machine, so a server with them on refuses to listen on the network or to serve a
 * public URL; each problem names the variable to change.
 */
function developmentExposure(
  nodeEnv: Config['nodeEnv'],
  host: string,
  publicUrl: string,
): string[] {
  if (nodeEnv === 'production') return [];
  const why = `NODE_ENV is ${nodeEnv}, so the development outbox (PINs, verification links) and checkout helpers are on`;
  const problems: string[] = [];
  if (!isLoopbackHost(host)) {
    problems.push(
      `  HOST: ${why}; they must not be reachable from the network. Leave HOST unset (or localhost, 127.0.0.1, ::1), or set NODE_ENV=production to listen on ${JSON.stringify(host)}.`,
    );
  }
  if (!isLocalhostUrl(publicUrl)) {
    problems.push(
      `  PUBLIC_URL: ${why}; they must not serve a public site. Use a localhost URL (http://localhost:<port>), or set NODE_ENV=production for ${JSON.stringify(publicUrl)}.`,
    );
  }
  return problems;
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((address) => address.trim())
    .join(',');
}
