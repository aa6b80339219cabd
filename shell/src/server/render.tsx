/// <reference types="node" />
// The shell's Node build (ADR 010): `server/render.js` beside the browser build, loaded
// by the API server to render each page's HTML before any JavaScript runs in the browser.
import { Writable } from 'node:stream';
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders, meQueryOptions, sensitiveCheckQueryOptions } from 'shared-auth';
import { createQueryClient } from 'shared-client';
import type { User } from 'shared-contracts/auth';
import { ServerStyleSheet } from 'styled-components';
import { AppRoutes } from '../app';
import type { RemoteRoutes } from '../remotes/remote-loader';
import { RemoteRendersInBrowser, ServerRemotesContext } from '../remotes/server-remotes';
import type { RemoteName } from '../routing/route-table';
import { SHARED_MODULES } from './shared-modules';

/**
 * The shared singletons this shell provides to remotes rendered on the server, by the module
 * names a remote's Node build `require`s (generated from shared-build's list): one React, one
 * router, one styled-components registry for the whole page, as the MF runtime's share scope
 * gives them in the browser.
 */
export const shared: Readonly<Record<string, unknown>> = SHARED_MODULES;

export interface RenderRequest {
  /** The page's path and query, e.g. `/help-center?topic=fees`. */
  url: string;
  /** The `./routes` modules of the remotes that could be loaded on the server. */
  remotes: Partial<Record<RemoteName, RemoteRoutes>>;
  /** After this long, unfinished sections are sent as their loading state for the browser. */
  timeoutMs: number;
  /**
   * The signed-in visitor the server found by its session cookie (ADR 015): `/api/auth/me`'s user
   * and whether the sensitive window is open. Absent: the page is rendered signed out.
   */
  signedIn?: { user: unknown; sensitive: boolean };
}

export interface RenderedPage {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** The styles of that markup (styled-components' `<style data-styled>`), for `<head>`. */
  head: string;
  /** What failed on the server and is left to the browser (one line each). */
  leftToBrowser: string[];
  /**
   * The data the page's queries fetched while rendering (TanStack Query's dehydrated
   * state, successful queries only), for the browser to start from; absent when none did.
   */
  queryState?: DehydratedState;
}

function describe(error: unknown): string {
  if (error instanceof RemoteRendersInBrowser) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Renders a page as a signed-out visitor sees it before the browser knows the session (the
 * header's auth placeholder, a guarded page's loading state), or, for `signedIn`, as that
 * customer sees it with their own data (ADR 015): the session's answers are in the QueryClient
 * before the first render, as the browser's will be once it is hydrated with them. Streams with React's `renderToPipeableStream` and
 * sends the HTML when every section is ready (or at `timeoutMs`), so the page needs no inline
 * script under the strict CSP: a section that failed or was too slow is marked for the browser
 * to render.
 */
export function renderPage({
  url,
  remotes,
  timeoutMs,
  signedIn,
}: RenderRequest): Promise<RenderedPage> {
  const sheet = new ServerStyleSheet();
  const leftToBrowser: string[] = [];
  // Public data only, unless the API gave a signed-in visitor: then that customer's too.
  const queryClient = createQueryClient();
  if (signedIn) {
    queryClient.setQueryData(meQueryOptions().queryKey, signedIn.user as User);
    queryClient.setQueryData(sensitiveCheckQueryOptions().queryKey, signedIn.sensitive);
  }
  return new Promise<RenderedPage>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void) {
        html += chunk.toString();
        done();
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('timed out')), timeoutMs);
    sink.on('finish', () => {
      clearTimeout(timer);
      try {
        const queryState = dehydrate(queryClient);
        resolve({
          html,
          head: sheet.getStyleTags(),
          leftToBrowser,
          ...(queryState.queries.length > 0 ? { queryState } : {}),
        });
      } finally {
        sheet.seal();
        queryClient.clear();
      }
    });
    const stream = renderToPipeableStream(
      sheet.collectStyles(
        <AppProviders client={queryClient}>
          <StaticRouter location={url}>
            <ServerRemotesContext.Provider value={remotes}>
              <AppRoutes />
            </ServerRemotesContext.Provider>
          </StaticRouter>
        </AppProviders>,
      ),
      {
        // Never split a finished section out of line: that needs an inline script, which the
        // strict CSP (script-src 'self') refuses.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          stream.pipe(sink);
        },
        onShellError(error) {
          clearTimeout(timer);
          sheet.seal();
          reject(error);
        },
        onError(error) {
          leftToBrowser.push(describe(error));
        },
      },
    );
  });
}
