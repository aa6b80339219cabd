import { z } from 'zod';
import {
  RELEASE_ERROR_KINDS,
  RELEASE_ID_PATTERN,
  RELEASE_REPORT_LIMITS,
  RELEASE_VITALS,
} from './release-rules';
import { REMOTE_NAMES } from './remote-rules';

export {
  RELEASE_ERROR_KINDS,
  RELEASE_ID_PATTERN,
  RELEASE_REPORT_LIMITS,
  RELEASE_REPORT_PATH,
  RELEASE_VITALS,
  type ReleaseErrorKind,
  type ReleaseVital,
} from './release-rules';

/** Canary releases of the remotes (docs/decisions/019-canary-releases.md). */

export const releaseIdSchema = z
  .string()
  .regex(RELEASE_ID_PATTERN, 'A release id is 10 lower-case hex digits');

const L = RELEASE_REPORT_LIMITS;

/** One error on a page, as the shell saw it: where it came from, and a bounded name and message. */
export const releaseReportErrorSchema = z.strictObject({
  kind: z.enum(RELEASE_ERROR_KINDS),
  name: z.string().max(L.errorNameLength),
  message: z.string().max(L.errorMessageLength),
});

const timing = z.number().min(0).max(L.maxTimingMs);

export const releaseReportVitalsSchema = z.strictObject({
  lcp: timing.optional(),
  inp: timing.optional(),
  cls: z.number().min(0).max(L.maxLayoutShift).optional(),
});

/** What the shell saw of one remote's release during one page load. */
export const releaseReportEntrySchema = z.strictObject({
  remote: z.enum(REMOTE_NAMES),
  release: releaseIdSchema,
  /** The remote's page was shown (or its fallback panel): one page view. */
  view: z.boolean().optional(),
  errors: z.array(releaseReportErrorSchema).max(L.errorsPerRemote).optional(),
  vitals: releaseReportVitalsSchema.optional(),
});

/**
 * `POST /api/releases/reports` (sent with `navigator.sendBeacon`): the page token the server
 * gave with the remotes configuration, and what happened to each remote on that page. Nothing
 * else is accepted: no URL, no user, no free text beyond an error's name and message.
 */
export const releaseReportSchema = z
  .strictObject({
    token: z.string().min(1).max(L.tokenLength),
    remotes: z.array(releaseReportEntrySchema).min(1).max(REMOTE_NAMES.length),
  })
  .register(z.globalRegistry, { id: 'ReleaseReport' });

export type ReleaseReport = z.infer<typeof releaseReportSchema>;
export type ReleaseReportEntry = z.infer<typeof releaseReportEntrySchema>;

export const releaseReportAnswerSchema = z
  .object({
    /** Whether anything new was counted (a page view, an error or a vital not yet known). */
    counted: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'ReleaseReportAnswer' });

/** A release's state as the operator sees it. */
export const RELEASE_STATES = ['stable', 'canary', 'promoted', 'rolled back', 'retired'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

const errorCountsShape = Object.fromEntries(
  RELEASE_ERROR_KINDS.map((kind) => [kind, z.number().int()]),
) as Record<(typeof RELEASE_ERROR_KINDS)[number], z.ZodNumber>;

const vitalsShape = Object.fromEntries(
  RELEASE_VITALS.map((name) => [name, z.number().nullable()]),
) as Record<(typeof RELEASE_VITALS)[number], z.ZodNullable<z.ZodNumber>>;

export const releaseSummarySchema = z.object({
  release: releaseIdSchema,
  state: z.enum(RELEASE_STATES),
  /** Why and when it got that state. */
  reason: z.string(),
  since: z.iso.datetime(),
  /** Percent of visitors it is served to now. */
  share: z.number().min(0).max(100),
  /** Page views the shell reported for it (one per remote per page load). */
  pageViews: z.number().int(),
  /** Pages of this remote the server rendered with it. */
  pagesServed: z.number().int(),
  /** Page views with at least one error, and their share of the page views (0 to 1). */
  erroredPageViews: z.number().int(),
  errorRate: z.number().min(0).max(1),
  /** Page views with at least one error of each kind. */
  errors: z.object(errorCountsShape),
  /** Medians of the reported Web Vitals (LCP and INP in ms, CLS unitless); null without reports. */
  vitals: z.object(vitalsShape),
  /** The most frequent errors, with their page views. */
  topErrors: z.array(
    z.object({
      kind: z.enum(RELEASE_ERROR_KINDS),
      name: z.string(),
      message: z.string(),
      pageViews: z.number().int(),
    }),
  ),
});

export const releaseTransitionSchema = z.object({
  at: z.iso.datetime(),
  release: releaseIdSchema,
  state: z.enum(RELEASE_STATES),
  /** Who decided: a person (the deploy script, an operator) or the server's rule. */
  by: z.enum(['operator', 'server']),
  reason: z.string(),
});

export const remoteReleasesSchema = z.object({
  remote: z.enum(REMOTE_NAMES),
  stable: releaseSummarySchema.nullable(),
  /** The running canary, or the last one when it was rolled back (share 0). */
  canary: releaseSummarySchema.nullable(),
  /** The last 10 changes, newest first. */
  transitions: z.array(releaseTransitionSchema),
});

/** `GET /api/operator/releases`: every remote's releases and the rule that rolls canaries back. */
export const releasesStatusSchema = z
  .object({
    rule: z.object({
      minPageViews: z.number().int(),
      minErrorRate: z.number(),
      stableFactor: z.number(),
      autoPromoteAfter: z.number().int().nullable(),
    }),
    remotes: z.array(remoteReleasesSchema),
  })
  .register(z.globalRegistry, { id: 'ReleasesStatus' });

export type ReleaseSummary = z.infer<typeof releaseSummarySchema>;
export type ReleaseTransition = z.infer<typeof releaseTransitionSchema>;
export type RemoteReleases = z.infer<typeof remoteReleasesSchema>;
export type ReleasesStatus = z.infer<typeof releasesStatusSchema>;
