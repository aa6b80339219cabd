import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ReleaseState } from 'shared-contracts/releases';
import type { RemoteName } from 'shared-contracts/remote-rules';
import type { Db } from '../db/database.ts';
import type { ReleaseCommand } from './commands.ts';
import {
  releaseBuilds,
  releaseCommands,
  releaseRemotes,
  releaseSecrets,
  releaseTransitions,
} from './schema.ts';

/** The registry's state of one remote, as every process reads it. */
export interface RemoteReleaseState {
  remote: RemoteName;
  stable: string;
  canary: string | null;
  canaryPercent: number;
  canarySince: Date | null;
}

export type Actor = 'operator' | 'server';

/** The signing key, made by whichever process asks first; the same for every process after. */
export async function loadSecret(db: Db): Promise<Buffer> {
  await db
    .insert(releaseSecrets)
    .values({ id: 1, secret: randomBytes(32) })
    .onConflictDoNothing();
  const [row] = await db.select().from(releaseSecrets).where(eq(releaseSecrets.id, 1));
  if (!row) throw new Error('The release registry has no secret.');
  return row.secret;
}

export async function loadStates(db: Db): Promise<RemoteReleaseState[]> {
  const rows = await db.select().from(releaseRemotes);
  return rows.map((row) => ({
    remote: row.remote as RemoteName,
    stable: row.stable,
    canary: row.canary,
    canaryPercent: row.canaryPercent,
    canarySince: row.canarySince,
  }));
}

interface Change {
  release: string;
  state: ReleaseState;
  reason: string;
  /** Figures count from now (a new canary, a new stable that was not a canary). */
  recount?: boolean;
}

/** Records each release's new state and the history line for it. */
async function record(
  tx: Db,
  remote: RemoteName,
  changes: Change[],
  actor: Actor,
  now: Date,
  figures?: unknown,
): Promise<void> {
  for (const change of changes) {
    await tx
      .insert(releaseBuilds)
      .values({
        remote,
        release: change.release,
        state: change.state,
        reason: change.reason,
        stateAt: now,
        deployedAt: now,
        countedSince: now,
      })
      .onConflictDoUpdate({
        target: [releaseBuilds.remote, releaseBuilds.release],
        set: {
          state: change.state,
          reason: change.reason,
          stateAt: now,
          ...(change.recount ? { countedSince: now, pagesServed: 0 } : {}),
        },
      });
    await tx.insert(releaseTransitions).values({
      remote,
      release: change.release,
      state: change.state,
      actor,
      reason: change.reason,
      figures: figures ?? null,
      at: now,
    });
  }
}

