// Git, through @actions/exec: the merge base, the changed paths, a file at a commit, the commits.
// Every call is silent (nothing a ref or path says reaches the log) and checks its exit code.
import { getExecOutput } from '@actions/exec';
import { parseIdentity } from '../../decision/authorship.js';
import { addedLinesOf } from './added-lines.js';
import { catFile, forget } from './cat-file.js';
import { changedLineCommits } from './blame.js';
import { diffText } from './diff-text.js';
import {
  GateError,
  type ChangeSource,
  type ChangeStatus,
  type ChangedPath,
  type CommitInfo,
  type Identity,
} from '../../types.js';

/** A git command's exit, stdout and first line of stderr. */
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

/**
 * The commit a ref names (a branch, tag or sha; a tag peeled), or null when git knows none.
 * Asked of the repository's one `git cat-file --batch` (cat-file.ts), as `git rev-parse
 * --verify <ref>^{commit}` would answer it: a run resolves its refs without a process each.
 */
export async function resolveCommit(cwd: string, ref: string): Promise<string | null> {
  checkRef(ref);
  const answer = await catFile(cwd, `${ref}^{commit}`);
  return answer?.kind === 'other' && answer.type === 'commit' ? answer.oid : null;
}

/** `git fetch …`; the --batch process started before it is retired (it may not see the fetch). */
async function gitFetch(cwd: string, args: string[]): Promise<void> {
  await git(cwd, ['fetch', '--no-tags', '--quiet', ...args]);
  forget(cwd);
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
  // One process: merge-base resolves both names itself (a name it cannot resolve, or two
  // commits with no common ancestor, is a failure either way).
  const ask = async () => {
    const r = await git(cwd, [
      'merge-base',
      '--end-of-options',
      `${base}^{commit}`,
      `${head}^{commit}`,
    ]);
    return r.ok ? r.out.trim() : null;
  };
  let found = await ask();
  if (found || !allowFetch) return found ?? fail();
  if (!(await resolveCommit(cwd, base))) await gitFetch(cwd, ['origin', '--end-of-options', base]);
  for (let depth = 50; !found && depth <= 3200 && (await isShallow(cwd)); depth *= 2) {
    await gitFetch(cwd, [`--deepen=${depth}`, 'origin']);
    found = await ask();
  }
  if (!found && (await isShallow(cwd))) await gitFetch(cwd, ['--unshallow', 'origin']);
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
    changed.push({ path: parts[i + 1], status: statusOf(parts[i]) });
  }
  return changed;
}

/**
 * One status from git's letters: a merge's combined diff gives one letter per parent (`MM`,
 * `AA`): added or deleted only when so against every parent, else modified.
 */
function statusOf(letters: string): ChangeStatus {
  const first = letters.charAt(0);
  if (letters.length > 1 && [...letters].some((l) => l !== first)) return 'M';
  return first === 'A' || first === 'D' || first === 'T' ? first : 'M';
}

/**
 * Each commit's own changed paths over from..to, in one `git log` read: a rename is a
 * deletion plus an addition, and a merge lists only the paths it changed against every
 * parent (its own edits and conflict resolutions, not what it brought in from either side).
 */
export async function commitPathsBetween(
  cwd: string,
  from: string,
  to: string,
): Promise<Map<string, ChangedPath[]>> {
  const r = await git(cwd, [
    'log',
    '-z',
    '--no-decorate',
    '--no-show-signature',
    '--no-renames',
    '--no-ext-diff',
    '--no-textconv',
    '--name-status',
    '--diff-merges=dense-combined',
    '--format=%x01%H',
    `${from}..${to}`,
    '--',
  ]);
  if (!r.ok) throw new GateError(`git log --name-status ${from}..${to} failed: ${r.err}`);
  return parseCommitPaths(r.out);
}

/**
 * `git log -z --name-status --format=%x01%H` output: each commit's `\x01SHA` NUL, then
 * STATUS NUL PATH NUL pairs (a status may carry the newline git puts after the header).
 * Read by position, so no byte of a path can start a commit; anything else is refused.
 */
