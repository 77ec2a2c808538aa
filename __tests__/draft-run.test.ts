// Drafts run apart (src/decision/draft-run.ts, CONTRACT §3 `draft-in-evidence-run`): what the
// base's CI, read by the harness resolvers over small base trees, does with the draft folders,
// and the findings an agent's draft earns when the evidence run collects them.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { resolveHarness } from '../src/harness/resolve.js';
import {
  UNKNOWN_RUN,
  draftFolder,
  draftRunFindings,
  judgeDraftRun,
  type DraftRun,
} from '../src/decision/draft-run.js';
import type { AgentChange, TestResult } from '../src/types.js';
import { workflowFiles } from '../src/setup/workflows.js';

const DRAFTS = ['tests/agent_drafts/**'];
const TREE = {
  'tests/test_a.py': '',
  'tests/unit/test_b.py': '',
  'tests/agent_drafts/test_d.py': '',
  'src/app.py': '',
};

const job = (name: string, runs: string[]) =>
  `  ${name}:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v5\n${runs.map((r) => `      - run: ${r}\n`).join('')}`;
const workflow = (...jobs: string[]) => `name: ci\non: pull_request\njobs:\n${jobs.join('')}`;

async function judged(files: Record<string, string | null>, drafts = DRAFTS): Promise<DraftRun> {
  const all: Record<string, string | null> = { ...TREE, ...files };
  const r = await resolveHarness({
    files: Object.keys(all).filter((k) => all[k] !== null),
    read: async (p) => all[p] ?? null,
  });
  return judgeDraftRun(r.runs, drafts);
}
const ci = (...jobs: string[]) => judged({ '.github/workflows/ci.yml': workflow(...jobs) });

