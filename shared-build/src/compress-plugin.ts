import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compiler } from '@rspack/core';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
// Tiny files gain nothing from compression and cost a request header negotiation.
const MIN_BYTES = 512;

/**
 * Emits `.gz` and `.br` copies of every text asset after optimisation, so the server can send
 * precompressed files (uncompressed text assets slow the first paint). zlib does the work;
 * this plugin only decides which assets and when.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const raw = source.buffer();
            if (raw.length < MIN_BYTES) continue;
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipSync(raw, { level: 9 })));
            compilation.emitAsset(
              `${name}.br`,
              new sources.RawSource(
                brotliCompressSync(raw, {
                  params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
                }),
              ),
            );
          }
        },
      );
    });
  }
}
