import { readFile } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { standaloneHostConfig } from '../fixtures/standalone-host/rspack.config.mjs';

/** Builds the partner host of e2e/fixtures/standalone-host into `outputPath`. */
export async function buildStandaloneHost(options: {
  outputPath: string;
  provideRuntime?: boolean;
}): Promise<void> {
  const compiler = rspack(standaloneHostConfig(options));
  try {
    await new Promise<void>((resolve, reject) => {
      compiler.run((error, stats) => {
        if (error) reject(error);
        else if (stats?.hasErrors())
          reject(new Error(stats.toString({ all: false, errors: true })));
        else resolve();
      });
    });
  } finally {
    await new Promise<void>((resolve) => compiler.close(() => resolve()));
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/**
 * The partner's web server: its own built files (any other path is its `index.html`, the page
 * routes on the client), its `/remotes.json` naming where each CurbRun remote's manifest is, and
 * `/api/*` passed through to a CurbRun API server, since the remotes call the API on the page's
 * own origin.
 */
export class StandaloneHostServer {
  private server: Server | null = null;

  constructor(
    private readonly root: string,
    private readonly options: { api: string; remotes: Record<string, string> },
  ) {}

  get url(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('the standalone host has not been started');
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch(() => response.writeHead(500).end());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { pathname } = new URL(request.url ?? '/', 'http://host');
    if (pathname.startsWith('/api/')) {
      this.proxy(request, response);
      return;
    }
    if (pathname === '/remotes.json') {
      response.writeHead(200, { 'content-type': TYPES['.json'] });
      response.end(JSON.stringify(this.options.remotes));
      return;
    }
    const file = path.join(this.root, path.normalize(pathname));
    const isFile = file.startsWith(this.root) && path.extname(file) !== '';
    const served = isFile ? file : path.join(this.root, 'index.html');
    try {
      const body = await readFile(served);
      response.writeHead(200, {
        'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  }

  private proxy(request: IncomingMessage, response: ServerResponse): void {
    const target = new URL(request.url ?? '/', this.options.api);
    const upstream = httpRequest(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  }
}
