import { z } from 'zod';

/**
 * One problem with a request, as reported in `apiErrorSchema.issues`. `path` is the dotted path of
 * the offending field inside the part that failed (`email`, `items.0.quantity`); empty for the part
 * as a whole.
 */
export const apiErrorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/**
 * The body of every 4xx/5xx answer (docs/product.md, "API conventions"). Clients show `message`
 * as is, so the server makes it readable; `issues` lists every validation problem.
 */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    issues: z.array(apiErrorIssueSchema).optional(),
  })
  .meta({ id: 'ApiError' });

export type ApiErrorIssue = z.infer<typeof apiErrorIssueSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;
