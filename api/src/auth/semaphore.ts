/**
 * Thrown when more callers wait than the semaphore allows; the caller answers 503 instead of
 * queueing without bound.
 */
export class SemaphoreFullError extends Error {
  override name = 'SemaphoreFullError';
}

/**
 * At most `limit` tasks run at once; up to `maxQueue` more wait in arrival order. Used to bound
 * argon2 (19 MiB each): a burst of logins then waits its turn instead of exhausting memory.
 */
export class Semaphore {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly limit: number,
    readonly maxQueue = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('Semaphore limit must be >= 1');
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #acquire(): Promise<void> {
    if (this.#running < this.limit) {
      this.#running += 1;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.maxQueue) {
      return Promise.reject(new SemaphoreFullError('Too many tasks waiting'));
    }
    // The slot is handed over directly in #release, so `running` never dips and lets a newcomer in
    // ahead of someone who waited.
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running -= 1;
  }
}
