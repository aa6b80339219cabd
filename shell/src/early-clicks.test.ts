import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyClicks, releaseEarlyClicks } from './early-clicks';

afterEach(async () => {
  await releaseEarlyClicks();
  document.body.innerHTML = '';
});

function clicksOn(element: Element): string[] {
  const seen: string[] = [];
  element.addEventListener('click', (event) => {
    seen.push((event.target as HTMLElement).textContent ?? '');
  });
  return seen;
}

describe('early clicks', () => {
  it('clicks again, in order, the buttons clicked before the page was interactive', async () => {
    document.body.innerHTML = `
      <section>
        <button type="button">Choose Hauler</button>
        <button type="button">Choose Fleet</button>
      </section>`;
    const [hauler, fleet] = [...document.querySelectorAll('button')] as HTMLButtonElement[];
    // Listening before the clicks, like React's handlers once hydration has started.
    const seen = clicksOn(document.body);
    holdEarlyClicks();
    hauler?.click();
    fleet?.click();
    // Held: the page does not see them yet (not half-handled now and again later).
    expect(seen).toEqual([]);
    await releaseEarlyClicks();
    expect(seen).toEqual(['Choose Hauler', 'Choose Fleet']);
    // Released: a later click is answered once.
    hauler?.click();
    expect(seen).toEqual(['Choose Hauler', 'Choose Fleet', 'Choose Hauler']);
  });

  it("leaves a form's submit button, links, and disabled or removed buttons alone", async () => {
    document.body.innerHTML = `
      <form><button type="submit">Send</button></form>
      <a href="#top">Top</a>
      <button type="button" disabled>Disabled</button>
      <button type="button">Removed</button>`;
    holdEarlyClicks();
    const form = document.querySelector('form') as HTMLFormElement;
    form.addEventListener('submit', (event) => event.preventDefault());
    const seen = clicksOn(document.body);
    for (const element of document.querySelectorAll<HTMLElement>('button, a')) element.click();
    // The submit button and the link reach the page at once; the disabled button fires nothing.
    expect(seen).toEqual(['Send', 'Top']);
    document.querySelector('button:not([disabled]):not([type=submit])')?.remove();
    await releaseEarlyClicks();
    // The removed button is not clicked again.
    expect(seen).toEqual(['Send', 'Top']);
  });

  it('clicks nothing again when nothing was clicked', async () => {
    document.body.innerHTML = '<button type="button">Menu</button>';
    const seen = clicksOn(document.body);
    holdEarlyClicks();
    await releaseEarlyClicks();
    expect(seen).toEqual([]);
  });
});
