import { act, fireEvent, render, screen } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSubmitOnce } from './use-submit-once';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A form whose handler prevents the default (as react-hook-form's does) and then waits. */
function SaveForm({ handler }: { handler: () => Promise<void> }) {
  const [result, setResult] = useState('');
  const submit = useSubmitOnce(async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      await handler();
      setResult('Saved');
    } catch {
      setResult('Not saved');
    }
  });
  return (
    <form aria-label="Save" onSubmit={submit}>
      <button type="submit">Save</button>
      <output>{result}</output>
    </form>
  );
}

describe('useSubmitOnce', () => {
  it('runs the handler once while it is in flight, and again once it settled', async () => {
    let answer = deferred();
    const handler = vi.fn(() => answer.promise);
    render(<SaveForm handler={handler} />);
    const form = screen.getByRole('form', { name: 'Save' });

    fireEvent.submit(form);
    // The dropped submit still stops the browser's own submission (a page load).
    expect(fireEvent.submit(form)).toBe(false);
    fireEvent.submit(form);
    expect(handler).toHaveBeenCalledTimes(1);

    await act(async () => answer.resolve());
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    answer = deferred();
    fireEvent.submit(form);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('lets the person try again after the handler failed', async () => {
    const answer = deferred();
    const handler = vi.fn(() => answer.promise);
    render(<SaveForm handler={handler} />);
    const form = screen.getByRole('form', { name: 'Save' });

    fireEvent.submit(form);
    await act(async () => answer.reject(new Error('offline')));
    expect(screen.getByRole('status')).toHaveTextContent('Not saved');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('releases the guard when the handler itself throws, and passes the error on', async () => {
    const failure = new Error('bug');
    const handler = vi.fn(async () => {
      throw failure;
    });
    let submit: ReturnType<typeof useSubmitOnce> | undefined;
    function Probe() {
      submit = useSubmitOnce(handler);
      return null;
    }
    render(<Probe />);
    await expect(submit?.()).rejects.toBe(failure);
    await expect(submit?.()).rejects.toBe(failure);
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
