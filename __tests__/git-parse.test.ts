// The git output parsers of src/adapters/git/git.ts over plain strings, shaped as git prints them:
// what each answer means without building a repository. The log records and trailers are
// parsed in authorship.test.ts; whole repositories in authorship-git.test.ts and check.test.ts.
import { describe, expect, test } from '@jest/globals';
import { parseBatchCheck, parseNameStatus } from '../src/adapters/git/git.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);
const BLOB1 = '1'.repeat(40);
const BLOB2 = '2'.repeat(40);

describe('parseNameStatus (git diff --no-renames --name-status -z)', () => {
  test('each status letter and its path, in git’s order', () => {
    const out = ['M', 'src/a.ts', 'A', 'tests/new.py', 'D', 'old.txt', 'T', 'link', ''].join('\0');
    expect(parseNameStatus(out)).toEqual([
      { path: 'src/a.ts', status: 'M' },
      { path: 'tests/new.py', status: 'A' },
      { path: 'old.txt', status: 'D' },
      { path: 'link', status: 'T' },
    ]);
  });

  test('no change is no path', () => {
    expect(parseNameStatus('')).toEqual([]);
  });

  test('a path keeps every byte -z leaves in it: spaces, tabs, newlines, quotes, non-ASCII', () => {
    const odd = ['a b.txt', 'tab\there', 'line\nbreak.md', '"quoted".py', 'naïve/日本.ts'];
    const out = odd.flatMap((p) => ['M', p]).join('\0') + '\0';
    expect(parseNameStatus(out).map((c) => c.path)).toEqual(odd);
  });

  test('a path that reads like a status letter stays a path', () => {
    const out = ['A', 'D', 'D', 'A', ''].join('\0');
    expect(parseNameStatus(out)).toEqual([
      { path: 'D', status: 'A' },
      { path: 'A', status: 'D' },
    ]);
  });

  test('any other status (unmerged U, unknown X) is a modification: the path is still checked', () => {
    const out = ['U', 'conflict.txt', 'X', 'odd.txt', ''].join('\0');
    expect(parseNameStatus(out)).toEqual([
      { path: 'conflict.txt', status: 'M' },
      { path: 'odd.txt', status: 'M' },
    ]);
  });
});

describe('parseBatchCheck (git cat-file --batch-check, two questions a commit)', () => {
  test('the ledger blob at each commit: id and size', () => {
    const out = [
      `${A} commit 250`,
      `${BLOB1} blob 1234`,
      `${B} commit 251`,
      `${BLOB2} blob 99`,
      '',
    ].join('\n');
    expect(parseBatchCheck([A, B], out)).toEqual(
      new Map([
        [A, { id: BLOB1, size: 1234 }],
        [B, { id: BLOB2, size: 99 }],
      ]),
    );
  });

  test('a commit without the file is null: the ledger did not exist there', () => {
    const out = [`${A} commit 250`, `${A}:tests/ledger.yaml missing`, ''].join('\n');
    expect(parseBatchCheck([A], out)).toEqual(new Map([[A, null]]));
  });

  test('a commit git does not have (beyond a shallow boundary) has no entry: unknown, not absent', () => {
    const out = [
      `${A} missing`,
      `${A}:tests/ledger.yaml missing`,
      `${B} commit 251`,
      `${BLOB2} blob 99`,
      '',
    ].join('\n');
    const got = parseBatchCheck([A, B], out);
    expect(got.has(A)).toBe(false);
    expect(got.get(B)).toEqual({ id: BLOB2, size: 99 });
  });

  test('the path naming a folder or a submodule is not a ledger blob', () => {
    const out = [
      `${A} commit 250`,
      `${BLOB1} tree 64`,
      `${B} commit 251`,
      `${BLOB2} commit 0`,
      '',
    ].join('\n');
    expect(parseBatchCheck([A, B], out)).toEqual(
      new Map([
        [A, null],
        [B, null],
      ]),
    );
  });

  test('a sha-256 repository’s ids are accepted; an id of any other shape is not a blob', () => {
    const long = 'f'.repeat(64);
    const out = [`${A} commit 1`, `${long} blob 7`, `${B} commit 1`, `xyz blob 7`, ''].join('\n');
    expect(parseBatchCheck([A, B], out)).toEqual(
      new Map([
        [A, { id: long, size: 7 }],
        [B, null],
      ]),
    );
  });

  test('output cut short (fewer lines than questions): the unanswered commits have no entry', () => {
    const out = `${A} commit 250\n${BLOB1} blob 10\n`;
    const got = parseBatchCheck([A, B, C], out);
    expect([...got.keys()]).toEqual([A]);
  });
});
