import { HYDRATED_ATTRIBUTE, NOT_YET_INTERACTIVE_ATTRIBUTE } from 'shared-contracts/server-page';

/**
 * Says, in the document, that the first page is now interactive (ADR 017): `#root`
 * loses the server's NOT_YET_INTERACTIVE_ATTRIBUTE, and `<html>` gets HYDRATED_ATTRIBUTE, the
 * public signal tests and benchmarks wait for.
 */
export function announcePageInteractive(doc: Document = document): void {
  doc.getElementById('root')?.removeAttribute(NOT_YET_INTERACTIVE_ATTRIBUTE);
  doc.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
}
