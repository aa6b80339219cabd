import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './remote-build';

export const NGINX_TEMPLATE = path.join(REPO_ROOT, 'docs', 'deploy', 'nginx.conf.template');

function which(command: string): string | undefined {
  for (const dir of ['/usr/sbin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(':')]) {
    const candidate = path.join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The nginx binary, installing Debian's package when it is missing and we may (root, like
 * `npm test` does for chromium). Otherwise the reason it is not available, for the skip message.
 */
export function findOrInstallNginx(): { binary: string } | { missing: string } {
  const found = which('nginx');
  if (found) return { binary: found };
  if (process.getuid?.() !== 0) {
    return {
      missing:
        'nginx is not installed and this user cannot install it (run "sudo apt-get install -y nginx").',
    };
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', 'nginx'], { env, encoding: 'utf8' });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { env, encoding: 'utf8' });
    result = spawnSync('apt-get', ['install', '-y', 'nginx'], { env, encoding: 'utf8' });
  }
  const installed = which('nginx');
  if (installed) return { binary: installed };
  return {
    missing: `nginx is not installed and "apt-get install -y nginx" failed: ${(result.stderr || result.error?.message || '').trim().slice(-300)}`,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Fills the ${CURBRUN_...} placeholders; any left over is an error (a renamed placeholder). */
export function renderTemplate(template: string, values: Record<string, string>): string {
  const text = template.replace(/\$\{(CURBRUN_[A-Z_]+)\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for ${match} in the nginx template`);
    return value;
  });
  return text;
}

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** Runs the sample configuration, unchanged but for its placeholders, in a throwaway prefix. */
export async function startNginx(
  binary: string,
  values: Omit<Record<string, string>, 'CURBRUN_LISTEN'>,
): Promise<RunningNginx> {
  const port = await freePort();
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'curbrun-nginx-'));
  for (const dir of ['logs', 'temp']) await mkdir(path.join(prefix, dir), { recursive: true });
  const site = renderTemplate(await readFile(NGINX_TEMPLATE, 'utf8'), {
    ...values,
    CURBRUN_LISTEN: `127.0.0.1:${port}`,
  });
  await writeFile(path.join(prefix, 'curbrun.conf'), site);
  // The process-level settings a distribution's /etc/nginx/nginx.conf would hold.
  const main = [
    // One process in the foreground, so the test owns exactly what it stops.
    'master_process off;',
    'daemon off;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/logs/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${prefix}/logs/access.log;`,
    `  client_body_temp_path ${prefix}/temp/body;`,
    `  proxy_temp_path ${prefix}/temp/proxy;`,
    `  fastcgi_temp_path ${prefix}/temp/fastcgi;`,
    `  uwsgi_temp_path ${prefix}/temp/uwsgi;`,
    `  scgi_temp_path ${prefix}/temp/scgi;`,
    `  include ${prefix}/curbrun.conf;`,
    '}',
    '',
  ].join('\n');
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(conf, main);
  // A configuration error must fail with nginx's own words.
  execFileSync(binary, ['-t', '-p', prefix, '-c', conf], { stdio: 'pipe' });

  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', conf], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await readFile(path.join(prefix, 'logs', 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx exited with code ${child.exitCode}:\n${log}`);
    }
    try {
      await fetch(`${url}/favicon.svg`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('nginx did not start listening within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
