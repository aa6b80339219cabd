import type { RuleSetRule } from '@rspack/core';

/**
 * Images and fonts, the same in the browser build and the Node build (whose HTML must name the
 * same files): small ones inline, the rest as files. `?raw` gives a file's text instead (an SVG to
 * inline as a data URL, e.g. the home page's first hero picture, its Largest Contentful Paint,
 * which as a file would paint only once the page's scripts had run). Raw SVG text is
 * smaller once compressed than base64 or a URL-encoded data URL.
 */
export function assetRule({ emit }: { emit: boolean }): RuleSetRule {
  return {
    test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/,
    oneOf: [
      { resourceQuery: /raw/, type: 'asset/source' },
      {
        type: 'asset',
        parser: { dataUrlCondition: { maxSize: 2048 } },
        // The Node build needs the files' URLs only; the browser build emits them.
        ...(emit ? {} : { generator: { emit: false } }),
      },
    ],
  };
}
