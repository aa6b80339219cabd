/**
 * Reads, once, a JSON data block the server put in the page (`<script type="application/json">`,
 * api/src/http/page-html.ts; not executed, so the strict CSP allows it). The element is removed,
 * so a later read never reuses what the page was first sent with. Undefined when there is none
 * or it does not parse (`invalid` is then told why).
 */
export function takeJsonDataBlock(
  id: string,
  invalid: () => void,
  doc: Document = document,
): unknown {
  const element = doc.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '');
  } catch {
    invalid();
    return undefined;
  }
}
