// `ledger-gate hook install | run` (issue 37: one CI cycle per honest commit), on real git
// repositories in temp folders. `hook run` re-locks the rows of the staged test files and
// goldens and stages the ledger; the gate then reviews a human's commit at the first push and
// still rejects an agent's (the hook grants nothing). `hook install` keeps a hook that was
// there, adds a line under husky and prints lefthook's snippet. hook-e2e.test.ts commits
// through the installed hook with the built CLI.
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run as hook } from '../src/commands/hook.js';
import { fileRowByRules, looksLikeTestFile } from '../src/hook/new-files.js';
import { CHAINED, MARK, hookScript } from '../src/hook/script.js';
import { invocationOf, runLines, shellWord, type Launch } from '../src/hook/invocation.js';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { DEFAULT_RULE, parseClassRule, type ClassRule } from '../src/ledger/rules.js';
import { parseLedger } from '../src/ledger/parse.js';
import { check } from './support/check.js';
import { AGENT, HUMAN, Repo, ledgerYaml, pytestXunit1, runIn, sha256 } from './support/repo.js';

const F = 'tests/test_a.py';
const GOLDEN = 'tests/goldens/a.txt';
const BODY = 'def test_one():\n    assert 1\n\ndef test_golden():\n    assert open("a").read()\n';
const GOLDEN_BODY = 'golden 1\n';
const LEDGER = 'tests/ledger.yaml';

let repo: Repo;
beforeEach(() => {
  repo = new Repo('hook-');
  repo.write({
    [F]: BODY,
    [GOLDEN]: GOLDEN_BODY,
    'calc/core.py': 'x = 1\n',
    [LEDGER]: ledgerYaml([
      { id: `${F}::*`, class: 'locked_fixture', digest: sha256(BODY) },
      {
        id: `${F}::test_golden`,
        class: 'locked_fixture',
        digest: sha256(GOLDEN_BODY),
        artifact: GOLDEN,
      },
    ]),
  });
  repo.commit('the project', HUMAN);
  repo.branch('work');
});
afterEach(() => repo.cleanup());

const run = (...argv: string[]) => runIn(repo.dir, hook, argv);
const read = (p: string) => readFileSync(path.join(repo.dir, p), 'utf8');
const rowOf = (text: string, id: string) => parseLedger(text, 'l').ledger!.byId.get(id)!;
const staged = () => repo.git('diff', '--cached', '--name-only').trim().split('\n');
/** Commits what is staged (nothing more), as `who`, without running hooks. */
function commitStaged(message: string, who = HUMAN): void {
  repo.git(
    '-c',
    `user.name=${who.name}`,
    '-c',
    `user.email=${who.email}`,
    'commit',
    '-q',
    '--no-verify',
    `--author=${who.name} <${who.email}>`,
    '-m',
    message,
  );
}
/** The run of the edited file: a new test beside the old ones, all passing. */
const report = (...names: string[]) =>
  repo.write({ 'build/junit.xml': pytestXunit1(names.map((name) => ({ file: F, name }))) });

const EDITED = BODY + '\ndef test_two():\n    assert 2\n';