export function parseCommitPaths(out: string): Map<string, ChangedPath[]> {
  const parts = out.split('\0');
  const commits = new Map<string, ChangedPath[]>();
  let paths: ChangedPath[] | undefined;
  for (let i = 0; i < parts.length; i++) {
    const token = parts[i].replace(/^\n/, '');
    if (token === '') continue;
    if (token.startsWith('\x01')) {
      const sha = token.slice(1);
      if (!SHA.test(sha)) throw new GateError('git log printed a commit without its sha');
      paths = [];
      commits.set(sha, paths);
      continue;
    }
    const path = parts[++i];
    if (paths === undefined || !/^[ACDMTUX]+$/.test(token) || path === undefined || path === '') {
      throw new GateError('git log printed changed paths that do not parse');
    }
    paths.push({ path, status: statusOf(token) });
  }
  return commits;
}

/** Every file path of a commit's tree (the base's, for the harness it reaches). */
export async function treeFiles(cwd: string, sha: string): Promise<string[]> {
  const r = await git(cwd, ['ls-tree', '-r', '-z', '--name-only', '--full-tree', sha]);
  if (!r.ok) throw new GateError(`git ls-tree ${sha} failed: ${r.err}`);
  return r.out.split('\0').filter((p) => p !== '');
}

/**
 * The tree modes of `paths` at a commit (`100644`, `100755`, `120000`, …), in one `git ls-tree`
 * read; a path the commit lacks is absent. Pathspecs are literal: no path is read as a glob.
 */
export async function modesAt(
  cwd: string,
  sha: string,
  paths: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (paths.length === 0) return out;
  const r = await git(cwd, [
    '--literal-pathspecs',
    'ls-tree',
    '-z',
    '--full-tree',
    sha,
    '--',
    ...paths,
  ]);
  if (!r.ok) throw new GateError(`git ls-tree ${sha} failed: ${r.err}`);
  for (const rec of r.out.split('\0')) {
    const tab = rec.indexOf('\t');
    if (tab > 0) out.set(rec.slice(tab + 1), rec.slice(0, rec.indexOf(' ')));
  }
  return out;
}

/**
 * A file's text at a commit, or null when the commit has no such file (or git knows no such
 * commit). Read through the repository's one `git cat-file --batch` (cat-file.ts): its answer
 * says whether the object exists, so a run's dozen files cost one process, not two each (each
 * is a fork of this one, which is not cheap on every machine). A blob's bytes come as stored,
 * with no textconv or filters, as `git show --no-textconv` prints them. A name with a line
 * break cannot be written on --batch's one line: it takes the two calls. A folder or a commit
 * is then printed by `git show`, as it always was.
 */
export async function showFile(cwd: string, sha: string, path: string): Promise<string | null> {
  const spec = `${sha}:${path}`;
  if (/[\n\r]/.test(spec)) return showAnyObject(cwd, sha, path);
  const answer = await catFile(cwd, spec);
  if (answer === null) return null;
  if (answer.kind === 'blob') return answer.text;
  return show(cwd, sha, path); // it exists: a folder or a commit, as git show prints it
}

async function showAnyObject(cwd: string, sha: string, path: string): Promise<string | null> {
  const exists = await git(cwd, ['cat-file', '-e', `${sha}:${path}`]);
  return exists.ok ? show(cwd, sha, path) : null;
}

async function show(cwd: string, sha: string, path: string): Promise<string> {
  const r = await git(cwd, ['show', '--no-textconv', `${sha}:${path}`]);
  if (!r.ok) throw new GateError(`git show ${sha}:${path} failed: ${r.err}`);
  return r.out;
}

