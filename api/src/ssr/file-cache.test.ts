import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCache } from './file-cache.ts';

describe('fileCache', () => {
  it('re-reads a file only when it changed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'file-cache-'));
    const file = path.join(dir, 'a.json');
    let parses = 0;
    const read = fileCache((text) => {
      parses += 1;
      return JSON.parse(text) as unknown;
    });
    await writeFile(file, '{"v":1}');
    expect(read(file)).toEqual({ v: 1 });
    expect(read(file)).toEqual({ v: 1 });
    expect(parses).toBe(1);
    await writeFile(file, '{"v":22}');
    expect(read(file)).toEqual({ v: 22 });
    await rm(dir, { recursive: true, force: true });
    expect(read(file)).toBeUndefined();
  });
});
