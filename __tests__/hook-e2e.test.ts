// One CI cycle per honest commit (issue 37), end to end with the built CLI: `hook install` in a
// repository that already has a pre-commit hook, then a plain `git commit` of an edited test
// file. The kept hook runs first, ours re-locks the file's row and stages the ledger into that
// same commit, and the gate reviews the human's commit at once; a failing kept hook still
// stops the commit. hook.test.ts covers `hook run` and `hook install` in-process. Issue 44:
// the hook calls the CLI the way `hook install` was run (`node path/to/cli`, the release
// tarball through npx, a global install), and warns without failing the commit once it is gone.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

describe('the hook calls the CLI the way `hook install` was run', () => {
  // Node 24 first on PATH (npx and the CLI run on it), then the system's git, sh and npm; no
  // ledger-gate anywhere on it.
  const PATH = `${path.dirname(cliNode())}:/usr/local/bin:/usr/bin:/bin`;
  let tmp: string;
  let tarball: string;
  const npmEnv = () => ({
    npm_config_cache: path.join(tmp, 'npm-cache'),
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  });
  beforeAll(() => {
    // A folder with a space and a quote: every path the hook writes must be quoted for sh.
    tmp = mkdtempSync(path.join(tmpdir(), "hook e2e's-"));
    // The release tarball, made as scripts/pack-check.sh makes it.
    const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', tmp], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!;
    tarball = path.join(tmp, name);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  /** A project whose one test file is locked by its file row, on a branch. */
  function project(): Repo {
    const r = new Repo('hook-from-');
    r.write({
      [F]: BODY,
      [LEDGER]: ledgerYaml([{ id: `${F}::*`, class: 'locked_fixture', digest: sha256(BODY) }]),
    });
    r.commit('the project', HUMAN);
    r.branch('work');
    return r;
  }
  const env = (r: Repo) => ({
    PATH,
    HOME: r.dir,
    GIT_CONFIG_NOSYSTEM: '1',
    ...npmEnv(),
  });
  /** Edits the test file and commits it as a human, through the installed hook. */
  function commitEdit(r: Repo, body: string) {
    r.write({ [F]: body });
    r.git('add', F);
    const c = spawnSync(
      'git',
      [
        '-c',
        `user.name=${HUMAN.name}`,
        '-c',
        `user.email=${HUMAN.email}`,
        'commit',
        '-q',
        '-m',
        'edit',
      ],
      { cwd: r.dir, encoding: 'utf8', env: env(r) },
    );
    const digest = parseLedger(r.git('show', `HEAD:${LEDGER}`), 'l').ledger!.byId.get(
      `${F}::*`,
    )!.digest;
    return { status: c.status, stderr: c.stderr, digest, head: r.git('show', `HEAD:${F}`) };
  }

  /**
   * Installs the hook as `install` runs the CLI; a commit then re-locks; with the CLI removed,
   * a commit warns on stderr and goes on, its ledger row left for the gate to judge.
   */
  function play(install: (r: Repo) => ReturnType<typeof spawnSync>, remove: () => void) {
    const r = project();
    try {
      const i = install(r);
      expect([i.status, i.stderr.toString()]).toEqual([0, '']);
      expect(i.stdout.toString()).toMatch(
        /^\.git\/hooks\/pre-commit: installed: runs `.+ hook run` before each commit\n$/,
      );
      const hookText = readFileSync(path.join(r.dir, '.git/hooks/pre-commit'), 'utf8');

      const first = commitEdit(r, EDITED);
      expect([first.status, first.stderr]).toEqual([0, expect.stringContaining('1 row re-locked')]);
      expect([first.head, first.digest]).toEqual([EDITED, sha256(EDITED)]);

      remove();
      const later = EDITED + '\ndef test_three():\n    assert 3\n';
      const second = commitEdit(r, later);
      expect(second.status).toBe(0);
      expect(second.stderr).toMatch(
        /^ledger-gate hook: the ledger-gate CLI is not found \(tried: .+; ledger-gate on PATH\): nothing was re-locked, the commit goes on; install it \(npm install -g ledger-gate, or npm install --save-dev ledger-gate\), then run `ledger-gate hook install` again; see docs\/keeping\.md\n$/,
      );
      // The commit went on, its row not re-locked: the gate judges the push as it is.
      expect([second.head, second.digest]).toEqual([later, sha256(EDITED)]);
      return hookText;
    } finally {
      r.cleanup();
    }
  }

  test('node path/to/dist/cli/index.js: that Node and that script, quoted', () => {
    const copy = path.join(tmp, 'a clone');
    cpSync(path.resolve('dist/cli'), path.join(copy, 'dist/cli'), { recursive: true });
    const script = path.join(copy, 'dist/cli/index.js');
    const hookText = play(
      (r) => spawnSync(cliNode(), [script, 'hook', 'install'], { cwd: r.dir, env: env(r) }),
      () => rmSync(copy, { recursive: true, force: true }),
    );
    expect(hookText).toContain(`[ -f '${script.replaceAll("'", `'\\''`)}' ]`);
  });

  test('the release tarball through npx: npx --package with the tarball made absolute', () => {
    const hookText = play(
      (r) =>
        spawnSync(
          'npx',
          ['--yes', '--package', path.relative(r.dir, tarball), 'ledger-gate', 'hook', 'install'],
          { cwd: r.dir, env: env(r) },
        ),
      () => {
        // The tarball moved away and npx's cache cleaned: nothing left to run.
        rmSync(path.join(tmp, 'npm-cache'), { recursive: true, force: true });
        rmSync(tarball);
      },
    );
    expect(hookText).toContain('npx --yes --package ');
    // Packed again for the next test.
    execFileSync('npm', ['pack', '--silent', '--pack-destination', tmp], { stdio: 'ignore' });
  });

  test('a global install (npm install -g into a prefix): its Node and its script', () => {
    const prefix = path.join(tmp, 'global');
    mkdirSync(prefix);
    execFileSync('npm', ['install', '-g', '--prefix', prefix, tarball], {
      env: { ...process.env, PATH, ...npmEnv() },
      stdio: 'ignore',
    });
    const hookText = play(
      (r) =>
        spawnSync(path.join(prefix, 'bin/ledger-gate'), ['hook', 'install'], {
          cwd: r.dir,
          env: env(r),
        }),
      () => rmSync(prefix, { recursive: true, force: true }),
    );
    // The bin link resolved: the hook names the installed package's script.
    expect(hookText).toContain('lib/node_modules/ledger-gate/dist/cli/index.js');
  });
});