// One record per commit, fields NUL-separated and records NUL-separated (-z): no byte of a
// name or message can split a record, since git's identities hold no NUL and the message is
// not printed. The Co-authored-by values come from git's own trailer parser, unfolded, one
// per line.
const COMMIT_FORMAT = [
  '%H',
  '%P',
  '%an',
  '%ae',
  '%cn',
  '%ce',
  '%(trailers:key=Co-authored-by,valueonly,unfold)',
].join('%x00');
const COMMIT_FIELDS = 7;
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** The commits in from..to, newest first (parents after their children). */
export async function commitsBetween(cwd: string, from: string, to: string): Promise<CommitInfo[]> {
  const r = await git(cwd, [
    'log',
    '-z',
    '--no-decorate',
    '--no-mailmap',
    '--no-show-signature', // log.showSignature would print gpg lines into the records
    '--topo-order',
    `--format=${COMMIT_FORMAT}`,
    `${from}..${to}`,
  ]);
  if (!r.ok) throw new GateError(`git log ${from}..${to} failed: ${r.err}`);
  return parseCommitRecords(r.out);
}

/** `git log -z --format=COMMIT_FORMAT` output; anything that does not fit is refused. */
export function parseCommitRecords(out: string): CommitInfo[] {
  if (out === '') return [];
  const parts = out.split('\0');
  // --format with -z ends every record with NUL: the last part is the empty one after it.
  if (parts.pop() !== '' || parts.length % COMMIT_FIELDS !== 0) {
    throw new GateError('git log printed commit records that do not parse: authorship unknown');
  }
  const commits: CommitInfo[] = [];
  for (let i = 0; i < parts.length; i += COMMIT_FIELDS) {
    const [sha, parents, an, ae, cn, ce, trailers] = parts.slice(i, i + COMMIT_FIELDS);
    const parentList = parents === '' ? [] : parents.split(' ');
    if (!SHA.test(sha) || !parentList.every((p) => SHA.test(p))) {
      throw new GateError('git log printed a commit record without its sha: authorship unknown');
    }
    commits.push({
      sha,
      parents: parentList,
      author: { name: an, email: ae },
      committer: { name: cn, email: ce },
      coAuthors: trailerValues(trailers),
    });
  }
  return commits;
}

/** Trailer values git printed one per line (unfolded, so a value holds no newline). */
export function trailerValues(text: string): Identity[] {
  return text
    .split('\n')
    .filter((v) => v.trim() !== '')
    .map(parseIdentity);
}

/**
 * The Co-authored-by values of a commit message given as text (the API fallback), read by
 * `git interpret-trailers`, the same parser `git log` uses for %(trailers).
 */
export async function coAuthorsOf(message: string): Promise<Identity[]> {
  const r = await getExecOutput(
    'git',
    ['-c', 'trailer.separators=:', 'interpret-trailers', '--parse', '--unfold', '--no-divider'],
    { silent: true, ignoreReturnCode: true, input: Buffer.from(message) },
  );
  if (r.exitCode !== 0) throw new GateError('git interpret-trailers failed: authorship unknown');
  const out: Identity[] = [];
  for (const line of r.stdout.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'co-authored-by') continue;
    out.push(parseIdentity(line.slice(colon + 1)));
  }
  return out;
}

/**
 * The ledger's blob (id and size) at each of the given commits, asked of
 * `git cat-file --batch-check` in one call: null where the commit has no such file, and no
 * entry where the commit itself is missing (beyond a shallow clone's boundary): what it held
 * is unknown.
 */
export async function blobsAt(
  cwd: string,
  shas: string[],
  file: string,
): Promise<Map<string, { id: string; size: number } | null>> {
  if (/[\0\n\r]/.test(file)) throw new GateError('the ledger path holds a line break: refused');
  const input = shas.map((s) => `${s}\n${s}:${file}\n`).join('');
  const r = await getExecOutput(
    'git',
    ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'],
    { cwd, silent: true, ignoreReturnCode: true, input: Buffer.from(input) },
  );
  if (r.exitCode !== 0) throw new GateError('git cat-file --batch-check failed');
  return parseBatchCheck(shas, r.stdout);
}

