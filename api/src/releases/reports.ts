import { and, count, eq, lt, sql } from 'drizzle-orm';
import { RELEASE_REPORT_LIMITS, type ReleaseErrorKind } from 'shared-contracts/release-rules';
import type { ReleaseReport, ReleaseReportEntry } from 'shared-contracts/releases';
import type { RemoteName } from 'shared-contracts/remote-rules';
import type { Db } from '../db/database.ts';
import { PAGE_TOKEN_MAX_AGE_MS, type PageToken } from './assignment.ts';
import { releaseErrorSamples, releasePageViews } from './schema.ts';

/** Page views are kept this long (the figures of older releases fade with them). */
export const PAGE_VIEW_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
// Distinct error messages kept per release: enough to see what breaks, bounded whatever is sent.
const SAMPLES_PER_RELEASE = 50;

/**
 * An error message as it is kept: what could name a person or a secret (e-mail addresses, long
 * numbers, long tokens, query strings) is replaced, so the message says what broke and nothing
 * about whom.
 */
export function scrubMessage(text: string): string {
  return text
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '<email>')
    .replace(/(https?:\/\/[^\s?#]*)[?#][^\s]*/g, '$1')
    .replace(/\b[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*\b/g, (word) =>
      word.length >= 16 ? '<id>' : word.replace(/\d{4,}/g, '<n>'),
    )
    .slice(0, RELEASE_REPORT_LIMITS.errorMessageLength);
}

/** Why a report is not counted at all (answered 403). */
export function checkReport(
  report: ReleaseReport,
  token: PageToken | undefined,
  visitorId: string | undefined,
  now: number,
): string | undefined {
  if (!visitorId)
    return 'This browser has no release assignment: reports come from pages of this site.';
  if (!token || token.visitorId !== visitorId) {
    return 'The page token is not one this site gave to this browser.';
  }
  if (token.issuedAt > now + 60_000 || now - token.issuedAt > PAGE_TOKEN_MAX_AGE_MS) {
    return 'The page token has expired.';
  }
  for (const entry of report.remotes) {
    if (token.releases[entry.remote] !== entry.release) {
      return `This page was not served release ${entry.release} of ${entry.remote}.`;
    }
  }
  if (new Set(report.remotes.map((entry) => entry.remote)).size !== report.remotes.length) {
    return 'Each remote may be reported once per report.';
  }
  return undefined;
}

type Flags = Record<ReleaseErrorKind, boolean>;

const FLAG_COLUMNS = {
  manifest: 'manifestFailed',
  entry: 'entryFailed',
  chunk: 'chunkFailed',
  render: 'renderFailed',
  unhandled: 'unhandledError',
} as const satisfies Record<ReleaseErrorKind, keyof typeof releasePageViews.$inferSelect>;

export interface StoredEntry {
  remote: RemoteName;
  release: string;
  /** Something new was counted: a page view, an error of a kind not yet seen, a vital. */
  counted: boolean;
  /** It added an errored page view (none of its errors had been counted before). */
  newError: boolean;
}

/**
 * Counts what a report says about each remote of one page, once: the first report of a page
 * counts its page view, each kind of error counts once per page view, each vital is kept once.
 */
export async function storeReport(
  db: Db,
  report: ReleaseReport,
  token: PageToken,
): Promise<StoredEntry[]> {
  return db.transaction(async (tx) => {
    const stored: StoredEntry[] = [];
    for (const entry of report.remotes) stored.push(await storeEntry(tx, token, entry));
    return stored;
  });
}

async function storeEntry(
  tx: Db,
  token: PageToken,
  entry: ReleaseReportEntry,
): Promise<StoredEntry> {
  const key = and(
    eq(releasePageViews.pageId, token.pageId),
    eq(releasePageViews.remote, entry.remote),
  );
  const inserted = await tx
    .insert(releasePageViews)
    .values({ pageId: token.pageId, remote: entry.remote, release: entry.release })
    .onConflictDoNothing()
    .returning({ pageId: releasePageViews.pageId });
  const [before] = await tx.select().from(releasePageViews).where(key).for('update');
  if (!before) throw new Error('The page view row vanished.');
  const flags = Object.fromEntries(
    (Object.keys(FLAG_COLUMNS) as ReleaseErrorKind[]).map((kind) => [
      kind,
      before[FLAG_COLUMNS[kind]],
    ]),
  ) as Flags;
  const wasErrored = Object.values(flags).some(Boolean);
  const newKinds = new Set<ReleaseErrorKind>();
  for (const error of entry.errors ?? []) {
    if (!flags[error.kind]) newKinds.add(error.kind);
  }
  const vitals = {
    lcp: before.lcp ?? entry.vitals?.lcp ?? null,
    inp: before.inp ?? entry.vitals?.inp ?? null,
    cls: before.cls ?? entry.vitals?.cls ?? null,
  };
  const newVital =
    vitals.lcp !== before.lcp || vitals.inp !== before.inp || vitals.cls !== before.cls;
  if (newKinds.size > 0 || newVital) {
    await tx
      .update(releasePageViews)
      .set({
        ...Object.fromEntries([...newKinds].map((kind) => [FLAG_COLUMNS[kind], true])),
        ...vitals,
      })
      .where(key);
  }
  // One sample per new kind: the first error of that kind on this page.
  for (const kind of newKinds) {
    const error = entry.errors?.find((candidate) => candidate.kind === kind);
    if (error) await addSample(tx, entry, kind, error.name, scrubMessage(error.message));
  }
  return {
    remote: entry.remote,
    release: entry.release,
    counted: inserted.length > 0 || newKinds.size > 0 || newVital,
    newError: !wasErrored && newKinds.size > 0,
  };
}

async function addSample(
  tx: Db,
  entry: ReleaseReportEntry,
  kind: ReleaseErrorKind,
  name: string,
  message: string,
): Promise<void> {
  const release = and(
    eq(releaseErrorSamples.remote, entry.remote),
    eq(releaseErrorSamples.release, entry.release),
  );
  const [known] = await tx.select({ n: count() }).from(releaseErrorSamples).where(release);
  const values = {
    remote: entry.remote,
    release: entry.release,
    kind,
    name,
    message,
    pageViews: 1,
  };
  const bump = { pageViews: sql`${releaseErrorSamples.pageViews} + 1` };
  if ((known?.n ?? 0) < SAMPLES_PER_RELEASE) {
    await tx
      .insert(releaseErrorSamples)
      .values(values)
      .onConflictDoUpdate({
        target: [
          releaseErrorSamples.remote,
          releaseErrorSamples.release,
          releaseErrorSamples.kind,
          releaseErrorSamples.name,
          releaseErrorSamples.message,
        ],
        set: bump,
      });
  } else {
    await tx
      .update(releaseErrorSamples)
      .set(bump)
      .where(
        and(
          release,
          eq(releaseErrorSamples.kind, kind),
          eq(releaseErrorSamples.name, name),
          eq(releaseErrorSamples.message, message),
        ),
      );
  }
}

/** Drops page views older than the retention (their figures fade with them). */
export async function pruneReports(db: Db, now: Date): Promise<void> {
  await db
    .delete(releasePageViews)
    .where(lt(releasePageViews.createdAt, new Date(now.getTime() - PAGE_VIEW_RETENTION_MS)));
}
