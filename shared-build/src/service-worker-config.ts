import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compiler, Configuration } from '@rspack/core';
import { injectManifest } from 'workbox-build';
import { swcRule } from './swc-rule.ts';

/** The worker's file, at the site's root (its scope is the whole site). */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * What the worker precaches from the shell's build: its scripts, styles, images and the static
 * page it renders from when offline. Not the Node build, source maps, compressed copies or the
 * server's own lists.
 */
export const PRECACHE_GLOBS = {
  patterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
  ignores: ['server/**', SERVICE_WORKER_FILE, '**/*.map', '**/*.gz', '**/*.br'],
};

// Hashed names never change content: precached by name, without a revision to compare.
const CONTENT_HASHED = /\.[0-9a-f]{10}\./;

/**
 * After the worker is built, workbox-build's injectManifest lists the shell's files in it
 * (`self.__WB_MANIFEST`), then the worker gets the `.gz`/`.br` copies every other script has.
 */
class InjectPrecacheManifestPlugin {
  constructor(private readonly outputPath: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('InjectPrecacheManifestPlugin', async () => {
      const worker = path.join(this.outputPath, SERVICE_WORKER_FILE);
      const { count, size, warnings } = await injectManifest({
        swSrc: worker,
        swDest: worker,
        globDirectory: this.outputPath,
        globPatterns: PRECACHE_GLOBS.patterns,
        globIgnores: PRECACHE_GLOBS.ignores,
        dontCacheBustURLsMatching: CONTENT_HASHED,
        // The start-up file is the largest; nothing the site needs may be left out.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      });
      if (warnings.length) throw new Error(`injectManifest: ${warnings.join('; ')}`);
      const source = await readFile(worker);
      await writeFile(`${worker}.gz`, gzipSync(source, { level: 9 }));
      await writeFile(
        `${worker}.br`,
        brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KB)`);
    });
  }
}

/**
 * The shell's service worker (ADR 018): `src/service-worker/sw.ts` bundled into one classic
 * script at the root of the shell's build, after the browser build (whose files it lists).
 */
export function createServiceWorkerConfig({
  dir,
  outputPath,
  dependsOn,
}: {
  dir: string;
  outputPath: string;
  dependsOn: string;
}): Configuration {
  return {
    name: 'service-worker',
    dependencies: [dependsOn],
    context: dir,
    mode: 'production',
    target: 'webworker',
    devtool: false,
    entry: { sw: './src/service-worker/sw.ts' },
    output: {
      path: outputPath,
      filename: SERVICE_WORKER_FILE,
      publicPath: '/',
      // The browser build's files are in this folder.
      clean: false,
    },
    resolve: {
      extensions: ['.ts', '.js'],
      extensionAlias: { '.js': ['.ts', '.js'] },
    },
    module: { rules: [swcRule({ packageName: 'shell-service-worker', production: true })] },
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    plugins: [new InjectPrecacheManifestPlugin(outputPath)],
  };
}
