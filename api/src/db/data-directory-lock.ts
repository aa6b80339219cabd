import { rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';

/**
 * PGlite is PostgreSQL inside this process: a second process opening the same folder would
 * corrupt it, and nothing in PGlite prevents that. The folder is locked by a Unix domain socket
 * next to it that the holder listens on: the operating system closes it when the holder dies, by
 * any signal, so a live holder accepts a connection and a dead one's file refuses it. Unlike a
 * PID in a file, this never mistakes a recycled PID, or a container's server restarted with the
 * same PID, for the owner. A lock library with staleness by mtime was set aside: PGlite blocks
 * the event loop during long queries, which would let the lock go stale under a live server.
 * docs/security.md ("The default setup") lists the tests.
 */

/** Longest socket path every platform binds in full (Linux 107 bytes, macOS 103). */
const MAX_SOCKET_PATH_BYTES = 100;
/** How long a holder has to say who it is before it is reported without its PID. */
const GREETING_TIMEOUT_MS = 1_000;

export class DataDirectoryInUseError extends Error {
  override name = 'DataDirectoryInUseError';
}

/** Takes the lock of `directory`; resolves to the function that releases it. */
export async function lockDataDirectory(directory: string): Promise<() => Promise<void>> {
  const lockPath = socketPath(`${directory}.lock`);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const server = await listenExclusively(lockPath);
    if (server) {
      // Whoever asks learns the holder's PID, for the message below.
      server.on('connection', (socket) => {
        socket.on('error', () => {});
        socket.end(`${process.pid}\n`);
      });
      server.unref();
      // Closing a listening socket removes its file.
      return () => new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const holder = await probe(lockPath);
    if (holder.alive) {
      throw new DataDirectoryInUseError(
        `The embedded database at ${directory} is in use by ${
          holder.pid ? `process ${holder.pid}` : 'another process'
        }. Stop that process, or point DATA_DIR elsewhere (or DATABASE_URL at a PostgreSQL server).`,
      );
    }
    await removeStaleLock(lockPath);
  }
  throw new Error(`Could not lock the embedded database at ${directory}`);
}

/**
 * Removes a lock file nobody listens on (a holder killed, or a PID file from an older version),
 * one process at a time: only a process holding `<lock>.takeover` removes the lock, and no process
 * can listen on a path that exists, so the file seen dead under it is still the one removed. A
 * takeover guard left by a process killed within those few milliseconds is removed unguarded.
 */
async function removeStaleLock(lockPath: string): Promise<void> {
  const guardPath = `${lockPath}.takeover`;
  const guard = await listenExclusively(guardPath);
  if (!guard) {
    if ((await probe(guardPath)).alive) await new Promise((resolve) => setTimeout(resolve, 20));
    else await rm(guardPath, { force: true });
    return;
  }
  try {
    if (!(await probe(lockPath)).alive) await rm(lockPath, { force: true });
  } finally {
    await new Promise<void>((resolve) => guard.close(() => resolve()));
  }
}

/** A server listening on `address`, or null when a file (a socket or not) is already there. */
function listenExclusively(address: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(null);
      else reject(error);
    });
    server.listen(address, () => {
      server.removeAllListeners('error');
      // A client that hangs up early must not take the process down.
      server.on('error', () => {});
      resolve(server);
    });
  });
}

/** Whether a live process listens on `address`, and its PID when it says. */
function probe(address: string): Promise<{ alive: boolean; pid?: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    let said = '';
    let alive = false;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      const pid = Number.parseInt(said, 10);
      socket.destroy();
      resolve({ alive, ...(Number.isInteger(pid) && pid > 0 ? { pid } : {}) });
    };
    socket.setTimeout(GREETING_TIMEOUT_MS, done);
    socket.on('connect', () => {
      alive = true;
    });
    socket.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    socket.on('end', done);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // Refused or gone: nobody listens (a dead holder's file, or not a socket at all). A full
      // backlog (EAGAIN) is a live holder too busy to accept.
      if (error.code === 'EAGAIN') alive = true;
      if (alive || ['ECONNREFUSED', 'ENOENT', 'ENOTSOCK'].includes(error.code ?? '')) done();
      else reject(error);
    });
  });
}

/**
 * The path to bind: absolute when it fits the platform's limit (a longer one would be cut short
 * silently, so two folders could share a lock), else relative to the working folder, else an error.
 */
function socketPath(absolute: string): string {
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH_BYTES) return absolute;
  const relative = path.relative(process.cwd(), absolute);
  if (Buffer.byteLength(relative) <= MAX_SOCKET_PATH_BYTES) return relative;
  throw new Error(
    `The embedded database's lock ${absolute} is too long a path for a socket ` +
      `(${MAX_SOCKET_PATH_BYTES} bytes at most): choose a shorter DATA_DIR.`,
  );
}
