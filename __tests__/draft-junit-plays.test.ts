// Issue 43, item 1's missing half: the drafts' own job, read by the gate as draft evidence only
// (`check --draft-junit`, src/decision/draft-report.ts). A real project in a real git repository
// (support/plays.ts) whose CI runs the evidence with the drafts left out and the drafts in a
// job of their own, as `ledger-gate setup` writes it; an agent's commit adds a draft and its
// draft row; the real runner (pytest 9, jest + jest-junit) runs the evidence and then, after
// the commit as CI would, the drafts alone into a report of their own; the built CLI judges
// both. A passing draft is draft-pass (never evidence), a failing one draft-not-passing, a
// draft report that never came while a draft is there fails closed, evidence reports of drafts
// alone are report-invalid, and a promoted test left in the draft folder is classified-missing
// with a fix that moves it.
import { afterAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  baseRepo,
  edit,
  gate,
  outcomeOf,
  type Files,
  type Play,
  type Runner,
} from './support/plays.js';
import { AGENT, HUMAN, sha256, type Author, type Repo } from './support/repo.js';

const DRAFTS = 'tests/agent_drafts';
const DRAFT_REPORT = 'drafts/junit.xml';
const step = (line: string) => `      - run: ${line}\n`;
const job = (name: string, ...runs: string[]) =>
  `  ${name}:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v5\n${runs.map(step).join('')}`;
const workflow = (...jobs: string[]) => `name: tests\non: pull_request\njobs:\n${jobs.join('')}`;

/** One runner's project: its files, how CI runs the evidence and the drafts, its ids. */
interface Kit {
  runner: Runner;
  files: Files;
  evidence: string[];
  drafts: string[];
  env: Record<string, string>;
  locked: string;
  draftFile: string;
  draftId: string;
  draft: (body: 'pass' | 'fail') => string;
}

