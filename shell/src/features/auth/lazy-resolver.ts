import type { FieldValues, Resolver } from 'react-hook-form';

/** A resolver that loads its validation code on demand, and can be told to start early. */
export type LazyResolver<TValues extends FieldValues, TOutput> = Resolver<
  TValues,
  unknown,
  TOutput
> & {
  /** Starts the download without waiting for it; safe to call any number of times. */
  preload: () => void;
  /** Spread on the form: the download starts at the first focus or press inside it. */
  preloadOnUse: { onFocus: () => void; onPointerDown: () => void };
};

/**
 * A form resolver whose validation code (zod, the contract's schema, @hookform/resolvers) is
 * loaded when the visitor starts using the form, not with the page: on `/auth` it would be a
 * large share of what a phone runs before the page answers a tap, and zod is evaluated in one
 * long task even when fetched at idle time. The form spreads
 * `preloadOnUse`, which starts the download as a field gets focus or the pointer goes down on it,
 * so the code is here long before a real submit; a submit that comes first (autofill, a click
 * straight on the button) waits for it. The rules are the shared schema's, exactly as before.
 */
export function lazyResolver<TValues extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): LazyResolver<TValues, TOutput> {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  const ready = () => {
    loading ??= load();
    // A failed download is tried again at the next validation.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const resolver: Resolver<TValues, unknown, TOutput> = async (values, context, options) =>
    (await ready())(values, context, options);
  const preload = () => void ready().catch(() => {});
  return Object.assign(resolver, {
    preload,
    preloadOnUse: { onFocus: preload, onPointerDown: preload },
  });
}
