import { defineConfig } from 'vitest/config';

// Plain JavaScript: vitest loads a package's config with Node, which cannot import TypeScript
// from another workspace package.

/**
 * The vitest configuration of every front-end package (the shell, the remotes and the shared
 * client packages), kept in one place so the packages cannot drift apart.
 * @param {object} [options]
 * @param {number} [options.testTimeout] per-test limit: component tests render whole pages on a
 *   loaded 2-core CI machine
 * @param {string[]} [options.isolated] test files that need a module cache of their own: they
 *   import a module for its effect on global state and check what it did to modules loaded
 *   before or after it
 * @param {string[]} [options.setupFiles] the package's own set-up, after the shared one
 */
export function componentTestConfig({ testTimeout = 20_000, isolated = [], setupFiles = [] } = {}) {
  return defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['shared-ui/vitest-setup', ...setupFiles],
      testTimeout,
      // Each project below extends these settings.
      projects: [
        {
          extends: true,
          test: {
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: isolated,
            // A package's test files share their worker's module cache and jsdom window instead
            // of each importing React, styled-components and the page code into a new window:
            // that set-up was most of the unit-test stage on CI's two cores (docs/benchmarks.md,
            // "CI time"). vitest-setup.ts resets what a file could leave behind.
            isolate: false,
          },
        },
        ...(isolated.length ? [{ extends: true, test: { include: isolated, isolate: true } }] : []),
      ],
    },
  });
}
