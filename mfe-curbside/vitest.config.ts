import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['shared-ui/vitest-setup'],
    // Page tests render the whole remote in jsdom; on a busy 2-core machine 5 s is too tight.
    testTimeout: 20_000,
  },
});
