import { EARLY_INPUT_HANDOFF } from 'shared-contracts/server-page';
import { adoptEarlyClicks } from './early-clicks';
import { adoptEarlySubmit } from './early-submits';

/** What the server page's start-up script held (api/src/http/paint-first.ts). */
type HeldInput =
  | { kind: 'click'; target: HTMLButtonElement }
  | { kind: 'submit'; target: HTMLFormElement; submitter: HTMLElement | null };

/**
 * Takes over the clicks and submits the server-rendered page's start-up script held while the
 * shell's code was on its way (it starts the shell only after the first paint). Call it after
 * holdEarlyClicks and holdEarlySubmits: from then on they hold, and the start-up script stops.
 * No shared modules here: index.ts runs it before Module Federation has negotiated any.
 */
export function takeOverBootInput(win: Window = window): void {
  const handoff = (win as unknown as Record<string, unknown>)[EARLY_INPUT_HANDOFF];
  if (typeof handoff !== 'function') return;
  delete (win as unknown as Record<string, unknown>)[EARLY_INPUT_HANDOFF];
  const held = (handoff as () => HeldInput[])();
  adoptEarlyClicks(held.flatMap((input) => (input.kind === 'click' ? [input.target] : [])));
  // The last submit is the one answered, as early-submits.ts does.
  const submits = held.filter((input) => input.kind === 'submit');
  const last = submits[submits.length - 1];
  if (last) adoptEarlySubmit(last.target, last.submitter);
}
