// A file at a commit (adapters/git/git.ts showFile): one `git cat-file --batch`, held to what
// `git show --no-textconv` prints for the same name, on a real repository, for the names and
// bytes --batch's one-line input could get wrong.
import { afterAll, expect, test } from '@jest/globals';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { showFile } from '../src/adapters/git/git.js';
import { GateError } from '../src/types.js';
import { Repo } from './support/repo.js';

const repo = new Repo('ledger-gate-show-');
afterAll(() => repo.cleanup());

const FILES: Record<string, string | Buffer> = {
  'plain.txt': 'one\ntwo\n',
  'no-final-newline.txt': 'last line',
  'empty.txt': '',
  'blank-lines.txt': '\n\n\n',
  'unicode é 名前.txt': 'café — 名前\n',
  'a b/with spaces .txt': 'spaced\n',
  ' leading space.txt': 'leading\n',
  missing: 'a file named missing\n',
  // Bytes that look like --batch's own header and its "missing" line.
  'looks-like-batch.txt': `${'a'.repeat(40)} blob 3\nx\nHEAD:plain.txt missing\n`,
  'crlf.txt': 'one\r\ntwo\r\n',
  'latin1.bin': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
  'dir/nested.txt': 'nested\n',
};
repo.write(FILES);
symlinkSync('plain.txt', path.join(repo.dir, 'link'));
const sha = repo.commit('files');
const shown = (name: string) => repo.git('show', '--no-textconv', `${sha}:${name}`);

test.each(Object.keys(FILES).concat('link'))('%j reads as git show prints it', async (name) => {
  const text = await showFile(repo.dir, sha, name);
  expect(text).toBe(shown(name));
  if (typeof FILES[name] === 'string') expect(text).toBe(FILES[name]);
});

test('a symlink reads as its target, a folder as git show lists it', async () => {
  expect(await showFile(repo.dir, sha, 'link')).toBe('plain.txt');
  expect(await showFile(repo.dir, sha, 'dir')).toBe(shown('dir'));
  expect(await showFile(repo.dir, sha, 'dir')).toContain('nested.txt');
});

test('a path the commit lacks, or a commit git lacks, is null', async () => {
  expect(await showFile(repo.dir, sha, 'nope.txt')).toBeNull();
  expect(await showFile(repo.dir, sha, 'dir/nope')).toBeNull();
  expect(await showFile(repo.dir, sha, 'plain.txt ')).toBeNull(); // the name as given, not trimmed
  expect(await showFile(repo.dir, 'f'.repeat(40), 'plain.txt')).toBeNull();
  expect(await showFile(repo.dir, 'no-such-branch', 'plain.txt')).toBeNull();
  // A name with a line break cannot go on --batch's line: the two calls answer for it.
  expect(await showFile(repo.dir, sha, 'plain.txt\nHEAD:plain.txt')).toBeNull();
});

test('a ref is read as a name, never as an option', async () => {
  expect(await showFile(repo.dir, 'main', 'plain.txt')).toBe('one\ntwo\n');
  expect(await showFile(repo.dir, '--batch-all-objects', 'plain.txt')).toBeNull();
});

test('a folder that is not a repository fails with one line, not null', async () => {
  const err = await showFile('/', sha, 'plain.txt').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(GateError);
  expect((err as GateError).message).toMatch(
    /^git cat-file [0-9a-f]{40}:plain\.txt failed: fatal: not a git repository/,
  );
});