describe('judgeDraftRun: the base CI leaves the draft folders out, or not', () => {
  test('pytest without --ignore collects them: the fix is the one flag, at the line', async () => {
    const r = await ci(job('test', ['python -m pytest --junitxml=$RUNNER_TEMP/r/junit.xml']));
    expect(r.collects).toBe(true);
    expect(r.why).toContain(
      '.github/workflows/ci.yml:8 runs pytest without `--ignore=tests/agent_drafts`',
    );
    expect(r.fix).toBe(
      'add `--ignore=tests/agent_drafts` to the pytest command at .github/workflows/ci.yml:8',
    );
  });

  test.each([
    'pytest --ignore=tests/agent_drafts',
    'pytest --ignore tests/agent_drafts/',
    'python3 -m pytest -q --ignore=./tests/agent_drafts --junitxml=out.xml',
    'pytest --ignore=tests',
    'pytest tests/unit tests/test_a.py::test_x',
    'pytest --deselect tests/agent_drafts',
  ])('%s leaves them out', async (cmd) => {
    const r = await ci(job('test', [cmd]));
    expect(r).toEqual({
      collects: false,
      why: "the base's CI leaves tests/agent_drafts out of its 1 test command(s)",
    });
  });

  test.each([
    ['pytest tests', 'without `--ignore'],
    ['pytest --randomly-seed 3 tests/unit', 'without `--ignore'],
    ['pytest --ignore=tests/agent', 'without `--ignore'],
    ['pytest $PYTEST_ARGS', '`$PYTEST_ARGS`, built from a variable'],
    ['cd tests && pytest', 'without `--ignore=agent_drafts`'],
  ])('%s collects them', async (cmd, why) => {
    const r = await ci(job('test', [cmd]));
    expect(r.collects).toBe(true);
    expect(r.why).toContain(why);
  });

  test('every evidence command counts: one of two without the flag collects', async () => {
    const r = await ci(
      job('unit', ['pytest --ignore=tests/agent_drafts']),
      job('docs', ['pytest --doctest-modules']),
    );
    expect(r.collects).toBe(true);
    expect(r.why).toMatch(/^\.github\/workflows\/ci\.yml:\d+ runs pytest without/);
  });

  test('a job that runs only the drafts is their own (a fresh runner); in the evidence job it is not', async () => {
    const apart = await ci(
      job('tests', ['pytest --ignore=tests/agent_drafts']),
      job('drafts', ['pytest tests/agent_drafts --junitxml=drafts.xml']),
    );
    expect(apart.collects).toBe(false);
    // The draft folder need not exist at the base yet for its own job to be seen as such.
    const before = await judged({
      '.github/workflows/ci.yml': workflow(
        job('tests', ['pytest --ignore=tests/agent_drafts']),
        job('drafts', ['if [ -d tests/agent_drafts ]; then pytest ./tests/agent_drafts/new; fi']),
      ),
      'tests/agent_drafts/test_d.py': null,
    });
    expect(before.collects).toBe(false);
    const shared = await ci(
      job('tests', ['pytest --ignore=tests/agent_drafts', 'pytest tests/agent_drafts']),
    );
    expect(shared.collects).toBe(true);
    expect(shared.why).toContain('runs the drafts in .github/workflows/ci.yml job tests');
  });

  test('jest through npm test: the script is judged where it is written', async () => {
    const pkg = (test: string) => JSON.stringify({ scripts: { test } });
    const bare = await judged({
      '.github/workflows/ci.yml': workflow(job('test', ['npm test'])),
      'package.json': pkg('jest --ci'),
    });
    expect(bare.collects).toBe(true);
    expect(bare.fix).toMatch(
      /^add `--testPathIgnorePatterns=\/tests\/agent_drafts\/` to the jest command at package.json:/,
    );
    const kept = await judged({
      '.github/workflows/ci.yml': workflow(job('test', ['npm test'])),
      'package.json': pkg('jest --ci --testPathIgnorePatterns=/tests/agent_drafts/'),
    });
    expect(kept.collects).toBe(false);
    // Two patterns after one flag (jest's array option), the draft one second.
    const two = await ci(
      job('test', ['npx jest --testPathIgnorePatterns /node_modules/ agent_drafts --ci']),
    );
    expect(two.collects).toBe(false);
  });

  test('npm test alone, with no workflow running it, is no evidence run: not known, so it collects', async () => {
    const r = await judged({ 'package.json': JSON.stringify({ scripts: { test: 'jest' } }) });
    expect(r.collects).toBe(true);
    expect(r.why).toContain('no workflow of the base runs a test command');
  });

  test('vitest and mocha by their exclude globs', async () => {
    expect(
      (await ci(job('t', ["npx vitest run --exclude 'tests/agent_drafts/**'"]))).collects,
    ).toBe(false);
    expect((await ci(job('t', ['npx vitest run']))).fix).toContain(
      "--exclude 'tests/agent_drafts/**'",
    );
    expect((await ci(job('t', ["npx mocha --ignore 'tests/agent_drafts/**'"]))).collects).toBe(
      false,
    );
  });

  test('a draft glob that names no folder cannot be left out by a flag', async () => {
    const r = await judged(
      { '.github/workflows/ci.yml': workflow(job('t', ['pytest --ignore=tests/agent_drafts'])) },
      ['**/drafts/*.py'],
    );
    expect(r.collects).toBe(true);
    expect(r.why).toContain('names no folder');
  });

  test('draftFolder', () => {
    expect(draftFolder('tests/agent_drafts/**')).toBe('tests/agent_drafts');
    expect(draftFolder('./drafts/')).toBe('drafts');
    expect(draftFolder('tests/agent_drafts/**/*')).toBe('tests/agent_drafts');
    expect(draftFolder('tests/agent_drafts/*.py')).toBeNull();
    expect(draftFolder('tests/draft*/**')).toBeNull();
    expect(draftFolder('**')).toBeNull();
  });
});

const draft = (path: string, status: AgentChange['status'] = 'A'): AgentChange => ({
  kind: 'drafts',
  path,
  status,
  commits: ['abc123def456'],
});
const result = (id: string): TestResult => ({ id, status: 'pass', flaky: false }) as TestResult;
const COLLECTS: DraftRun = {
  collects: true,
  why: 'ci.yml:8 runs pytest without `--ignore=tests/agent_drafts`',
  fix: 'add `--ignore=tests/agent_drafts` to the pytest command at ci.yml:8',
};
const APART: DraftRun = { collects: false, why: 'left out' };

