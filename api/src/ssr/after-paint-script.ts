import { createHash } from 'node:crypto';
import { AFTER_PAINT_HINTS_ID } from 'shared-contracts/server-page';

/**
 * The one script a server-rendered page runs inline: once the page's HTML has painted, it puts the
 * preload hints the server kept in `<template id="after-paint-hints">` into the head, so the
 * browser starts fetching the page's scripts then, all side by side (ADR 023).
 *
 * Why inline: the shell's own entry arrives a round trip after the HTML on a slow connection, and
 * the scripts would start that much later; inline, they start the moment the page has painted.
 * Why after the paint: a script that arrives is parsed and compiled on the renderer's background
 * threads, and on a phone with few cores that work competes with the first style and layout of
 * the page. On a slow connection the scripts arrive after the first paint anyway; on a fast one
 * they would arrive with the HTML and slow down its first paint.
 *
 * When: in the task after the page's first frame (a task queued from that frame's
 * `requestAnimationFrame` runs once the frame's style, layout and paint are done), at once in a
 * hidden tab (it renders no frame until shown), and a second after the script at the latest.
 * Waiting instead for the first contentful paint to be reported, as the shell's start does, came
 * 0.05–0.1 s later on a throttled phone, all of it added to the time until the page answers.
 * Plain ES5, with no `<`, so it runs in any browser and cannot end its element early. The page's
 * Content-Security-Policy allows this exact text by its hash and no other inline script.
 */
export const AFTER_PAINT_SCRIPT = `(function(){var done=false;function apply(){if(done)return;done=true;var hints=document.getElementById('${AFTER_PAINT_HINTS_ID}');if(!hints)return;hints.remove();document.head.append(hints.content)}if(document.visibilityState==='hidden'){apply();return}requestAnimationFrame(function(){setTimeout(apply,0)});setTimeout(apply,1000)})();`;

/** The script's CSP source (`'sha256-…'`), for `script-src`. */
export const AFTER_PAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

/** The element the page carries. */
export const AFTER_PAINT_SCRIPT_ELEMENT = `<script>${AFTER_PAINT_SCRIPT}</script>`;
