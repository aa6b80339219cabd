// Buttons arrive with the server's HTML (ADR 010) a moment before React owns them. A click in that
// moment, while the page's code is still arriving, would do nothing: the person chooses a plan
// and nothing happens (clean-clone CI caught it on /robot-leasing). React cannot be relied on to
// answer such a click even once hydration has started: a part of the page whose code is still
// lazy cannot be hydrated on the spot, and the click is dropped. So until the page is
// interactive, this takes such clicks away from the page and clicks the same buttons again,
// in order, once it is: each press is answered exactly once. Forms' submits are
// early-submits.ts's (a form's submit button is left to it), and links work without JavaScript,
// so both are left alone. No shared modules here: index.ts installs it before Module Federation
// runs.

/** More than a few clicks before the page is interactive is a person tapping at a stuck page. */
const MAX_HELD = 5;

let held: HTMLButtonElement[] = [];
let holding = false;

function onClick(event: MouseEvent) {
  if (!(event.target instanceof Element)) return;
  const button = event.target.closest('button');
  if (!button || button.disabled) return;
  // Native behaviour that works without React: submitting or resetting its form.
  if (button.form && (button.type === 'submit' || button.type === 'reset')) return;
  // Not half-handled now and again later: the page sees it once, when it can answer it.
  event.preventDefault();
  event.stopImmediatePropagation();
  if (held.length < MAX_HELD) held.push(button);
}

/** Starts noting clicks on server-rendered buttons (index.ts, before anything else runs). */
export function holdEarlyClicks(doc: Document = document): void {
  if (holding) return;
  holding = true;
  doc.addEventListener('click', onClick, true);
}

/**
 * Stops holding, and clicks again what was clicked: call it once the page is interactive
 * (bootstrap.tsx: when the page marks itself ready, or a few seconds after hydration started).
 */
export function releaseEarlyClicks(doc: Document = document): void {
  if (!holding) return;
  holding = false;
  doc.removeEventListener('click', onClick, true);
  const pending = held;
  held = [];
  for (const button of pending) {
    if (button.isConnected && !button.disabled) button.click();
  }
}
