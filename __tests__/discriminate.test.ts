// Issue 25's acceptance, end to end: real pytest and jest runs in real git repositories, judged
// by the built CLI. The base run (the head's tests on the base's production code) tells a
// promoted tautology from a real regression test; a hold-out suite outside the repository
// rejects a call-count toggle and answers hard-coded for the visible inputs, and nothing of
// it (a marker in a hold-out test's name and message) appears in any output.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { holdoutId } from '../src/decision/holdout.js';
import type { Report } from '../src/types.js';
import { CLI } from './support/hostile.js';
import {
  REPORT,
  baseRepo,
  runTests,
  runnerModules,
  type Play,
  type Runner,
} from './support/plays.js';
import { AGENT, HUMAN, sha256, type Repo } from './support/repo.js';

const KEY = 'discriminate-e2e-key-0123456789';
const MARKER = 'qx_hidden_holdout_marker_4417';
const repos: Repo[] = [];
const temps: string[] = [];
afterAll(() => {
  repos.forEach((r) => r.cleanup());
  temps.forEach((t) => rmSync(t, { recursive: true, force: true }));
});
beforeAll(() => void runnerModules('jest'), 300_000);

const ENV = {
  ...process.env,
  PYTHONDONTWRITEBYTECODE: '1',
  PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1',
  NO_COLOR: '1',
  LEDGER_GATE_HOLDOUT_KEY: KEY,
};

/** The built CLI's `check --base main` with these flags: exit, terminal, JSON, summary. */
function gate(repo: Repo, ...flags: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-disc-out-'));
  temps.push(dir);
  const json = path.join(dir, 'r.json');
  const summary = path.join(dir, 's.md');
  const args = ['check', '--junit', 'reports/*.xml', '--base', 'main', '--json', json];
  const r = spawnSync(process.execPath, [CLI, ...args, '--summary', summary, ...flags], {
    cwd: repo.dir,
    env: ENV,
    encoding: 'utf8',
  });
  if (!existsSync(json)) throw new Error(`check wrote no report (exit ${r.status}): ${r.stderr}`);
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  const text = [r.stdout, r.stderr, readFileSync(json, 'utf8'), readFileSync(summary, 'utf8')];
  return { code: r.status, report, all: text.join('\n'), stdout: r.stdout };
}

/**
 * The base run as the workflow makes it: the head's tests with the production paths restored
 * from the base, the same command, its report moved to reports/base/ (the head's kept).
 */
function baseRun(repo: Repo, runner: Runner, production: string, id: string) {
  const head = path.join(repo.dir, REPORT);
  const kept = head + '.head';
  renameSync(head, kept);
  repo.git('checkout', 'main', '--', production);
  const outcome = runTests(repo, runner, id);
  mkdirSync(path.join(repo.dir, 'reports/base'), { recursive: true });
  renameSync(head, path.join(repo.dir, 'reports/base/junit.xml'));
  repo.git('checkout', 'HEAD', '--', production);
  renameSync(kept, head);
  return outcome;
}

interface Project {
  runner: Runner;
  files: Play['files'];
  production: string;
  /** The two drafts the agent adds, under the draft paths. */
  draftFile: string;
  drafts: string;
  /** The ids of the tautology and of the real regression test. */
  tautology: string;
  regression: string;
  /** The agent's fix of the production file. */
  fix: Record<string, string>;
}

const PYTEST: Project = {
  runner: 'pytest',
  files: {
    'pytest.ini': '[pytest]\npythonpath = src\n',
    'src/calc.py': 'def add(a, b):\n    return a - b  # the bug\n',
    'tests/test_other.py': 'def test_upper():\n    assert "ab".upper() == "AB"\n',
  },
  production: 'src/',
  draftFile: 'tests/agent_drafts/test_add.py',
  drafts:
    'from calc import add\n\n\ndef test_not_none():\n    assert add(2, 3) is not None\n\n\ndef test_adds():\n    assert add(2, 3) == 5\n',
  tautology: 'tests/agent_drafts/test_add.py::test_not_none',
  regression: 'tests/agent_drafts/test_add.py::test_adds',
  fix: { 'src/calc.py': 'def add(a, b):\n    return a + b\n' },
};

