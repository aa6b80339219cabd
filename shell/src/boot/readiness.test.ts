import { describe, expect, it } from 'vitest';
import { announcePageInteractive } from './readiness';

describe('announcePageInteractive', () => {
  it('marks the server’s HTML usable and the document hydrated', () => {
    document.body.innerHTML = '<div id="root" aria-disabled="true"><button>Go</button></div>';
    announcePageInteractive();
    expect(document.getElementById('root')?.hasAttribute('aria-disabled')).toBe(false);
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true);
  });
});
