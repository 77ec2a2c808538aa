// The evidence path rules on plain facts (decision/evidence.ts, evidence-content.ts): per
// commit, an agent's test or harness edit outside the draft paths rejects, a human's harness
// edit asks for review, a dependency bot's pin bump is a review; what the agent touched, by
// kind. And the property: no change in which an agent's commit touches a test or harness
// path outside the draft paths decides admit, whatever the reports say.
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { decide, type DecideInput } from '../src/decision/decide.js';
import { EvidencePaths, judgeEvidence, type EvidenceSettings } from '../src/decision/evidence.js';
import { pinsOnly, settingsOf } from '../src/decision/evidence-content.js';
import {
  DEFAULT_DRAFT_PATHS,
  DEFAULT_HARNESS_PATHS,
  DEFAULT_TEST_PATHS,
  globsOf,
} from '../src/decision/evidence-paths.js';
import { RULES } from '../src/decision/table.js';
import type {
  Change,
  ChangeStatus,
  CommitChanges,
  CommitPathChange,
  Ledger,
  LedgerRow,
  Status,
  TestResult,
} from '../src/types.js';
import { PROPERTY_SEED } from './support/seeds.js';

const SETTINGS: EvidenceSettings = {
  testPaths: globsOf(DEFAULT_TEST_PATHS),
  harnessPaths: globsOf(DEFAULT_HARNESS_PATHS),
  draftPaths: [...DEFAULT_DRAFT_PATHS],
  reports: ['build/junit*.xml'],
};
const D1 = 'sha256:' + '1'.repeat(64);
const row = (id: string, f: Partial<LedgerRow> & Pick<LedgerRow, 'class'>): LedgerRow => ({
  id,
  line: 3,
  keyOffsets: {},
  ...f,
});
const ROWS = [
  row('src/calc.spec.py::test_add', {
    class: 'locked_fixture',
    digest: D1,
    artifact: 'golden/add.txt',
  }),
  row('lib/check.py::test_prop', { class: 'property', invariant: 'i', seeds: 'lib/seeds/' }),
];
const ledger: Ledger = {
  file: 'tests/ledger.yaml',
  rows: ROWS,
  byId: new Map(ROWS.map((r) => [r.id, r])),
};
const ctx = {
  ledgerFile: 'tests/ledger.yaml',
  ledger,
  baseRows: ROWS,
  isProduction: (p: string) => p.startsWith('src/') || p.startsWith('lib/'),
  isGolden: (p: string) => p === 'golden/add.txt',
};
const paths = new EvidencePaths(SETTINGS, ctx);

const AGENT = 'author copilot-swe-agent[bot] matches agent-authors';
const commit = (agent: boolean, ...p: (string | CommitPathChange)[]): CommitChanges => ({
  sha: (agent ? 'a' : 'h').repeat(40),
  agent,
  why: agent ? AGENT : 'author Dana',
  paths: p.map((x) => (typeof x === 'string' ? { path: x, status: 'M' as ChangeStatus } : x)),
});
function changeOf(...commits: CommitChanges[]): Change {
  const net = new Map<string, ChangeStatus>();
  for (const c of commits) for (const p of c.paths) net.set(p.path, p.status);
  return {
    baseSha: 'b'.repeat(40),
    changed: [...net].map(([path, status]) => ({ path, status })),
    baseLedger: { ledger, errors: [] },
    agentAuthored: commits.some((c) => c.agent),
    authorship: 'test',
    source: 'git',
    commits,
  };
}
const judge = (...commits: CommitChanges[]) => judgeEvidence(changeOf(...commits), SETTINGS, ctx);
const rules = (...commits: CommitChanges[]) =>
  judge(...commits).findings.map((f) => `${f.rule}:${f.file}`);

