import { PAINT_FIRST_SCRIPT } from 'shared-contracts/paint-first-script';
import {
  EARLY_INPUT_HANDOFF,
  PAINT_FIRST_HINTS_ID,
  SHELL_ENTRY_ID,
} from 'shared-contracts/server-page';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverBootInput } from './boot-handoff';
import { holdEarlyClicks, releaseEarlyClicks } from './early-clicks';
import { holdEarlySubmits, releaseEarlySubmits } from './early-submits';

// The server-rendered page's start-up script (shared-contracts/paint-first-script.ts), run as the
// page runs it, and the shell taking over what it held.

/** Runs the start-up script in this document, as the inline `<script>` of the page would. */
function runStartUpScript() {
  new Function(PAINT_FIRST_SCRIPT)();
}

afterEach(() => {
  releaseEarlyClicks();
  releaseEarlySubmits(document, { isOwned: () => true });
  (window as unknown as Record<string, () => unknown>)[EARLY_INPUT_HANDOFF]?.();
  delete (window as unknown as Record<string, unknown>)[EARLY_INPUT_HANDOFF];
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

function page() {
  document.head.innerHTML = `<template id="${PAINT_FIRST_HINTS_ID}"><link rel="preload" as="script" href="/main.0123456789.js" id="${SHELL_ENTRY_ID}"><link rel="preload" as="script" href="/remotes/retailer/remoteEntry.js"></template>`;
  document.body.innerHTML = `
    <div id="root">
      <button type="button">Choose Hauler</button>
      <form aria-label="Contact form"><input name="name"><button type="submit">Send</button></form>
    </div>`;
  const seen: string[] = [];
  document.body.addEventListener('click', (event) => {
    seen.push(`click ${(event.target as HTMLElement).textContent}`);
  });
  const form = document.querySelector('form') as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    // The page's own handler (React's, once it owns the form) answers it; nothing navigates.
    if (!event.defaultPrevented) seen.push('submit');
    event.preventDefault();
  });
  return { seen, button: document.querySelector('button') as HTMLButtonElement, form };
}

describe('the start-up script and the shell taking over', () => {
  it('starts the shell entry and the remote hints after the parsed page has painted, not before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    page();
    runStartUpScript();
    expect(document.querySelector('script[src]')).toBeNull();
    expect(document.head.querySelectorAll(':scope > link')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(document.querySelector('script[src]')).toBeNull();
    // Not in the frame that paints the page, but in the one after it.
    vi.advanceTimersToNextFrame();
    expect(document.querySelector('script[src]')).toBeNull();
    vi.advanceTimersToNextFrame();
    const entry = document.querySelector<HTMLScriptElement>('script[src]');
    expect(entry?.src).toBe(new URL('/main.0123456789.js', document.baseURI).href);
    expect(
      [...document.head.querySelectorAll<HTMLLinkElement>(':scope > link')].map((l) =>
        l.getAttribute('href'),
      ),
    ).toEqual(['/main.0123456789.js', '/remotes/retailer/remoteEntry.js']);
    // Once only, even when the fallback timer fires later.
    vi.advanceTimersByTime(2000);
    expect(document.querySelectorAll('script[src]')).toHaveLength(1);
  });

  it('holds a click and a submit made before the shell ran, and the shell answers them once', () => {
    const { seen, button, form } = page();
    runStartUpScript();
    button.click();
    form.requestSubmit();
    // Held: the page saw neither, and the browser did not submit the form itself.
    expect(seen).toEqual([]);

    // The shell's code arrives: its own holders start, and take over what was held.
    holdEarlySubmits();
    holdEarlyClicks();
    takeOverBootInput();
    expect((window as unknown as Record<string, unknown>)[EARLY_INPUT_HANDOFF]).toBeUndefined();
    button.click();
    expect(seen).toEqual([]);

    // The page is interactive: each press is answered exactly once, in order.
    releaseEarlyClicks();
    releaseEarlySubmits(document, { isOwned: () => true });
    expect(seen).toEqual(['click Choose Hauler', 'click Choose Hauler', 'submit']);
    // The start-up script no longer holds anything.
    button.click();
    expect(seen).toEqual([
      'click Choose Hauler',
      'click Choose Hauler',
      'submit',
      'click Choose Hauler',
    ]);
  });

  it('does nothing on a page the start-up script is not on', () => {
    const { seen, button } = page();
    holdEarlyClicks();
    takeOverBootInput();
    button.click();
    releaseEarlyClicks();
    expect(seen).toEqual(['click Choose Hauler']);
  });
});