/**
 * `git cat-file --batch-check=%(objectname) %(objecttype) %(objectsize)` output for the
 * questions blobsAt asks: two lines a commit, the commit itself and then its file. A commit
 * git does not have (`<sha> missing`) gets no entry; a file that is missing or not a blob, null.
 */
export function parseBatchCheck(
  shas: string[],
  stdout: string,
): Map<string, { id: string; size: number } | null> {
  const lines = stdout.split('\n');
  const fields = (line: string | undefined) => (line ?? '').split(' ');
  const out = new Map<string, { id: string; size: number } | null>();
  shas.forEach((sha, i) => {
    if (fields(lines[2 * i])[1] !== 'commit') return;
    const [id, type, size] = fields(lines[2 * i + 1]);
    out.set(sha, type === 'blob' && SHA.test(id) ? { id, size: Number(size) } : null);
  });
  return out;
}

/** A blob's text, through the repository's one --batch process (cat-file.ts). */
export async function blobText(cwd: string, blob: string): Promise<string> {
  if (!SHA.test(blob)) throw new GateError(`not a blob id: ${JSON.stringify(blob.slice(0, 80))}`);
  const answer = await catFile(cwd, blob);
  if (answer?.kind === 'blob') return answer.text;
  throw new GateError(
    `git cat-file blob ${blob} failed: ${answer ? 'not a blob' : 'no such blob'}`,
  );
}

/**
 * The branch pull requests merge into, as this clone knows it: the remote's default
 * (origin/HEAD, which a clone records), else the branch checked out (an unborn one too);
 * null when neither says (no git, a detached HEAD).
 */
export async function defaultBranch(cwd: string): Promise<string | null> {
  const remote = await git(cwd, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']);
  if (remote.ok && remote.out.trim().startsWith('origin/'))
    return remote.out.trim().slice('origin/'.length);
  const local = await git(cwd, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  return local.ok && local.out.trim() !== '' ? local.out.trim() : null;
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
    await gitFetch(cwd, [...depth, 'origin', '--end-of-options', ref]);
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

/**
 * The change over base..head from git: the merge base is found first (a shallow clone is
 * deepened when allowFetch), so a source is only returned when git can answer every question.
 */
export async function gitChange(
  cwd: string,
  base: string,
  head: string,
  allowFetch: boolean,
): Promise<ChangeSource> {
  const baseSha = await mergeBase(cwd, base, head, allowFetch);
  // A commit's tree never changes: listed once a run (the harness, the production paths and
  // the inert documents each ask for the base's), each caller given its own copy.
  const trees = new Map<string, Promise<string[]>>();
  const filesAt = (sha: string) => {
    let files = trees.get(sha);
    if (!files) trees.set(sha, (files = treeFiles(cwd, sha)));
    return files.then((f) => f.slice());
  };
  return {
    source: 'git',
    range: { base, head },
    baseSha,
    changedPaths: () => changedPaths(cwd, baseSha, head),
    // Unreadable commits are unknown authorship: an agent's (§3), never a crash.
    commits: () => commitsBetween(cwd, baseSha, head).catch(() => null),
    baseLedgerText: (file) => showFile(cwd, baseSha, file),
    ledgerVersions: { cwd, head },
    commitPaths: () => commitPathsBetween(cwd, baseSha, head),
    fileAt: (sha, file) => showFile(cwd, sha, file),
    filesAt,
    modesAt: (sha, paths) => modesAt(cwd, sha, paths),
    addedLines: (sha, max) => addedLinesOf(cwd, sha, max),
    lineCommits: (file) => changedLineCommits(cwd, baseSha, head, file),
    rangeDiff: () => diffText(cwd, baseSha, head),
  };
}

/**
 * The files of the working tree git knows, tracked or not, ignored ones left out
 * (repo-relative, sorted): what `setup` reads a project's layout from. Empty outside git.
 */
export async function workingFiles(cwd: string): Promise<string[]> {
  const r = await git(cwd, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  if (!r.ok) return [];
  return [...new Set(r.out.split('\0').filter((p) => p !== ''))].sort();
}
