import { createContext, useContext } from 'react';
import type { RemoteName } from '../routing/route-table';
import type { RemoteRoutes } from './remote-loader';

/**
 * The remotes' `./routes` modules the server loaded for this page (ADR 010). Only the
 * server render provides it; in the browser it is empty and remotes load through Module Federation.
 */
export const ServerRemotesContext = createContext<Partial<Record<RemoteName, RemoteRoutes>>>({});

export function useServerRemote(name: RemoteName): RemoteRoutes | undefined {
  return useContext(ServerRemotesContext)[name];
}

/**
 * Thrown while rendering on the server when the remote's Node build is not there (not deployed,
 * deployed on another origin, failed to load). React renders the remote's Suspense fallback in
 * the HTML and the browser renders that section itself: never a 500, never a blank page.
 */
export class RemoteRendersInBrowser extends Error {
  constructor(readonly remote: RemoteName) {
    super(`The ${remote} remote is rendered in the browser.`);
    this.name = 'RemoteRendersInBrowser';
  }
}

export const isServer = typeof document === 'undefined';
