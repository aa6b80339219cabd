import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlySubmits, releaseEarlySubmits } from './early-submits';

function serverRenderedForm() {
  document.body.innerHTML = `
    <form aria-label="Contact form">
      <input name="name" value="Ann Lee" />
      <button type="submit" name="intent" value="send">Send message</button>
    </form>`;
  const form = document.querySelector('form') as HTMLFormElement;
  const button = document.querySelector('button') as HTMLButtonElement;
  return { form, button };
}

afterEach(() => {
  releaseEarlySubmits();
  document.body.innerHTML = '';
});

describe('early submits', () => {
  it('holds a submit pressed before the page is interactive, then hands it to the form', () => {
    const { form, button } = serverRenderedForm();
    holdEarlySubmits();
    const seen: Array<{ prevented: boolean; submitter: HTMLElement | null }> = [];
    // Registered after the hold, like React's handler once the page hydrates.
    form.addEventListener('submit', (event) => {
      seen.push({ prevented: event.defaultPrevented, submitter: event.submitter });
      event.preventDefault();
    });
    button.click();
    // The browser's own submission was stopped (it would have left the page).
    expect(seen).toEqual([{ prevented: true, submitter: button }]);

    releaseEarlySubmits();
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual({ prevented: false, submitter: button });
  });

  it('submits nothing when nothing was pressed, and stops holding once released', () => {
    const { form, button } = serverRenderedForm();
    holdEarlySubmits();
    const prevented: boolean[] = [];
    form.addEventListener('submit', (event) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    });
    releaseEarlySubmits();
    expect(prevented).toEqual([]);
    button.click();
    // Not held any more: the page's own handler decides.
    expect(prevented).toEqual([false]);
  });

  it('drops a held submit whose form left the page', () => {
    const { form, button } = serverRenderedForm();
    holdEarlySubmits();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    form.addEventListener('submit', onSubmit);
    button.click();
    form.remove();
    releaseEarlySubmits();
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
