import { COPIED_AT_ATTRIBUTE, COPY_TEXT_ATTRIBUTE } from 'shared-contracts/server-page';

// A copy button that arrived with the server's HTML copies on the first tap, even before React
// owns it: the clipboard needs the tap's own user gesture, so a click replayed later could not do
// it (ADR 017). The button carries its text (COPY_TEXT_ATTRIBUTE); the hydrated
// CopyButton confirms the copy (COPIED_AT_ATTRIBUTE). No shared modules here: boot/start.ts
// installs it before Module Federation has negotiated any.

function copy(text: string, doc: Document): void {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (clipboard?.writeText) {
    void clipboard.writeText(text).catch(() => {});
    return;
  }
  // Insecure origins and older browsers: the selection-based copy, as CopyButton does.
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.append(area);
  area.select();
  doc.execCommand('copy');
  area.remove();
}

let stop = () => {};

/** Answers taps on copy buttons (boot/start.ts, before anything else runs). */
export function answerEarlyCopies(doc: Document = document): void {
  stop();
  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest(`button[${COPY_TEXT_ATTRIBUTE}]`);
    const text = button?.getAttribute(COPY_TEXT_ATTRIBUTE);
    if (!button || text == null) return;
    copy(text, doc);
    button.setAttribute(COPIED_AT_ATTRIBUTE, String(Date.now()));
  };
  doc.addEventListener('click', onClick, true);
  stop = () => doc.removeEventListener('click', onClick, true);
}

/** Once the page is interactive, the buttons' own handlers copy. */
export function stopEarlyCopies(): void {
  stop();
  stop = () => {};
}
