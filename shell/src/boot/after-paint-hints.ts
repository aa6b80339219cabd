import { AFTER_PAINT_HINTS_ID } from 'shared-contracts/server-page';

/**
 * Puts the preload hints the server kept in an inert `<template>` (what only Module Federation
 * adds to the page: its runtime, the remote's entry and `./routes`) into the head, where the
 * browser starts fetching them side by side. boot/start.ts calls it once the server's HTML has
 * painted, before the app's first import: fetched beside the HTML on a slow connection they held
 * up the page's largest paint (ADR 017 decision 7).
 */
export function applyAfterPaintHints(doc: Document = document): void {
  const template = doc.getElementById(AFTER_PAINT_HINTS_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  doc.head.append(template.content);
}
