// Whether the first page on screen is React's yet (ADR 017: readiness is its own signal). The
// shell marks it when the page it rendered or hydrated has committed (shell/src/routing/
// page-ready-mark.tsx); idle work waits for it (hooks/when-idle.ts) so that it does not compete
// with hydration for the network and the CPU.

let ready = false;
const waiting = new Set<() => void>();

/** Called once, by the shell, when the first page is interactive (hydrated or rendered). */
export function markPageReady(): void {
  if (ready) return;
  ready = true;
  for (const run of [...waiting]) run();
  waiting.clear();
}

export function isPageReady(): boolean {
  return ready;
}

/**
 * Runs `run` once the first page is interactive, or at once if it already is. Returns a function
 * that stops waiting.
 */
export function onPageReady(run: () => void): () => void {
  if (ready) {
    run();
    return () => {};
  }
  waiting.add(run);
  return () => waiting.delete(run);
}
