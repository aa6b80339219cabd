import { EARLY_INPUT_HANDOFF, PAINT_FIRST_HINTS_ID, SHELL_ENTRY_ID } from './server-page.ts';

/**
 * The start-up script of a server-rendered page (issue 13, ADR 012 decision 10): the page paints
 * its HTML first and the shell's code runs after that.
 *
 * With the entry as a parser script (`<script defer>`), a browser that has the entry early (from
 * its cache, a fast network, or Lighthouse's unthrottled load) runs all of it, the Module
 * Federation runtime included, before it shows the HTML it already had; and with the preload
 * hints of the page's remote live in the HTML, a phone on a thin connection downloads them beside
 * the HTML it is trying to paint. Instead the server puts the entry's and the remote's hints in a
 * `<template id="paint-first-hints">` (inert until used), and this inline script puts them into
 * the page and starts the entry once the browser has reported the parsed document's first
 * contentful paint (Paint Timing; where that is missing, in the frame after the one that
 * painted). The files then download together, as before, just after the paint instead of before
 * it. A hidden tab paints nothing, so there it starts at once, and anywhere within a second at
 * the latest. Until the shell runs, a click on a button that needs JavaScript and a form's
 * submit are held here (the same rule as shell/src/early-clicks.ts and early-submits.ts), and the
 * shell takes them over through `window.__curbrunEarlyInput()`: a press in that moment is answered
 * once the page is interactive, not lost and not submitted natively.
 *
 * It is inline because a file would be one more request before the first paint, and is allowed
 * by its hash in the Content-Security-Policy (api/src/http/paint-first.ts), not by `unsafe-inline`.
 */
export const PAINT_FIRST_SCRIPT = `(function () {
  var d = document, held = [], started = false;
  function click(e) {
    var b = e.target instanceof Element ? e.target.closest('button') : null;
    if (!b || b.disabled || (b.form && (b.type === 'submit' || b.type === 'reset'))) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push({ kind: 'click', target: b });
  }
  function submit(e) {
    if (!(e.target instanceof HTMLFormElement)) return;
    e.preventDefault();
    held.push({ kind: 'submit', target: e.target, submitter: e.submitter || null });
  }
  d.addEventListener('click', click, true);
  d.addEventListener('submit', submit, true);
  window.${EARLY_INPUT_HANDOFF} = function () {
    d.removeEventListener('click', click, true);
    d.removeEventListener('submit', submit, true);
    var taken = held;
    held = [];
    return taken;
  };
  function start() {
    if (started) return;
    started = true;
    var hints = d.getElementById('${PAINT_FIRST_HINTS_ID}').content;
    var entry = d.createElement('script');
    entry.src = hints.getElementById('${SHELL_ENTRY_ID}').getAttribute('href');
    d.head.appendChild(hints);
    d.head.appendChild(entry);
  }
  function afterPaint() {
    if (d.visibilityState === 'hidden') return start();
    setTimeout(start, 1000);
    try {
      if (PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0) {
        new PerformanceObserver(function (list, observer) {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          setTimeout(start, 0);
        }).observe({ type: 'paint', buffered: true });
        return;
      }
    } catch (error) {}
    requestAnimationFrame(function () { requestAnimationFrame(start); });
  }
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', afterPaint);
  else afterPaint();
})();`;
