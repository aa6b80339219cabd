import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEarlyCopies, stopEarlyCopies } from './early-copy';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function serverButton(): HTMLButtonElement {
  document.body.innerHTML =
    '<div id="root"><button type="button" data-copy-text="curl -X POST /api/checkout/initialize"><span>Copy</span></button></div>';
  const button = document.querySelector('button');
  if (!button) throw new Error('no button');
  return button;
}

describe('answerEarlyCopies', () => {
  it('copies a server-rendered copy button’s text within the tap, and notes when', () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const button = serverButton();
    answerEarlyCopies();

    button.querySelector('span')?.click();

    // Called synchronously inside the click: the browser's user gesture is still active.
    expect(writeText).toHaveBeenCalledWith('curl -X POST /api/checkout/initialize');
    expect(Number(button.getAttribute('data-copied-at'))).toBeGreaterThan(0);
    stopEarlyCopies();
  });

  it('leaves other buttons alone, and stops once the page is interactive', () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const button = serverButton();
    const other = document.createElement('button');
    document.body.append(other);
    answerEarlyCopies();

    other.click();
    expect(writeText).not.toHaveBeenCalled();

    stopEarlyCopies();
    button.click();
    expect(writeText).not.toHaveBeenCalled();
    expect(button.hasAttribute('data-copied-at')).toBe(false);
  });
});
