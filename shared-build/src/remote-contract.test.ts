import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteExposes, typecheckRemote } from '../bin/typecheck-remote.mjs';
import { checkExposes, REMOTE_EXPOSES } from './index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A throwaway remote inside a real remote's package (git-ignored `.redeploy/`), so `shared-ui`,
 * React's types and the remote's tsconfig resolve as they do for the real one.
 */
let fixture: string;

async function writeRemote(routes: string, extra: Record<string, string> = {}) {
  await rm(path.join(fixture, 'src'), { recursive: true, force: true });
  await mkdir(path.join(fixture, 'src'), { recursive: true });
  await writeFile(path.join(fixture, 'src', 'routes.tsx'), routes);
  for (const [file, text] of Object.entries(extra)) {
    await writeFile(path.join(fixture, 'src', file), text);
  }
}

beforeAll(async () => {
  fixture = path.join(
    ROOT,
    'mfe-curbside',
    '.redeploy',
    `contract-${randomBytes(4).toString('hex')}`,
  );
  await mkdir(fixture, { recursive: true });
  await writeFile(
    path.join(fixture, 'tsconfig.json'),
    JSON.stringify({ extends: '../../tsconfig.json', include: ['src'] }),
  );
});

afterAll(async () => {
  await rm(fixture, { recursive: true, force: true });
  await rmdir(path.dirname(fixture)).catch(() => {});
});

describe('the exposes map', () => {
  it('is the one the preset builds every remote with', async () => {
    expect(await remoteExposes()).toEqual(REMOTE_EXPOSES);
    expect(Object.keys(REMOTE_EXPOSES)).toEqual(['./routes']);
  });
});

describe('typecheckRemote (the build-time federation contract)', { timeout: 120_000 }, () => {
  it('accepts a routes module whose default export is a component', async () => {
    await writeRemote(
      'export default function Routes() {\n  return null;\n}\nexport const extra = 1;\n',
    );
    const result = await typecheckRemote(fixture);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
    const contract = await readFile(
      path.join(fixture, 'node_modules', '.cache', 'remote-contract', 'contract.ts'),
      'utf8',
    );
    expect(contract).toContain('typeof import("../../../src/routes")');
  });

  it.each([
    ['a default export that is not a component', "export default 'routes';\n"],
    ['no default export', 'export function Routes() {\n  return null;\n}\n'],
    [
      'a component that needs props the shell does not pass',
      'export default function Routes(props: { basename: string }) {\n  return props.basename;\n}\n',
    ],
  ])('fails for %s, saying it is the contract', async (_case, source) => {
    await writeRemote(source);
    const result = await typecheckRemote(fixture);
    expect(result.ok).toBe(false);
    expect(result.output).toContain(
      'The modules this remote exposes do not match the federation contract',
    );
    expect(result.output).toMatch(/remote-contract\/contract\.ts\(\d+,\d+\): error TS\d+/);
  });

  it('fails when the build exposes a key the contract does not know, or misses one', async () => {
    await writeRemote('export default function Routes() {\n  return null;\n}\n', {
      'admin.tsx': 'export default function Admin() {\n  return null;\n}\n',
    });
    const extra = await typecheckRemote(fixture, {
      './routes': './src/routes.tsx',
      './admin': './src/admin.tsx',
    });
    expect(extra.ok).toBe(false);
    expect(extra.output).toContain('unexpected');
    const missing = await typecheckRemote(fixture, { './admin': './src/admin.tsx' });
    expect(missing.ok).toBe(false);
    expect(missing.output).toContain('missing');
  });

  it('still reports ordinary type errors of the remote', async () => {
    await writeRemote('export default function Routes() {\n  return null;\n}\n', {
      'broken.ts': 'export const n: number = "text";\n',
    });
    const result = await typecheckRemote(fixture);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/src\/broken\.ts\(1,14\): error TS2322/);
    expect(result.output).not.toContain('do not match the federation contract');
  });
});

describe('checkExposes', () => {
  it('accepts exactly the contract and refuses anything else, naming the remote', () => {
    expect(() => checkExposes('curbside', { './routes': './src/routes.tsx' })).not.toThrow();
    expect(() => checkExposes('curbside', { './routes': './src/other.tsx' })).toThrow(
      /mfe-curbside exposes \.\/routes → \.\/src\/other\.tsx, but the federation contract is \.\/routes → \.\/src\/routes\.tsx/,
    );
    expect(() =>
      checkExposes('retailer', { './routes': './src/routes.tsx', './admin': './src/admin.tsx' }),
    ).toThrow(/mfe-retailer exposes/);
    expect(() => checkExposes('marketing', {})).toThrow(/mfe-marketing exposes nothing/);
  });
});
