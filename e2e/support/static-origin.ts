import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.css': 'text/css; charset=utf-8',
};

// shared-build names production files `[name].[contenthash:10].ext` (same rule as the API).
const CONTENT_HASHED = /\.[0-9a-f]{10}\./;

/**
 * A second origin serving one remote's deployable folder, like a CDN would: the manifest
 * revalidated, hashed files immutable, CORS for exactly the shell origins it is told about. It can
 * be pointed at another folder (a deployment), stopped (the origin is down) and made to stall
 * (it accepts connections and never answers), then brought back on the same port.
 */
export class StaticOrigin {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly held = new Set<ServerResponse>();
  private stalling = false;
  private port = 0;
  /** Every path requested, in order (for asserting what the browser fetched from here). */
  readonly requests: string[] = [];

  private readonly shellOrigins = new Set<string>();

  constructor(private root: string) {}

  /** Let a shell on this origin load the remote cross-origin (CORS), like the CDN's allow list. */
  allowShell(origin: string): void {
    this.shellOrigins.add(new URL(origin).origin);
  }

  get url(): string {
    if (!this.port) throw new Error('the static origin has not been started');
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts listening: on a free port the first time, on the same port after `stop()`. */
  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((request, response) => this.handle(request, response));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** The origin goes away: new connections are refused, open ones are cut. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.held.clear();
    await closed;
  }

  /** Serve another folder from now on: deploying a new build of the remote. */
  deploy(root: string): void {
    this.root = root;
  }

  /** Accept requests but never answer them, like an overloaded or wedged origin. */
  stall(): void {
    this.stalling = true;
  }

  /** Answer again; requests held while stalling are cut off (the browser gave up on them). */
  resume(): void {
    this.stalling = false;
    for (const response of this.held) response.destroy();
    this.held.clear();
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    this.requests.push(pathname);
    if (this.stalling) {
      this.held.add(response);
      return;
    }
    const origin = request.headers.origin;
    response.setHeader('vary', 'Origin');
    if (origin && this.shellOrigins.has(origin)) {
      response.setHeader('access-control-allow-origin', origin);
    }
    const file = path.join(this.root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(this.root) || request.method !== 'GET') {
      response.writeHead(404).end();
      return;
    }
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': CONTENT_HASHED.test(path.basename(file))
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    });
    createReadStream(file).pipe(response);
  }
}