describe('draftRunFindings', () => {
  test("each draft file an agent writes is a reject when the run collects drafts, with the workflow's fix", () => {
    const f = draftRunFindings(
      [draft('tests/agent_drafts/test_d.py'), draft('tests/agent_drafts/helper.py', 'M')],
      COLLECTS,
      [],
      DRAFTS,
    );
    expect(f.map((x) => [x.rule, x.result, x.file, x.fix])).toEqual([
      ['draft-in-evidence-run', 'reject', 'tests/agent_drafts/test_d.py', COLLECTS.fix],
      ['draft-in-evidence-run', 'reject', 'tests/agent_drafts/helper.py', COLLECTS.fix],
    ]);
    expect(f[0].message).toBe(
      'tests/agent_drafts/test_d.py: commit abc123def456 writes a draft, and the evidence run collects the draft paths: ci.yml:8 runs pytest without `--ignore=tests/agent_drafts`',
    );
  });

  test('drafts run apart: nothing, unless a report case lies in a draft file', () => {
    expect(draftRunFindings([draft('tests/agent_drafts/t.py')], APART, [], DRAFTS)).toEqual([]);
    const f = draftRunFindings(
      [draft('tests/agent_drafts/t.py')],
      APART,
      [result('tests/test_a.py::t'), result('tests/agent_drafts/t.py::test_x')],
      DRAFTS,
    );
    expect(f).toHaveLength(1);
    expect(f[0].message).toContain(
      'the evidence reports hold the draft case tests/agent_drafts/t.py::test_x',
    );
    expect(f[0].fix).toContain('leave the draft paths out of the test command');
  });

  test('the base CI not read: fail closed for the agent; a deletion, a human or no draft is nothing', () => {
    const f = draftRunFindings([draft('tests/agent_drafts/t.py')], undefined, [], DRAFTS);
    expect(f.map((x) => x.message)).toEqual([
      `tests/agent_drafts/t.py: commit abc123def456 writes a draft, and the evidence run collects the draft paths: ${UNKNOWN_RUN.why}`,
    ]);
    expect(draftRunFindings([draft('tests/agent_drafts/t.py', 'D')], COLLECTS, [], DRAFTS)).toEqual(
      [],
    );
    expect(draftRunFindings(undefined, COLLECTS, [], DRAFTS)).toEqual([]);
    expect(
      draftRunFindings([{ ...draft('src/app.py'), kind: 'production' }], COLLECTS, [], DRAFTS),
    ).toEqual([]);
  });
});

describe('the words a package manager appends to a script reach its runner', () => {
  test.each([
    ['npm test -- --testPathIgnorePatterns=/tests/agent_drafts/', 'jest --ci', false],
    ['npm run unit -- --testPathIgnorePatterns=/tests/agent_drafts/', 'jest --ci', false],
    ["yarn unit --exclude 'tests/agent_drafts/**'", 'vitest run', false],
    ['npm test', 'jest --ci', true],
  ])('%s', async (cmd, script, collects) => {
    const r = await judged({
      '.github/workflows/ci.yml': workflow(job('test', [cmd])),
      'package.json': JSON.stringify({ scripts: { test: script, unit: script } }),
    });
    expect(r.collects).toBe(collects);
  });
});

test("a step's PYTEST_ADDOPTS is pytest's words too (setup's extension of a project's own step)", async () => {
  const step = (addopts: string) =>
    `name: ci\non: pull_request\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: python -m pytest\n        env:\n          PYTEST_ADDOPTS: ${addopts}\n`;
  const kept = await judged({
    '.github/workflows/ci.yml': step("'--ignore=tests/agent_drafts -o junit_family=xunit1'"),
  });
  expect(kept.collects).toBe(false);
  const bare = await judged({ '.github/workflows/ci.yml': step('-o junit_family=xunit1') });
  expect(bare.collects).toBe(true);
});

interface Flow {
  jobs: Record<
    string,
    {
      needs?: string | string[];
      steps: { uses?: string; 'continue-on-error'?: boolean; with?: Record<string, string> }[];
    }
  >;
}

