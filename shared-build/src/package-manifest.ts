import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The package.json of `pkg` as linked from the first of `folders` that can resolve it (pnpm links
 * a package's dependencies beside it, so a dependency of a dependency is found from the folder of
 * the one before it). Throws `missing` when none can.
 */
export function findManifest(pkg: string, folders: readonly string[], missing: string): string {
  for (const from of folders) {
    try {
      // `exports` often hides package.json: resolve the entry, then its folder.
      const entry = createRequire(path.join(from, 'package.json')).resolve(pkg);
      const at = entry.lastIndexOf(`${path.sep}node_modules${path.sep}${pkg}${path.sep}`);
      if (at >= 0) return path.join(entry.slice(0, at), 'node_modules', pkg, 'package.json');
    } catch {
      // not linked from there; try the next folder
    }
  }
  throw new Error(missing);
}
