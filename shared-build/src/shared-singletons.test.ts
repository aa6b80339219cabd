import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedModuleFiles } from '../bin/shared-modules.mjs';
import { sharedConfig } from './index.ts';
import { isSharedRequest } from './server-config.ts';
import { SHARED_SINGLETONS } from './shared-singletons.ts';

const shellDir = path.resolve(import.meta.dirname, '../../shell');

describe('the one list of shared singletons (shared-singletons.json)', () => {
  it('is what the shell provides, in the browser and on the server (run the build, or node shared-build/bin/shared-modules.mjs, after changing the list)', () => {
    for (const [file, expected] of Object.entries(sharedModuleFiles(shellDir))) {
      expect(readFileSync(file, 'utf8'), path.relative(shellDir, file)).toBe(expected);
    }
  });

  it('is what the remotes share and their Node builds take from the shell', () => {
    expect(new Set(SHARED_SINGLETONS).size).toBe(SHARED_SINGLETONS.length);
    const shared = sharedConfig(path.resolve(shellDir, '../mfe-marketing'));
    expect(Object.keys(shared)).toEqual([...SHARED_SINGLETONS]);
    for (const config of Object.values(shared)) {
      expect(config).toMatchObject({ singleton: true, strictVersion: true });
      expect(config.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+/);
    }
    for (const request of SHARED_SINGLETONS) expect(isSharedRequest(request)).toBe(true);
    expect(isSharedRequest('react-dom/server')).toBe(false);
  });
});