describe('the path sets', () => {
  test('test paths: the runners’ locations, a row’s test file and artifact; never the ledger or a draft', () => {
    for (const p of [
      'tests/test_calc.py',
      'tests/helpers/expected.py',
      'test/unit.js',
      'pkg/test_mod.py',
      'pkg/mod_test.py',
      'web/a.test.tsx',
      'web/a.spec.ts',
      'web/__tests__/b.js',
      'web/__snapshots__/a.snap',
      'cmd/x_test.go',
      'cmd/testdata/in.txt',
      'src/test/java/ATest.java',
      'spec/a_spec.rb',
      'src/calc.spec.py', // a row's test file
      'lib/check.py', // a row's test file outside every runner location
      'golden/add.txt', // a row's artifact
    ])
      expect([p, paths.isTest(p)]).toEqual([p, true]);
    for (const p of [
      'tests/ledger.yaml',
      'tests/agent_drafts/test_new.py',
      'src/calc.py',
      'README.md',
    ])
      expect([p, paths.isTest(p)]).toEqual([p, false]);
  });

  test('harness paths: whole files, and only the test-settings keys of shared configs', () => {
    for (const p of [
      'conftest.py',
      'tests/deep/conftest.py',
      'tests/agent_drafts/conftest.py', // a conftest runs for every test, drafts' included
      'pytest.ini',
      'jest.config.mjs',
      'web/jest.setup.ts',
      'src/setupTests.js',
      'vitest.config.ts',
      'vite.config.js',
      '.mocharc.yml',
      'playwright.config.ts',
      '__mocks__/fs.js',
      'lib/sitecustomize.py',
      'venv.pth',
      'pytest.py',
      '_pytest/runner.py',
      'pluggy/__init__.py',
      'pytest_cov/plugin.py',
      '.github/workflows/ci.yml',
      '.github/actions/setup/action.yml',
      '.github/CODEOWNERS',
      // found by their presence (issue 36): a stdlib-named root module, task runners, .npmrc
      'inspect.py',
      'json/__init__.py',
      'src/pdb.py', // pytest's `pythonpath = src` puts src/ first on sys.path
      'src/json/__init__.py',
      'Makefile',
      'justfile',
      'Taskfile.yml',
      '.npmrc',
      'web/.npmrc',
      '.yarnrc.yml',
      '.nycrc.json',
    ])
      expect([p, paths.harnessKeys(p)]).toEqual([p, 'whole']);
    // A module of the project's package named like one shadows nothing (it is pkg.json).
    for (const p of ['src/pkg/inspect.py', 'lib/json/__init__.py', 'lib/Makefile'])
      expect([p, paths.harnessKeys(p)]).toEqual([p, []]);
    expect(paths.harnessKeys('package.json')).toEqual([
      'jest',
      'mocha',
      'ava',
      'babel',
      'jest-junit',
      'nyc',
      'scripts.test',
      'scripts.pretest',
      'scripts.posttest',
    ]);
    expect(paths.harnessKeys('pyproject.toml')).toEqual([
      'tool.pytest',
      'project.entry-points.pytest11',
      'tool.tox',
      'tool.hatch.envs',
      'tool.poe',
      'tool.pdm.scripts',
    ]);
    expect(paths.harnessKeys('tox.ini')).toEqual(['pytest', 'testenv', 'tox']);
    expect(paths.harnessKeys('src/calc.py')).toEqual([]);
    expect(paths.harnessKeys('tests/ledger.yaml')).toEqual([]);
  });

  test('each kind, for what the agent touched', () => {
    const kind = (path: string, status: ChangeStatus = 'M') => paths.kind({ path, status });
    expect(kind('tests/ledger.yaml')).toBe('ledger');
    expect(kind('build/junit-1.xml')).toBe('reports');
    expect(kind('conftest.py')).toBe('harness');
    expect(kind('tests/agent_drafts/test_x.py')).toBe('drafts');
    expect(kind('golden/add.txt')).toBe('goldens');
    expect(kind('tests/test_x.py')).toBe('tests');
    expect(kind('src/calc.py')).toBe('production');
    expect(kind('README.md')).toBe('other');
    // package.json whose test keys were not touched is not harness.
    expect(paths.kind({ path: 'package.json', status: 'M', settingsChanged: [] })).toBe('other');
  });
});