async function lockRemote(tx: Db, remote: RemoteName): Promise<RemoteReleaseState | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`release:${remote}`}, 0))`);
  const [row] = await tx.select().from(releaseRemotes).where(eq(releaseRemotes.remote, remote));
  return row
    ? {
        remote,
        stable: row.stable,
        canary: row.canary,
        canaryPercent: row.canaryPercent,
        canarySince: row.canarySince,
      }
    : undefined;
}

async function saveState(tx: Db, state: RemoteReleaseState, now: Date): Promise<void> {
  const values = {
    stable: state.stable,
    canary: state.canary,
    canaryPercent: state.canary ? state.canaryPercent : 0,
    canarySince: state.canary ? state.canarySince : null,
    updatedAt: now,
  };
  await tx
    .insert(releaseRemotes)
    .values({ remote: state.remote, ...values })
    .onConflictDoUpdate({ target: releaseRemotes.remote, set: values });
}

/** The last release that was stable before `current`, whose files are still deployed. */
async function previousStable(
  tx: Db,
  remote: RemoteName,
  current: string,
  exists: (release: string) => boolean,
): Promise<string | undefined> {
  const rows = await tx
    .select({ release: releaseTransitions.release })
    .from(releaseTransitions)
    .where(
      and(
        eq(releaseTransitions.remote, remote),
        inArray(releaseTransitions.state, ['stable', 'promoted']),
        ne(releaseTransitions.release, current),
      ),
    )
    .orderBy(desc(releaseTransitions.id))
    .limit(50);
  return rows.map((row) => row.release).find(exists);
}

export interface CommandOutcome {
  /** False when another process had already applied it. */
  applied: boolean;
  /** What it changed, one line each (empty: nothing to do, e.g. promote without a canary). */
  changes: string[];
  /** Why it changed nothing although it could have (its release is not deployed). */
  refused?: string;
}

/**
 * Applies a deploy command once, whichever process gets to it first. `exists` says whether a
 * release's files are deployed: a command naming a release that is not there changes nothing.
 */
export async function applyCommand(
  db: Db,
  command: ReleaseCommand,
  exists: (release: string) => boolean,
  now: Date = new Date(),
): Promise<CommandOutcome> {
  const { remote } = command;
  return db.transaction(async (tx) => {
    const found = await lockRemote(tx, remote);
    const [fresh] = await tx
      .insert(releaseCommands)
      .values({ id: command.id, remote, appliedAt: now })
      .onConflictDoNothing()
      .returning({ id: releaseCommands.id });
    if (!fresh) return { applied: false, changes: [] };
    const named = 'release' in command ? command.release : undefined;
    if (named && !exists(named)) {
      return { applied: true, changes: [], refused: `${named} is not deployed in the folder` };
    }

    const changes: Change[] = [];
    let state = found;
    if (!state) {
      // The registry's first command for this remote: what is stable until now?
      const adopted =
        command.action === 'release'
          ? command.release
          : command.current && exists(command.current)
            ? command.current
            : undefined;
      if (!adopted) return { applied: true, changes: [], refused: 'no stable release is known' };
      state = { remote, stable: adopted, canary: null, canaryPercent: 0, canarySince: null };
      changes.push({
        release: adopted,
        state: 'stable',
        reason:
          adopted === named
            ? 'deployed as stable'
            : 'the build in the folder when its releases were first recorded',
        recount: true,
      });
    }
    const next = { ...state };
    const withdrawCanary = (reason: string) => {
      if (!next.canary) return;
      changes.push({ release: next.canary, state: 'rolled back', reason });
      next.canary = null;
    };

    switch (command.action) {
      case 'release': {
        const release = command.release;
        const wasCanary = next.canary === release;
        if (!wasCanary) withdrawCanary(`withdrawn: ${release} was deployed as stable`);
        next.canary = null;
        if (release !== next.stable) {
          changes.push({
            release: next.stable,
            state: 'retired',
            reason: `replaced by ${release}`,
          });
          changes.push({
            release,
            state: 'stable',
            reason: wasCanary ? 'deployed as stable after its canary' : 'deployed as stable',
            recount: !wasCanary,
          });
          next.stable = release;
        }
        break;
      }
      case 'canary': {
        if (command.release === next.stable) break;
        if (next.canary === command.release) {
          if (next.canaryPercent === command.percent) break;
          changes.push({
            release: command.release,
            state: 'canary',
            reason: `share changed to ${command.percent}% of visitors`,
          });
        } else {
          withdrawCanary(`replaced by the canary ${command.release}`);
          changes.push({
            release: command.release,
            state: 'canary',
            reason: `deployed as canary for ${command.percent}% of visitors`,
            recount: true,
          });
          next.canary = command.release;
          next.canarySince = now;
        }
        next.canaryPercent = command.percent;
        break;
      }
      case 'promote': {
        if (!next.canary) break;
        changes.push({
          release: next.stable,
          state: 'retired',
          reason: `replaced by ${next.canary}`,
        });
        changes.push({
          release: next.canary,
          state: 'promoted',
          reason: 'promoted by an operator',
        });
        next.stable = next.canary;
        next.canary = null;
        break;
      }
      case 'rollback': {
        if (next.canary) {
          withdrawCanary('rolled back by an operator');
          break;
        }
        const previous = await previousStable(tx, remote, next.stable, exists);
        if (!previous) break;
        changes.push({
          release: next.stable,
          state: 'rolled back',
          reason: `rolled back to ${previous} by an operator`,
        });
        changes.push({
          release: previous,
          state: 'stable',
          reason: `restored by an operator's rollback of ${next.stable}`,
          recount: true,
        });
        next.stable = previous;
        break;
      }
    }
    if (changes.length === 0) return { applied: true, changes: [] };
    await saveState(tx, next, now);
    await record(tx, remote, changes, 'operator', now);
    return {
      applied: true,
      changes: changes.map((change) => `${change.release}: ${change.state} (${change.reason})`),
    };
  });
}

/**
 * The rule's decision on a canary (rule.ts), applied only if that release is still the canary:
 * when several processes decide at once, one changes the state and the others find nothing to do.
 */
export async function applyDecision(
  db: Db,
  remote: RemoteName,
  canary: string,
  decision: { action: 'rollback' | 'promote'; reason: string },
  figures: unknown,
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const state = await lockRemote(tx, remote);
    if (!state || state.canary !== canary) return false;
    const changes: Change[] =
      decision.action === 'rollback'
        ? [
            {
              release: canary,
              state: 'rolled back',
              reason: `rolled back automatically: ${decision.reason}`,
            },
          ]
        : [
            { release: state.stable, state: 'retired', reason: `replaced by ${canary}` },
            {
              release: canary,
              state: 'promoted',
              reason: `promoted automatically: ${decision.reason}`,
            },
          ];
    await saveState(
      tx,
      { ...state, stable: decision.action === 'promote' ? canary : state.stable, canary: null },
      now,
    );
    await record(tx, remote, changes, 'server', now, figures);
    return true;
  });
}

/** Adds pages the server sent, by remote and release. */
export async function addPagesServed(
  db: Db,
  counts: ReadonlyMap<string, { remote: RemoteName; release: string; pages: number }>,
): Promise<void> {
  for (const { remote, release, pages } of counts.values()) {
    await db
      .update(releaseBuilds)
      .set({ pagesServed: sql`${releaseBuilds.pagesServed} + ${pages}` })
      .where(and(eq(releaseBuilds.remote, remote), eq(releaseBuilds.release, release)));
  }
}
