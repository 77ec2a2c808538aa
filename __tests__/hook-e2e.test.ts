// One CI cycle per honest commit (issue 37), end to end with the built CLI: `hook install` in a
// repository that already has a pre-commit hook, then a plain `git commit` of an edited test
// file. The kept hook runs first, ours re-locks the file's row and stages the ledger into that
// same commit, and the gate reviews the human's commit at once; a failing kept hook still
// stops the commit. hook.test.ts covers `hook run` and `hook install` in-process.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseLedger } from '../src/ledger/parse.js';
import { cliNode } from './support/fake-github-runner.js';
import { HUMAN, Repo, ledgerYaml, pytestXunit1, sha256 } from './support/repo.js';

const CLI = path.resolve('dist/cli/index.js');
const F = 'tests/test_a.py';
const LEDGER = 'tests/ledger.yaml';
const BODY = 'def test_one():\n    assert 1\n';
const EDITED = BODY + '\ndef test_two():\n    assert 2\n';

let repo: Repo;
beforeAll(() => {
  repo = new Repo('hook-e2e-');
  repo.write({
    [F]: BODY,
    'calc/core.py': 'x = 1\n',
    [LEDGER]: ledgerYaml([{ id: `${F}::*`, class: 'locked_fixture', digest: sha256(BODY) }]),
  });
  repo.commit('the project', HUMAN);
  repo.branch('work');
  // The project's own hook: it leaves a mark, and fails when told to.
  writeFileSync(
    path.join(repo.dir, '.git/hooks/pre-commit'),
    '#!/bin/sh\necho ran >> .git/their-hook-ran\n[ ! -e .git/their-hook-fails ]\n',
    { mode: 0o755 },
  );
});
afterAll(() => repo.cleanup());

const cli = (...args: string[]) =>
  spawnSync(cliNode(), [CLI, ...args], { cwd: repo.dir, encoding: 'utf8' });

/** `git commit` as a human, hooks and all; its exit code and output. */
function commit(message: string) {
  return spawnSync(
    'git',
    [
      '-c',
      `user.name=${HUMAN.name}`,
      '-c',
      `user.email=${HUMAN.email}`,
      'commit',
      '-q',
      '-m',
      message,
    ],
    {
      cwd: repo.dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: repo.dir },
    },
  );
}

test('install, then one plain commit: their hook ran, the ledger re-locked in that commit, the gate reviews', () => {
  const installed = cli('hook', 'install', '--command', `${cliNode()} ${CLI}`);
  expect([installed.status, installed.stderr]).toEqual([0, '']);
  expect(installed.stdout).toMatch(/the hook that was there is kept as .*and runs first\n$/);

  repo.write({ [F]: EDITED });
  repo.git('add', F);
  const c = commit('add test_two');
  expect([c.status, c.stderr]).toEqual([0, expect.stringContaining('1 row re-locked')]);
  expect(c.stdout + c.stderr).toContain(`${LEDGER}: staged with this commit`);
  expect(readFileSync(path.join(repo.dir, '.git/their-hook-ran'), 'utf8')).toBe('ran\n');
  // One commit holds the test file and its re-locked row; nothing is left behind.
  expect(repo.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual([
    LEDGER,
    F,
  ]);
  expect(repo.git('status', '--porcelain', '--untracked-files=no')).toBe('');
  const row = parseLedger(repo.git('show', `HEAD:${LEDGER}`), 'l').ledger!.byId.get(`${F}::*`)!;
  expect(row.digest).toBe(sha256(EDITED));

  // The first CI cycle: the human's change is reviewed, not rejected.
  repo.write({
    'build/junit.xml': pytestXunit1([
      { file: F, name: 'test_one' },
      { file: F, name: 'test_two' },
    ]),
  });
  const judged = cli('check', '--junit', 'build/junit.xml', '--base', 'main');
  expect([judged.status, judged.stdout.split('\n')[0]]).toEqual([
    3,
    expect.stringMatching(/^review/),
  ]);
});

test('a failing kept hook still stops the commit, before anything is re-locked', () => {
  writeFileSync(path.join(repo.dir, '.git/their-hook-fails'), '');
  repo.write({ [F]: EDITED + '\ndef test_three():\n    assert 3\n' });
  repo.git('add', F);
  const before = repo.git('rev-parse', 'HEAD');
  expect(commit('add test_three').status).not.toBe(0);
  expect(repo.git('rev-parse', 'HEAD')).toBe(before);
  expect(repo.git('diff', '--cached', '--name-only').trim()).toBe(F);
  // Ours did not run: the ledger still locks the committed file.
  const row = parseLedger(readFileSync(path.join(repo.dir, LEDGER), 'utf8'), 'l').ledger!.byId;
  expect(row.get(`${F}::*`)!.digest).toBe(sha256(EDITED));
});
