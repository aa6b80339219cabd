import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { readCommands } from './commands.ts';
import { createTestSite, type TestSite } from './test-site.ts';

const DEPLOY = path.join(REPO_ROOT, 'scripts', 'deploy-remote.mjs');

describe('readCommands', () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('reads a folder’s commands oldest first and skips what is not a command of its remote', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'release-commands-'));
    const commands = path.join(folder, 'releases', 'commands');
    await mkdir(commands, { recursive: true });
    const write = (name: string, body: unknown) =>
      writeFile(path.join(commands, name), typeof body === 'string' ? body : JSON.stringify(body));
    const command = (id: string, extra: object) => ({
      id,
      remote: 'marketing',
      issuedAt: '2026-11-28T10:00:00.000Z',
      ...extra,
    });
    await write(
      '20261128T100002000Z-00000002.json',
      command('20261128T100002000Z-00000002', { action: 'promote' }),
    );
    await write(
      '20261128T100001000Z-00000001.json',
      command('20261128T100001000Z-00000001', {
        action: 'canary',
        release: '0123456789',
        percent: 10,
        current: 'abcdefabcd',
      }),
    );
    // Another remote's, a wrong name, a bad percent, not JSON, a half-written temporary file.
    await write('20261128T100003000Z-00000003.json', {
      ...command('20261128T100003000Z-00000003', { action: 'rollback' }),
      remote: 'customer',
    });
    await write(
      '20261128T100004000Z-00000004.json',
      command('20261128T100009000Z-00000009', { action: 'rollback' }),
    );
    await write(
      '20261128T100005000Z-00000005.json',
      command('20261128T100005000Z-00000005', {
        action: 'canary',
        release: '0123456789',
        percent: 0,
      }),
    );
    await write('20261128T100006000Z-00000006.json', '{"id":');
    await write('20261128T100007000Z-00000007.json.123.tmp', '{}');
    const warnings: string[] = [];
    const read = await readCommands(folder, 'marketing', (message) => warnings.push(message));
    expect(read.map((each) => [each.id, each.action])).toEqual([
      ['20261128T100001000Z-00000001', 'canary'],
      ['20261128T100002000Z-00000002', 'promote'],
    ]);
    expect(read[0]).toMatchObject({ release: '0123456789', percent: 10, current: 'abcdefabcd' });
    expect(warnings).toHaveLength(4);
  });

  it('finds nothing in a folder without releases', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'release-commands-'));
    expect(await readCommands(folder, 'marketing')).toEqual([]);
  });
});

describe('deploy-remote.mjs', () => {
  let site: TestSite | undefined;
  afterEach(async () => {
    await site?.remove();
    site = undefined;
  });

  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, [DEPLOY, ...args], { cwd: REPO_ROOT }).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
    );

  it('writes the commands the API reads, and adopts the build already there', async () => {
    site = await createTestSite();
    const build = await site.build('bbbbbbbbbb', 'canary B');
    const canary = await run('marketing', site.served, '--from', build, '--canary', '25');
    expect(canary.code).toBe(0);
    const release = /release ([0-9a-f]{10})/.exec(canary.out)?.[1];
    await run('marketing', site.served, '--promote');
    const [first, second] = await readCommands(site.served, 'marketing');
    expect(first).toMatchObject({ remote: 'marketing', action: 'canary', release, percent: 25 });
    expect(second).toMatchObject({ action: 'promote', current: first?.current });
    const files = await readdir(site.served);
    expect(files).toContain(`mf-manifest.${first?.current}.json`);
    expect(files).toContain(`mf-manifest.${release}.json`);
  });

  it('refuses a share out of range and flags that cannot go together', async () => {
    site = await createTestSite();
    for (const [args, message] of [
      [['--canary', '0'], '--canary takes the percent of visitors who get the new build, 1 to 100'],
      [['--canary', '150'], '--canary takes the percent'],
      [['--canary', 'ten'], '--canary takes the percent'],
      [['--canary', '10', '--promote'], 'Give one of --canary, --promote and --rollback.'],
      [['--rollback', '--from', site.served], '--rollback deploys no build: leave out --from.'],
    ] as const) {
      const outcome = await run('marketing', site.served, ...args);
      expect(outcome.code).toBe(1);
      expect(outcome.out).toContain(message);
    }
    expect(await readCommands(site.served, 'marketing')).toEqual([]);
  });
});