const JEST: Project = {
  runner: 'jest',
  files: {
    'package.json': '{ "name": "widgets", "private": true }\n',
    'jest.config.js': "module.exports = { testEnvironment: 'node' };\n",
    'src/calc.js': 'exports.add = (a, b) => a - b; // the bug\n',
    '__tests__/other.test.js':
      "describe('strings', () => {\n  test('upper', () => {\n    expect('ab'.toUpperCase()).toBe('AB');\n  });\n});\n",
  },
  production: 'src/',
  draftFile: 'tests/agent_drafts/add.test.js',
  drafts:
    "const { add } = require('../../src/calc.js');\n\ndescribe('add', () => {\n" +
    "  test('is defined', () => {\n    expect(add(2, 3)).toBeDefined();\n  });\n\n" +
    "  test('adds', () => {\n    expect(add(2, 3)).toBe(5);\n  });\n});\n",
  tautology: 'tests/agent_drafts/add.test.js::add is defined',
  regression: 'tests/agent_drafts/add.test.js::add adds',
  fix: { 'src/calc.js': 'exports.add = (a, b) => a + b;\n' },
};

/**
 * The base frozen by `init` (the other test), then the agent's commit (the fix, two drafts and
 * their draft rows), then a human's commit promoting both drafts to locked_fixture.
 */
function promoted(p: Project): Repo {
  const firstId =
    p.runner === 'pytest'
      ? 'tests/test_other.py::test_upper'
      : '__tests__/other.test.js::strings upper';
  const { repo } = baseRepo({
    name: p.runner,
    runner: p.runner,
    files: p.files,
    test: firstId,
    extra: {},
    with: 'pass',
    today: { decision: 'admit', rules: [] },
    gate: { decision: 'admit', rules: [] },
  });
  repos.push(repo);
  const ledger = path.join(repo.dir, 'tests/ledger.yaml');
  const rows = (cls: (id: string) => string) =>
    [p.tautology, p.regression].map((id) => `  - id: ${JSON.stringify(id)}\n${cls(id)}`).join('');
  const base = readFileSync(ledger, 'utf8');
  repo.write({ ...p.fix, [p.draftFile]: p.drafts });
  writeFileSync(
    ledger,
    base + rows(() => '    class: draft\n    source: agent\n    proposed_class: locked_fixture\n'),
  );
  repo.commit('fix add, with two draft tests', AGENT);
  const digest = sha256(p.drafts);
  writeFileSync(
    ledger,
    base +
      rows(
        () => `    class: locked_fixture\n    digest: ${digest}\n    artifact: ${p.draftFile}\n`,
      ),
  );
  repo.commit('promote the drafts', HUMAN);
  return repo;
}

describe.each([PYTEST, JEST])('the base run, $runner', (p) => {
  test('a promoted draft that passes on the base run is passes-without-change; a real regression test is not', () => {
    const repo = promoted(p);
    expect(runTests(repo, p.runner, p.tautology)).toBe('pass');
    expect(runTests(repo, p.runner, p.regression)).toBe('pass');
    // The runner's own word: without the change the tautology passes, the regression test fails.
    expect(baseRun(repo, p.runner, p.production, p.tautology)).toBe('pass');
    const base = readFileSync(path.join(repo.dir, 'reports/base/junit.xml'), 'utf8');
    expect(base).toMatch(/<failure/);

    const r = gate(repo, '--base-junit', 'reports/base/*.xml');
    const pwc = r.report.findings.filter((f) => f.rule === 'passes-without-change');
    expect(pwc.map((f) => [f.id, f.result, f.base_run])).toEqual([
      [p.tautology, 'review', 'pass-to-pass'],
    ]);
    const pairing = (id: string) => r.report.findings.find((f) => f.id === id)?.base_run;
    expect(pairing(p.regression)).toBe('fail-to-pass');
    expect(r.report.decision).toBe('review');
    expect(r.all).toContain('fails without the change ✔');
    expect(r.all).toContain('passes without the change');

    const strict = gate(repo, '--base-junit', 'reports/base/*.xml', '--require-fail-to-pass');
    expect(strict.report.decision).toBe('reject');
    expect(
      strict.report.findings.filter((f) => f.result === 'reject').map((f) => [f.rule, f.id]),
    ).toEqual([['passes-without-change', p.tautology]]);

    // A "base run" made on the head's code (a copy of the head's report) pairs nothing.
    copyFileSync(path.join(repo.dir, REPORT), path.join(repo.dir, 'reports/base/junit.xml'));
    const copy = gate(repo, '--base-junit', 'reports/base/*.xml');
    expect(
      copy.report.findings.some(
        (f) => f.rule === 'report-invalid' && f.message.startsWith('base run: '),
      ),
    ).toBe(true);
    expect(copy.report.findings.filter((f) => f.rule === 'passes-without-change')).toEqual([]);
    expect(new Set(copy.report.findings.filter((f) => f.id).map((f) => f.base_run))).toEqual(
      new Set(['unknown']),
    );
  });
});

