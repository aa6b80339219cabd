// Forms arrive with the server's HTML (ADR 010) a moment before React owns them. A submit in that
// moment would be the browser's own: a GET of the page with the fields in its URL, skipping the
// form's validation and its API call. This holds such a submit (the last one) and hands it to the
// form once the page is interactive, so the person's press is answered as if it came later.
// No shared modules here: index.ts installs it before Module Federation has negotiated any.

let held: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
let holding = false;

function onSubmit(event: SubmitEvent) {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  held = { form: event.target, submitter: event.submitter };
}

/** Starts holding submits (index.ts, before anything else runs). */
export function holdEarlySubmits(doc: Document = document): void {
  if (holding) return;
  holding = true;
  doc.addEventListener('submit', onSubmit, true);
}

/** How long a held submit waits, after the page said it is ready, for React to own its form. */
const OWNER_WAIT_MS = 5000;

/**
 * Whether React has taken the form over: it keeps the element's props on the node once it has
 * hydrated (or created) it.
 */
export function ownedByReact(form: HTMLFormElement): boolean {
  return Object.keys(form).some((key) => key.startsWith('__reactProps$'));
}

/**
 * Stops holding and submits what was held, through the page's own handlers now. Hydration runs as
 * a transition, section by section, so the page can say it is ready a moment before React owns
 * the form; submitted then, it would be the browser's own submit after all. So the held submit
 * waits (frame by frame, at most a few seconds) until the form is React's, and submits keep being
 * held until then.
 */
export function releaseEarlySubmits(
  doc: Document = document,
  { isOwned = ownedByReact, nextFrame = (run: () => void) => requestAnimationFrame(run) } = {},
): void {
  if (!holding) return;
  const deadline = Date.now() + OWNER_WAIT_MS;
  const attempt = () => {
    const pending = held;
    if (pending?.form.isConnected && !isOwned(pending.form) && Date.now() < deadline) {
      nextFrame(attempt);
      return;
    }
    holding = false;
    doc.removeEventListener('submit', onSubmit, true);
    held = undefined;
    if (!pending?.form.isConnected) return;
    const { form, submitter } = pending;
    const fromForm =
      (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
      submitter.form === form;
    form.requestSubmit(fromForm ? submitter : undefined);
  };
  attempt();
}
