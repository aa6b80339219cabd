import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['shared-ui/vitest-setup'],
    // Typing with user-event re-renders on every key; on a busy 2-core machine a test that types
    // a few words can pass 5 s.
    testTimeout: 15_000,
  },
});