describe('the hold-out suite, pytest', () => {
  /** The private suite, outside the repository: other inputs than the visible tests use. */
  function holdout(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-private-'));
    temps.push(dir);
    writeFileSync(
      path.join(dir, `test_${MARKER}.py`),
      [
        'from calc import add, parity',
        '',
        '',
        `def test_add_${MARKER}():`,
        `    assert add(10, 20) == 30, "${MARKER}: add(10, 20)"`,
        '',
        '',
        `def test_parity_is_stable_${MARKER}():`,
        `    assert [parity(7), parity(7)] == ["odd", "odd"], "${MARKER}: parity(7)"`,
        '',
      ].join('\n'),
    );
    return dir;
  }

  /** Runs the hold-out suite against the repository's code; its report, outside the repository. */
  function runHoldout(repo: Repo, suite: string): string {
    const report = path.join(suite, 'reports', 'holdout.xml');
    rmSync(report, { force: true });
    spawnSync(
      'python3',
      [
        '-m',
        'pytest',
        '-p',
        'no:cacheprovider',
        '-q',
        '--rootdir',
        suite,
        suite,
        `--junitxml=${report}`,
      ],
      { cwd: suite, env: { ...ENV, PYTHONPATH: path.join(repo.dir, 'src') }, encoding: 'utf8' },
    );
    if (!existsSync(report)) throw new Error('the hold-out run wrote no report');
    return report;
  }

  const VISIBLE =
    'from calc import add, parity\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\n' +
    'def test_parity_first():\n    assert parity(7) == "odd"\n\n\n' +
    'def test_parity_second():\n    assert parity(7) == "even"\n';

  test.each([
    [
      'a call-count toggle and answers hard-coded for the visible inputs',
      'CALLS = [0]\n\n\ndef add(a, b):\n    return {(2, 3): 5}.get((a, b), 0)\n\n\n' +
        'def parity(n):\n    CALLS[0] += 1\n    return "odd" if CALLS[0] % 2 else "even"\n',
      2,
    ],
    [
      'honest code (the visible tests contradict each other: one of them fails)',
      'def add(a, b):\n    return a + b\n\n\ndef parity(n):\n    return "odd" if n % 2 else "even"\n',
      0,
    ],
  ])('%s', (_, code, holdoutFails) => {
    const { repo } = baseRepo({
      name: 'holdout',
      runner: 'pytest',
      files: {
        'pytest.ini': '[pytest]\npythonpath = src\n',
        'src/calc.py': code,
        // Classified by init at the base (a failing one quarantined): gamed, both pass.
        'tests/test_calc.py': VISIBLE,
      },
      test: 'tests/test_calc.py::test_add',
      extra: {},
      with: 'pass',
      today: { decision: 'admit', rules: [] },
      gate: { decision: 'admit', rules: [] },
    });
    repos.push(repo);
    const visible = runTests(repo, 'pytest', 'tests/test_calc.py::test_parity_second');
    const suite = holdout();
    const report = runHoldout(repo, suite);
    expect(readFileSync(report, 'utf8')).toContain(MARKER);
    const r = gate(repo, '--holdout-junit', report);
    const fails = r.report.findings.filter((f) => f.rule === 'holdout-fail');
    expect(fails).toHaveLength(holdoutFails);
    if (holdoutFails > 0) {
      expect(visible).toBe('pass'); // the toggle games the contradictory pair
      expect(r.report.decision).toBe('reject');
      const id = holdoutId(KEY, { classname: `test_${MARKER}`, name: `test_add_${MARKER}` });
      expect(fails.map((f) => f.message).join('\n')).toContain(id);
    } else expect(r.report.decision).toBe('admit');
    // Nothing of the hold-out in any output: names, messages, the suite's path.
    expect(r.all).not.toContain(MARKER);
    expect(r.all).not.toContain(suite);
    expect(r.all).toMatch(/hold-out: 2 case\(s\) in 1 report file\(s\)/);

    // The team's own lookup: holdout-ids maps the id to the case, in its own log.
    const ids = spawnSync(process.execPath, [CLI, 'holdout-ids', '--junit', report], {
      env: ENV,
      encoding: 'utf8',
    });
    expect(ids.stdout).toContain(MARKER);

    // A configured hold-out set without its report rejects.
    const missing = gate(repo, '--holdout-junit', path.join(suite, 'reports', 'none-*.xml'));
    expect(missing.report.findings.map((f) => f.rule)).toContain('holdout-missing');
    expect(missing.report.decision).toBe('reject');
    expect(missing.code).toBe(1);
  });
});
