// A file's review entry names the tests the change adds, deletes and renames (issue 26, item
// 4): the pure pairing, then `check` on a real repository, with the base commit's own run
// (--base-tests) and with only the base ledger's exact rows.
import { afterAll, describe, expect, test } from '@jest/globals';
import { testChanges, testChangesText } from '../src/decision/test-changes.js';
import { check } from './support/check.js';
import { HUMAN, Repo, pytestXunit1, sha256 } from './support/repo.js';

const T = 'tests/test_a.py';
const ids = (...names: string[]) => names.map((n) => `${T}::${n}`);

describe('testChanges (pure)', () => {
  test('adds, deletes, and a close pair as a rename; an unknown base says nothing', () => {
    const base = new Map([[T, new Set(ids('test_hash', 'test_keep', 'test_old_style'))]]);
    const head = ids('test_keep', 'test_hashes', 'test_brand_new');
    const [c, ...rest] = testChanges({ files: [T, 'tests/test_b.py'], head, base });
    expect(rest).toEqual([]);
    expect(c).toEqual({
      file: T,
      added: ids('test_brand_new'),
      deleted: ids('test_old_style'),
      renamed: [[`${T}::test_hash`, `${T}::test_hashes`]],
    });
    expect(testChangesText(c)).toBe(
      'adds test_brand_new · deletes test_old_style · renames test_hash → test_hashes',
    );
    expect(testChanges({ files: [T], head, base: new Map() })).toEqual([]);
    expect(
      testChanges({
        files: [T],
        head: ids('test_keep'),
        base: new Map([[T, new Set(ids('test_keep'))]]),
      }),
    ).toEqual([]);
  });

  test('a long list is cut with a count', () => {
    const c = {
      file: T,
      added: ids('a', 'b', 'c'),
      deleted: [],
      renamed: [] as [string, string][],
    };
    expect(testChangesText(c, 2)).toBe('adds a, b and 1 more');
  });
});

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

function project(ledger: string, cases: string[]): Repo {
  const repo = new Repo();
  repos.push(repo);
  repo.write({
    [T]: 'v1\n',
    'tests/ledger.yaml': ledger,
    'build/junit.xml': pytestXunit1(cases.map((name) => ({ file: T, name }))),
  });
  repo.commit('base');
  repo.branch('change');
  return repo;
}

describe('check names the tests in the file’s review entry', () => {
  test('under a file row, from the base commit’s own run (--base-tests)', async () => {
    const fileRow = (body: string) =>
      `version: 1\nrows:\n  - id: ${T}::*\n    class: locked_fixture\n    digest: ${sha256(body)}\n`;
    const repo = project(fileRow('v1\n'), ['test_hash', 'test_keep']);
    repo.write({
      'base-run/junit.xml': pytestXunit1(
        ['test_hash', 'test_keep'].map((name) => ({ file: T, name })),
      ),
    });
    repo.write({
      [T]: 'v2\n',
      'tests/ledger.yaml': fileRow('v2\n'),
      'build/junit.xml': pytestXunit1(['test_keep', 'test_new'].map((name) => ({ file: T, name }))),
    });
    repo.commit('drop test_hash, add test_new', HUMAN);
    const r = await check(
      repo,
      '--base',
      'main',
      '--author',
      'human',
      '--base-tests',
      'base-run/*.xml',
    );
    expect(r.report.test_changes).toEqual([
      { file: T, added: [`${T}::test_new`], deleted: [`${T}::test_hash`], renamed: [] },
    ]);
    // A test file locked to its own bytes is named a test file.
    expect(r.stdout).toContain(`  test file ${T}: 2 tests\n`);
    expect(r.stdout).toContain('    tests: adds test_new · deletes test_hash\n');
    // Without the base's run, a file row names none of the base's tests: nothing is guessed.
    const bare = await check(repo, '--base', 'main', '--author', 'human');
    expect(bare.report.test_changes).toBeUndefined();
    expect(bare.stdout).not.toContain('    tests: ');
  });

  test('with exact rows, from the base ledger: a deleted test is named', async () => {
    const row = (name: string, body = 'v1\n') =>
      `  - id: ${T}::${name}\n    class: locked_fixture\n    digest: ${sha256(body)}\n    artifact: ${T}\n`;
    const repo = project(`version: 1\nrows:\n${row('test_hash')}${row('test_keep')}`, [
      'test_hash',
      'test_keep',
    ]);
    repo.write({
      [T]: 'v2\n',
      'tests/ledger.yaml': `version: 1\nrows:\n${row('test_keep', 'v2\n')}`,
      'build/junit.xml': pytestXunit1([{ file: T, name: 'test_keep' }]),
    });
    repo.commit('drop test_hash', HUMAN);
    const r = await check(repo, '--base', 'main', '--author', 'human');
    expect(r.report.test_changes).toEqual([
      { file: T, added: [], deleted: [`${T}::test_hash`], renamed: [] },
    ]);
  });
});
