import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { federationRuntimeEsmAliases } from './federation-runtime-esm.ts';

describe('federationRuntimeEsmAliases', () => {
  const aliases = federationRuntimeEsmAliases();

  it('sends the bare name and the CommonJS file of every runtime package to its ESM build', () => {
    for (const pkg of [
      '@module-federation/webpack-bundler-runtime',
      '@module-federation/runtime',
      '@module-federation/runtime-core',
      '@module-federation/sdk',
    ]) {
      const esm = aliases[`${pkg}$`];
      expect(esm, pkg).toMatch(/\.m?js$/);
      expect(existsSync(esm as string), esm).toBe(true);
      const cjsKeys = Object.entries(aliases).filter(
        ([key, target]) => target === esm && key.endsWith('.cjs'),
      );
      expect(cjsKeys, `${pkg}'s CommonJS entry`).toHaveLength(1);
    }
  });

  it('never points at a CommonJS file', () => {
    for (const target of Object.values(aliases)) expect(target).not.toMatch(/\.cjs$/);
  });
});