describe('hook run', () => {
  test("re-locks the staged test file's row and stages the ledger; the gate reviews at the first push", async () => {
    repo.write({ [F]: EDITED });
    repo.git('add', F);
    const r = await run('run');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toBe(
      `ledger-gate hook: ${LEDGER}: ${F} ${sha256(EDITED)}: 1 row re-locked, 0 already matched\n` +
        `ledger-gate hook: ${LEDGER}: staged with this commit (1 row re-locked)\n`,
    );
    expect(staged()).toEqual([LEDGER, F]);
    // The staged ledger (what the commit holds), not only the working tree's.
    const inIndex = repo.git('show', `:${LEDGER}`);
    expect(rowOf(inIndex, `${F}::*`).digest).toBe(sha256(EDITED));
    expect(rowOf(inIndex, `${F}::test_golden`).digest).toBe(sha256(GOLDEN_BODY));
    commitStaged('add test_two');
    report('test_one', 'test_golden', 'test_two');
    const judged = await check(repo, '--base', 'main');
    expect(judged.report.findings.filter((f) => f.result === 'reject')).toEqual([]);
    expect([judged.code, judged.report.decision]).toEqual([3, 'review']);
  });

  test('without the hook the same commit is a reject: the second cycle the hook saves', async () => {
    repo.write({ [F]: EDITED });
    repo.git('add', F);
    commitStaged('add test_two');
    report('test_one', 'test_golden', 'test_two');
    const judged = await check(repo, '--base', 'main');
    expect([judged.code, judged.report.decision]).toEqual([1, 'reject']);
    expect(judged.rules).toContain(`fixture-digest-mismatch:${F}::test_two`);
  });

  test("an agent's commit that ran the hook is still a ledger edit the gate rejects", async () => {
    repo.write({ [F]: EDITED });
    repo.git('add', F);
    expect((await run('run')).code).toBe(0);
    commitStaged('agent: add test_two', AGENT);
    report('test_one', 'test_golden', 'test_two');
    const judged = await check(repo, '--base', 'main');
    expect([judged.code, judged.report.decision]).toEqual([1, 'reject']);
    expect(judged.rules).toContain(`ledger-agent-edit:${F}::*`);
  });

  test('a staged golden re-locks the rows locked to it', async () => {
    repo.write({ [GOLDEN]: 'golden 2\n' });
    repo.git('add', GOLDEN);
    const r = await run('run');
    expect(r.out).toContain(`${GOLDEN} ${sha256('golden 2\n')}: 1 row re-locked`);
    expect(rowOf(repo.git('show', `:${LEDGER}`), `${F}::test_golden`).digest).toBe(
      sha256('golden 2\n'),
    );
    expect(rowOf(read(LEDGER), `${F}::*`).digest).toBe(sha256(BODY));
  });

  test('nothing staged that the ledger locks: silent, nothing written or staged', async () => {
    repo.write({ 'calc/core.py': 'x = 2\n' });
    repo.git('add', 'calc/core.py');
    const before = read(LEDGER);
    expect(await run('run')).toEqual({ code: 0, out: '', err: '' });
    expect(read(LEDGER)).toBe(before);
    expect(staged()).toEqual(['calc/core.py']);
  });

  test('a partly staged test file is refused: the hook locks what the commit holds', async () => {
    repo.write({ [F]: EDITED });
    repo.git('add', F);
    repo.write({ [F]: EDITED + '\ndef test_three():\n    assert 3\n' });
    const before = read(LEDGER);
    const r = await run('run');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `ledger-gate hook: ${F} has changes that are not staged, and ${F} is locked in the ledger: the hook locks what the commit holds; stage them (git add ${F}) or set them aside (git stash --keep-index), then commit again\n`,
    );
    expect(read(LEDGER)).toBe(before);
    expect(staged()).toEqual([F]);
  });

  test('a ledger with unstaged edits is refused (the hook would stage them)', async () => {
    repo.write({ [F]: EDITED, [LEDGER]: read(LEDGER) + '# a note\n' });
    repo.git('add', F);
    const r = await run('run');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^ledger-gate hook: tests\/ledger\.yaml: has changes that are not staged/,
    );
    expect(staged()).toEqual([F]);
  });

  test("a deleted golden's rows are left, with what to run", async () => {
    repo.git('rm', '-q', GOLDEN);
    const r = await run('run');
    expect([r.code, r.out]).toEqual([
      0,
      `ledger-gate hook: ${GOLDEN}: deleted or unreadable, its rows left as they are: run \`ledger-gate update --junit …\` (or \`ledger-gate drop ID\`) for its tests\n`,
    ]);
    expect(staged()).toEqual([GOLDEN]);
  });

  test("a deleted test file's rows are dropped with it; the gate reviews the human's commit", async () => {
    // A second test file on main, which stays.
    const B = 'def test_b():\n    assert 1\n';
    repo.git('checkout', '-q', 'main');
    repo.write({ 'tests/test_b.py': B });
    repo.write({
      [LEDGER]:
        read(LEDGER) +
        ledgerYaml([
          { id: 'tests/test_b.py::*', class: 'locked_fixture', digest: sha256(B) },
        ]).replace('version: 1\nrows:\n', ''),
    });
    repo.commit('test_b', HUMAN);
    repo.git('checkout', '-q', '-B', 'work');
    repo.git('rm', '-q', F);
    const r = await run('run');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toBe(
      `ledger-gate hook: ${LEDGER}: ${F}: deleted, 2 rows dropped\n` +
        `ledger-gate hook: ${LEDGER}: staged with this commit (2 dropped)\n`,
    );
    expect([...parseLedger(repo.git('show', `:${LEDGER}`), 'l').ledger!.byId.keys()]).toEqual([
      'tests/test_b.py::*',
    ]);
    commitStaged('delete test_a.py');
    repo.write({ 'build/junit.xml': pytestXunit1([{ file: 'tests/test_b.py', name: 'test_b' }]) });
    const judged = await check(repo, '--base', 'main');
    expect(judged.report.findings.filter((f) => f.result === 'reject')).toEqual([]);
  });

  test('a new test file gets its file row when the rules lock it to itself; the gate reviews', async () => {
    const C = 'def test_c():\n    assert 3\n';
    repo.write({ 'tests/test_c.py': C, 'tests/helpers.py': 'X = 1\n' });
    repo.git('add', 'tests/test_c.py', 'tests/helpers.py');
    const r = await run('run');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toBe(
      `ledger-gate hook: ${LEDGER}: added tests/test_c.py::*: locked_fixture, ${sha256(C)}\n` +
        `ledger-gate hook: ${LEDGER}: staged with this commit (1 added)\n`,
    );
    expect(rowOf(repo.git('show', `:${LEDGER}`), 'tests/test_c.py::*').digest).toBe(sha256(C));
    commitStaged('test_c');
    repo.write({
      'build/junit.xml': pytestXunit1([
        { file: F, name: 'test_one' },
        { file: F, name: 'test_golden' },
        { file: 'tests/test_c.py', name: 'test_c' },
      ]),
    });
    const judged = await check(repo, '--base', 'main');
    expect(judged.report.findings.filter((f) => f.result === 'reject')).toEqual([]);
    expect(judged.report.decision).toBe('review');
  });

  test('which new files get a file row without a run: test-named, and locked to themselves by the first rule that can match them', () => {
    const rules = (...texts: string[]) =>
      texts.map((t) => parseClassRule(t)).filter((r): r is ClassRule => !('problem' in r));
    expect(looksLikeTestFile('tests/test_c.py')).toBe(true);
    expect(looksLikeTestFile('src/a.spec.ts')).toBe(true);
    expect(looksLikeTestFile('pkg/x_test.go')).toBe(true);
    expect(looksLikeTestFile('tests/conftest.py')).toBe(false);
    expect(looksLikeTestFile('tests/files/test.sql')).toBe(false);
    const golden = 'tests/test_fmt.py::test_table*golden=locked_fixture:tests/goldens/t.txt';
    expect(fileRowByRules(rules(golden, DEFAULT_RULE), 'tests/test_new.py')).toBe(true);
    expect(fileRowByRules(rules(golden, DEFAULT_RULE), 'tests/test_fmt.py')).toBe(false);
    expect(
      fileRowByRules(
        rules('tests/props/*=property:inv:tests/seeds/', DEFAULT_RULE),
        'tests/props/test_p.py',
      ),
    ).toBe(false);
    expect(
      fileRowByRules(rules('tests/*=locked_fixture:tests/goldens/g.txt'), 'tests/test_x.py'),
    ).toBe(false);
    expect(
      fileRowByRules(rules('tests/test_x.py::*=locked_fixture:{file}'), 'tests/test_x.py'),
    ).toBe(true);
    expect(fileRowByRules(rules(), 'tests/test_x.py')).toBe(false);
  });

  test('no ledger: says so and lets the commit go', async () => {
    repo.git('rm', '-q', LEDGER);
    commitStaged('no ledger');
    expect(await run('run')).toEqual({
      code: 0,
      out: `ledger-gate hook: no ledger at ${LEDGER}; nothing to re-lock\n`,
      err: '',
    });
  });

  test('usage: an action is needed', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('instal')).err).toBe(
      'ledger-gate hook: unknown hook action "instal" (install or run)\n',
    );
  });
});

