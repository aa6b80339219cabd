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

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** What the person did while the page was not yet interactive, in the order they did it. */
type Action = { button: HTMLButtonElement } | { field: Field; value: string };

let actions: Action[] = [];
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
  if (actions.filter((action) => 'button' in action).length < MAX_HELD) actions.push({ button });
}

/** Fields whose value a person types or picks (not checkboxes, radios, files or buttons). */
function isValueField(target: EventTarget | null): target is Field {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'file', 'button', 'submit', 'reset', 'image'].includes(target.type)
  );
}

// Typing is not held: the person sees what they type. It is noted, in order with the held clicks,
// because React does not see a value typed before it owned the field, and the next render of that
// field (such as the one a replayed click causes) puts back the value React knows: the person
// types 5 robots, and the count goes back to 2 (React issue 26974; clean-clone CI caught it on
// /robot-leasing). Typing after React owns the field reaches it at once, and is noted all the same.
function onInput(event: Event) {
  const field = event.target;
  if (!isValueField(field)) return;
  const last = actions.at(-1);
  if (last && 'field' in last && last.field === field) last.value = field.value;
  else actions.push({ field, value: field.value });
}

/** Starts noting clicks on server-rendered buttons (index.ts, before anything else runs). */
export function holdEarlyClicks(doc: Document = document): void {
  if (holding) return;
  holding = true;
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('input', onInput, true);
  doc.addEventListener('change', onInput, true);
}

/**
 * Whether React already has `value` for this field: it keeps a controlled field's `value`
 * attribute (the default value) in step with its state, so a value it has seen is both.
 */
function reactHas(field: Field, value: string): boolean {
  if (field.value !== value) return false;
  if (field instanceof HTMLSelectElement) {
    return [...field.selectedOptions].every((option) => option.defaultSelected);
  }
  return field.defaultValue === value;
}

/**
 * Enters `value` into the field again so that the page's handlers see it: through the browser's
 * own setter, after a different value through the element's (React notes the value it last saw
 * there, and ignores an input event that does not change it), then the event React listens to.
 * Where the caret was is kept.
 */
function enterAgain(field: Field, value: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // Null where the field has no caret (number and email fields), and then none is set back.
  const { selectionStart: start, selectionEnd: end } = field;
  const proto = field instanceof HTMLInputElement ? HTMLInputElement : HTMLTextAreaElement;
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (start !== null && end !== null && field.ownerDocument.activeElement === field) {
    field.setSelectionRange(start, end);
  }
}

/** The next task: what a replayed click rendered is on the page before the next action. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Stops holding, and does again, in order, what the person did: clicks the held buttons, and
 * enters again what they typed that React has not seen. Call it once the page is interactive
 * (bootstrap.tsx: when the page marks itself ready, or a few seconds after hydration started).
 */
export async function releaseEarlyClicks(doc: Document = document): Promise<void> {
  if (!holding) return;
  holding = false;
  doc.removeEventListener('click', onClick, true);
  doc.removeEventListener('input', onInput, true);
  doc.removeEventListener('change', onInput, true);
  const pending = actions;
  actions = [];
  for (const action of pending) {
    if ('button' in action) {
      const { button } = action;
      if (!button.isConnected || button.disabled) continue;
      button.click();
    } else {
      const { field, value } = action;
      if (!field.isConnected || field.disabled || reactHas(field, value)) continue;
      enterAgain(field, value);
    }
    await nextTask();
  }
}
