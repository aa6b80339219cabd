// Forms arrive with the server's HTML (ADR 010) a moment before React owns them. A submit in that
// moment would be the browser's own: a GET of the page with the fields in its URL, skipping the
// form's validation and its API call. This holds such a submit (the last one) and hands it to the
// form once the page is interactive, so the person's press is answered as if it came later.
// No shared modules here: boot/start.ts installs it before Module Federation has negotiated any.

let held: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
let holding = false;

function onSubmit(event: SubmitEvent) {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  held = { form: event.target, submitter: event.submitter };
}

/** Starts holding submits (boot/start.ts, before anything else runs). */
export function holdEarlySubmits(doc: Document = document): void {
  if (holding) return;
  holding = true;
  doc.addEventListener('submit', onSubmit, true);
}

/** How long a released submit keeps trying, frame by frame, to reach the form's own handler. */
const OWNER_WAIT_MS = 5000;

/**
 * Submits `form` again through the page's handlers. Every form of the site stops the browser's
 * own submission in its handler, so a submit that bubbles up to the window not yet stopped found
 * no handler: the form is still the server's (hydration runs section by section). That one is
 * stopped here too and tried again on the next frame, until the deadline.
 */
function submitToOwner(
  form: HTMLFormElement,
  submitter: HTMLElement | undefined,
  deadline: number,
  nextFrame: (run: () => void) => void,
): void {
  const view = form.ownerDocument.defaultView;
  if (!view || !form.isConnected) return;
  const check = (event: Event) => {
    if (event.target !== form) return;
    view.removeEventListener('submit', check);
    if (event.defaultPrevented || Date.now() >= deadline) return;
    event.preventDefault();
    nextFrame(() => submitToOwner(form, submitter, deadline, nextFrame));
  };
  view.addEventListener('submit', check);
  form.requestSubmit(submitter);
}

/** Stops holding and submits what was held, through the page's own handlers now. */
export function releaseEarlySubmits(
  doc: Document = document,
  { nextFrame = (run: () => void) => requestAnimationFrame(run) } = {},
): void {
  if (!holding) return;
  holding = false;
  doc.removeEventListener('submit', onSubmit, true);
  const pending = held;
  held = undefined;
  if (!pending?.form.isConnected) return;
  const { form, submitter } = pending;
  const fromForm =
    (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
    submitter.form === form;
  submitToOwner(form, fromForm ? submitter : undefined, Date.now() + OWNER_WAIT_MS, nextFrame);
}
