import type { Configuration } from '@rspack/core';
import { createAppConfigs } from 'shared-build';
import { PrecompressPlugin } from 'shared-build/compress';

/** The embeddable widget keeps one stable URL: `/remotes/retailer/checkout-widget.js`. */
export const WIDGET_FILE = 'checkout-widget.js';

// The browser build ('federated') and, in production, the Node build for server rendering.
const [federated, ...server] = createAppConfigs({
  name: 'retailer',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
});

/**
 * The widget is built on its own, not as an entry of the federated build: there the Module
 * Federation plugin adds its runtime to every entry, while the widget must stay a tiny standalone
 * script (no React, under 20 KB gzip) on retailers' pages. It runs after the federated build,
 * whose `clean` empties the folder first, and writes beside it.
 */
const production = process.env.NODE_ENV === 'production';
const widget: Configuration = {
  name: 'widget',
  dependencies: ['federated'],
  context: import.meta.dirname,
  mode: production ? 'production' : 'development',
  devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
  target: ['web', 'es2022'],
  entry: { widget: './src/widget/index.ts' },
  output: {
    path: federated.output?.path,
    filename: WIDGET_FILE,
    clean: false,
    // A classic script on someone else's page: no globals leak, no chunk loading.
    iife: true,
  },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
        type: 'javascript/auto',
      },
    ],
  },
  optimization: { splitChunks: false, runtimeChunk: false },
  performance: { hints: false },
  plugins: [production && new PrecompressPlugin()],
};

export default [federated, ...server, widget];
