import type { FieldValues, Resolver } from 'react-hook-form';
import { whenIdle } from 'shared-ui';

/**
 * A form resolver whose validation code (zod, the contract's schema, @hookform/resolvers) is
 * loaded the first time the form validates, not with the page: on `/auth` that code was a
 * quarter of the JavaScript a phone had to run before the page answered a tap (issue 13). It is
 * also fetched once the page is interactive and idle, so a real submit never waits for it. The
 * rules are the shared schema's, exactly as before.
 */
export function lazyResolver<TValues extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): Resolver<TValues, unknown, TOutput> {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  const ready = () => {
    loading ??= load();
    // A failed download is tried again at the next validation.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  if (typeof window !== 'undefined') whenIdle(() => void ready().catch(() => {}));
  return async (values, context, options) => (await ready())(values, context, options);
}
