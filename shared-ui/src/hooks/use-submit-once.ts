import { type BaseSyntheticEvent, useRef } from 'react';

/**
 * A form's submit handler that runs once at a time: a second submit (a double click, Enter
 * pressed twice) while the first is still validating or waiting for the server is dropped
 * (a double click must not send a request twice). Wrap react-hook-form's handler,
 * `useSubmitOnce(form.handleSubmit(onValid))`, or a
 * hand-rolled one that returns a promise. The guard is released when the handler settles, so a
 * refused request can be sent again.
 *
 * Why a ref and not the mutation's `isPending`: the submit button is disabled only once the
 * request is pending, after the asynchronous validation and a render, and a second click in
 * between would send a second request.
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
