// The agent's write boundary (issue 36 §1, §3): production paths derived from real-shaped base
// trees, the `!GLOB` path sets they are written in, agent-write-outside on by default, and a
// draft row that would re-class a classified test.
import { describe, expect, test } from '@jest/globals';
import { decide, type DecideInput } from '../src/decision/decide.js';
import {
  DEFAULT_HARNESS_PATHS,
  DEFAULT_TEST_PATHS,
  globsOf,
} from '../src/decision/evidence-paths.js';
import { deriveProductionPaths, pathSet } from '../src/decision/production-paths.js';
import { productionPaths } from '../src/gather/production.js';
import { writeBoundary as boundaryOf } from '../src/gather/write-boundary.js';
import type { Change, ChangeSource, CommitChanges, Ledger, LedgerRow } from '../src/types.js';

const notCode = pathSet([
  ...globsOf(DEFAULT_TEST_PATHS),
  ...globsOf(DEFAULT_HARNESS_PATHS).filter((g) => !g.includes('#')),
])!;

/** The derived set, as a question about a path. */
const allowed = (files: string[]) => {
  const d = deriveProductionPaths(files, notCode);
  return { ...d, inside: pathSet(d.globs) ?? (() => false) };
};

describe('production paths derived from the base tree', () => {
  test('a src/ layout: src/ whole, never its tests, manifests or dotfiles', () => {
    const d = allowed([
      'README.md',
      'pyproject.toml',
      'setup.py',
      'noxfile.py',
      'src/widgets/__init__.py',
      'src/widgets/core.py',
      'tests/test_core.py',
      'tests/conftest.py',
      'docs/conf.py',
      'scripts/release.py',
      '.github/workflows/ci.yml',
    ]);
    expect(d.folders).toEqual(['src']);
    expect(d.rootFiles).toEqual([]);
    for (const p of ['src/widgets/core.py', 'src/widgets/new_module.py', 'src/widgets/data.json'])
      expect([p, d.inside(p)]).toEqual([p, true]);
    for (const p of [
      'tests/test_core.py',
      'docs/conf.py',
      'scripts/release.py',
      'pyproject.toml',
      'json.py',
      'src/widgets/tests/test_x.py',
      'src/.npmrc',
      'src/widgets/conftest.py',
      'src/widgets/x.pth',
    ])
      expect([p, d.inside(p)]).toEqual([p, false]);
  });

  test('a flat single module: the root module the base has, no new root module', () => {
    const d = allowed(['six.py', 'setup.py', 'setup.cfg', 'test_six.py', 'tox.ini', 'CHANGES']);
    expect(d.folders).toEqual([]);
    expect(d.rootFiles).toEqual(['six.py']);
    expect(d.inside('six.py')).toBe(true);
    for (const p of ['inspect.py', 'sitecustomize.py', 'test_six.py', 'setup.py', 'Makefile'])
      expect([p, d.inside(p)]).toEqual([p, false]);
  });

  test('a monorepo packages/*: packages whole, less their test folders and manifests', () => {
    const d = allowed([
      'package.json',
      'pnpm-workspace.yaml',
      'packages/core/package.json',
      'packages/core/src/index.ts',
      'packages/core/test/index.test.ts',
      'packages/cli/src/main.ts',
      'packages/cli/__tests__/main.test.ts',
      'jest.config.js',
    ]);
    expect(d.folders).toEqual(['packages']);
    expect(d.inside('packages/core/src/index.ts')).toBe(true);
    expect(d.inside('packages/cli/src/new.ts')).toBe(true);
    for (const p of [
      'packages/core/test/helpers.ts',
      'packages/core/package.json',
      'packages/core/.npmrc',
      'packages/cli/__tests__/main.test.ts',
      'jest.config.js',
    ])
      expect([p, d.inside(p)]).toEqual([p, false]);
  });

  test('a JS lib with lib/ and test/: lib whole; its root config files are tooling', () => {
    const d = allowed([
      'index.js',
      'lib/parse.js',
      'lib/util/escape.js',
      'test/parse.js',
      'test/fixtures/a.json',
      'babel.config.js',
      'webpack.config.js',
      'Gruntfile.js',
      '.eslintrc.js',
      'package.json',
      'yarn.lock',
    ]);
    expect(d.folders).toEqual(['lib']);
    expect(d.rootFiles).toEqual(['index.js']);
    for (const p of ['lib/parse.js', 'lib/util/escape.js', 'index.js'])
      expect([p, d.inside(p)]).toEqual([p, true]);
    for (const p of ['test/parse.js', 'babel.config.js', 'package.json', 'yarn.lock', 'util.js'])
      expect([p, d.inside(p)]).toEqual([p, false]);
  });

  test('a folder of tests only is no production folder; a tree with no code allows nothing', () => {
    expect(deriveProductionPaths(['qa/test_a.py', 'qa/test_b.py'], notCode).folders).toEqual([]);
    const none = deriveProductionPaths(['README.md', 'docs/index.md']);
    expect(none.globs).toEqual([]);
    expect(pathSet(none.globs)).toBeUndefined();
  });

  test('names with glob characters are matched literally', () => {
    const d = allowed(['[odd]/x.py', 'a{b}.py']);
    expect(d.inside('[odd]/x.py')).toBe(true);
    expect(d.inside('o/x.py')).toBe(false);
    expect(d.inside('a{b}.py')).toBe(true);
    expect(d.inside('ab.py')).toBe(false);
  });
});

