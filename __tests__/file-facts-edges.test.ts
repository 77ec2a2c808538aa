// The file facts at the edges of how they are read: a golden's size around the one read (a
// short read is its end; a full one goes on in chunks) and a reused buffer, and a seeds folder
// counted by a plain walk exactly as the recursive readdir counted it, on real files.
import { afterAll, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileFacts } from '../src/adapters/fs/file-facts.js';

const top = mkdtempSync(path.join(tmpdir(), 'ledger-gate-facts-edges-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const root = path.join(top, 'repo');
const put = (rel: string, body: Buffer | string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), body);
};
const sha = (b: Buffer) => 'sha256:' + createHash('sha256').update(b).digest('hex');

const MiB = 1024 * 1024;
// Sizes around the 64 KiB first buffer and the 1 MiB chunk, in an order that grows the reused
// buffer and then reads smaller files through it.
const SIZES = [
  0,
  1,
  64 * 1024 - 1,
  64 * 1024,
  64 * 1024 + 1,
  MiB - 1,
  MiB,
  MiB + 1,
  2 * MiB,
  5,
  64 * 1024,
];
const body = (n: number, i: number) => Buffer.alloc(n, `golden ${i};`);

describe('golden digests around the read sizes', () => {
  test.each([
    ['this thread', false],
    ['a worker thread', true],
  ])('on %s: every size digests as one sha256 of its bytes', async (_, worker) => {
    const rels = SIZES.map((n, i) => `g/${i}-${n}.bin`);
    SIZES.forEach((n, i) => put(rels[i], body(n, i)));
    const facts = await fileFacts(root, rels, [], { worker });
    expect(Object.fromEntries(facts.artifacts)).toEqual(
      Object.fromEntries(rels.map((rel, i) => [rel, { digest: sha(body(SIZES[i], i)) }])),
    );
  });
});

describe('seed counts', () => {
  test('regular files at any depth; symlinks, to files or folders, neither counted nor walked', async () => {
    put('s/flat/a', '1');
    put('s/flat/b', '2');
    put('s/deep/a', '1');
    put('s/deep/x/b', '2');
    put('s/deep/x/y/z/c', '3');
    mkdirSync(path.join(root, 's/deep/empty'));
    symlinkSync('a', path.join(root, 's/deep/link-to-file'));
    symlinkSync('../flat', path.join(root, 's/deep/x/link-to-folder'));
    mkdirSync(path.join(root, 's/none'));
    const folders = ['s/flat', 's/deep', 's/none'];
    // What the recursive readdir counted, the count before this walk replaced it.
    const recursive = (rel: string) =>
      readdirSync(path.join(root, rel), { withFileTypes: true, recursive: true }).filter((e) =>
        e.isFile(),
      ).length;
    expect(folders.map(recursive)).toEqual([2, 3, 0]);
    for (const worker of [false, true]) {
      const facts = await fileFacts(root, [], folders, { worker });
      expect(Object.fromEntries(facts.seeds)).toEqual({
        's/flat': { files: 2 },
        's/deep': { files: 3 },
        's/none': { files: 0 },
      });
    }
  });
});
