import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { HttpError } from '../http/errors.ts';
import { Semaphore, SemaphoreFullError } from './semaphore.ts';

// OWASP's argon2id baseline (19 MiB, 2 iterations, 1 lane): strong enough for a web login while a
// hash still takes tens of milliseconds on a small server.
// `Algorithm` is an ambient const enum, which isolatedModules cannot inline; 2 is Argon2id.
const ARGON2ID = 2 satisfies Algorithm.Argon2id;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * At most 4 hashes at once (4 × 19 MiB), and at most 200 requests waiting for one; beyond that the
 * server answers 503 rather than letting a login burst grow memory and latency without bound.
 */
export const PASSWORD_HASH_CONCURRENCY = 4;
export const PASSWORD_HASH_MAX_QUEUE = 200;
const hashing = new Semaphore(PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_MAX_QUEUE);

export class PasswordHasherBusyError extends HttpError {
  constructor() {
    super(503, 'The server is busy. Please try again in a moment.');
  }
}

/**
 * The argon2 primitives, called through this object (never imported directly) so tests can watch
 * the work a request does: a login must run exactly one verification whether the account exists
 * or not (see `login` in service.ts).
 */
export const argon2 = { hash, verify };

async function bounded<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await hashing.run(task);
  } catch (error) {
    if (error instanceof SemaphoreFullError) throw new PasswordHasherBusyError();
    throw error;
  }
}

export function hashPassword(password: string): Promise<string> {
  return bounded(() => argon2.hash(password, PASSWORD_HASH_OPTIONS));
}

/** False for a wrong password and for a malformed stored hash alike: both mean "no access". */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return bounded(async () => {
    try {
      return await argon2.verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/**
 * A hash of a random password nobody knows, with the same parameters as real ones. Checking a
 * password against it when no account matches makes "unknown user" take as long as "wrong
 * password", so response times do not reveal which accounts exist.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$6F4j1oXAz804OWRTFSmAPA$GyZJWLrvWoyU+aPUi+73Fd2zJG2ugIHAcrQrwMCLdoE';
