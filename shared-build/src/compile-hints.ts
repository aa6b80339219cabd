import { rspack } from '@rspack/core';

/**
 * V8's explicit compile hint (Chrome 136+): a script that starts with this comment has all its
 * functions compiled eagerly, while it is streamed, off the main thread. Without it, each module
 * factory of a chunk is compiled on the main thread the first time it runs, inside the page's
 * start-up tasks (docs/benchmarks.md, "Lighthouse mobile", has what the hints save). Other
 * browsers read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the compile hint at the top of every JavaScript file of a browser build (ADR 012's
 * start-up work, docs/benchmarks.md): after minification, which would drop a comment, and before
 * the source maps are written, so they account for the added line.
 */
export function compileHintsPlugin() {
  return new rspack.BannerPlugin({
    banner: COMPILE_HINT,
    raw: true,
    entryOnly: false,
    test: /\.js$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}
