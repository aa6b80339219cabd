import { afterEach, describe, expect, it } from 'vitest';
import { applyAfterPaintHints } from './after-paint-hints';

const ENTRY = '/remotes/retailer/remoteEntry.0123456789.js';

describe('applyAfterPaintHints', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('moves the template’s hints into the head once, as live preload links', () => {
    document.head.innerHTML = `<template id="after-paint-hints"><link rel="preload" as="script" href="${ENTRY}" fetchpriority="low"></template>`;
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);

    applyAfterPaintHints();
    applyAfterPaintHints();

    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
    expect([...links].map((link) => link.getAttribute('href'))).toEqual([ENTRY]);
    expect(links[0]?.getAttribute('fetchpriority')).toBe('low');
    expect(document.getElementById('after-paint-hints')).toBeNull();
  });

  it('does nothing on a page without the template', () => {
    document.head.innerHTML = '<meta charset="utf-8">';
    applyAfterPaintHints();
    expect(document.head.innerHTML).toBe('<meta charset="utf-8">');
  });
});
