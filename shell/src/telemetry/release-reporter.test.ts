import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  landingRemote,
  listenForUncaughtErrors,
  noteRemoteRelease,
  recordRemoteError,
  recordView,
  takeReleaseEvents,
} from './release-events';
import { startReleaseReporting } from './release-reporter';

const MARKETING = {
  release: '0123456789',
  token: 'page-1',
  base: 'https://shop.example/remotes/marketing/',
};

async function bodies(send: ReturnType<typeof vi.fn>) {
  return Promise.all(
    send.mock.calls.map(async ([url, blob]) => {
      expect(url).toBe('/api/releases/reports');
      expect((blob as Blob).type).toBe('application/json');
      return JSON.parse(await (blob as Blob).text());
    }),
  );
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

let reporter: ReturnType<typeof startReleaseReporting> | undefined;

afterEach(() => {
  reporter?.stop();
  reporter = undefined;
  vi.useRealTimers();
  setVisibility('visible');
});

describe('startReleaseReporting', () => {
  it('sends what was kept before it started, once per page token, a second later', async () => {
    vi.useFakeTimers();
    // Whatever other suites left kept in this worker is not this page's.
    takeReleaseEvents(() => {}).stop();
    // Kept by the first load's recorder before the reporter loaded.
    recordView('marketing');
    recordRemoteError('marketing', 'render', new TypeError('x is not a function'));
    noteRemoteRelease('marketing', MARKETING);
    const send = vi.fn(() => true);
    reporter = startReleaseReporting({ send, vitals: () => {} });
    recordRemoteError('marketing', 'render', new TypeError('another render error'));
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await bodies(send)).toEqual([
      {
        token: 'page-1',
        remotes: [
          {
            remote: 'marketing',
            release: '0123456789',
            view: true,
            errors: [{ kind: 'render', name: 'TypeError', message: 'x is not a function' }],
          },
        ],
      },
    ]);
    // The same page view and error kind again: nothing new to say.
    recordView('marketing');
    recordRemoteError('marketing', 'render', new Error('again'));
    reporter?.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('counts an uncaught error only when its stack is in a remote’s files', async () => {
    noteRemoteRelease('marketing', { ...MARKETING, token: 'page-2' });
    const send = vi.fn(() => true);
    const target = new EventTarget() as unknown as Window;
    listenForUncaughtErrors(target);
    reporter = startReleaseReporting({ send, vitals: () => {} });
    const ours = new Error('Cannot read properties of undefined');
    ours.stack = `Error: Cannot read properties of undefined\n    at f (${MARKETING.base}route~about-us.1af420588f.js:1:200)`;
    const theirs = new Error('extension failed');
    theirs.stack = 'Error: extension failed\n    at chrome-extension://abc/content.js:1:1';
    target.dispatchEvent(Object.assign(new Event('error'), { error: theirs, filename: '' }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: ours }));
    reporter?.flush();
    expect(await bodies(send)).toEqual([
      {
        token: 'page-2',
        remotes: [
          {
            remote: 'marketing',
            release: '0123456789',
            view: true,
            errors: [
              { kind: 'unhandled', name: 'Error', message: 'Cannot read properties of undefined' },
            ],
          },
        ],
      },
    ]);
  });

  it('sends the landing page’s Web Vitals as the page is hidden, bounded', async () => {
    expect(landingRemote).toBe('marketing');
    noteRemoteRelease('marketing', { ...MARKETING, token: 'page-3' });
    const send = vi.fn(() => true);
    let report: (name: 'lcp' | 'inp' | 'cls', value: number) => void = () => {};
    reporter = startReleaseReporting({ send, vitals: (next) => (report = next) });
    report('lcp', 1830.4);
    report('inp', Number.NaN);
    setVisibility('hidden');
    // What web-vitals reports as the page hides leaves together, at once.
    report('cls', 0.02);
    report('inp', 999_999);
    await Promise.resolve();
    const sent = await bodies(send);
    expect(sent.map((body) => body.remotes[0].vitals)).toEqual([
      { lcp: 1830.4 },
      { cls: 0.02, inp: 120_000 },
    ]);
  });

  it('keeps a remote’s events until its release is known', async () => {
    const send = vi.fn(() => true);
    reporter = startReleaseReporting({ send, vitals: () => {} });
    recordView('retailer');
    reporter?.flush();
    expect(send).not.toHaveBeenCalled();
    noteRemoteRelease('retailer', {
      release: 'abcdefabcd',
      token: 'page-4',
      base: 'https://shop.example/remotes/retailer/',
    });
    reporter?.flush();
    expect((await bodies(send))[0].remotes[0]).toEqual({
      remote: 'retailer',
      release: 'abcdefabcd',
      view: true,
    });
  });
});
