// The hostile corpus is written by __fixtures__/hostile/generate.py: run in a copy of the
// folder, it must write back exactly what is committed, so a case edited by hand (and not in
// the generator) is caught here rather than lost on the next regeneration.
import { afterAll, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CORPUS = path.resolve('__fixtures__/hostile');
const copy = mkdtempSync(path.join(tmpdir(), 'ledger-gate-corpus-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Every file below `dir`, as a path relative to it. */
const files = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();

it('generate.py writes every committed case, byte for byte, and nothing else', () => {
  cpSync(CORPUS, copy, { recursive: true });
  const r = spawnSync('python3', [path.join(copy, 'generate.py')], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const committed = files(CORPUS);
  expect(files(copy)).toEqual(committed);
  const differ = committed.filter(
    (f) => !readFileSync(path.join(CORPUS, f)).equals(readFileSync(path.join(copy, f))),
  );
  expect(differ).toEqual([]);
  expect(committed.length).toBeGreaterThan(200);
});
