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

// These forms stand for ones React has already hydrated, unless a test says otherwise.
const owned = { isOwned: () => true };

/** Whether each submit reaching the form's own handler (React's, once hydrated) was already stopped. */
function recordSubmits(form: HTMLFormElement): boolean[] {
  const prevented: boolean[] = [];
  form.addEventListener('submit', (event) => {
    prevented.push(event.defaultPrevented);
    event.preventDefault();
  });
  return prevented;
}

afterEach(() => {
  releaseEarlySubmits(document, owned);
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

    releaseEarlySubmits(document, owned);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual({ prevented: false, submitter: button });
  });

  it('submits nothing when nothing was pressed, and stops holding once released', () => {
    const { form, button } = serverRenderedForm();
    holdEarlySubmits();
    const prevented = recordSubmits(form);
    releaseEarlySubmits(document, owned);
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
    releaseEarlySubmits(document, owned);
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('waits for React to own the form before handing the submit over, and holds until then', () => {
    const { form, button } = serverRenderedForm();
    holdEarlySubmits();
    const prevented = recordSubmits(form);
    button.click();
    let reactOwns = false;
    const frames: Array<() => void> = [];
    releaseEarlySubmits(document, {
      isOwned: () => reactOwns,
      nextFrame: (run) => frames.push(run),
    });
    // The page said it was ready, but this form is still the server's: nothing submitted yet,
    // and a second press is still held rather than left to the browser.
    expect(prevented).toEqual([true]);
    button.click();
    expect(prevented).toEqual([true, true]);
    reactOwns = true;
    frames.shift()?.();
    expect(prevented).toEqual([true, true, false]);
  });
});
