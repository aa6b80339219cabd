import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { SIGN_IN_FIRST_STORAGE_KEYS } from 'shared-contracts/server-page';
import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_FIRST_SCRIPT,
  SIGN_IN_FIRST_SCRIPT_ELEMENT,
  SIGN_IN_FIRST_SCRIPT_SOURCE,
} from './sign-in-first-script.ts';

/** A stand-in page at `address`; `block` is the data block's text, null for none. */
function runScript({
  address = '/curbside-pickup?orderNumber=CR-100234#arrive',
  block = '"/auth"' as string | null,
  token = null as string | null,
  storageThrows = false,
} = {}) {
  const url = new URL(address, 'https://curbrun.test');
  const elements = new Map<string, { textContent: string; remove(): void }>();
  if (block !== null) {
    elements.set('sign-in-first', {
      textContent: block,
      remove: () => elements.delete('sign-in-first'),
    });
  }
  const root = { cleared: false, replaceChildren: () => Object.assign(root, { cleared: true }) };
  const session = new Map<string, string>();
  const storage = (store: Map<string, string>) => ({
    getItem: (key: string) => {
      if (storageThrows) throw new Error('storage is disabled');
      return store.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (storageThrows) throw new Error('storage is disabled');
      store.set(key, value);
    },
  });
  const local = new Map(token === null ? [] : [[SIGN_IN_FIRST_STORAGE_KEYS.token, token]]);
  const replaced: string[] = [];
  const page = {
    document: {
      getElementById: (id: string) => (id === 'root' ? root : (elements.get(id) ?? null)),
    },
    location: { pathname: url.pathname, search: url.search, hash: url.hash },
    history: {
      state: null,
      replaceState: (_: unknown, __: string, to: string) => replaced.push(to),
    },
    localStorage: storage(local),
    sessionStorage: storage(session),
    JSON,
  };
  runInNewContext(SIGN_IN_FIRST_SCRIPT, page);
  const remembered = session.get(SIGN_IN_FIRST_STORAGE_KEYS.redirectAfterLogin);
  return {
    address: replaced.at(-1) ?? `${url.pathname}${url.search}${url.hash}`,
    remembered: remembered === undefined ? undefined : JSON.parse(remembered),
    rootCleared: root.cleared,
    blockLeft: elements.has('sign-in-first'),
  };
}

describe('the sign-in-first script', () => {
  it('remembers the page asked for, query and hash included, and shows the sign-in address', () => {
    expect(runScript()).toEqual({
      address: '/auth',
      remembered: '/curbside-pickup?orderNumber=CR-100234#arrive',
      rootCleared: false,
      blockLeft: false,
    });
  });

  it('takes the sign-in form away, before it paints, from a browser that holds a session', () => {
    expect(runScript({ address: '/wallet', token: 'a-session-token' })).toEqual({
      address: '/wallet',
      remembered: undefined,
      rootCleared: true,
      blockLeft: false,
    });
  });

  it('does nothing on a page the server sent as asked', () => {
    expect(runScript({ address: '/wallet', block: null })).toEqual({
      address: '/wallet',
      remembered: undefined,
      rootCleared: false,
      blockLeft: false,
    });
  });

  it('follows only a same-site path', () => {
    for (const block of ['"https://elsewhere.example/auth"', '"//elsewhere.example"', '{', '42']) {
      const result = runScript({ address: '/wallet', block });
      expect(result.address).toBe('/wallet');
      expect(result.remembered).toBeUndefined();
      expect(result.rootCleared).toBe(false);
    }
  });

  it('still shows the sign-in page where storage is disabled', () => {
    expect(runScript({ storageThrows: true })).toEqual({
      address: '/auth',
      remembered: undefined,
      rootCleared: false,
      blockLeft: false,
    });
  });

  it('is allowed by its hash, cannot end its element early, and is the element the page carries', () => {
    expect(SIGN_IN_FIRST_SCRIPT).not.toContain('<');
    expect(SIGN_IN_FIRST_SCRIPT_SOURCE).toBe(
      `'sha256-${createHash('sha256').update(SIGN_IN_FIRST_SCRIPT).digest('base64')}'`,
    );
    expect(SIGN_IN_FIRST_SCRIPT_ELEMENT).toBe(`<script>${SIGN_IN_FIRST_SCRIPT}</script>`);
  });
});
