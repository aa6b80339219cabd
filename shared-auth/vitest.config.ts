import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['shared-ui/vitest-setup'],
    // Component tests render whole pages; on a loaded 2-core CI machine 5 s is too tight.
    testTimeout: 20_000,
  },
});