describe('the rules, per commit', () => {
  test("an agent's commit that edits a test path rejects, naming the file and the commit", () => {
    const r = judge(commit(true, 'tests/helpers/expected.py', 'src/calc.py'));
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({
      rule: 'agent-test-edit',
      result: 'reject',
      file: 'tests/helpers/expected.py',
    });
    expect(r.findings[0].message).toBe(
      `tests/helpers/expected.py: commit ${'a'.repeat(12)} edits a test path outside the draft paths (${AGENT})`,
    );
  });

  test('adds, renames (a delete and an add) and deletes of test paths all count', () => {
    expect(
      rules(
        commit(
          true,
          { path: 'tests/test_old.py', status: 'D' },
          { path: 'tests/test_new.py', status: 'A' },
          { path: 'web/x.test.ts', status: 'A' },
        ),
      ),
    ).toEqual([
      'agent-test-edit:tests/test_old.py',
      'agent-test-edit:tests/test_new.py',
      'agent-test-edit:web/x.test.ts',
    ]);
  });

  test("an agent's draft, production edit or ledger append adds no evidence finding", () => {
    expect(
      rules(
        commit(
          true,
          { path: 'tests/agent_drafts/test_idea.py', status: 'A' },
          'src/calc.py',
          'tests/ledger.yaml',
        ),
      ),
    ).toEqual([]);
  });

  test('an agent may add a seed file (seeds only grow), not rewrite or delete one', () => {
    expect(rules(commit(true, { path: 'lib/seeds/new.json', status: 'A' }))).toEqual([]);
    expect(rules(commit(true, { path: 'lib/seeds/old.json', status: 'M' }))).toEqual([
      'agent-test-edit:lib/seeds/old.json',
    ]);
  });

  test("a human's test edit adds no finding; a human's harness edit asks for review and names the file", () => {
    expect(rules(commit(false, 'tests/test_calc.py'))).toEqual([]);
    const r = judge(commit(false, 'tests/conftest.py'));
    expect(r.findings).toEqual([
      expect.objectContaining({
        rule: 'harness-change',
        result: 'review',
        file: 'tests/conftest.py',
        accepts: 'harness file tests/conftest.py as the head has it',
      }),
    ]);
    expect(r.harnessTouched).toBe(true);
  });

  test("an agent's harness edit rejects; both agent and human commits on one file are both named", () => {
    const r = judge(commit(false, 'conftest.py'), commit(true, 'conftest.py'));
    expect(r.findings.map((f) => `${f.rule}:${f.result}`).sort()).toEqual([
      'agent-harness-edit:reject',
      'harness-change:review',
    ]);
  });

  test('a shared config: only its test-settings keys count; unknown content counts whole', () => {
    const bump = { path: 'package.json', status: 'M' as const, settingsChanged: [] };
    const jest = { path: 'package.json', status: 'M' as const, settingsChanged: ['jest'] };
    expect(rules(commit(true, bump))).toEqual([]);
    const r = judge(commit(true, jest));
    expect(r.findings[0].rule).toBe('agent-harness-edit');
    expect(r.findings[0].message).toContain('edits test settings (jest) of');
    // The API fallback reads no content: the whole file is a harness edit.
    expect(rules(commit(true, 'package.json'))).toEqual(['agent-harness-edit:package.json']);
  });

  test("a bot's pins-only workflow edit is a review, not a reject; so is a listed lockfile", () => {
    const bump = { path: '.github/workflows/ci.yml', status: 'M' as const, pinsOnly: true };
    const r = judge(commit(true, bump));
    expect(r.findings.map((f) => `${f.rule}:${f.result}`)).toEqual(['harness-change:review']);
    expect(r.findings[0].message).toContain('only moves dependency pins');
    const withLocks = {
      ...SETTINGS,
      harnessPaths: [...SETTINGS.harnessPaths, '**/package-lock.json'],
    };
    const lock = judgeEvidence(changeOf(commit(true, 'package-lock.json')), withLocks, ctx);
    expect(lock.findings.map((f) => f.rule)).toEqual(['harness-change']);
  });

  test('a path the change as a whole leaves as the base had it is not judged', () => {
    const c = changeOf(commit(true, 'conftest.py'), commit(true, 'conftest.py'));
    c.changed = [];
    expect(judgeEvidence(c, SETTINGS, ctx).findings).toEqual([]);
  });

  test('what the agent touched: one entry per path, its kind, its commits; none without agent commits', () => {
    const r = judge(commit(true, 'src/calc.py', 'conftest.py'), commit(false, 'tests/x.py'));
    expect(r.agentChanges).toEqual([
      { kind: 'production', path: 'src/calc.py', status: 'M', commits: ['a'.repeat(12)] },
      { kind: 'harness', path: 'conftest.py', status: 'M', commits: ['a'.repeat(12)] },
    ]);
    expect(judge(commit(false, 'src/calc.py')).agentChanges).toBeUndefined();
  });
});

