/**
 * The latest result of `load`, shared by every caller for `ttlMs`, with at most one load in
 * flight: a public page read by thousands of visitors costs one load per `ttlMs`, not one per
 * request. A failed load is not kept; the next caller tries again.
 */
export function sharedSnapshot<T>(
  load: () => Promise<T>,
  ttlMs: number,
  clock: () => number = Date.now,
): () => Promise<T> {
  let latest: { value: T; loadedAt: number } | undefined;
  let loading: Promise<T> | undefined;
  return () => {
    if (latest && clock() - latest.loadedAt < ttlMs) return Promise.resolve(latest.value);
    loading ??= (async () => {
      const startedAt = clock();
      try {
        const value = await load();
        latest = { value, loadedAt: startedAt };
        return value;
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  };
}
