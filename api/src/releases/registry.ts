import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ReleaseReport, ReleasesStatus, RemoteReleases } from 'shared-contracts/releases';
import { REMOTE_NAMES, type RemoteName, type RemotesManifest } from 'shared-contracts/remotes';
import type { Database } from '../db/database.ts';
import {
  ASSIGNMENT_COOKIE,
  ASSIGNMENT_COOKIE_MAX_AGE_SECONDS,
  assignmentCookieValue,
  getsCanary,
  newPageId,
  newVisitorId,
  signPageToken,
  signVisitor,
  verifyPageToken,
  verifyVisitor,
} from './assignment.ts';
import { readCommands } from './commands.ts';
import { type ReleaseFiles, releaseFiles, releaseManifestName } from './layout.ts';
import { checkReport, pruneReports, storeReport } from './reports.ts';
import { decideCanary, errorRate, type RollbackRule } from './rule.ts';
import { releaseBuilds } from './schema.ts';
import { lastFormerCanary, lastTransitions, pageViewFigures, releaseFigures } from './stats.ts';
import {
  addPagesServed,
  applyCommand,
  applyDecision,
  loadSecret,
  loadStates,
  type RemoteReleaseState,
} from './store.ts';

/** Announced by a trigger on `release_remotes` (migration 0017) from whichever process wrote. */
export const RELEASE_CHANNEL = 'release_changes';

/**
 * How often each process reads new deploy commands and re-reads the state (in case a NOTIFY was
 * lost while its LISTEN reconnected), and evaluates running canaries. Changes take effect on
 * every process within this (plus a query), well inside the 10 s a deploy may take.
 */
export const RELEASE_POLL_MS = 2000;
// A report that may cross the rule is evaluated this soon, once for a burst of reports.
const EVALUATION_DELAY_MS = 200;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** This visitor's view of the releases, for one page or one `/remotes.json`. */
export interface VisitorReleases {
  /** `/remotes.json` for this visitor: their releases' manifests, the releases, a page token. */
  config: RemotesManifest;
  /** The files of the release this visitor gets, for remotes with releases in the registry. */
  files(name: RemoteName): ReleaseFiles | undefined;
  /** Counts a page of `owner` sent to this visitor (the server's own count, never a report's). */
  served(owner: RemoteName | null): void;
}

export type ReportOutcome = { counted: boolean } | { refused: string };

export interface ReleaseRegistry {
  /**
   * The visitor's releases (setting the assignment cookie when they have none), or undefined
   * while no remote this process serves has releases in the registry: pages and `/remotes.json`
   * are then exactly what they were without it.
   */
  forVisitor(request: FastifyRequest, reply: FastifyReply): VisitorReleases | undefined;
  report(request: FastifyRequest, report: ReleaseReport): Promise<ReportOutcome>;
  status(remote?: RemoteName): Promise<ReleasesStatus>;
  /** Reads commands and state now (tests; the poll does it every RELEASE_POLL_MS). */
  refresh(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface RegistryOptions {
  database: Database;
  logger: FastifyBaseLogger;
  rule: RollbackRule;
  /** The folder each remote is served from by this process (`STATIC_ROOT/mfe-<name>/dist`). */
  folders: Partial<Record<RemoteName, string>>;
  /** What `/remotes.json` says without the registry. */
  baseConfig: RemotesManifest;
  secureCookie: boolean;
  pollMs?: number;
}

/** The folders of the remotes this process serves itself (none of a remote set to another URL). */
export function servedFolders(
  staticRoot: string,
  remoteUrls: Record<RemoteName, string | undefined>,
): Partial<Record<RemoteName, string>> {
  const folders: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const dist = path.join(staticRoot, `mfe-${name}`, 'dist');
    if (!remoteUrls[name] && existsSync(dist)) folders[name] = dist;
  }
  return folders;
}

function appendSetCookie(reply: FastifyReply, value: string): void {
  const existing = reply.getHeader('set-cookie');
  const list =
    existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [
    ...list.filter((cookie) => !cookie.startsWith(`${ASSIGNMENT_COOKIE}=`)),
    value,
  ]);
}