describe('what a commit did inside a config file', () => {
  test('package.json: a dependency bump leaves the jest key and scripts.test as they were', () => {
    const a =
      '{"dependencies":{"x":"1"},"jest":{"testEnvironment":"node"},"scripts":{"test":"jest"}}';
    const b =
      '{"dependencies":{"x":"2"},"jest":{"testEnvironment":"node"},"scripts":{"test":"jest"}}';
    const c =
      '{"dependencies":{"x":"1"},"jest":{"setupFiles":["./s.js"]},"scripts":{"test":"jest || true"}}';
    for (const k of ['jest', 'scripts.test']) {
      expect(settingsOf('package.json', k, a, 'b')).toBe(settingsOf('package.json', k, b, 'a'));
      expect(settingsOf('package.json', k, a, 'b')).not.toBe(settingsOf('package.json', k, c, 'a'));
    }
    // Unparseable text never equals anything: fail closed.
    expect(settingsOf('package.json', 'jest', '{', 'b')).not.toBe(
      settingsOf('package.json', 'jest', '{', 'a'),
    );
    expect(settingsOf('package.json', 'jest', null, 'b')).toBe('');
  });

  test('pyproject.toml: [tool.pytest.ini_options] and dotted keys into it count, dependencies do not', () => {
    const base =
      '[project]\nname = "x"\ndependencies = [\n  "requests>=2",\n]\n\n[tool.pytest.ini_options]\naddopts = "-W error"\n';
    const dep = base.replace('requests>=2', 'requests>=3');
    const opts = base.replace('-W error', '-p no:warnings');
    const dotted = base + '\n[tool]\npytest.ini_options.filterwarnings = ["ignore"]\n';
    const plugin = base + '\n[project.entry-points.pytest11]\nfix = "x.fix"\n';
    const of = (t: string, k = 'tool.pytest') => settingsOf('pyproject.toml', k, t, 's');
    expect(of(dep)).toBe(of(base));
    expect(of(opts)).not.toBe(of(base));
    expect(of(dotted)).not.toBe(of(base));
    expect(of(plugin, 'project.entry-points.pytest11')).not.toBe(
      of(base, 'project.entry-points.pytest11'),
    );
    // A multi-line string could hide a header: the file is compared whole.
    expect(of(base + 'x = """\n[tool.pytest]\n"""\n')).not.toBe(of(base));
  });

  test('setup.cfg and tox.ini: the named section and its sub-sections', () => {
    const cfg = '[metadata]\nversion = 1\n\n[tool:pytest]\naddopts = -x\n';
    expect(
      settingsOf('setup.cfg', 'tool:pytest', cfg.replace('version = 1', 'version = 2'), 's'),
    ).toBe(settingsOf('setup.cfg', 'tool:pytest', cfg, 's'));
    expect(
      settingsOf('setup.cfg', 'tool:pytest', cfg.replace('-x', '-x --ignore=tests/a'), 's'),
    ).not.toBe(settingsOf('setup.cfg', 'tool:pytest', cfg, 's'));
    const tox = '[tox]\nenvlist = py312\n\n[testenv:py312]\ncommands = pytest\n';
    expect(settingsOf('tox.ini', 'testenv', tox.replace('pytest', 'pytest || true'), 's')).not.toBe(
      settingsOf('tox.ini', 'testenv', tox, 's'),
    );
  });

  test('a workflow edit that only moves `uses:` pins, as dependabot writes it, and what is not one', () => {
    const wf = (ref: string, extra = '') =>
      `jobs:\n  test:\n    steps:\n      - uses: actions/checkout@${ref}\n      - run: npm test${extra}\n`;
    expect(pinsOnly(wf('v4.1.1'), wf('v4.2.2'))).toBe(true);
    expect(
      pinsOnly(
        wf('b4ffde65f46336ab88eb53be808477a3936bae11 # v4.1.1'),
        wf('11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2'),
      ),
    ).toBe(true);
    expect(pinsOnly(wf('v4'), wf('v4', ' || true'))).toBe(false); // a run line changed
    expect(pinsOnly(wf('v4'), wf('v4').replace('actions/checkout', 'evil/checkout'))).toBe(false);
    expect(pinsOnly(wf('v4'), wf('v4') + '      - run: echo\n')).toBe(false);
    expect(pinsOnly(wf('v4'), wf('v4'))).toBe(false); // nothing moved
  });
});

const pass = (id: string, status: Status = 'pass'): TestResult => ({
  id,
  status,
  flaky: false,
  reports: ['r.xml'],
});
const base = (
  change: Change,
  tests: TestResult[],
  over: Partial<DecideInput> = {},
): DecideInput => ({
  ledgerFile: 'tests/ledger.yaml',
  ledger,
  ledgerErrors: [],
  tests,
  unmapped: [],
  reportProblems: [],
  artifacts: new Map([['golden/add.txt', { digest: D1 }]]),
  seeds: new Map([['lib/seeds/', { files: 2 }]]),
  isProduction: ctx.isProduction,
  expect: 'all',
  change,
  evidence: SETTINGS,
  ...over,
});

