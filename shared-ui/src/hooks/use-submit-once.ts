import { type BaseSyntheticEvent, useRef } from 'react';

/**
 * A form's submit handler that runs once at a time: a second submit (a double click, Enter
 * pressed twice) while the first is still validating or waiting for the server is dropped. Wrap
 * react-hook-form's handler, `useSubmitOnce(form.handleSubmit(onValid))`, or one that returns a
 * promise; the guard is released when it settles. A ref, not the mutation's `isPending`: the
 * button is disabled only after validation and a render, and a click in between would send twice.
 */
export function useSubmitOnce<E extends BaseSyntheticEvent = BaseSyntheticEvent>(
  submit: (event?: E) => unknown,
): (event?: E) => Promise<void> {
  const inFlight = useRef(false);
  return async (event) => {
    if (inFlight.current) {
      // The dropped submit must not become the browser's own (a page load with the fields in
      // the URL); the first one's handler already prevented its default.
      event?.preventDefault();
      return;
    }
    inFlight.current = true;
    try {
      await submit(event);
    } finally {
      inFlight.current = false;
    }
  };
}