export function createReleaseRegistry(options: RegistryOptions): ReleaseRegistry {
  const { database, logger, rule, folders, baseConfig } = options;
  const db = database.db;
  const pollMs = options.pollMs ?? RELEASE_POLL_MS;
  let secret: Buffer | undefined;
  let states = new Map<RemoteName, RemoteReleaseState>();
  /** `${remote}:${release}` whose manifest is in the folder, checked at each refresh. */
  let deployed = new Set<string>();
  const pendingServed = new Map<string, { remote: RemoteName; release: string; pages: number }>();
  const evaluations = new Map<RemoteName, ReturnType<typeof setTimeout>>();
  const running = new Map<RemoteName, Promise<void>>();
  const told = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let refreshing: Promise<void> | undefined;
  let lastPrune = 0;
  let stopped = false;

  const warnOnce = (message: string) => {
    if (told.has(message) || told.size > 200) return;
    told.add(message);
    logger.warn(message);
  };
  const isDeployed = (remote: RemoteName, release: string) => {
    const dist = folders[remote];
    return dist !== undefined && existsSync(releaseFiles(dist, release).manifest);
  };

  /** Command ids this process has seen applied (by itself or another): not asked about again. */
  const settled = new Set<string>();

  async function applyNewCommands(): Promise<void> {
    for (const [name, dist] of Object.entries(folders) as Array<[RemoteName, string]>) {
      for (const command of await readCommands(dist, name, warnOnce)) {
        if (settled.has(command.id)) continue;
        const outcome = await applyCommand(db, command, (release) => isDeployed(name, release));
        settled.add(command.id);
        if (!outcome.applied) continue;
        if (outcome.refused) {
          logger.warn(
            { remote: name, command: command.id },
            `release command refused: ${outcome.refused}`,
          );
        } else if (outcome.changes.length > 0) {
          logger.info(
            { remote: name, command: command.id, changes: outcome.changes },
            `release command ${command.action} applied`,
          );
        }
      }
    }
  }

  async function reloadStates(): Promise<void> {
    const next = new Map<RemoteName, RemoteReleaseState>();
    const files = new Set<string>();
    for (const state of await loadStates(db)) {
      if (!folders[state.remote]) continue;
      next.set(state.remote, state);
      for (const release of [state.stable, state.canary]) {
        if (release && isDeployed(state.remote, release)) files.add(`${state.remote}:${release}`);
        else if (release) {
          warnOnce(
            `Release ${release} of ${state.remote} is in the registry but not in its folder; ` +
              'visitors get the folder’s mf-manifest.json instead.',
          );
        }
      }
    }
    states = next;
    deployed = files;
  }

  async function flushServed(): Promise<void> {
    if (pendingServed.size === 0) return;
    const counts = new Map(pendingServed);
    pendingServed.clear();
    await addPagesServed(db, counts);
  }

  async function evaluate(remote: RemoteName): Promise<void> {
    const state = states.get(remote);
    if (!state?.canary || !state.canarySince) return;
    const canary = await pageViewFigures(db, remote, state.canary, state.canarySince);
    const stable = await pageViewFigures(db, remote, state.stable, state.canarySince);
    const [build] = await db
      .select({ pagesServed: releaseBuilds.pagesServed })
      .from(releaseBuilds)
      .where(and(eq(releaseBuilds.remote, remote), eq(releaseBuilds.release, state.canary)));
    const canaryPagesServed = build?.pagesServed ?? 0;
    const decision = decideCanary({ canary, stable, canaryPagesServed }, rule);
    if (decision.action === 'keep') return;
    const figures = {
      canary: { release: state.canary, ...canary, errorRate: errorRate(canary) },
      stable: { release: state.stable, ...stable, errorRate: errorRate(stable) },
      canaryPagesServed,
      rule,
    };
    if (await applyDecision(db, remote, state.canary, decision, figures)) {
      logger.warn(
        { remote, release: state.canary, decision: decision.action, figures },
        decision.action === 'rollback'
          ? `canary ${state.canary} of ${remote} rolled back automatically: ${decision.reason}`
          : `canary ${state.canary} of ${remote} promoted automatically: ${decision.reason}`,
      );
      await reloadStates();
    }
  }

  /** Evaluates a remote's canary soon, one evaluation at a time per remote. */
  function scheduleEvaluation(remote: RemoteName): void {
    if (stopped || evaluations.has(remote)) return;
    evaluations.set(
      remote,
      setTimeout(() => {
        evaluations.delete(remote);
        const previous = running.get(remote) ?? Promise.resolve();
        const next = previous
          .then(() => evaluate(remote))
          .catch((error: unknown) =>
            logger.error({ err: error, remote }, 'canary evaluation failed'),
          );
        running.set(remote, next);
      }, EVALUATION_DELAY_MS),
    );
  }

  async function refreshOnce(): Promise<void> {
    secret ??= await loadSecret(db);
    await applyNewCommands();
    await flushServed();
    await reloadStates();
    for (const state of states.values()) if (state.canary) scheduleEvaluation(state.remote);
    const now = Date.now();
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await pruneReports(db, new Date(now));
    }
  }

  // A change announced while a refresh runs may have come after its reads: one more round then.
  let again = false;
  function refresh(): Promise<void> {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      try {
        do {
          again = false;
          await refreshOnce();
        } while (again && !stopped);
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  }

  const refreshQuietly = () =>
    refresh().catch((error: unknown) =>
      logger.error({ err: error }, 'release registry refresh failed'),
    );

  function visitorId(request: FastifyRequest): string | undefined {
    return secret
      ? verifyVisitor(secret, assignmentCookieValue(request.headers.cookie))
      : undefined;
  }

  return {
    forVisitor(request, reply) {
      if (!secret) return undefined;
      const active = [...states.values()].filter((state) =>
        deployed.has(`${state.remote}:${state.stable}`),
      );
      if (active.length === 0) return undefined;
      let visitor = visitorId(request);
      if (!visitor) {
        visitor = newVisitorId();
        appendSetCookie(
          reply,
          [
            `${ASSIGNMENT_COOKIE}=${signVisitor(secret, visitor)}`,
            'Path=/',
            `Max-Age=${ASSIGNMENT_COOKIE_MAX_AGE_SECONDS}`,
            'HttpOnly',
            'SameSite=Lax',
            ...(options.secureCookie ? ['Secure'] : []),
          ].join('; '),
        );
      }
      const releases: Partial<Record<RemoteName, string>> = {};
      const config: RemotesManifest = { ...baseConfig };
      for (const state of active) {
        const canary =
          state.canary &&
          deployed.has(`${state.remote}:${state.canary}`) &&
          getsCanary(visitor, state.remote, state.canary, state.canaryPercent)
            ? state.canary
            : undefined;
        const release = canary ?? state.stable;
        releases[state.remote] = release;
        config[state.remote] = `/remotes/${state.remote}/${releaseManifestName(release)}`;
      }
      config.releases = releases;
      config.report = signPageToken(secret, {
        pageId: newPageId(),
        visitorId: visitor,
        issuedAt: Date.now(),
        releases,
      });
      return {
        config,
        files(name) {
          const release = releases[name];
          const dist = folders[name];
          return release && dist ? releaseFiles(dist, release) : undefined;
        },
        served(owner) {
          const release = owner ? releases[owner] : undefined;
          if (!owner || !release) return;
          const key = `${owner}:${release}`;
          const pending = pendingServed.get(key) ?? { remote: owner, release, pages: 0 };
          pending.pages += 1;
          pendingServed.set(key, pending);
        },
      };
    },

    async report(request, report) {
      if (!secret) return { refused: 'Release reports are not being taken yet.' };
      const token = verifyPageToken(secret, report.token);
      const refusal = checkReport(report, token, visitorId(request), Date.now());
      if (refusal || !token) return { refused: refusal ?? 'Invalid page token.' };
      const stored = await storeReport(db, report, token);
      for (const entry of stored) {
        if (entry.counted && states.get(entry.remote)?.canary === entry.release) {
          scheduleEvaluation(entry.remote);
        }
      }
      return { counted: stored.some((entry) => entry.counted) };
    },

    async status(only) {
      await flushServed();
      const remotes: RemoteReleases[] = [];
      for (const remote of only ? [only] : REMOTE_NAMES) {
        const state = states.get(remote);
        const transitions = await lastTransitions(db, remote);
        if (!state) {
          remotes.push({ remote, stable: null, canary: null, transitions });
          continue;
        }
        const canaryServed = state.canary && deployed.has(`${remote}:${state.canary}`);
        const share = canaryServed ? state.canaryPercent : 0;
        const canaryRelease = state.canary ?? (await lastFormerCanary(db, remote, state.stable));
        const summary = async (release: string, percent: number) => {
          const figures = await releaseFigures(db, remote, release);
          if (!figures) return null;
          return {
            release,
            state: figures.state,
            reason: figures.reason,
            since: figures.since.toISOString(),
            share: percent,
            pageViews: figures.pageViews,
            pagesServed: figures.pagesServed,
            erroredPageViews: figures.erroredPageViews,
            errorRate: errorRate(figures),
            errors: figures.errors,
            vitals: figures.vitals,
            topErrors: figures.topErrors,
          };
        };
        remotes.push({
          remote,
          stable: await summary(state.stable, 100 - share),
          canary: canaryRelease ? await summary(canaryRelease, share) : null,
          transitions,
        });
      }
      return {
        rule: {
          minPageViews: rule.minPageViews,
          minErrorRate: rule.minErrorRate,
          stableFactor: rule.stableFactor,
          autoPromoteAfter: rule.autoPromoteAfter ?? null,
        },
        remotes,
      };
    },

    refresh,

    async start() {
      // Releases live in the folders this process serves; without any there is nothing to follow.
      if (Object.keys(folders).length === 0) return;
      unlisten = await database.listen(RELEASE_CHANNEL, () => {
        void refreshQuietly();
      });
      await refreshQuietly();
      timer = setInterval(() => void refreshQuietly(), pollMs);
      timer.unref();
    },

    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const pending of evaluations.values()) clearTimeout(pending);
      evaluations.clear();
      await Promise.allSettled([...running.values(), refreshing]);
      await flushServed().catch(() => {});
      await unlisten?.().catch(() => {});
    },
  };
}
