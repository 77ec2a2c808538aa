// Git, through @actions/exec: the merge base, the changed paths, a file at a commit, the commits.
// Every call is silent (nothing a ref or path says reaches the log) and checks its exit code.
import { getExecOutput } from '@actions/exec';
import type { CommitAuthor } from '../decision/authorship.js';
import { GateError, type ChangeStatus, type ChangedPath } from '../types.js';

async function git(
  cwd: string,
  args: string[],
): Promise<{ ok: boolean; out: string; err: string }> {
  const r = await getExecOutput('git', args, { cwd, silent: true, ignoreReturnCode: true });
  return { ok: r.exitCode === 0, out: r.stdout, err: r.stderr.trim().split('\n')[0] ?? '' };
}

/** A ref a user typed must not be read as an option by git. */
function checkRef(ref: string): void {
  if (ref === '' || ref.startsWith('-') || /[\0\n\r]/.test(ref) || ref.length > 1024) {
    throw new GateError(`not a usable git ref: ${JSON.stringify(ref.slice(0, 80))}`);
  }
}

export async function resolveCommit(cwd: string, ref: string): Promise<string | null> {
  checkRef(ref);
  const r = await git(cwd, [
    'rev-parse',
    '--verify',
    '--quiet',
    '--end-of-options',
    `${ref}^{commit}`,
  ]);
  return r.ok ? r.out.trim() : null;
}

export async function isShallow(cwd: string): Promise<boolean> {
  const r = await git(cwd, ['rev-parse', '--is-shallow-repository']);
  return r.ok && r.out.trim() === 'true';
}

/**
 * The merge base of base and head. In a shallow clone (actions/checkout's default depth 1)
 * it first fetches the base, then deepens step by step until git can answer.
 */
export async function mergeBase(
  cwd: string,
  base: string,
  head: string,
  allowFetch: boolean,
): Promise<string> {
  checkRef(base);
  checkRef(head);
  const ask = async () => {
    const b = await resolveCommit(cwd, base);
    const h = await resolveCommit(cwd, head);
    if (!b || !h) return null;
    const r = await git(cwd, ['merge-base', b, h]);
    return r.ok ? r.out.trim() : null;
  };
  let found = await ask();
  if (found || !allowFetch) return found ?? fail();
  if (!(await resolveCommit(cwd, base)))
    await git(cwd, ['fetch', '--no-tags', '--quiet', 'origin', '--end-of-options', base]);
  for (let depth = 50; !found && depth <= 3200 && (await isShallow(cwd)); depth *= 2) {
    await git(cwd, ['fetch', '--no-tags', '--quiet', `--deepen=${depth}`, 'origin']);
    found = await ask();
  }
  if (!found && (await isShallow(cwd))) {
    await git(cwd, ['fetch', '--no-tags', '--quiet', '--unshallow', 'origin']);
  }
  return found ?? (await ask()) ?? fail();

  function fail(): never {
    throw new GateError(`git cannot find a merge base of ${base} and ${head}`);
  }
}

/** Paths changed between two commits; a rename is a deletion plus an addition. */
export async function changedPaths(cwd: string, from: string, to: string): Promise<ChangedPath[]> {
  const r = await git(cwd, [
    'diff',
    '--no-renames',
    '--name-status',
    '-z',
    '--no-ext-diff',
    from,
    to,
    '--',
  ]);
  if (!r.ok) throw new GateError(`git diff ${from} ${to} failed: ${r.err}`);
  return parseNameStatus(r.out);
}

/** `git diff --name-status -z` output: STATUS NUL PATH NUL … (no renames). */
export function parseNameStatus(out: string): ChangedPath[] {
  const parts = out.split('\0');
  const changed: ChangedPath[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const letter = parts[i].charAt(0);
    const status: ChangeStatus = letter === 'A' || letter === 'D' || letter === 'T' ? letter : 'M';
    changed.push({ path: parts[i + 1], status });
  }
  return changed;
}

/** A file's text at a commit, or null when the commit has no such file. */
export async function showFile(cwd: string, sha: string, path: string): Promise<string | null> {
  const exists = await git(cwd, ['cat-file', '-e', `${sha}:${path}`]);
  if (!exists.ok) return null;
  const r = await git(cwd, ['show', '--no-textconv', `${sha}:${path}`]);
  if (!r.ok) throw new GateError(`git show ${sha}:${path} failed: ${r.err}`);
  return r.out;
}

/** Authors and messages of the commits in from..to. */
export async function commitsBetween(
  cwd: string,
  from: string,
  to: string,
): Promise<CommitAuthor[]> {
  const r = await git(cwd, [
    'log',
    '--no-decorate',
    '--format=%an%x00%ae%x00%B%x1e',
    `${from}..${to}`,
  ]);
  if (!r.ok) throw new GateError(`git log ${from}..${to} failed: ${r.err}`);
  return r.out
    .split('\x1e')
    .map((rec) => rec.replace(/^\n/, ''))
    .filter((rec) => rec.includes('\0'))
    .map((rec) => {
      const [name, email, ...message] = rec.split('\0');
      return { name, email, message: message.join('\0') };
    });
}

export async function topLevel(cwd: string): Promise<string | null> {
  const r = await git(cwd, ['rev-parse', '--show-toplevel']);
  return r.ok ? r.out.trim() : null;
}

/**
 * Brings a pull request's head commit into this clone (workflow_run mode): GitHub keeps every
 * pull request's head, a fork's included, as refs/pull/N/head of the base repository. In a
 * shallow clone only the head is fetched; mergeBase() deepens both sides as it needs.
 */
export async function fetchPullHead(cwd: string, pull: number, sha: string): Promise<void> {
  if (await resolveCommit(cwd, sha)) return;
  const depth = (await isShallow(cwd)) ? ['--depth=1'] : [];
  const tries = [`refs/pull/${pull}/head`, sha];
  for (const ref of tries) {
    await git(cwd, ['fetch', '--no-tags', '--quiet', ...depth, 'origin', '--end-of-options', ref]);
    if (await resolveCommit(cwd, sha)) return;
  }
  throw new GateError(
    `git cannot fetch the head ${sha.slice(0, 12)} of pull request #${pull} from origin (refs/pull/${pull}/head)`,
  );
}

/**
 * Checks a commit out, detached, into a folder of its own, running nothing from it: no hooks
 * (core.hooksPath is emptied) and no LFS download. Its files are read as data only.
 */
export async function addWorktree(cwd: string, dir: string, sha: string): Promise<void> {
  const r = await getExecOutput(
    'git',
    ['-c', 'core.hooksPath=/dev/null', 'worktree', 'add', '--detach', '--force', dir, sha],
    { cwd, silent: true, ignoreReturnCode: true, env: { ...envOf(), GIT_LFS_SKIP_SMUDGE: '1' } },
  );
  if (r.exitCode !== 0) {
    throw new GateError(
      `git cannot check out ${sha.slice(0, 12)} into a worktree: ${r.stderr.trim().split('\n')[0] ?? ''}`,
    );
  }
}

export async function removeWorktree(cwd: string, dir: string): Promise<void> {
  await git(cwd, ['worktree', 'remove', '--force', dir]);
}

function envOf(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
  );
}
