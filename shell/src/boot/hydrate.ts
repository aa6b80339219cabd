import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import type { ErrorInfo } from 'react';
import { serverQueryStateFitsSession } from 'shared-auth';
import { normalisePath } from 'shared-contracts/pages';
import { SERVER_QUERY_STATE_ID } from 'shared-contracts/server-page';
import { shellPageAt } from '../app';
import { remoteLoader } from '../remotes/remote-loader';
import { findOwner } from '../routing/route-table';
import { nextTask } from '../scheduling/next-task';
import { takeJsonDataBlock } from './json-data-block';

// React's words (in production only its error number, 419) when a section the server left to the
// browser (RemoteRendersInBrowser, a remote that failed or was slow on the server) is rendered
// here instead; expected, so not an error.
const LEFT_TO_BROWSER =
  /server could not finish this Suspense boundary|Switched to client rendering|React error #419[;:\s]/i;

/**
 * Hydration's recoverable errors: a section the server deliberately left to the browser is
 * normal; anything else (the server's HTML did not match) is reported, and React has already
 * rendered that part again in the browser.
 */
export function reportRecoverableError(error: unknown, info: ErrorInfo): void {
  const text = error instanceof Error ? error.message : String(error);
  if (LEFT_TO_BROWSER.test(text)) return;
  console.error(
    '[shell] the server-rendered page did not match the browser',
    error,
    info.componentStack,
  );
}

/**
 * Loads the code of the page at `pathname` (its remote's `./routes`, or the shell's page) before
 * hydration. A remote that fails here is left to its error boundary, which shows the panel.
 */
export async function loadPageCode(pathname: string): Promise<void> {
  const page = normalisePath(pathname);
  const shellPage = shellPageAt(page);
  if (shellPage) {
    await shellPage.preload().catch(() => {});
    return;
  }
  const owner = findOwner(page);
  if (!owner) return;
  // The remote's routes, then the page's own chunk, so hydration never suspends on code; each
  // evaluated in a task of its own (scheduling/next-task.ts).
  const routes = await remoteLoader.load(owner).catch(() => undefined);
  await nextTask();
  await routes?.preloadPage?.(pathname).catch(() => {});
  await nextTask();
}

/**
 * Puts the public data the server fetched while rendering this page (its queries' dehydrated
 * state, api/src/ssr/page-html.ts) into `client` before React hydrates: the page then renders the
 * same data as the server's HTML, without a request, and without loading zod to check an answer
 * the server already checked. A block that does not parse is dropped; the queries fetch as usual.
 */
export function hydrateServerQueries(client: QueryClient, doc: Document = document): void {
  const state = takeJsonDataBlock(
    SERVER_QUERY_STATE_ID,
    () => console.warn("[shell] The server's query data is not valid JSON; fetching instead."),
    doc,
  );
  if (typeof state !== 'object' || state === null) return;
  // A page rendered for another user than this browser's session is not used (ADR 015).
  if (serverQueryStateFitsSession(state as DehydratedState)) hydrate(client, state);
}
