import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyClicks, releaseEarlyClicks } from './early-clicks';

// A plan chooser beside a controlled count, like /robot-leasing: choosing a plan re-renders the
// count field with the count React knows.
const countChanges: string[] = [];

function LeaseForm() {
  const [plan, setPlan] = useState('Flex');
  const [count, setCount] = useState('2');
  return (
    <div>
      <button type="button" onClick={() => setPlan('Fleet')}>
        Choose Fleet
      </button>
      <label>
        Number of robots
        <input
          value={count}
          onChange={(event) => {
            countChanges.push(event.target.value);
            setCount(event.target.value);
          }}
        />
      </label>
      <output>{`${count} robots on ${plan}`}</output>
    </div>
  );
}

/** Types like a person (or Playwright's fill): the browser's own value setter, then `input`. */
function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

let root: Root | undefined;
afterEach(async () => {
  await releaseEarlyClicks();
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  countChanges.length = 0;
});

function serverRender(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LeaseForm />);
  document.body.append(container);
  return container;
}

const parts = (container: HTMLElement) => ({
  fleet: container.querySelector('button') as HTMLButtonElement,
  count: container.querySelector('input') as HTMLInputElement,
  summary: () => container.querySelector('output')?.textContent,
});

describe('early clicks and typing', () => {
  it('keeps a count typed after a held click, typed before the field was hydrated', async () => {
    const container = serverRender();
    const { fleet, count, summary } = parts(container);
    holdEarlyClicks();
    fleet.click();
    type(count, '5');
    act(() => {
      root = hydrateRoot(container, <LeaseForm />);
    });
    await act(() => releaseEarlyClicks());
    // The plan click is answered, and it does not undo the count typed after it.
    expect(summary()).toBe('5 robots on Fleet');
    expect(count.value).toBe('5');
  });

  it('keeps a count typed after a held click into an already hydrated field', async () => {
    const container = serverRender();
    const { fleet, count, summary } = parts(container);
    holdEarlyClicks();
    act(() => {
      root = hydrateRoot(container, <LeaseForm />);
    });
    fleet.click();
    act(() => type(count, '5'));
    await act(() => releaseEarlyClicks());
    expect(summary()).toBe('5 robots on Fleet');
    expect(count.value).toBe('5');
    // The page saw the typing once, when it happened: nothing is entered twice.
    expect(countChanges).toEqual(['5']);
  });

  it('answers a click held after typing in the order they happened', async () => {
    const container = serverRender();
    const { fleet, count, summary } = parts(container);
    holdEarlyClicks();
    type(count, '7');
    fleet.click();
    act(() => {
      root = hydrateRoot(container, <LeaseForm />);
    });
    await act(() => releaseEarlyClicks());
    expect(summary()).toBe('7 robots on Fleet');
  });
});
