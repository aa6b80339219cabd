// Runs `npm test`'s stages, several side by side, and keeps a CI log readable: a stage that runs
// beside others has its output buffered and printed whole when it ends, so two test runners never
// interleave line by line. Each stage's wall time is printed at the end (the CI-time figure of
// docs/benchmarks.md comes from that summary).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ROOT } from './lib.mjs';

const { packageManager } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
);
const timings = [];
// Stages of one summary line share a group: those of one sideBySide call, or one stage alone.
let group = 0;
let sideBySideDepth = 0;
// Failed buffered stages' last lines, printed again with the summary (printTimings).
const failedTails = [];
const TAIL_LINES = 40;

function tailOf(chunks) {
  return Buffer.concat(chunks).toString('utf8').trimEnd().split('\n').slice(-TAIL_LINES).join('\n');
}

function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(0)} s`;
}

/** Runs the pinned pnpm as a stage (see lib.mjs for why through npx). */
export function pnpmStage(name, args, options) {
  return stage(name, 'npx', ['--yes', packageManager, ...args], options);
}

/**
 * Runs one stage. `buffered` collects stdout and stderr and prints them when the stage ends;
 * otherwise the output streams through as it comes.
 */
export function stage(name, command, args, { buffered = false, env } = {}) {
  const started = Date.now();
  if (sideBySideDepth === 0) group += 1;
  const stageGroup = group;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, npm_config_update_notifier: 'false', FORCE_COLOR: '1', ...env },
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const exitCode = code ?? (signal ? 1 : 0);
      const ms = Date.now() - started;
      timings.push({ name, ms, exitCode, group: stageGroup });
      // A failed stage's last lines are printed again beside the summary: CI keeps only the
      // log's tail, where stages that ended later would have pushed the cause out of sight.
      if (buffered && exitCode !== 0) failedTails.push({ name, text: tailOf(chunks) });
      if (buffered) {
        const verdict = exitCode === 0 ? 'passed' : `failed (exit code ${exitCode})`;
        process.stdout.write(
          `\n\u001b[1m── ${name}: ${verdict} in ${formatSeconds(ms)} ──\u001b[0m\n`,
        );
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ name, exitCode });
    });
  });
}

/**
 * Runs stages side by side and waits for all of them (a failing one does not cut the others
 * short, so one CI run reports every failure). Resolves with the names of the failed stages.
 */
export async function sideBySide(stages) {
  group += 1;
  sideBySideDepth += 1;
  const results = await Promise.all(stages.map((run) => run())).finally(() => {
    sideBySideDepth -= 1;
  });
  // A lane may run several stages in turn or together and answer all their results.
  return results
    .flat()
    .filter((result) => result.exitCode !== 0)
    .map((result) => result.name);
}

export function printTimings(totalStartedAt) {
  for (const { name, text } of failedTails) {
    console.log(`\n\u001b[1m── ${name} failed; its last ${TAIL_LINES} lines again: ──\u001b[0m`);
    console.log(text);
  }
  console.log('\n\u001b[1mStage times (wall clock; a line of several ran side by side)\u001b[0m');
  const groups = new Map();
  for (const timing of timings)
    groups.set(timing.group, [...(groups.get(timing.group) ?? []), timing]);
  for (const members of groups.values()) {
    const line = members
      .map(({ name, ms, exitCode }) => `${name} ${formatSeconds(ms)}${exitCode ? ' FAILED' : ''}`)
      .join('  ‖  ');
    console.log(`  ${line}`);
  }
  console.log(`  ${'total'.padEnd(40)} ${formatSeconds(Date.now() - totalStartedAt).padStart(6)}`);
}
