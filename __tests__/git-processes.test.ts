// A run's git processes, on a real repository, counted through a PATH shim. One `git cat-file
// --batch` per repository (adapters/git/cat-file.ts): many reads answered in order by one
// process, answers that span the pipe's chunks, a new process after the idle end, no hold on
// the event loop while nothing is owed, and a git that dies or talks nonsense failing every
// read with one line; the ledger's versions (blobText) and the refs a run names
// (resolveCommit) read through it too, and a process started before a fetch retired. The
// merge base in one process. And a commit's tree listed once a run (gitChange's filesAt).
import { afterAll, afterEach, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { catFile, IDLE_MS } from '../src/adapters/git/cat-file.js';
import { blobText, gitChange, mergeBase, resolveCommit } from '../src/adapters/git/git.js';
import { GateError } from '../src/types.js';
import { HUMAN, Repo } from './support/repo.js';

const repo = new Repo('ledger-gate-cat-file-');
const shims = mkdtempSync(path.join(tmpdir(), 'ledger-gate-git-shim-'));
const PATH = process.env.PATH;
afterAll(() => {
  repo.cleanup();
  rmSync(shims, { recursive: true, force: true });
});
afterEach(() => void (process.env.PATH = PATH));

const big = Array.from({ length: 60_000 }, (_, i) => `line ${i} — é\n`).join(''); // ~1 MB
const FILES: Record<string, string> = { 'a.txt': 'a\n', 'b.txt': '', 'big.txt': big };
for (let i = 0; i < 40; i++) FILES[`many/f${i}.txt`] = `file ${i}\n`;
repo.write(FILES);
const sha = repo.commit('files');
const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
/** Each file's blob id and the folder's tree id at `sha`, as git names them. */
const oids = new Map(
  repo
    .git('ls-tree', '-r', '-t', sha)
    .trim()
    .split('\n')
    .map((l) => [l.split('\t')[1], l.split('\t')[0].split(' ')[2]] as const),
);
const blob = (n: string) => ({ kind: 'blob', oid: oids.get(n), text: FILES[n] });

/** A `git` first on PATH that logs its arguments to `log`, then runs `body` (sh). */
function shim(body: string): string {
  const dir = mkdtempSync(path.join(shims, 'bin-'));
  const log = path.join(dir, 'calls.log');
  writeFileSync(path.join(dir, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\n${body}\n`);
  chmodSync(path.join(dir, 'git'), 0o755);
  writeFileSync(log, '');
  process.env.PATH = `${dir}${path.delimiter}${PATH}`;
  return log;
}
const calls = (log: string) => readFileSync(log, 'utf8').split('\n').filter(Boolean);

/** Child processes keeping this process's event loop alive. */
const holding = () => process.getActiveResourcesInfo().filter((r) => r === 'ProcessWrap').length;

test('reads asked together are answered in order by one process, big and missing ones too', async () => {
  const log = shim(`exec '${realGit}' "$@"`);
  const names = [...Object.keys(FILES), 'nope.txt', 'many', 'big.txt'];
  const answers = await Promise.all(names.map((n) => catFile(repo.dir, `${sha}:${n}`)));
  expect(answers).toEqual(
    names.map((n) =>
      n in FILES
        ? blob(n)
        : n === 'many'
          ? { kind: 'other', type: 'tree', oid: oids.get('many') }
          : null,
    ),
  );
  expect(calls(log)).toEqual(['cat-file --batch']);
});

test('while it owes nothing the process holds no one open; after the idle end a new one answers', async () => {
  await sleep(IDLE_MS + 200); // the first test's process ends
  const log = shim(`exec '${realGit}' "$@"`);
  const before = holding();
  const pending = catFile(repo.dir, `${sha}:big.txt`);
  expect(holding()).toBe(before + 1); // an answer is owed: the process is held
  expect(await pending).toEqual(blob('big.txt'));
  expect(holding()).toBe(before);
  expect(await catFile(repo.dir, `${sha}:a.txt`)).toEqual(blob('a.txt'));
  await sleep(IDLE_MS + 200);
  expect(await catFile(repo.dir, `${sha}:b.txt`)).toEqual(blob('b.txt'));
  expect(calls(log)).toEqual(['cat-file --batch', 'cat-file --batch']);
});

test('a git that exits fails every read owed with one line, and the next read starts afresh', async () => {
  await sleep(IDLE_MS + 200);
  shim("echo 'fatal: broken pipe dream' >&2; exit 3");
  const failed = await Promise.all(
    ['a.txt', 'b.txt'].map((n) => catFile(repo.dir, `${sha}:${n}`).catch((e: unknown) => e)),
  );
  for (const [i, e] of failed.entries()) {
    expect(e).toBeInstanceOf(GateError);
    expect((e as Error).message).toBe(
      `git cat-file ${sha}:${['a.txt', 'b.txt'][i]} failed: fatal: broken pipe dream`,
    );
  }
  process.env.PATH = PATH;
  expect(await catFile(repo.dir, `${sha}:a.txt`)).toEqual(blob('a.txt'));
});

test('an answer that is not --batch’s fails the read, not a wrong text', async () => {
  await sleep(IDLE_MS + 200);
  shim("read line; echo 'HEAD:a.txt blob 2'; echo 'x'; exec sleep 5");
  const e = await catFile(repo.dir, `${sha}:a.txt`).catch((err: unknown) => err);
  expect(e).toBeInstanceOf(GateError);
  expect((e as Error).message).toBe(
    `git cat-file ${sha}:a.txt failed: unexpected answer "HEAD:a.txt blob 2"`,
  );
});

test('a folder that is not a repository fails with git’s own line', async () => {
  const e = await catFile(tmpdir(), `${sha}:a.txt`).catch((err: unknown) => err);
  expect(e).toBeInstanceOf(GateError);
  expect((e as Error).message).toMatch(
    /^git cat-file [0-9a-f]{40}:a\.txt failed: fatal: not a git/,
  );
});

test("a commit's tree is listed once a run, and each caller gets its own copy", async () => {
  const log = shim(`exec '${realGit}' "$@"`);
  const src = await gitChange(repo.dir, sha, sha, false);
  const first = await src.filesAt!(sha);
  first.push('mine');
  const second = await src.filesAt!(sha);
  expect(second).toEqual(Object.keys(FILES).sort());
  expect(calls(log).filter((c) => c.startsWith('ls-tree'))).toHaveLength(1);
  // Another run lists it again.
  await (
    await gitChange(repo.dir, sha, sha, false)
  ).filesAt!(sha);
  expect(calls(log).filter((c) => c.startsWith('ls-tree'))).toHaveLength(2);
});

test("the ledger's versions by blob id come through the same process; a wrong id fails", async () => {
  await sleep(IDLE_MS + 200);
  const ids = ['a.txt', 'big.txt'].map((f) => oids.get(f)!);
  const tree = oids.get('many')!;
  const log = shim(`exec '${realGit}' "$@"`);
  expect(await Promise.all(ids.map((id) => blobText(repo.dir, id)))).toEqual(['a\n', big]);
  expect(calls(log)).toEqual(['cat-file --batch']);
  await expect(blobText(repo.dir, tree)).rejects.toThrow(
    `git cat-file blob ${tree} failed: not a blob`,
  );
  await expect(blobText(repo.dir, 'e'.repeat(40))).rejects.toThrow('no such blob');
  await expect(blobText(repo.dir, 'HEAD\nmain')).rejects.toThrow('not a blob id: "HEAD\\nmain"');
});

test('refs resolve through the same process: a branch, a peeled tag, a sha; what names no commit is null', async () => {
  await sleep(IDLE_MS + 200);
  repo.git(
    '-c',
    'user.name=Dana',
    '-c',
    'user.email=dana@example.com',
    'tag',
    '-a',
    '-m',
    'release',
    'v1',
    sha,
  );
  const log = shim(`exec '${realGit}' "$@"`);
  const refs = ['main', 'v1', sha, sha.slice(0, 12), 'HEAD', 'no-such-branch', oids.get('many')!];
  expect(await Promise.all(refs.map((r) => resolveCommit(repo.dir, r)))).toEqual([
    sha,
    sha,
    sha,
    sha,
    sha,
    null,
    null, // a tree is no commit
  ]);
  expect(calls(log)).toEqual(['cat-file --batch']);
  await expect(resolveCommit(repo.dir, '--output=x')).rejects.toThrow('not a usable git ref');
  await expect(resolveCommit(repo.dir, 'main\nHEAD')).rejects.toThrow('not a usable git ref');
});

test('the merge base is one process, which resolves both names itself', async () => {
  const r = new Repo('ledger-gate-merge-base-');
  try {
    const base = r.write({ 'a.txt': '1\n' }).commit('base');
    r.branch('change');
    r.write({ 'a.txt': '2\n' }).commit('change');
    const log = shim(`exec '${realGit}' "$@"`);
    expect(await mergeBase(r.dir, 'main', 'HEAD', false)).toBe(base);
    expect(calls(log)).toEqual(['merge-base --end-of-options main^{commit} HEAD^{commit}']);
    await expect(mergeBase(r.dir, 'no-such-branch', 'HEAD', false)).rejects.toThrow(
      'git cannot find a merge base of no-such-branch and HEAD',
    );
    r.git('checkout', '-q', '--orphan', 'unrelated');
    r.commit('no common history');
    await expect(mergeBase(r.dir, 'main', 'HEAD', false)).rejects.toThrow(
      'git cannot find a merge base of main and HEAD',
    );
  } finally {
    r.cleanup();
  }
});

test('a shallow clone: the base is fetched, and the --batch process from before the fetch is retired', async () => {
  const upstream = new Repo('ledger-gate-upstream-');
  const clone = mkdtempSync(path.join(tmpdir(), 'ledger-gate-shallow-'));
  try {
    const base = upstream.write({ 'a.txt': '1\n' }).commit('base', HUMAN);
    upstream.branch('change');
    upstream.write({ 'a.txt': '2\n' }).commit('change', HUMAN);
    execFileSync('git', [
      'clone',
      '-q',
      '--depth',
      '1',
      '--branch',
      'change',
      `file://${upstream.dir}`,
      clone,
    ]);
    const log = shim(`exec '${realGit}' "$@"`);
    expect(await mergeBase(clone, base, 'HEAD', true)).toBe(base);
    expect(await resolveCommit(clone, base)).toBe(base);
    const seen = calls(log);
    expect(seen.filter((c) => c.startsWith('fetch')).length).toBeGreaterThan(0);
    // Asked once before the first fetch (not there), once after (there), by two processes.
    expect(seen.filter((c) => c === 'cat-file --batch')).toHaveLength(2);
    expect(seen.indexOf('cat-file --batch')).toBeLessThan(
      seen.findIndex((c) => c.startsWith('fetch')),
    );
  } finally {
    upstream.cleanup();
    rmSync(clone, { recursive: true, force: true });
  }
});
