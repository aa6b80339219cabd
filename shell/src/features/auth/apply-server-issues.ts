import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from 'shared-client';

/**
 * Puts the server's per-field issues (`{ message, issues: [{ path, message }] }`, DESIGN.md
 * section 4) on the matching form fields. Resolves to whether any field got one. The error schema
 * (zod) is loaded here, after a failed submit, so it is not part of the page's first load.
 */
export async function applyServerIssues<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
): Promise<boolean> {
  if (!(error instanceof ApiError)) return false;
  let body: unknown;
  try {
    body = JSON.parse(error.body);
  } catch {
    return false;
  }
  const { apiErrorSchema } = await import('shared-contracts/errors');
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success) return false;
  let applied = false;
  for (const issue of parsed.data.issues ?? []) {
    const field = fields.find((name) => name === issue.path);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