/** The warning a commit prints when the CLI is gone, as the hook's `echo` writes it (quoted). */
const NOT_FOUND = (tried: string) =>
  shellWord(
    `ledger-gate hook: the ledger-gate CLI is not found (tried: ${tried}): nothing was re-locked, the commit goes on; install it (npm install -g ledger-gate, or npm install --save-dev ledger-gate), then run \`ledger-gate hook install\` again; see docs/keeping.md`,
  );

// Issue 44: the hook calls the CLI the way `hook install` was run, not `ledger-gate` from PATH.
describe('the invocation the hook writes (hook/invocation.ts)', () => {
  const base: Launch = {
    node: '/opt/node/bin/node',
    script: '/work/lg/dist/cli/index.js',
    cwd: '/home/u/project',
  };
  const NPX = '/home/u/.npm/_npx/0123abcd/node_modules/ledger-gate/dist/cli/index.js';

  test('node path/to/cli and a global install: the Node binary and the script', () => {
    expect(invocationOf(base)).toEqual({ kind: 'node', node: base.node, script: base.script });
    // `npm exec` of a project's own install is no npx cache: its files stay.
    const local = '/home/u/project/node_modules/ledger-gate/dist/cli/index.js';
    expect(invocationOf({ ...base, script: local, npmCommand: 'exec' })).toMatchObject({
      kind: 'node',
      script: local,
    });
    expect(invocationOf(undefined)).toEqual({ kind: 'path' });
  });

  test('npx: the package spec, a local tarball made absolute; else the cache it installed', () => {
    const npx = { ...base, script: NPX, npmCommand: 'exec' };
    expect(invocationOf({ ...npx, npxPackage: './ledger-gate-1.0.0.tgz' })).toEqual({
      kind: 'npx',
      spec: '/home/u/project/ledger-gate-1.0.0.tgz',
    });
    expect(invocationOf({ ...npx, npxPackage: 'ledger-gate@1.0.0' })).toEqual({
      kind: 'npx',
      spec: 'ledger-gate@1.0.0',
    });
    // `npx ./ledger-gate-1.0.0.tgz …` sets no npm_config_package: npx's cache says.
    expect(invocationOf({ ...npx, npxCached: ['../dl/ledger-gate-1.0.0.tgz'] })).toEqual({
      kind: 'npx',
      spec: '/home/u/dl/ledger-gate-1.0.0.tgz',
    });
    // Two packages, or none known: the cached files, as run.
    expect(invocationOf({ ...npx, npxCached: ['a', 'b'] })).toMatchObject({ kind: 'node' });
  });

  test('paths are quoted for sh; a missing CLI warns on stderr and the hook exits 0', () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hook-it's here-"));
    try {
      // A stand-in CLI under a path with a space and a quote: it says what it was asked.
      const cli = path.join(dir, 'a cli.js');
      writeFileSync(cli, 'console.log("ran", process.argv.slice(2).join(" "))\n');
      const hook = path.join(dir, 'pre-commit');
      writeFileSync(hook, hookScript({ kind: 'node', node: process.execPath, script: cli }, false));
      chmodSync(hook, 0o755);
      const env = { PATH: '/usr/bin:/bin' };
      const ran = spawnSync(hook, [], { cwd: dir, env, encoding: 'utf8' });
      expect([ran.status, ran.stdout, ran.stderr]).toEqual([0, 'ran hook run\n', '']);
      rmSync(cli);
      const gone = spawnSync(hook, [], { cwd: dir, env, encoding: 'utf8' });
      expect([gone.status, gone.stdout]).toEqual([0, '']);
      expect(gone.stderr).toBe(
        `${spawnSync('sh', ['-c', `echo ${NOT_FOUND(`${process.execPath} ${cli}; ledger-gate on PATH`)}`], { encoding: 'utf8' }).stdout}`,
      );
      // A failing `hook run` still stops the commit.
      writeFileSync(cli, 'process.exit(1)\n');
      expect(spawnSync(hook, [], { cwd: dir, env }).status).toBe(1);
      // --command: not found (127) warns; the CLI's own failure stops the commit.
      const own = (command: string) => {
        writeFileSync(hook, hookScript({ kind: 'command', command }, false));
        return spawnSync(hook, [], { cwd: dir, env, encoding: 'utf8' });
      };
      const missing = own('no-such-ledger-gate');
      expect([missing.status, missing.stderr]).toEqual([
        0,
        expect.stringContaining('ledger-gate hook: no-such-ledger-gate was not found'),
      ]);
      expect(own('false').status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('hook install', () => {
  const hooks = () => path.join(repo.dir, '.git/hooks');

  test('run as `node path/to/cli`, the hook calls that Node and that script', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hook-cli-'));
    try {
      const cli = path.join(dir, 'dist/cli/index.js');
      mkdirSync(path.dirname(cli), { recursive: true });
      writeFileSync(cli, '');
      let out = '';
      const code = await hook(['install'], {
        cwd: repo.dir,
        stdout: (s) => (out += s),
        stderr: (s) => (out += s),
        self: { execPath: process.execPath, script: cli, env: {} },
      });
      const r = { code, out };
      expect(r.code).toBe(0);
      expect(r.out).toBe(
        `.git/hooks/pre-commit: installed: runs \`${process.execPath} ${cli} hook run\` before each commit\n`,
      );
      expect(readFileSync(path.join(hooks(), 'pre-commit'), 'utf8')).toContain(
        `if [ -x ${process.execPath} ] && [ -f ${cli} ]; then\n  ${process.execPath} ${cli} hook run || exit $?\nelif command -v ledger-gate`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('keeps a hook that was there: moved aside, run first; a second install changes nothing', async () => {
    const theirs = '#!/bin/sh\necho their checks\n';
    writeFileSync(path.join(hooks(), 'pre-commit'), theirs, { mode: 0o755 });
    const r = await run('install');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toBe(
      `.git/hooks/pre-commit: installed: runs \`ledger-gate hook run\` before each commit; the hook that was there is kept as .git/hooks/${CHAINED} and runs first\n`,
    );
    expect(readFileSync(path.join(hooks(), CHAINED), 'utf8')).toBe(theirs);
    const ours = readFileSync(path.join(hooks(), 'pre-commit'), 'utf8');
    expect(ours).toBe(
      [
        '#!/bin/sh',
        MARK,
        '# Installed by `ledger-gate hook install`; see docs/keeping.md.',
        `# The pre-commit hook that was here before, kept as ${CHAINED} and run first.`,
        `"$(dirname "$0")/${CHAINED}" "$@" || exit $?`,
        'if command -v ledger-gate >/dev/null 2>&1; then',
        '  ledger-gate hook run || exit $?',
        'else',
        `  echo ${NOT_FOUND('ledger-gate on PATH')} >&2`,
        'fi',
        '',
      ].join('\n'),
    );
    expect(statSync(path.join(hooks(), 'pre-commit')).mode & 0o111).toBe(0o111);
    const again = await run('install');
    expect(again.out).toBe('.git/hooks/pre-commit: already installed; nothing written\n');
    expect(readFileSync(path.join(hooks(), CHAINED), 'utf8')).toBe(theirs);
    // A new --command rewrites ours, still chaining theirs.
    const cmd = await run('install', '--command', 'node /opt/lg/dist/cli/index.js');
    expect(cmd.out).toMatch(/^\.git\/hooks\/pre-commit: updated: /);
    expect(readFileSync(path.join(hooks(), 'pre-commit'), 'utf8')).toContain(
      `${CHAINED}" "$@" || exit $?\nnode /opt/lg/dist/cli/index.js hook run\nstatus=$?\n`,
    );
  });

  test('husky: a line added to .husky/pre-commit, its own lines kept', async () => {
    repo.write({ '.husky/pre-commit': 'npm test\n' });
    repo.git('config', 'core.hooksPath', '.husky/_');
    const r = await run('install');
    expect(r.out).toBe(
      '.husky/pre-commit: added a line: `ledger-gate hook run` (commit it: every clone that runs husky gets it)\n',
    );
    expect(read('.husky/pre-commit')).toBe(
      `npm test\n${MARK}\n${runLines({ kind: 'path' }).join('\n')}\n`,
    );
    expect(existsSync(path.join(hooks(), 'pre-commit'))).toBe(false);
    expect((await run('install')).out).toMatch(
      /already runs `ledger-gate hook run`; nothing written/,
    );
  });

  test('lefthook: the snippet to add is printed, nothing written', async () => {
    repo.write({ 'lefthook.yml': 'pre-push:\n  commands: {}\n' });
    const r = await run('install');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'pre-commit:\n  commands:\n    ledger-gate:\n      run: ledger-gate hook run\n',
    );
    expect(r.out).toMatch(/nothing written\n$/);
    expect(existsSync(path.join(hooks(), 'pre-commit'))).toBe(false);
    expect(read('lefthook.yml')).toBe('pre-push:\n  commands: {}\n');
  });

  test('a --command on two lines is refused', async () => {
    const r = await run('install', '--command', 'ledger-gate\nrm -rf /');
    expect(r.code).toBe(2);
    expect(existsSync(path.join(hooks(), 'pre-commit'))).toBe(false);
  });
});

test('the pre-commit framework finds the hook at the repository root', () => {
  const text = readFileSync('.pre-commit-hooks.yaml', 'utf8');
  expect(text).toMatch(/^- id: ledger-gate$/m);
  expect(text).toMatch(/^ {2}entry: ledger-gate hook run$/m);
  expect(text).toMatch(/^ {2}pass_filenames: false$/m);
});
