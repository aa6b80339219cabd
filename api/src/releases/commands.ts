import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { RELEASE_ID_PATTERN } from 'shared-contracts/release-rules';
import { REMOTE_NAMES } from 'shared-contracts/remote-rules';
import { z } from 'zod';
import { COMMANDS_FOLDER } from './layout.ts';

/**
 * What `scripts/deploy-remote.mjs` asks of the registry (`release`, `canary`, `promote`,
 * `rollback`: docs/deploy.md, "Canary releases"), written into the remote's deployed folder by a
 * rename, so never half-written. Every API process serving the folder applies each command once,
 * within seconds (ADR 019 decision 2). `current` names the folder's stable build, which the
 * registry adopts when it has none yet (a remote deployed before the registry existed).
 */

const releaseId = z.string().regex(RELEASE_ID_PATTERN);

// `<UTC time>-<random>`: names sort in the order the commands were written.
export const COMMAND_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

export const releaseCommandSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('release'), release: releaseId }),
  z.object({
    action: z.literal('canary'),
    release: releaseId,
    percent: z.number().int().min(1).max(100),
  }),
  z.object({ action: z.literal('promote') }),
  z.object({ action: z.literal('rollback') }),
]);

const commandFileSchema = z.intersection(
  z.object({
    id: z.string().regex(COMMAND_ID),
    remote: z.enum(REMOTE_NAMES),
    issuedAt: z.iso.datetime(),
    current: releaseId.optional(),
  }),
  releaseCommandSchema,
);

export type ReleaseCommand = z.infer<typeof commandFileSchema>;

/**
 * The commands in a remote's folder, oldest first, that are valid and for this remote; what is
 * not is reported once through `warn` and skipped.
 */
export async function readCommands(
  dist: string,
  remote: string,
  warn: (message: string) => void = () => {},
): Promise<ReleaseCommand[]> {
  const folder = path.join(dist, COMMANDS_FOLDER);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const commands: ReleaseCommand[] = [];
  for (const name of names.filter((file) => file.endsWith('.json')).sort()) {
    let parsed: ReleaseCommand;
    try {
      parsed = commandFileSchema.parse(JSON.parse(await readFile(path.join(folder, name), 'utf8')));
    } catch (error) {
      warn(`Ignoring the release command ${name} of ${remote}: ${(error as Error).message}`);
      continue;
    }
    if (parsed.remote !== remote || `${parsed.id}.json` !== name) {
      warn(`Ignoring the release command ${name}: it is not one of ${remote}'s.`);
      continue;
    }
    commands.push(parsed);
  }
  return commands;
}
