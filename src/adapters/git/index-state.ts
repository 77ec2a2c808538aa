// What the pre-commit hook (src/commands/hook.ts) asks git: the paths the commit stages, the
// paths whose working-tree bytes differ from what it stages, where hooks live, and `git add`.
// Paths come back relative to `cwd` (--relative, `-z` separated): the ledger's root may sit
// below the repository's top level (a project inside a larger repository).
import { gitText } from './git-text.js';

// GIT_OPTIONAL_LOCKS=0: git refreshes no index as a side effect (the commit holds its lock).
const git = (cwd: string, args: string[]): Promise<string> =>
  gitText(cwd, args, `git ${args[0]}`, { maxBuffer: 64 << 20, env: { GIT_OPTIONAL_LOCKS: '0' } });

const paths = (out: string) => out.split('\0').filter((p) => p !== '');

/** The paths the commit being made adds, modifies, renames to or deletes. */
export async function stagedPaths(
  cwd: string,
): Promise<{ changed: string[]; added: string[]; deleted: string[] }> {
  const base = ['diff', '--cached', '--name-only', '-z', '--no-renames', '--relative'];
  const [changed, added, deleted] = await Promise.all([
    git(cwd, [...base, '--diff-filter=AMT']),
    git(cwd, [...base, '--diff-filter=A']),
    git(cwd, [...base, '--diff-filter=D']),
  ]);
  return { changed: paths(changed), added: paths(added), deleted: paths(deleted) };
}

/**
 * Paths whose working-tree state is not what the commit holds: modified or deleted since they
 * were staged, or untracked (not ignored). A digest of the working tree is the commit's only
 * where none of these is read.
 */
export async function unstagedPaths(cwd: string): Promise<string[]> {
  const [modified, untracked] = await Promise.all([
    git(cwd, ['diff', '--name-only', '-z', '--no-renames', '--relative']),
    git(cwd, ['ls-files', '-z', '--others', '--exclude-standard']),
  ]);
  return [...paths(modified), ...paths(untracked)];
}

/** Stages one file (the ledger). */
export async function stage(cwd: string, file: string): Promise<void> {
  await git(cwd, ['add', '--', file]);
}

/** The folder git runs hooks from (core.hooksPath when set), absolute. */
export async function hooksDir(cwd: string): Promise<string> {
  const out = await git(cwd, ['rev-parse', '--path-format=absolute', '--git-path', 'hooks']);
  return out.trim();
}

/** A config value, or undefined when unset. */
export async function configValue(cwd: string, key: string): Promise<string | undefined> {
  try {
    return (await git(cwd, ['config', '--get', key])).trim() || undefined;
  } catch {
    return undefined; // `git config --get` exits 1 for an unset key
  }
}

/** The repository's top level, absolute. */
export async function topLevel(cwd: string): Promise<string> {
  return (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
}
