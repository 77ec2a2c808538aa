// What a command needs of the world, so tests can run commands in-process on real files, and
// the pieces every command shares about that world: where the repository is, what a path
// given on the command line means, where a writer may write, and what a dry run prints.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { defaultLedgerCandidates } from '../adapters/fs/default-ledger.js';
import { inside } from '../adapters/fs/safe-read.js';
import { lineDiff } from '../ledger/line-diff.js';
import { GateError } from '../types.js';

export interface CommandIO {
  cwd: string;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  now?: Date;
  /** ANSI colour on stdout: only for a terminal, never with NO_COLOR (see useColour). */
  color?: boolean;
  /**
   * How this process was started (the CLI's entry sets it; in-process callers leave it out):
   * `hook install` writes that invocation into the hook (src/hook/invocation.ts).
   */
  self?: { execPath: string; script: string | undefined; env: NodeJS.ProcessEnv };
}

/** A usage error: exit 2, the message on one line. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Colour when stdout is a terminal and NO_COLOR is unset or empty (https://no-color.org). */
export function useColour(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  return isTTY === true && !env.NO_COLOR;
}

/** Where a command runs: the repository's root, and the folder paths on its command line are relative to. */
export interface Place {
  root: string;
  cwd: string;
}

/**
 * The repository root, found as git finds it: the nearest folder at or above `cwd` that holds
 * `.git` (a folder, or a worktree's file) or a ledger at a default place (tests/ledger.yaml, test/…)
 * (a project inside a larger repository, such as examples/demo, is its own root); `cwd`
 * itself when there is neither (a folder that is not a repository is its own root).
 */
export function findRoot(cwd: string): string {
  const start = path.resolve(cwd);
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (defaultLedgerCandidates().some((at) => existsSync(path.join(dir, at)))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}

export function placeOf(io: Pick<CommandIO, 'cwd'>): Place {
  return { root: findRoot(io.cwd), cwd: path.resolve(io.cwd) };
}

/**
 * A path or glob given on the command line (relative to the working directory) as the gate
 * reads it: relative to the root when it is below it, absolute otherwise. `*` and the other
 * glob characters are plain characters to path.resolve, so a glob keeps its meaning.
 */
export function fromCwd(at: Place, given: string): string {
  if (path.isAbsolute(given) || at.cwd === at.root) return given;
  const abs = path.resolve(at.cwd, given);
  return inside(at.root, abs) ? path.relative(at.root, abs).split(path.sep).join('/') : abs;
}

/**
 * Refuses a file a writer would write outside the repository: a path that leaves it, or one
 * whose nearest existing folder resolves (through a symlinked folder) outside it. Checked
 * before anything is written or any folder made.
 */
export function refuseOutside(root: string, abs: string, shown: string): void {
  if (!inside(path.resolve(root), abs)) {
    throw new GateError(`is outside the repository (${root}): refusing to write there`, shown);
  }
  let dir = path.dirname(abs);
  while (!existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  if (!inside(realpathSync(root), realpathSync(dir))) {
    throw new GateError(
      'is reached through a symlinked folder that leads outside the repository: refusing to write there',
      shown,
    );
  }
}

/** What `--dry-run` prints instead of writing: the unified diff of the file, and that nothing was written. */
export function printDryRun(io: CommandIO, shown: string, before: string, after: string): void {
  const diff = lineDiff(before, after, `a/${shown}`, `b/${shown}`);
  if (diff === '') io.stdout(`${shown}: no change\n`);
  else io.stdout(diff);
  io.stderr(`dry run: ${shown} not written\n`);
}
