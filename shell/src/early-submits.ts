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

/** Stops holding and submits what was held, through the page's own handlers now. */
export function releaseEarlySubmits(doc: Document = document): void {
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
  form.requestSubmit(fromForm ? submitter : undefined);
}
