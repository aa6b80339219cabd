import { dehydrate } from '@tanstack/react-query';
import { meQueryOptions, storeSession } from 'shared-auth';
import { createQueryClient } from 'shared-client';
import { SERVER_QUERY_STATE_ID } from 'shared-contracts/server-page';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateServerQueries } from './hydrate';

function pageWith(block: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (block !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_QUERY_STATE_ID;
    script.textContent = block;
    doc.head.append(script);
  }
  return doc;
}

describe('hydrateServerQueries', () => {
  afterEach(() => vi.restoreAllMocks());

  it("starts the page's QueryClient from the data the server rendered it with, once", () => {
    // What the server's QueryClient dehydrates to after fetching the retailer strip's list.
    const server = createQueryClient();
    server.setQueryData(['retailers', 'partners'], [{ id: 'macys', name: "Macy's" }]);
    const doc = pageWith(JSON.stringify(dehydrate(server)));

    const client = createQueryClient();
    hydrateServerQueries(client, doc);
    expect(client.getQueryData(['retailers', 'partners'])).toEqual([
      { id: 'macys', name: "Macy's" },
    ]);
    // Read once: the block is gone, so nothing later starts from stale page data.
    expect(doc.getElementById(SERVER_QUERY_STATE_ID)).toBeNull();
  });

  it('leaves the client empty, and says why, when the block is not JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createQueryClient();
    hydrateServerQueries(client, pageWith('{"queries": [oops'));
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      "[shell] The server's query data is not valid JSON; fetching instead.",
    );
  });

  it('does nothing on a page the server did not render', () => {
    const client = createQueryClient();
    hydrateServerQueries(client, pageWith(undefined));
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  describe('a page rendered for a signed-in customer (ADR 015)', () => {
    function signedInPage(userId: string): Document {
      const server = createQueryClient();
      // The key of meQueryOptions, with the user's fields that matter here.
      server.setQueryData(['auth', 'me'], { id: userId, firstName: 'Dana' });
      server.setQueryData(['customer', 'wallet'], { balanceCents: 3452 });
      return pageWith(JSON.stringify(dehydrate(server)));
    }

    afterEach(() => localStorage.clear());

    it("is used when this browser's stored session is the same user's", () => {
      storeSession('t0k', 'user-1');
      const client = createQueryClient();
      hydrateServerQueries(client, signedInPage('user-1'));
      expect(client.getQueryData(['customer', 'wallet'])).toEqual({ balanceCents: 3452 });
      expect(client.getQueryData(meQueryOptions().queryKey)).toMatchObject({ id: 'user-1' });
    });

    it("is dropped, and the server asked to forget the cookie, for another user's or no session", () => {
      const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null));
      for (const stored of ['user-2', null]) {
        localStorage.clear();
        if (stored) storeSession('t0k', stored);
        const client = createQueryClient();
        hydrateServerQueries(client, signedInPage('user-1'));
        expect(client.getQueryCache().getAll()).toEqual([]);
      }
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(fetch).toHaveBeenCalledWith('/api/auth/session-cookie', {
        method: 'DELETE',
        credentials: 'include',
      });
    });
  });
});
