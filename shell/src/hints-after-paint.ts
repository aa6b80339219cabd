import { PAINT_FIRST_HINTS_ID } from 'shared-contracts/server-page';

// The preload hints of the remote that owns a server-rendered page come in an inert `<template>`
// (api/src/http/page-html.ts) and are put into the page here, once the browser has painted the
// HTML: on a thin connection the remote's files would otherwise download beside the HTML the
// phone is trying to paint, and Lighthouse's simulation counts every script that arrived before
// the paint as holding it up (ADR 012, decision 10). They still start before the shell asks for
// the remote, in parallel with the shell's own shared chunks. The same `afterPaint` holds
// index.ts's first request for the app's code until the paint (decision 13). No shared modules
// here: index.ts runs it before Module Federation has negotiated any.

/** Latest moment for after-paint work when no paint is reported. */
const FALLBACK_MS = 1000;

interface Scheduler {
  /** Calls `run` once the document's first contentful paint has been reported. */
  afterFirstPaint: (run: () => void) => void;
  setTimeout: (run: () => void, ms: number) => void;
}

function afterFirstPaint(run: () => void): void {
  const supported =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!supported) {
    // The frame after the one that painted.
    requestAnimationFrame(() => requestAnimationFrame(run));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
}

const browserScheduler: Scheduler = {
  afterFirstPaint,
  setTimeout: (run, ms) => window.setTimeout(run, ms),
};

/**
 * Runs `run` once, when the page has reported its first contentful paint, or a second after this
 * call where no paint is reported (a browser without Paint Timing that also misses the frames, a
 * page that paints nothing); at once in a hidden tab, which paints nothing until it is shown.
 */
export function afterPaint(
  run: () => void,
  doc: Document = document,
  scheduler: Scheduler = browserScheduler,
): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (doc.visibilityState === 'hidden') {
    once();
    return;
  }
  scheduler.afterFirstPaint(once);
  scheduler.setTimeout(once, FALLBACK_MS);
}

/** Applies the page's after-paint hints once it has painted (or within a second at the latest). */
export function applyHintsAfterPaint(
  doc: Document = document,
  scheduler: Scheduler = browserScheduler,
): void {
  const template = doc.getElementById(PAINT_FIRST_HINTS_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  afterPaint(
    () => {
      template.remove();
      doc.head.append(template.content);
    },
    doc,
    scheduler,
  );
}
