import { createRequire } from 'node:module';
import type { RuleSetRule } from '@rspack/core';

const localRequire = createRequire(import.meta.url);

/**
 * How every build (browser and Node) compiles our own TypeScript. The browser build and the Node
 * build of an app must give each styled component the same id, or the server's class names would
 * not be the browser's when the page hydrates: the styled-components plugin derives the
 * id from the file and the component's place in it, never from the order modules ran in.
 */
export function swcRule({
  packageName,
  production,
}: {
  packageName: string;
  production: boolean;
}): RuleSetRule {
  return {
    // Only our own TypeScript: dependencies ship compiled JS, and MF injects data: modules.
    test: /\.tsx?$/,
    // Workspace libraries resolve to their real folders (outside node_modules) and get compiled.
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        // Without a target SWC compiles to ES5: object spread, classes, optional chaining and
        // async functions become helpers and state machines, over half of our own code's bytes.
        // ES2020 runs natively on every browser the site supports (Safari 14+,
        // Chrome and Firefox of 2020 on) and on Node 20 for the server build.
        target: 'es2020',
        transform: {
          react: { runtime: 'automatic', development: !production, refresh: false },
        },
        experimental: {
          plugins: [
            [
              localRequire.resolve('@swc/plugin-styled-components'),
              {
                displayName: !production,
                // `ssr` makes the plugin emit stable component ids, which is where the namespace goes.
                ssr: true,
                // Class names carry the package name so two remotes never collide.
                namespace: packageName,
              },
            ],
          ],
        },
      },
    },
    type: 'javascript/auto',
  };
}