const L = 'tests/ledger.yaml';
const row = (
  id: string,
  f: Partial<LedgerRow> & Pick<LedgerRow, 'class'>,
  line = 3,
): LedgerRow => ({
  id,
  line,
  keyOffsets: {},
  ...f,
});
const ledgerOf = (...rows: LedgerRow[]): Ledger => ({
  file: L,
  rows,
  byId: new Map(rows.map((r) => [r.id, r])),
});
const D = 'sha256:' + '1'.repeat(64);
const fileRow = row('tests/test_a.py::*', { class: 'locked_fixture', digest: D });
const draft = (id: string) =>
  row(id, { class: 'draft', source: 'agent', proposed_class: 'property' }, 9);

function input(change: Change, ledger: Ledger, globs: string[] = ['src/**']): DecideInput {
  return {
    ledgerFile: L,
    ledger,
    ledgerErrors: [],
    tests: [],
    unmapped: [],
    reportProblems: [],
    artifacts: new Map(),
    seeds: new Map(),
    isProduction: () => false,
    expect: 'ran-files',
    change,
    evidence: {
      testPaths: globsOf(DEFAULT_TEST_PATHS),
      harnessPaths: globsOf(DEFAULT_HARNESS_PATHS),
      draftPaths: ['tests/agent_drafts/**'],
      reports: [],
      agentWritePaths: { globs, from: 'derived from the base' },
    },
  };
}
const commit = (agent: boolean, ...paths: string[]): CommitChanges => ({
  sha: (agent ? 'a' : 'h').repeat(40),
  agent,
  why: agent ? 'author Copilot' : 'author dana',
  paths: paths.map((path) => ({ path, status: 'M' as const })),
});
const changeOf = (commits: CommitChanges[], baseRows: LedgerRow[] = [fileRow]): Change => ({
  baseSha: 'b'.repeat(40),
  changed: commits.flatMap((c) => c.paths),
  baseLedger: { ledger: ledgerOf(...baseRows), errors: [] },
  agentAuthored: commits.some((c) => c.agent),
  authorship: 'test',
  source: 'git',
  commits,
});
/** The rules about where a change writes (the rest need reports this test has none of). */
const WRITES = new Set(['agent-write-outside', 'agent-harness-edit', 'agent-test-edit']);
const rules = (i: DecideInput) =>
  decide(i)
    .findings.filter((f) => WRITES.has(f.rule))
    .map((f) => `${f.rule}:${f.result}:${f.file}`);

describe('agent-write-outside by default', () => {
  test("an agent's production fix, drafts and ledger are inside; a new root file is not", () => {
    const c = changeOf([commit(true, 'src/calc.py', 'tests/agent_drafts/test_x.py', L, 'json.py')]);
    expect(rules(input(c, ledgerOf(fileRow)))).toEqual([
      'agent-harness-edit:reject:json.py', // a stdlib-named root module: a harness path too
    ]);
    const manifest = changeOf([commit(true, 'src/calc.py', 'requirements.txt', 'util.py')]);
    expect(rules(input(manifest, ledgerOf(fileRow))).sort()).toEqual([
      'agent-write-outside:reject:requirements.txt',
      'agent-write-outside:reject:util.py',
    ]);
  });

  test("a human's commit is never judged by it; `**` turns it off", () => {
    const c = changeOf([commit(false, 'util.py')]);
    expect(rules(input(c, ledgerOf(fileRow)))).toEqual([]);
    const agent = changeOf([commit(true, 'util.py')]);
    expect(rules(input(agent, ledgerOf(fileRow), ['**']))).toEqual([]);
  });

  test('with no production path known (the API fallback), every agent write but drafts is outside', () => {
    const one = { ...commit(true, 'src/calc.py', 'tests/agent_drafts/test_x.py'), sha: '' };
    const r = decide(input(changeOf([one]), ledgerOf(fileRow), []));
    const f = r.findings.filter((x) => x.rule === 'agent-write-outside');
    expect(f.map((x) => x.file)).toEqual(['src/calc.py']);
    expect(f[0].message).toContain('the change edits it (author Copilot)');
  });
});

