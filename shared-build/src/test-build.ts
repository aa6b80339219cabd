import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Configuration, rspack } from '@rspack/core';

/**
 * For tests: writes `files` (path → text) into a fresh temporary folder, runs a real Rspack build
 * with the configuration `configure` gives for that folder, and resolves with the folder.
 */
export async function buildFixture(
  prefix: string,
  files: Record<string, string>,
  configure: (root: string) => Configuration,
): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const compiler = rspack(configure(root));
  await new Promise<void>((resolve, reject) => {
    compiler.run((error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else compiler.close(() => resolve());
    });
  });
  return root;
}
