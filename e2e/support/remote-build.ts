import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type RemoteName = 'marketing' | 'customer' | 'curbside' | 'retailer';

export interface RemoteCopyOptions {
  remote: RemoteName;
  /** Source edits applied to the copy: file (relative to the remote), text to find, replacement. */
  edits?: Array<{ file: string; find: string; replace: string }>;
  /**
   * Version ranges the copy claims for shared singletons (shared-build's
   * `requiredVersionOverrides`), e.g. `{ react: '^18.0.0' }` for a remote built for React 18.
   */
  requiredVersionOverrides?: Record<string, string>;
}

export interface BuiltRemote {
  /** The deployable folder: remote entry, mf-manifest.json, hashed chunks, .gz/.br copies. */
  dist: string;
  /** Deletes the build output. */
  remove(): Promise<void>;
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/**
 * Builds a copy of one remote, like its team would build a new release, without touching the
 * remote's own folder or anything the running site serves. The copy (src, package.json,
 * rspack.config.ts, no tests) goes to a git-ignored `.redeploy/` folder inside the remote's
 * package, so module resolution walks up to the remote's own node_modules; the build goes to a
 * temporary folder (DIST_ROOT).
 */
export async function buildRemoteCopy(options: RemoteCopyOptions): Promise<BuiltRemote> {
  const remoteDir = path.join(REPO_ROOT, `mfe-${options.remote}`);
  const label = `copy-${randomBytes(4).toString('hex')}`;
  const copyDir = path.join(remoteDir, '.redeploy', label);
  const outRoot = await mkdtemp(path.join(os.tmpdir(), `curbrun-remote-${options.remote}-`));
  try {
    await mkdir(copyDir, { recursive: true });
    await cp(path.join(remoteDir, 'src'), path.join(copyDir, 'src'), {
      recursive: true,
      // Tests are not part of a deployable; leaving them out also keeps a copy out of test runs.
      filter: (source) => !/\.test\.tsx?$/.test(source),
    });
    await cp(path.join(remoteDir, 'package.json'), path.join(copyDir, 'package.json'));
    await cp(path.join(remoteDir, 'rspack.config.ts'), path.join(copyDir, 'rspack.config.ts'));

    for (const edit of options.edits ?? []) {
      const file = path.join(copyDir, edit.file);
      const text = await readFile(file, 'utf8');
      if (!text.includes(edit.find)) {
        throw new Error(
          `${edit.file} of mfe-${options.remote} no longer contains ${JSON.stringify(edit.find)}`,
        );
      }
      await writeFile(file, text.replace(edit.find, edit.replace));
    }
    if (options.requiredVersionOverrides) {
      // The remote's own config, plus the ranges it claims: exactly what shared-build's option is for.
      await writeFile(
        path.join(copyDir, 'rspack.config.ts'),
        [
          "import { createFederatedConfig } from 'shared-build';",
          '',
          'export default createFederatedConfig({',
          `  name: '${options.remote}',`,
          '  dir: import.meta.dirname,',
          `  requiredVersionOverrides: ${JSON.stringify(options.requiredVersionOverrides)},`,
          '});',
          '',
        ].join('\n'),
      );
    }

    const rspack = path.join(remoteDir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
    await run(
      process.execPath,
      [rspack, 'build', '--mode', 'production', '-c', 'rspack.config.ts'],
      {
        cwd: copyDir,
        env: { ...process.env, NODE_ENV: 'production', DIST_ROOT: outRoot },
      },
    );
  } catch (error) {
    await rm(outRoot, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(copyDir, { recursive: true, force: true });
    // The `.redeploy/` folder itself goes too once no other build is using it.
    await rmdir(path.dirname(copyDir)).catch(() => {});
  }
  return {
    dist: path.join(outRoot, label, 'dist'),
    remove: () => rm(outRoot, { recursive: true, force: true }),
  };
}

/** The folder a suite's server sends a remote from (DIST_ROOT builds, or the repository's). */
export function servedRemoteDist(remote: RemoteName): string {
  return path.join(process.env.DIST_ROOT ?? REPO_ROOT, `mfe-${remote}`, 'dist');
}
