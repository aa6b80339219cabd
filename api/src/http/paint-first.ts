import { createHash } from 'node:crypto';
import { PAINT_FIRST_SCRIPT } from 'shared-contracts/paint-first-script';
import { PAINT_FIRST_HINTS_ID, SHELL_ENTRY_ID } from 'shared-contracts/server-page';

/**
 * A server-rendered page paints its HTML before the shell's code runs (issue 13, ADR 012
 * decision 10): the entry is preloaded, and the inline start-up script of
 * shared-contracts/paint-first-script.ts (where its reasons are) starts it after the first paint.
 */
export { PAINT_FIRST_SCRIPT };

/** The CSP source that allows exactly that script (`'sha256-…'`). */
export const PAINT_FIRST_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAINT_FIRST_SCRIPT).digest('base64')}'`;

// The shell's entry as its index.html has it (HtmlRspackPlugin: `<script defer src="/main.….js">`).
const ENTRY_SCRIPT =
  /<script\s+defer(?:="")?\s+src="([^"]+)"\s*><\/script>|<script\s+src="([^"]+)"\s+defer(?:="")?\s*><\/script>/i;

/**
 * index.html with its entry script turned into a preload hint and the start-up script above, or
 * undefined when the template has no single deferred entry (it is then used as it is). The
 * entry's hint and `hints` (the owning remote's preload links) go into the template the start-up
 * script uses after the first paint. The entry's hint is low priority, as the deferred script was.
 */
export function startAfterPaint(page: string, hints: string): string | undefined {
  const matches = page.match(new RegExp(ENTRY_SCRIPT.source, 'gi'));
  if (matches?.length !== 1) return undefined;
  // A function, so `$` in the hints is never read as a replacement pattern.
  return page.replace(ENTRY_SCRIPT, (_, first: string | undefined, second: string | undefined) => {
    const src = first ?? second ?? '';
    const entry = `<link rel="preload" as="script" href="${src}" id="${SHELL_ENTRY_ID}" fetchpriority="low">`;
    return `<template id="${PAINT_FIRST_HINTS_ID}">${entry}${hints}</template><script>${PAINT_FIRST_SCRIPT}</script>`;
  });
}
