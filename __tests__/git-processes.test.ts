// A run's git processes, on a real repository, counted through a PATH shim. One `git cat-file
// --batch` per repository (adapters/git/cat-file.ts): many reads answered in order by one
// process, answers that span the pipe's chunks, a new process after the idle end, no hold on
// the event loop while nothing is owed, and a git that dies or talks nonsense failing every
// read with one line; the ledger's versions (blobText) read through it too. And a commit's
// tree listed once a run (gitChange's filesAt).
import { afterAll, afterEach, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { catFile, IDLE_MS } from '../src/adapters/git/cat-file.js';
import { blobText, gitChange } from '../src/adapters/git/git.js';
import { GateError } from '../src/types.js';
import { Repo } from './support/repo.js';

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
      n in FILES ? { kind: 'blob', text: FILES[n] } : n === 'many' ? { kind: 'other' } : null,
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
  expect(await pending).toEqual({ kind: 'blob', text: big });
  expect(holding()).toBe(before);
  expect(await catFile(repo.dir, `${sha}:a.txt`)).toEqual({ kind: 'blob', text: 'a\n' });
  await sleep(IDLE_MS + 200);
  expect(await catFile(repo.dir, `${sha}:b.txt`)).toEqual({ kind: 'blob', text: '' });
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
  expect(await catFile(repo.dir, `${sha}:a.txt`)).toEqual({ kind: 'blob', text: 'a\n' });
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
  const ids = ['a.txt', 'big.txt'].map((f) => repo.git('rev-parse', `${sha}:${f}`).trim());
  const tree = repo.git('rev-parse', `${sha}:many`).trim();
  const log = shim(`exec '${realGit}' "$@"`);
  expect(await Promise.all(ids.map((id) => blobText(repo.dir, id)))).toEqual(['a\n', big]);
  expect(calls(log)).toEqual(['cat-file --batch']);
  await expect(blobText(repo.dir, tree)).rejects.toThrow(
    `git cat-file blob ${tree} failed: not a blob`,
  );
  await expect(blobText(repo.dir, 'e'.repeat(40))).rejects.toThrow('no such blob');
  await expect(blobText(repo.dir, 'HEAD\nmain')).rejects.toThrow('not a blob id: "HEAD\\nmain"');
});
