import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Container, loadRemote, registerRemotes } from './container-runtime';

// The page's share scope, as Rspack's federation runtime keeps it in the shell's build.
const shareScope = { react: {} };
const initSharing = vi.fn(async () => {});

function entryScripts(): HTMLScriptElement[] {
  return [...document.head.querySelectorAll('script')];
}

/** Plays the browser for the last entry script: it ran and defined `container` (or failed). */
function finishScript(outcome: { container?: unknown; fail?: boolean }, name = 'marketing') {
  const script = entryScripts().at(-1);
  if (!script) throw new Error('no entry script was inserted');
  if (outcome.fail) {
    script.dispatchEvent(new Event('error'));
    return;
  }
  Reflect.set(window, name, outcome.container);
  script.dispatchEvent(new Event('load'));
}

function fakeContainer(routes: unknown = { default: 'routes' }) {
  return {
    init: vi.fn<Container['init']>(),
    get: vi.fn<Container['get']>(async () => () => routes),
  };
}

let remoteCount = 0;
/** A fresh remote name per test: the module keeps its registrations for the page's life. */
function remoteName(): string {
  remoteCount += 1;
  return `remote${remoteCount}`;
}

beforeEach(() => {
  vi.stubGlobal('__webpack_init_sharing__', initSharing);
  vi.stubGlobal('__webpack_share_scopes__', { default: shareScope });
});

afterEach(() => {
  vi.unstubAllGlobals();
  initSharing.mockClear();
  for (const script of entryScripts()) script.remove();
});

describe('the container runtime', () => {
  it("loads the entry script, joins the container to the page's share scope and returns the module", async () => {
    const name = remoteName();
    registerRemotes([{ name, entry: 'https://cdn.test/marketing/remoteEntry.1234567890.js' }]);
    const container = fakeContainer({ default: 'the routes component' });

    const loading = loadRemote(`${name}/routes`);
    await vi.waitFor(() => expect(entryScripts()).toHaveLength(1));
    expect(entryScripts()[0]?.src).toBe('https://cdn.test/marketing/remoteEntry.1234567890.js');
    finishScript({ container }, name);

    await expect(loading).resolves.toEqual({ default: 'the routes component' });
    expect(initSharing).toHaveBeenCalledWith('default');
    expect(container.init).toHaveBeenCalledWith(shareScope);
    expect(container.get).toHaveBeenCalledWith('./routes');

    // A second load uses the same container: no second script, no second init.
    await expect(loadRemote(`${name}/routes`)).resolves.toEqual({
      default: 'the routes component',
    });
    expect(entryScripts()).toHaveLength(1);
    expect(container.init).toHaveBeenCalledTimes(1);
  });

  it('fails a script that does not load, and inserts it again on the next attempt', async () => {
    const name = remoteName();
    registerRemotes([{ name, entry: '/remotes/x/remoteEntry.js' }]);

    const first = loadRemote(`${name}/routes`);
    await vi.waitFor(() => expect(entryScripts()).toHaveLength(1));
    finishScript({ fail: true }, name);
    await expect(first).rejects.toThrow(`The entry script of the ${name} remote failed to load`);

    const second = loadRemote(`${name}/routes`);
    await vi.waitFor(() => expect(entryScripts()).toHaveLength(2));
    finishScript({ container: fakeContainer() }, name);
    await expect(second).resolves.toEqual({ default: 'routes' });
  });

  it('fails an entry that defines no container', async () => {
    const name = remoteName();
    registerRemotes([{ name, entry: '/remotes/x/remoteEntry.js' }]);
    const loading = loadRemote(`${name}/routes`);
    await vi.waitFor(() => expect(entryScripts()).toHaveLength(1));
    finishScript({ container: { not: 'a container' } }, name);
    await expect(loading).rejects.toThrow(`defined no ${name} container`);
  });

  it("passes on the container's refusal (a shared singleton out of range) as it is", async () => {
    const name = remoteName();
    registerRemotes([{ name, entry: '/remotes/x/remoteEntry.js' }]);
    const refusal = new Error(
      'Unsatisfied version 19.3.1 from shell of shared singleton module react (required ^18.0.0)',
    );
    const container = fakeContainer();
    container.get.mockRejectedValue(refusal);
    const loading = loadRemote(`${name}/routes`);
    await vi.waitFor(() => expect(entryScripts()).toHaveLength(1));
    finishScript({ container }, name);
    await expect(loading).rejects.toBe(refusal);
  });

  it('forgets a loaded container when the remote is registered again with force', async () => {
    const name = remoteName();
    registerRemotes([{ name, entry: '/remotes/x/remoteEntry.js' }]);
    const first = loadRemote(`${name}/routes`);
    await vi.waitFor(() => expect(entryScripts()).toHaveLength(1));
    finishScript({ container: fakeContainer({ default: 'first' }) }, name);
    await first;

    // The same entry without force changes nothing.
    registerRemotes([{ name, entry: '/remotes/x/remoteEntry.js' }]);
    await expect(loadRemote(`${name}/routes`)).resolves.toEqual({ default: 'first' });

    registerRemotes([{ name, entry: '/remotes/x/remoteEntry.js' }], { force: true });
    expect(entryScripts()).toHaveLength(0);
    const again = loadRemote(`${name}/routes`);
    await vi.waitFor(() => expect(entryScripts()).toHaveLength(1));
    finishScript({ container: fakeContainer({ default: 'second' }) }, name);
    await expect(again).resolves.toEqual({ default: 'second' });
  });

  it('refuses a remote that was never registered', async () => {
    await expect(loadRemote('nowhere/routes')).rejects.toThrow(
      'No remote is registered for nowhere/routes.',
    );
  });
});
