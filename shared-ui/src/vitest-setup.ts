// The one setup file of every front-end package's vitest run (vitest-config.mjs names it).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToasts } from './toast/toast-store';

// Views load their code on demand (React.lazy), and in jsdom that import is transformed on the
// spot, which can take over a second on a busy machine, so `findBy…` waits up to 5 s instead of
// Testing Library's 1 s: an element that never appears still fails the test.
configure({ asyncUtilTimeout: 5_000 });

// Test files share one window (vitest-config.mjs): each test leaves it as the next one expects it.
// The toast store lives in its module, not in the rendered tree: a toast left by one test would be
// shown by the next test's toaster, and replaced under it by that test's own (one at a time).
afterEach(() => {
  cleanup();
  resetToasts();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
