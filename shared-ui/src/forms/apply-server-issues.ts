import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's per-field issues (`{ message, issues: [{ path, message }] }`, docs/product.md,
 * "API conventions") on the matching form fields: the first message of each field, focus on the
 * first of `fields` (the form's order) that got one. Resolves to whether any field got one. The
 * error schema (zod) is loaded here, after a failed submit, so it is not part of the page's first
 * load.
 *
 * `error` is shared-client's `ApiError` (or anything else, then nothing happens); it is read by its
 * `body` because shared-client builds on this package and cannot be imported from here.
 */
export async function applyServerIssues<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
): Promise<boolean> {
  const body = error instanceof Error && 'body' in error ? error.body : undefined;
  if (typeof body !== 'string') return false;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return false;
  }
  const { apiErrorSchema } = await import('shared-contracts/errors');
  const parsed = apiErrorSchema.safeParse(json);
  if (!parsed.success) return false;
  const messages = new Map<string, string>();
  for (const issue of parsed.data.issues ?? []) {
    // `items.0.quantity` belongs to the `items` field.
    const [name = ''] = issue.path.split('.');
    if (!messages.has(name)) messages.set(name, issue.message);
  }
  let applied = false;
  for (const field of fields) {
    const message = messages.get(field);
    if (message === undefined) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
