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
  releaseEarlySubmits(document);
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

    releaseEarlySubmits(document);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual({ prevented: false, submitter: button });
  });

  it('submits nothing when nothing was pressed, and stops holding once released', () => {
    const { form, button } = serverRenderedForm();
    holdEarlySubmits();
    const prevented = recordSubmits(form);
    releaseEarlySubmits(document);
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
    releaseEarlySubmits(document);
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('tries again on the next frame while no handler of the page takes the submit', () => {
    const { form, button } = serverRenderedForm();
    holdEarlySubmits();
    button.click();
    const frames: Array<() => void> = [];
    const submits: Event[] = [];
    window.addEventListener('submit', (event) => submits.push(event));
    releaseEarlySubmits(document, { nextFrame: (run) => frames.push(run) });
    // Nothing of the page's took it (the form is still the server's): stopped all the same, so
    // the browser does not submit it, and tried again on the next frame.
    expect(submits.map((event) => event.defaultPrevented)).toEqual([true]);
    expect(frames).toHaveLength(1);

    // Now hydrated: the form's own handler answers it.
    const handled = recordSubmits(form);
    frames.shift()?.();
    expect(handled).toEqual([false]);
    expect(frames).toHaveLength(0);
  });
});
