import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLocalhostUrl, isLoopbackHost, loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: 'localhost',
      databaseUrl: undefined,
      dataDir: path.join(REPO_ROOT, '.data'),
      simTimeScale: 1,
      nodeEnv: 'development',
      logLevel: 'info',
      sensitiveAuthWindowSeconds: 600,
      authRateLimitPerMinute: 120,
      retailerApiRateLimitPerMinute: 600,
      webhookAllowLoopback: true,
      webhookTimeoutMs: 10_000,
      retailerDemoTraffic: true,
      serverRendering: true,
      demoCustomer: true,
      liveStreamLimits: { perUser: 10, perAddress: 50, total: 10_000 },
      publicUrl: 'http://localhost:8080',
      staticRoot: REPO_ROOT,
      remoteUrls: {
        marketing: undefined,
        customer: undefined,
        curbside: undefined,
        retailer: undefined,
      },
      remoteLoadTimeoutMs: undefined,
      shellOrigins: ['http://localhost:8080'],
      trustProxy: false,
      allowedHosts: [],
      releases: {
        rule: {
          minPageViews: 20,
          minErrorRate: 0.05,
          stableFactor: 2,
          autoPromoteAfter: undefined,
        },
        reportsPerMinute: 60,
        operatorToken: undefined,
      },
    });
  });

  it('turns the demo customer off only when asked to', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoCustomer).toBe(true);
    expect(loadConfig({ DEMO_CUSTOMER: 'on' }).demoCustomer).toBe(true);
    expect(loadConfig({ DEMO_CUSTOMER: 'off' }).demoCustomer).toBe(false);
    expect(() => loadConfig({ DEMO_CUSTOMER: 'no' })).toThrow('DEMO_CUSTOMER must be on or off');
  });

  it('reads which proxies to trust for the client address', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1,::1',
    );
    for (const bad of ['yes', 'nginx', '10.0.0.1; rm -rf']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        'TRUST_PROXY must be true, false, a number of proxy hops',
      );
    }
  });

  it('reads the remote load timeout and the shell origins for CORS', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://curbrun.example/app/',
      SHELL_ORIGINS:
        'https://www.curbrun.example, https://staging.curbrun.example:8443/,https://curbrun.example',
      REMOTE_LOAD_TIMEOUT_MS: '3000',
    });
    expect(config.remoteLoadTimeoutMs).toBe(3000);
    // Origins only (no path, no trailing slash), PUBLIC_URL's first, each once.
    expect(config.shellOrigins).toEqual([
      'https://curbrun.example',
      'https://www.curbrun.example',
      'https://staging.curbrun.example:8443',
    ]);
    for (const [name, value, message] of [
      ['REMOTE_LOAD_TIMEOUT_MS', '500', 'REMOTE_LOAD_TIMEOUT_MS must be between 1000 and 120000'],
      ['REMOTE_LOAD_TIMEOUT_MS', 'soon', 'REMOTE_LOAD_TIMEOUT_MS must be a number'],
      [
        'SHELL_ORIGINS',
        'https://ok.example,ftp://files.example',
        'SHELL_ORIGINS must be a comma-separated list of http(s) origins',
      ],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(message);
    }
  });

  it('finds the workspace root', () => {
    expect(existsSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml'))).toBe(true);
    expect(existsSync(path.join(REPO_ROOT, 'api', 'package.json'))).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://user@db:5432/app',
      DATA_DIR: '/var/lib/curbside',
      SIM_TIME_SCALE: '0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://curbrun.example/',
      STATIC_ROOT: '/srv/site',
      REMOTE_MARKETING_URL: 'https://cdn.example/marketing/',
      REMOTE_CURBSIDE_URL: 'https://cdn.example/curbside',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      databaseUrl: 'postgres://user@db:5432/app',
      dataDir: '/var/lib/curbside',
      simTimeScale: 0.1,
      nodeEnv: 'production',
      logLevel: 'warn',
      publicUrl: 'https://curbrun.example',
      staticRoot: '/srv/site',
      remoteUrls: {
        marketing: 'https://cdn.example/marketing/',
        customer: undefined,
        curbside: 'https://cdn.example/curbside',
        retailer: undefined,
      },
    });
  });

  it('derives PUBLIC_URL from PORT and keeps tests quiet by default', () => {
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', REMOTE_RETAILER_URL: ' ' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.remoteUrls.retailer).toBeUndefined();
  });

  it('lists every bad variable with its value', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        SIM_TIME_SCALE: '0',
        DATABASE_URL: 'mysql://nope',
        REMOTE_CUSTOMER_URL: 'ftp://files.example/customer',
        NODE_ENV: 'staging',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('Invalid environment configuration');
    expect(message).toContain('PORT: PORT must be a number (got "eighty")');
    expect(message).toContain('SIM_TIME_SCALE: SIM_TIME_SCALE must be a positive number (got "0")');
    expect(message).toContain('DATABASE_URL: DATABASE_URL must start with postgres://');
    expect(message).toContain('REMOTE_CUSTOMER_URL: REMOTE_CUSTOMER_URL must be an http(s) URL');
    expect(message).toContain('NODE_ENV: NODE_ENV must be development, production or test');
  });

  it('reads the sensitive-auth window and the per-IP auth limit', () => {
    const config = loadConfig({
      SENSITIVE_AUTH_WINDOW_SECONDS: '3',
      AUTH_RATE_LIMIT_PER_MINUTE: '500',
    });
    expect(config.sensitiveAuthWindowSeconds).toBe(3);
    expect(config.authRateLimitPerMinute).toBe(500);
    expect(() => loadConfig({ SENSITIVE_AUTH_WINDOW_SECONDS: '0' })).toThrow(
      'SENSITIVE_AUTH_WINDOW_SECONDS must be between 1 and 86400 (got "0")',
    );
    expect(() => loadConfig({ SENSITIVE_AUTH_WINDOW_SECONDS: '1.5' })).toThrow(
      'SENSITIVE_AUTH_WINDOW_SECONDS must be a whole number of seconds',
    );
    expect(() => loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(
      'AUTH_RATE_LIMIT_PER_MINUTE must be a number',
    );
  });

  it('reads the caps on live streams', () => {
    const config = loadConfig({
      LIVE_STREAMS_PER_USER: '3',
      LIVE_STREAMS_PER_ADDRESS: '4',
      LIVE_STREAMS_PER_PROCESS: '20000',
    });
    expect(config.liveStreamLimits).toEqual({ perUser: 3, perAddress: 4, total: 20_000 });
    expect(() => loadConfig({ LIVE_STREAMS_PER_USER: '0' })).toThrow(
      'LIVE_STREAMS_PER_USER must be at least 1 (got "0")',
    );
    expect(() => loadConfig({ LIVE_STREAMS_PER_PROCESS: 'many' })).toThrow(
      'LIVE_STREAMS_PER_PROCESS must be a number',
    );
  });

  it('rejects ports out of range and negative time scales', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT must be between 0 and 65535');
    expect(() => loadConfig({ SIM_TIME_SCALE: '-2' })).toThrow('SIM_TIME_SCALE must be a positive');
  });

  it('blocks loopback webhook targets in production unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).webhookAllowLoopback).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_LOOPBACK: 'true' }).webhookAllowLoopback,
    ).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'false' }).webhookAllowLoopback).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'yes' })).toThrow(
      'WEBHOOK_ALLOW_LOOPBACK must be true or false',
    );
    expect(() => loadConfig({ RETAILER_API_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      'RETAILER_API_RATE_LIMIT_PER_MINUTE must be at least 1',
    );
  });

  it('listens on loopback only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ HOST: ' ' }).host).toBe('localhost');
    expect(loadConfig({ HOST: '::1' }).host).toBe('::1');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '::' }).host).toBe('::');
  });

  it('refuses to put the development endpoints on the network (HOST)', () => {
    for (const [nodeEnv, host] of [
      ['development', '::'],
      ['development', '0.0.0.0'],
      ['test', '192.168.1.20'],
      [undefined, 'curbrun.example'],
    ] as const) {
      let error: unknown;
      try {
        loadConfig({ NODE_ENV: nodeEnv, HOST: host });
      } catch (caught) {
        error = caught;
      }
      expect(error, `${nodeEnv} ${host}`).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain(
        `HOST: NODE_ENV is ${nodeEnv ?? 'development'}, so the development outbox`,
      );
      expect(message).toContain(`set NODE_ENV=production to listen on "${host}"`);
      expect(message).not.toContain('PUBLIC_URL:');
    }
  });

  it('refuses to serve a public URL with the development endpoints on (PUBLIC_URL)', () => {
    for (const publicUrl of [
      'https://curbrun.example',
      'http://192.168.1.20:8080',
      'http://localhost.evil.example',
      'http://127.0.0.1.nip.io:8080',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: publicUrl }), publicUrl).toThrow(
        `PUBLIC_URL: NODE_ENV is development, so the development outbox (PINs, verification links) and checkout helpers are on; they must not serve a public site. Use a localhost URL (http://localhost:<port>), or set NODE_ENV=production for "${publicUrl}"`,
      );
      expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: publicUrl })).toThrow(
        'PUBLIC_URL: NODE_ENV is test',
      );
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: publicUrl }).publicUrl).toBe(
        publicUrl,
      );
    }
    // Both problems at once are both named.
    expect(() => loadConfig({ HOST: '::', PUBLIC_URL: 'https://curbrun.example' })).toThrow(
      /HOST: .*\n {2}PUBLIC_URL: /,
    );
  });

  it('accepts every local URL the development tools use', () => {
    for (const publicUrl of [
      'http://localhost:3000',
      'https://curbrun.localhost',
      'http://127.0.0.1:8181',
      'http://[::1]:8080/',
    ]) {
      expect(loadConfig({ PUBLIC_URL: publicUrl }).publicUrl, publicUrl).toBe(
        publicUrl.replace(/\/$/, ''),
      );
    }
    expect(isLoopbackHost('127.12.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('127.0.0.256')).toBe(false);
    expect(isLoopbackHost('::')).toBe(false);
    expect(isLocalhostUrl('http://app.localhost:8080')).toBe(true);
    expect(isLocalhostUrl('http://localhost.example')).toBe(false);
  });
});
