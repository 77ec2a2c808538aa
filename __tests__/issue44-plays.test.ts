// Issue 44's acceptance plays, as the README's steps are written, with real runners (pytest 9
// from PATH; jest 30 + jest-junit 17 installed from scripts/fixtures/jest's lockfile), real git
// repositories and the built CLI: `init` → `lock` of the one golden test of a file `init`
// froze as a file row → `check` on the unchanged base admits (and `lint --junit` agrees);
// `lock --new` with jest's id short of its describe block refused with the did-you-mean; and
// `production-golden-no-bump` firing with production paths derived from the base, no
// `--production` given. hook-e2e.test.ts holds the hook's plays (item 7).
import { afterAll, expect, test } from '@jest/globals';
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { parseLedger } from '../src/ledger/parse.js';
import { REPORT, cli, runTests, runnerModules } from './support/plays.js';
import { HUMAN, Repo } from './support/repo.js';

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));
const IGNORE = `${REPORT}\nnode_modules\n__pycache__/\n.pytest_cache/\n`;

const RENDER = 'tests/test_render.py';
const PYTEST_PROJECT = {
  '.gitignore': IGNORE,
  'shop/render.py': 'def total(items):\n    return f"total: {sum(items)}\\n"\n',
  [RENDER]: [
    'from pathlib import Path',
    'from shop.render import total',
    '',
    'def test_total():',
    '    assert total([40, 2]) == Path("tests/goldens/total.txt").read_text()',
    '',
  ].join('\n'),
  'tests/goldens/total.txt': 'total: 42\n',
};

/** A pytest project at its base commit, its ledger frozen by `init` (a file row per file). */
function pytestProject(): Repo {
  const repo = new Repo('ledger-gate-issue44-');
  repos.push(repo);
  repo.write(PYTEST_PROJECT);
  expect(runTests(repo, 'pytest', `${RENDER}::test_total`)).toBe('pass');
  const init = cli(repo, ['init', '--junit', REPORT, '--owner', 'dana']);
  expect([init.code, init.stderr]).toEqual([0, expect.any(String)]);
  return repo;
}

/** The README's second step: lock the golden test `init` left to its file row. */
const lockTotal = (repo: Repo) =>
  cli(repo, [
    'lock',
    `${RENDER}::test_total`,
    '--artifact',
    'tests/goldens/total.txt',
    '--junit',
    REPORT,
  ]);

test('init, then lock the golden test of a file init froze as a file row: check on the unchanged base admits, lint agrees', () => {
  const repo = pytestProject();
  const ledger = parseLedger(readFileSync(path.join(repo.dir, 'tests/ledger.yaml'), 'utf8'), 'l');
  expect(ledger.ledger!.byId.has(`${RENDER}::*`)).toBe(true);

  const lock = lockTotal(repo);
  expect([lock.code, lock.stdout]).toEqual([
    0,
    expect.stringMatching(/^tests\/ledger\.yaml: added tests\/test_render\.py::test_total: /),
  ]);
  expect(cli(repo, ['lint', '--junit', REPORT])).toMatchObject({ code: 0 });
  const admitted = cli(repo, ['check', '--junit', REPORT]);
  expect([admitted.code, admitted.stdout.split('\n')[0]]).toEqual([
    0,
    expect.stringMatching(/^admit/),
  ]);
  repo.commit('the project and its ledger', HUMAN);
  // The base, checked against itself (the PR that changes nothing), admits too.
  repo.branch('change');
  expect(runTests(repo, 'pytest', `${RENDER}::test_total`)).toBe('pass');
  expect(cli(repo, ['check', '--junit', REPORT, '--base', 'main']).code).toBe(0);

  // An edit of the file (its file row now stale) is missing, and lint says so first.
  repo.write({ [RENDER]: PYTEST_PROJECT[RENDER] + '\n# a note\n' });
  expect(runTests(repo, 'pytest', `${RENDER}::test_total`)).toBe('pass');
  const lint = cli(repo, ['lint', '--junit', REPORT]);
  expect([lint.code, lint.stdout]).toEqual([
    1,
    expect.stringContaining(
      `the gate says classified-missing; re-lock it (ledger-gate relock ${RENDER}) or drop the row`,
    ),
  ]);
  const missing = cli(repo, ['check', '--junit', REPORT]);
  expect([missing.code, missing.stdout]).toEqual([
    1,
    expect.stringContaining('classified-missing'),
  ]);
});

test('lock --new with jest id short of its describe block is refused with the did-you-mean; a new id is accepted', () => {
  const repo = new Repo('ledger-gate-issue44-jest-');
  repos.push(repo);
  repo.write({
    '.gitignore': IGNORE,
    'package.json': '{ "name": "widgets", "private": true }\n',
    'jest.config.js': "module.exports = { testEnvironment: 'node' };\n",
    'tests/goldens/inner.txt': 'inner\n',
    'a.test.js':
      "describe('group', () => {\n  test('inner works', () => expect(1).toBe(1));\n});\n",
  });
  symlinkSync(runnerModules('jest'), path.join(repo.dir, 'node_modules'), 'dir');
  expect(runTests(repo, 'jest', 'a.test.js::group inner works')).toBe('pass');
  expect(cli(repo, ['init', '--junit', REPORT, '--owner', 'dana']).code).toBe(0);
  const lockNew = (id: string) =>
    cli(repo, ['lock', id, '--artifact', 'tests/goldens/inner.txt', '--junit', REPORT, '--new']);
  const refused = lockNew('a.test.js::inner works');
  expect([refused.code, refused.stderr]).toEqual([
    1,
    `ledger-gate lock: ${REPORT}: no given report or collected list holds "a.test.js::inner works" (did you mean "a.test.js::group inner works"?); --new is for a test the run does not hold, not another name of one it does\n`,
  ]);
  const fresh = lockNew('a.test.js::group handles an empty basket');
  expect([fresh.code, fresh.stdout]).toEqual([
    0,
    expect.stringContaining('added a.test.js::group handles an empty basket: locked_fixture'),
  ]);
});

test('production code and its golden changed together without a bump: rejected with production paths derived from the base', () => {
  const repo = pytestProject();
  expect(lockTotal(repo).code).toBe(0);
  repo.commit('the project and its ledger', HUMAN);
  repo.branch('change');
  // The production change and its golden rewritten to match, the test still passing.
  repo.write({
    'shop/render.py': 'def total(items):\n    return f"total: {sum(items) + 1}\\n"\n',
    'tests/goldens/total.txt': 'total: 43\n',
  });
  expect(runTests(repo, 'pytest', `${RENDER}::test_total`)).toBe('pass');
  repo.commit('shop: off by one, golden to match', HUMAN);
  const r = cli(repo, ['check', '--junit', REPORT, '--base', 'main']);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('production-golden-no-bump');
  expect(r.stdout + r.stderr).toContain(
    'agent write paths: production paths derived from the base',
  );
  expect(r.stdout + r.stderr).not.toContain('was not checked');
});