describe('a draft row never re-classes a classified test', () => {
  const id = 'tests/test_a.py::test_one';
  test.each([true, false])('a draft over a file row rejects (agent: %s)', (agent) => {
    const c = changeOf([commit(agent, L)]);
    const r = decide(input(c, ledgerOf(fileRow, draft(id))));
    expect(r.decision).toBe('reject');
    const f = r.findings.find((x) => x.rule === 'ledger-agent-edit')!;
    expect(f).toMatchObject({ id, result: 'reject', line: 9 });
    expect(f.message).toContain('the file row tests/test_a.py::*');
  });

  test("a locked row turned draft rejects; a draft for a new file's test does not", () => {
    const locked = row(id, { class: 'locked_fixture', digest: D, artifact: 'g.bin' });
    const r = decide(input(changeOf([commit(false, L)], [locked]), ledgerOf(draft(id))));
    expect(r.findings.find((x) => x.rule === 'ledger-agent-edit')?.message).toContain(
      'its own row',
    );
    const fresh = decide(
      input(changeOf([commit(true, L)]), ledgerOf(fileRow, draft('tests/test_b.py::t'))),
    );
    expect(fresh.findings.filter((x) => x.rule === 'ledger-agent-edit')).toEqual([]);
  });
});

describe('the boundary one run uses (gather/write-boundary.ts)', () => {
  const settings = {
    testPaths: globsOf(DEFAULT_TEST_PATHS),
    harnessPaths: globsOf(DEFAULT_HARNESS_PATHS),
    draftPaths: ['tests/agent_drafts/**'],
    reports: [],
  };
  const source = (files?: string[]): ChangeSource => ({
    source: files ? 'git' : 'the GitHub API (pulls.listFiles of #7)',
    range: { base: 'main', head: 'HEAD' },
    baseSha: 'c'.repeat(40),
    changedPaths: async () => [],
    commits: async () => null,
    baseLedgerText: async () => null,
    ...(files ? { filesAt: async () => files } : {}),
  });

  // The run computes its production paths once (production.ts) and the boundary reads them.
  const writeBoundary = async (
    o: { agentWritePaths?: string[]; production: string[] },
    src: ChangeSource,
    evidence: typeof settings,
    notes: string[],
  ) => boundaryOf(o, await productionPaths(o.production, src, evidence), src, notes);

  test("derived from the base's tree when neither input is set, and the notes say so", async () => {
    const notes: string[] = [];
    const files = ['src/a.py', 'tests/test_a.py', 'six.py', 'pyproject.toml'];
    const b = await writeBoundary({ production: [] }, source(files), settings, notes);
    expect(b.from).toBe(`derived from the base ${'c'.repeat(12)}`);
    expect(b.globs.filter((g) => !g.startsWith('!'))).toEqual(['src/**', 'six.py']);
    expect(notes).toEqual([
      expect.stringContaining(
        `production paths derived from the base ${'c'.repeat(12)}'s tree (4 file(s)): src/**, six.py;`,
      ),
    ]);
  });

  test('a base tree with no production code says so, not "(N file(s)): none"', async () => {
    const notes: string[] = [];
    const files = ['tests/test_a.py', 'docs/index.md', 'pyproject.toml'];
    const b = await writeBoundary({ production: [] }, source(files), settings, notes);
    expect(b.globs.filter((g) => !g.startsWith('!'))).toEqual([]);
    expect(notes).toEqual([
      expect.stringContaining(
        `none of the 3 file(s) in the base ${'c'.repeat(12)}'s tree is production code`,
      ),
    ]);
    expect(notes[0]).not.toContain(': none;');
  });

  test('agent-write-paths, then production-paths, win over the derivation; ** is off', async () => {
    const notes: string[] = [];
    const given = { agentWritePaths: ['lib/**'], production: ['src/**'] };
    expect(await writeBoundary(given, source([]), settings, notes)).toEqual({
      globs: ['lib/**'],
      from: 'agent-write-paths',
    });
    expect(await writeBoundary({ production: ['src/**'] }, source([]), settings, notes)).toEqual({
      globs: ['src/**'],
      from: 'production-paths',
    });
    expect(notes).toEqual([]);
    await writeBoundary({ agentWritePaths: ['**'], production: [] }, source([]), settings, notes);
    expect(notes).toEqual([expect.stringContaining("agent-write-paths '**'")]);
  });

  test("the API fallback cannot list the base's tree: no production path, and a note", async () => {
    const notes: string[] = [];
    const b = await writeBoundary({ production: [] }, source(), settings, notes);
    expect(b.globs).toEqual([]);
    expect(notes).toEqual([expect.stringContaining("cannot list the base's tree")]);
  });
});