const PYTEST = [
  'python3',
  '-m',
  'pytest',
  '-p',
  'no:cacheprovider',
  '-q',
  '-o',
  'junit_family=xunit1',
];
const pytestKit: Kit = {
  runner: 'pytest',
  files: {
    'pytest.ini': '[pytest]\npythonpath = src\n',
    'src/calc.py': 'def add(a, b):\n    return a + b\n',
    'tests/test_calc.py': 'from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n',
    '.github/workflows/tests.yml': workflow(
      job('test', `python -m pytest --ignore=${DRAFTS} --junitxml=reports/junit.xml`),
      job(
        'drafts',
        `if [ -d ${DRAFTS} ]; then python -m pytest ${DRAFTS} --junitxml=${DRAFT_REPORT}; fi`,
      ),
    ),
  },
  evidence: [...PYTEST, `--ignore=${DRAFTS}`, '--junitxml=reports/junit.xml'],
  drafts: [...PYTEST, DRAFTS, `--junitxml=${DRAFT_REPORT}`],
  env: { PYTHONDONTWRITEBYTECODE: '1', PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' },
  locked: 'tests/test_calc.py::test_add',
  draftFile: `${DRAFTS}/test_idea.py`,
  draftId: `${DRAFTS}/test_idea.py::test_add_commutes`,
  draft: (body) =>
    `from calc import add\n\n\ndef test_add_commutes():\n    assert add(2, 3) == ${body === 'pass' ? 'add(3, 2)' : '6'}\n`,
};

const JEST = [process.execPath, 'node_modules/jest/bin/jest.js', '--ci', '--no-watchman'];
const LEAVE_OUT = [
  '--testPathIgnorePatterns=/node_modules/',
  `--testPathIgnorePatterns=/${DRAFTS}/`,
];
const jestKit: Kit = {
  runner: 'jest',
  files: {
    'package.json': '{ "name": "widgets", "private": true, "scripts": { "test": "jest" } }\n',
    'jest.config.js': "module.exports = { testEnvironment: 'node' };\n",
    'src/calc.js': 'exports.add = (a, b) => a + b;\n',
    '__tests__/calc.test.js':
      "const { add } = require('../src/calc.js');\n\ndescribe('calc', () => {\n  test('adds', () => {\n    expect(add(2, 3)).toBe(5);\n  });\n});\n",
    '.github/workflows/tests.yml': workflow(
      job(
        'test',
        `npx jest ${LEAVE_OUT.join(' ')} --ci --reporters=default --reporters=jest-junit`,
      ),
      job('drafts', `if [ -d ${DRAFTS} ]; then npx jest ${DRAFTS} --ci --reporters=jest-junit; fi`),
    ),
  },
  evidence: [...JEST, ...LEAVE_OUT, '--reporters=default', '--reporters=jest-junit'],
  drafts: [...JEST, DRAFTS, '--reporters=default', '--reporters=jest-junit'],
  env: {
    JEST_JUNIT_OUTPUT_DIR: 'drafts',
    JEST_JUNIT_OUTPUT_NAME: 'junit.xml',
    JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true',
  },
  locked: '__tests__/calc.test.js::calc adds',
  draftFile: `${DRAFTS}/idea.test.js`,
  draftId: `${DRAFTS}/idea.test.js::add commutes`,
  draft: (body) =>
    `const { add } = require('../../src/calc.js');\n\ntest('add commutes', () => {\n  expect(add(2, 3)).toBe(${body === 'pass' ? 'add(3, 2)' : '6'});\n});\n`,
};

const playOf = (k: Kit): Play => ({
  name: k.runner,
  runner: k.runner,
  files: k.files,
  command: k.evidence,
  test: k.locked,
  extra: {},
  with: 'pass',
  today: { decision: 'admit', rules: [] },
  gate: { decision: 'admit', rules: [] },
});

const draftRow = (
  id: string,
  more = 'class: draft\n    source: agent\n    proposed_class: property\n',
) => `  - id: ${id}\n    ${more}`;

/** The drafts' job: the runner on the draft folder alone, its report in drafts/ (after the commit, as on CI). */
function runDrafts(repo: Repo, k: Kit): string {
  const r = spawnSync(k.drafts[0], k.drafts.slice(1), {
    cwd: repo.dir,
    env: { ...process.env, NO_COLOR: '1', ...k.env },
    encoding: 'utf8',
  });
  const file = path.join(repo.dir, DRAFT_REPORT);
  if (!existsSync(file))
    throw new Error(
      `the drafts' run wrote no report (exit ${r.status}):\n${r.stdout}\n${r.stderr}`,
    );
  return outcomeOf(readFileSync(file, 'utf8'), k.draftId);
}

interface Scene {
  /** The draft the agent adds (and its draft row), or none. */
  draft?: 'pass' | 'fail';
  /** Whether the drafts' job runs (else its report never comes). */
  draftsRun: boolean;
  /** The `check` arguments beside `--base main --junit reports/*.xml`. */
  args: string[];
  by?: Author;
  /** Other files the commit adds under the draft folder (placeholders, helpers). */
  beside?: Files;
}

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

function scene(k: Kit, s: Scene) {
  const p = playOf(k);
  const { repo } = baseRepo(p);
  repos.push(repo);
  const files: Files = { ...(s.draft ? { [k.draftFile]: k.draft(s.draft) } : {}), ...s.beside };
  // The evidence run leaves the drafts out: the locked test passes whatever the draft does.
  expect(edit(repo, p, files)).toBe('pass');
  if (s.draft) {
    const ledger = path.join(repo.dir, 'tests/ledger.yaml');
    writeFileSync(ledger, readFileSync(ledger, 'utf8') + draftRow(k.draftId));
  }
  repo.commit('a draft beside the code', s.by ?? AGENT);
  const drafted = s.draftsRun ? runDrafts(repo, k) : undefined;
  return { repo, drafted, ...gate(repo, { args: s.args }) };
}

const GIVEN = ['--draft-junit', 'drafts/*.xml'];

describe.each([pytestKit, jestKit])("the drafts' own run, read as drafts only ($runner)", (k) => {
  test('an honest draft that passes in its own job is draft-pass, never evidence', () => {
    const r = scene(k, { draft: 'pass', draftsRun: true, args: GIVEN });
    expect(r.drafted).toBe('pass');
    expect(r.verdict).toEqual({ decision: 'reject', rules: ['draft-pass:reject'] });
    expect(r.code).toBe(1);
    const d = r.report.findings.find((f) => f.id === k.draftId)!;
    expect(d.message).toMatch(/^in the drafts' run: pass on a draft/);
    // Only the evidence's case is counted and admitted.
    expect(r.report.counts.cases).toBe(1);
    expect(r.report.findings.filter((f) => f.result === 'admit').map((f) => f.id)).toEqual([
      k.locked,
    ]);
  });

  test('a draft that fails there is draft-not-passing (info): the evidence admits', () => {
    const r = scene(k, { draft: 'fail', draftsRun: true, args: GIVEN });
    expect(r.drafted).toBe('fail');
    expect(r.verdict).toEqual({ decision: 'admit', rules: [] });
    expect(r.report.findings.find((f) => f.id === k.draftId)?.rule).toBe('draft-not-passing');
  });

  test("the drafts' report missing while a draft is there: report-invalid, one line", () => {
    const r = scene(k, { draft: 'pass', draftsRun: false, args: GIVEN });
    expect(r.verdict).toEqual({ decision: 'reject', rules: ['report-invalid:reject'] });
    const [f] = r.report.findings.filter((x) => x.rule === 'report-invalid');
    expect(f.message).toBe(
      `the drafts' run (draft-junit): no report file matches drafts/*.xml, and the checkout has drafts to run (${k.draftFile}): the drafts' job must deliver its report`,
    );
  });

  test("no draft, no drafts' report: nothing was due, the evidence admits", () => {
    const r = scene(k, { draftsRun: false, args: GIVEN });
    expect(r.verdict).toEqual({ decision: 'admit', rules: [] });
    expect(r.stdout).toContain(
      "drafts' run (draft-junit): 0 case(s) read for drafts only, and the checkout has no drafts to run",
    );
  });

  test('an empty draft folder (.gitkeep, an empty __init__.py): nothing due, admitted; a helper with content is due', () => {
    const folder = path.posix.dirname(k.draftFile);
    const kept = { [`${folder}/.gitkeep`]: '', [`${folder}/__init__.py`]: '\n' };
    const r = scene(k, { draftsRun: false, args: GIVEN, beside: kept });
    expect(r.verdict).toEqual({ decision: 'admit', rules: [] });
    // Any file with content may be run by the drafts' job: its report is due (fail closed).
    const helper = { ...kept, [`${folder}/helpers.py`]: 'X = 1\n' };
    const h = scene(k, { draftsRun: false, args: GIVEN, beside: helper });
    expect(h.verdict).toEqual({ decision: 'reject', rules: ['report-invalid:reject'] });
    expect(h.report.findings.find((f) => f.rule === 'report-invalid')!.message).toContain(
      `the checkout has drafts to run (${folder}/helpers.py)`,
    );
  });

  test("draft-only evidence: the drafts' report given as the evidence is report-invalid", () => {
    const r = scene(k, { draft: 'fail', draftsRun: true, args: GIVEN });
    expect(r.drafted).toBe('fail');
    // The drafts' report alone given as the evidence: a run of drafts, failing ones, holds none.
    const only = gateWith(r.repo, ['--junit', DRAFT_REPORT]);
    expect(only.code).toBe(1);
    expect(
      only.report.findings.filter((f) => f.rule === 'report-invalid').map((f) => f.message),
    ).toEqual([
      'the evidence reports hold only drafts (1 case(s)): drafts are not evidence, so the run holds none',
    ]);
    // The same file as both: it is the drafts' run, so the evidence holds nothing.
    const both = gateWith(r.repo, ['--junit', DRAFT_REPORT, ...GIVEN]);
    expect(
      both.report.findings.filter((f) => f.rule === 'report-invalid').map((f) => f.message),
    ).toEqual(['no report holds any test case']);
  });
});

/** `check --base main` with only the given report arguments (no reports/*.xml). */
function gateWith(repo: Repo, args: string[]) {
  const json = path.join(repo.dir, '..', `${path.basename(repo.dir)}-r.json`);
  const r = spawnSync(
    process.execPath,
    [
      path.resolve(import.meta.dirname, '..', 'dist/cli/index.js'),
      'check',
      '--base',
      'main',
      ...args,
      '--json',
      json,
    ],
    { cwd: repo.dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  if (!existsSync(json)) throw new Error(`check wrote no report (exit ${r.status}): ${r.stderr}`);
  const report = JSON.parse(readFileSync(json, 'utf8')) as ReturnType<typeof gate>['report'];
  return { code: r.status, report };
}

describe('a promoted draft left in the draft folder (pytest)', () => {
  test('a human locks it, its file stays: classified-missing in the evidence, the fix moves the file', () => {
    const k = pytestKit;
    const p = playOf(k);
    const { repo } = baseRepo(p);
    repos.push(repo);
    // At the base, the agent's draft and its row, merged earlier.
    const body = k.draft('pass');
    repo.write({ [k.draftFile]: body });
    const ledger = path.join(repo.dir, 'tests/ledger.yaml');
    const before = readFileSync(ledger, 'utf8');
    writeFileSync(ledger, before + draftRow(k.draftId));
    repo.commit('a draft, merged', HUMAN);
    repo.git('branch', '-f', 'main');
    // A human promotes it to a locked fixture of its own file, and leaves the file where it is.
    writeFileSync(
      ledger,
      before +
        draftRow(
          k.draftId,
          `class: locked_fixture\n    artifact: ${k.draftFile}\n    digest: ${sha256(body)}\n`,
        ),
    );
    repo.commit('promote the draft', HUMAN);
    expect(edit(repo, p, {})).toBe('pass');
    expect(runDrafts(repo, k)).toBe('pass');
    for (const args of [[], GIVEN]) {
      const r = gate(repo, { args });
      const mine = r.report.findings.filter((f) => f.id === k.draftId && f.result !== 'review');
      expect(mine.map((f) => f.rule)).toEqual(['classified-missing']);
      expect(mine[0].fix).toBe(
        "git mv tests/agent_drafts/test_idea.py tests/test_idea.py   (out of the draft paths, which the evidence run leaves out; the row's id then names the new path)",
      );
      expect(r.verdict.decision).toBe('reject');
    }
  });
});
