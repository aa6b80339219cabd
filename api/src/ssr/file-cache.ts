import { readFileSync, statSync } from 'node:fs';

interface CachedFile<T> {
  mtimeMs: number;
  size: number;
  value: T | undefined;
}

/**
 * Reads and parses a file again only when its modification time or size changed; undefined when
 * it is missing or does not parse. One stat per use.
 */
export function fileCache<T>(parse: (text: string, file: string) => T) {
  const cache = new Map<string, CachedFile<T>>();
  return (file: string): T | undefined => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) {
      cache.delete(file);
      return undefined;
    }
    const known = cache.get(file);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.value;
    let value: T | undefined;
    try {
      value = parse(readFileSync(file, 'utf8'), file);
    } catch {
      value = undefined;
    }
    cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, value });
    return value;
  };
}
