import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { RELEASE_ERROR_KINDS, type ReleaseErrorKind } from 'shared-contracts/release-rules';
import type { ReleaseState, ReleaseTransition } from 'shared-contracts/releases';
import type { RemoteName } from 'shared-contracts/remote-rules';
import type { Db } from '../db/database.ts';
import type { PageViewFigures } from './rule.ts';
import {
  releaseBuilds,
  releaseErrorSamples,
  releasePageViews,
  releaseTransitions,
} from './schema.ts';

/** What went wrong on a page view: any of its error flags. */
export const ERRORED = sql`(${releasePageViews.manifestFailed} or ${releasePageViews.entryFailed} or ${releasePageViews.chunkFailed} or ${releasePageViews.renderFailed} or ${releasePageViews.unhandledError})`;

/** Page views of a release since `since`, and those with an error. */
export async function pageViewFigures(
  db: Db,
  remote: RemoteName,
  release: string,
  since: Date,
): Promise<PageViewFigures> {
  const [row] = await db
    .select({
      pageViews: sql<number>`count(*)::int`,
      erroredPageViews: sql<number>`(count(*) filter (where ${ERRORED}))::int`,
    })
    .from(releasePageViews)
    .where(
      and(
        eq(releasePageViews.remote, remote),
        eq(releasePageViews.release, release),
        gte(releasePageViews.createdAt, since),
      ),
    );
  return { pageViews: row?.pageViews ?? 0, erroredPageViews: row?.erroredPageViews ?? 0 };
}

export interface ReleaseFigures extends PageViewFigures {
  release: string;
  state: ReleaseState;
  reason: string;
  since: Date;
  pagesServed: number;
  errors: Record<ReleaseErrorKind, number>;
  vitals: { lcp: number | null; inp: number | null; cls: number | null };
  topErrors: Array<{ kind: ReleaseErrorKind; name: string; message: string; pageViews: number }>;
}

const FLAG_OF: Record<ReleaseErrorKind, AnyPgColumn> = {
  manifest: releasePageViews.manifestFailed,
  entry: releasePageViews.entryFailed,
  chunk: releasePageViews.chunkFailed,
  render: releasePageViews.renderFailed,
  unhandled: releasePageViews.unhandledError,
};

const median = (column: AnyPgColumn) =>
  sql<number | null>`percentile_cont(0.5) within group (order by ${column})`;

/** Everything the operator sees of one release, counted since it last became canary or stable. */
export async function releaseFigures(
  db: Db,
  remote: RemoteName,
  release: string,
): Promise<ReleaseFigures | undefined> {
  const [build] = await db
    .select()
    .from(releaseBuilds)
    .where(and(eq(releaseBuilds.remote, remote), eq(releaseBuilds.release, release)));
  if (!build) return undefined;
  const counted = and(
    eq(releasePageViews.remote, remote),
    eq(releasePageViews.release, release),
    gte(releasePageViews.createdAt, build.countedSince),
  );
  const kindCounts = Object.fromEntries(
    RELEASE_ERROR_KINDS.map((kind) => [
      kind,
      sql<number>`(count(*) filter (where ${FLAG_OF[kind]}))::int`,
    ]),
  ) as Record<ReleaseErrorKind, ReturnType<typeof sql<number>>>;
  const [row] = await db
    .select({
      pageViews: sql<number>`count(*)::int`,
      erroredPageViews: sql<number>`(count(*) filter (where ${ERRORED}))::int`,
      lcp: median(releasePageViews.lcp),
      inp: median(releasePageViews.inp),
      cls: median(releasePageViews.cls),
      ...kindCounts,
    })
    .from(releasePageViews)
    .where(counted);
  const samples = await db
    .select()
    .from(releaseErrorSamples)
    .where(and(eq(releaseErrorSamples.remote, remote), eq(releaseErrorSamples.release, release)))
    .orderBy(desc(releaseErrorSamples.pageViews))
    .limit(5);
  const round = (value: number | null | undefined, digits: number) =>
    value === null || value === undefined ? null : Number(Number(value).toFixed(digits));
  return {
    release,
    state: build.state as ReleaseState,
    reason: build.reason,
    since: build.stateAt,
    pagesServed: build.pagesServed,
    pageViews: row?.pageViews ?? 0,
    erroredPageViews: row?.erroredPageViews ?? 0,
    errors: Object.fromEntries(
      RELEASE_ERROR_KINDS.map((kind) => [kind, Number(row?.[kind] ?? 0)]),
    ) as Record<ReleaseErrorKind, number>,
    vitals: { lcp: round(row?.lcp, 0), inp: round(row?.inp, 0), cls: round(row?.cls, 3) },
    topErrors: samples.map((sample) => ({
      kind: sample.kind as ReleaseErrorKind,
      name: sample.name,
      message: sample.message,
      pageViews: sample.pageViews,
    })),
  };
}

/** A remote's last changes, newest first. */
export async function lastTransitions(
  db: Db,
  remote: RemoteName,
  limit = 10,
): Promise<ReleaseTransition[]> {
  const rows = await db
    .select()
    .from(releaseTransitions)
    .where(eq(releaseTransitions.remote, remote))
    .orderBy(desc(releaseTransitions.id))
    .limit(limit);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    release: row.release,
    state: row.state as ReleaseState,
    by: row.actor as 'operator' | 'server',
    reason: row.reason,
  }));
}

/** The latest canary that is neither the canary nor stable now (rolled back), if any. */
export async function lastFormerCanary(
  db: Db,
  remote: RemoteName,
  stable: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ release: releaseTransitions.release })
    .from(releaseTransitions)
    .where(and(eq(releaseTransitions.remote, remote), eq(releaseTransitions.state, 'canary')))
    .orderBy(desc(releaseTransitions.id))
    .limit(1);
  return row && row.release !== stable ? row.release : undefined;
}