describe('decide() with the evidence rules', () => {
  const ids = ROWS.map((r) => r.id);

  test('the new rules are in the table, with their results', () => {
    const by = new Map(RULES.map((r) => [r.key, r.result]));
    expect(by.get('agent-test-edit')).toBe('reject');
    expect(by.get('agent-harness-edit')).toBe('reject');
    expect(by.get('harness-change')).toBe('review');
    for (const r of RULES) expect(r.stops.length).toBeGreaterThan(0);
  });

  test('an agent that edits production code only is judged as today; a harness edit rejects the same run', () => {
    const ok = decide(
      base(
        changeOf(commit(true, 'src/calc.py')),
        ids.map((id) => pass(id)),
      ),
    );
    expect(ok.decision).toBe('admit');
    expect(ok.agentChanges).toEqual([
      expect.objectContaining({ kind: 'production', path: 'src/calc.py' }),
    ]);
    const bad = decide(
      base(
        changeOf(commit(true, 'src/calc.py', 'conftest.py')),
        ids.map((id) => pass(id)),
      ),
    );
    expect(bad.decision).toBe('reject');
    expect(bad.findings[0].rule).toBe('agent-harness-edit');
  });

  test('under expect: ran-files a harness change makes every row expected', () => {
    const onlyOne = [pass(ids[0])];
    const quiet = decide(
      base(changeOf(commit(false, 'src/calc.py')), onlyOne, { expect: 'ran-files' }),
    );
    expect(quiet.findings.map((f) => f.rule)).not.toContain('classified-missing');
    const harness = decide(
      base(changeOf(commit(false, 'pytest.ini')), onlyOne, { expect: 'ran-files' }),
    );
    expect(harness.findings.map((f) => `${f.rule}:${f.id ?? f.file}`)).toEqual(
      expect.arrayContaining([`classified-missing:${ids[1]}`, 'harness-change:pytest.ini']),
    );
  });

  test('without a change (no --base) the evidence rules are skipped', () => {
    const r = decide(
      base(
        undefined as unknown as Change,
        ids.map((id) => pass(id)),
        { change: undefined },
      ),
    );
    expect(r.decision).toBe('admit');
    expect(r.agentChanges).toBeUndefined();
  });
});

// ---------------------------------------------------------------- the property

const statusArb = fc.constantFrom<Status>('pass', 'pass', 'fail', 'skip');
const TOUCHED = [
  'tests/test_calc.py',
  'tests/helpers/expected.py',
  'src/calc.spec.py',
  'lib/check.py',
  'golden/add.txt',
  'conftest.py',
  'tests/agent_drafts/conftest.py',
  'jest.config.js',
  '.github/workflows/ci.yml',
  'web/__mocks__/fs.js',
  'sitecustomize.py',
];
const HARMLESS = [
  'src/calc.py',
  'tests/agent_drafts/test_idea.py',
  'README.md',
  'tests/ledger.yaml',
];
const pathArb = (list: string[]) =>
  fc.record({
    path: fc.constantFrom(...list),
    status: fc.constantFrom<ChangeStatus>('A', 'M', 'D'),
  });

describe('property: an agent that touches a test or harness path outside the drafts never gets admit', () => {
  test('whatever the reports say, and whatever else the change holds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.array(pathArb(HARMLESS), { maxLength: 3 })), {
          maxLength: 3,
        }),
        pathArb(TOUCHED),
        fc.boolean(),
        fc.array(statusArb, { minLength: ROWS.length, maxLength: ROWS.length }),
        fc.constantFrom<'all' | 'ran-files'>('all', 'ran-files'),
        (others, touched, humanToo, statuses, expect_) => {
          const commits = others.map(([agent, p], i) => ({
            ...commit(agent, ...p),
            sha: `${i}`.repeat(40),
          }));
          commits.push(commit(true, touched));
          if (humanToo) commits.push(commit(false, touched));
          const report = decide(
            base(
              changeOf(...commits),
              ROWS.map((r, i) => pass(r.id, statuses[i])),
              { expect: expect_ },
            ),
          );
          expect(report.decision).not.toBe('admit');
          expect(report.decision).toBe('reject');
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 200 },
    );
  });

  test('the control: agents that only write drafts and production code can be admitted (drafts run apart)', () => {
    const input = base(
      changeOf(
        commit(true, { path: 'tests/agent_drafts/test_idea.py', status: 'A' }, 'src/calc.py'),
      ),
      ROWS.map((x) => pass(x.id)),
    );
    const apart = decide({ ...input, draftRun: { collects: false, why: 'left out' } });
    expect(apart.decision).toBe('admit');
    // The base's CI not known: the draft may share the evidence run (fail closed).
    expect(
      decide(input)
        .findings.filter((f) => f.result === 'reject')
        .map((f) => f.rule),
    ).toEqual(['draft-in-evidence-run']);
  });
});