describe('the workflow `ledger-gate setup` writes, read back by the gate: the drafts run apart', () => {
  const OPTS = { shards: 1, uses: 'ledger-gate/ledger-gate@v1', branch: 'main' };
  const pkg = (test: string) => JSON.stringify({ scripts: { test } });
  test.each([
    ['pytest', {}, { 'pyproject.toml': '[project]\nname = "x"\n' }],
    ['jest', { test: 'jest' }, { 'package.json': pkg('jest'), 'package-lock.json': '{}' }],
    ['vitest', { test: 'vitest' }, { 'package.json': pkg('vitest'), 'package-lock.json': '{}' }],
  ] as const)('%s, with and without forks', async (runner, scripts, files) => {
    for (const forks of [false, true]) {
      const p = {
        files: new Set(Object.keys(files)),
        packages: new Set(runner === 'pytest' ? [] : [runner]),
        scripts,
        texts: files as Record<string, string>,
      };
      const written = workflowFiles(p, { ...OPTS, runner, forks });
      const tree = Object.fromEntries(written.map((w) => [w.path, w.text]));
      const r = await judged({ ...files, ...tree });
      expect(r).toEqual({
        collects: false,
        why: "the base's CI leaves tests/agent_drafts out of its 1 test command(s)",
      });
      // The drafts' own job uploads an artifact of its own, which the gate job downloads apart
      // (its absence no failure: no drafts folder, no artifact) and reads as drafts only.
      const artifact = forks ? 'ledger-gate-drafts' : 'drafts';
      const tests = parse(tree['.github/workflows/tests.yml']) as Flow;
      const upload = tests.jobs.drafts.steps.find((s) => s.uses?.startsWith('actions/upload'));
      expect(upload?.with?.name).toBe(artifact);
      const gate = tests.jobs.gate;
      expect(gate.needs).toEqual(['test', 'drafts']);
      const down = gate.steps.filter((s) => s.uses === 'actions/download-artifact@v5');
      expect(down[1]).toEqual({
        uses: 'actions/download-artifact@v5',
        'continue-on-error': true,
        with: { name: artifact, path: '${{ runner.temp }}/drafts' },
      });
      const step = gate.steps.find((s) => s.with?.junit !== undefined)!.with!;
      const globs = (v: string) => v.trim().split('\n');
      expect(
        globs(step['draft-junit']).every((g) => g.startsWith('${{ runner.temp }}/drafts/')),
      ).toBe(true);
      expect(globs(step.junit).every((g) => g.startsWith('${{ runner.temp }}/junit/'))).toBe(true);
      if (forks) {
        const pr = (parse(tree['.github/workflows/ledger-gate.yml']) as Flow).jobs.gate.steps;
        const w = pr.find((s) => s.with?.junit !== undefined)!.with!;
        expect(w['draft-artifact']).toBe(artifact);
        expect(globs(w['draft-junit'])).toEqual(globs(w.junit));
      }
    }
  });
});

test('a draft a human promoted (its tests classed otherwise in the change) is not judged as a draft', () => {
  const f = draftRunFindings(
    [draft('tests/agent_drafts/test_d.py'), draft('tests/agent_drafts/test_e.py')],
    COLLECTS,
    [],
    DRAFTS,
    (p) => p === 'tests/agent_drafts/test_d.py',
  );
  expect(f.map((x) => x.file)).toEqual(['tests/agent_drafts/test_e.py']);
});

test("jest's ignore patterns must match the draft folder's own absolute path (then every file under it)", async () => {
  // A pattern only a doubled path, or one file's name, would match leaves the folder in.
  for (const p of ['agent_drafts/tests/', 'agent_drafts/test_x'])
    expect((await ci(job('t', [`npx jest --testPathIgnorePatterns=${p}`]))).collects).toBe(true);
  for (const p of ['agent_drafts', '/tests/agent_drafts/', 'tests/agent_'])
    expect((await ci(job('t', [`npx jest --testPathIgnorePatterns=${p}`]))).collects).toBe(false);
});

test('`pnpm vitest` with no script of that name runs the runner: judged as a run (unjs/defu)', async () => {
  const wf = readFileSync('__fixtures__/setup-workflows/unjs-defu-ci.yml', 'utf8');
  const r = await judged({
    '.github/workflows/ci.yml': wf,
    'package.json': JSON.stringify({ scripts: { test: 'vitest' } }),
  });
  expect(r.collects).toBe(true);
  expect(r.fix).toMatch(
    /^add `--exclude 'tests\/agent_drafts\/\*\*'` to the vitest command at \.github\/workflows\/ci\.yml:\d+$/,
  );
  const kept = await judged({
    '.github/workflows/ci.yml': wf.replace(
      'pnpm vitest --coverage',
      "pnpm vitest --coverage --exclude 'tests/agent_drafts/**'",
    ),
    'package.json': JSON.stringify({ scripts: { test: 'vitest' } }),
  });
  expect(kept.collects).toBe(false);
});

test('a real tox project (jaraco/zipp): the fix names the pytest command in tox.ini', async () => {
  const r = await judged({
    '.github/workflows/main.yml': readFileSync(
      '__fixtures__/setup-workflows/jaraco-zipp-main.yml',
      'utf8',
    ),
    'tox.ini': '[testenv]\ncommands =\n\tpytest {posargs}\n',
  });
  expect(r.fix).toBe('add `--ignore=tests/agent_drafts` to the pytest command at tox.ini:3');
});
