// Snapshots are goldens (CONTRACT §2 "Snapshots", src/ledger/snapshots.ts): the runners'
// conventions both ways, the ledger form (a file row locked to its file and its snapshots),
// and real git repositories in temp folders where `init`, `update`, `relock` and `hook run`
// lock snapshot files and `check` judges a human's and an agent's rewrite of one. The jest
// and vitest plays with the real runners are in snapshot-plays.test.ts (end-to-end group).
import { afterAll, describe, expect, it } from '@jest/globals';
import { cpSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { main } from '../src/cli.js';
import { run as hook } from '../src/commands/hook.js';
import { goldenKey, matchesPattern } from '../src/ledger/golden-set.js';
import { parseLedger } from '../src/ledger/parse.js';
import { snapshotOwners, snapshotPatterns } from '../src/ledger/snapshots.js';
import { check } from './support/check.js';
import { both, messages } from './support/readers.js';
import { AGENT, HUMAN, Repo, pytestXunit1, runIn, sha256 } from './support/repo.js';

const LEDGER = 'tests/ledger.yaml';

describe('snapshot conventions, pure', () => {
  it('names the snapshots of a JS test file (jest, vitest) and of a Python module (syrupy, snapshottest, pytest-snapshot)', () => {
    expect(snapshotPatterns('src/__tests__/sum.test.ts')).toEqual([
      'src/__tests__/__snapshots__/sum.test.ts.snap',
    ]);
    expect(snapshotPatterns('a.spec.jsx')).toEqual(['__snapshots__/a.spec.jsx.snap']);
    expect(snapshotPatterns('tests/test_render.py')).toEqual([
      'tests/__snapshots__/test_render.ambr',
      'tests/__snapshots__/test_render/**',
      'tests/snapshots/snap_test_render.py',
      'tests/snapshots/test_render/**',
    ]);
    expect(snapshotPatterns('README.md')).toEqual([]);
    expect(snapshotPatterns('tests/.py')).toEqual([]);
  });

  it('finds the test file a snapshot path belongs to, and nothing for any other path', () => {
    const owned: [string, string[]][] = [
      ['src/__tests__/__snapshots__/sum.test.ts.snap', ['src/__tests__/sum.test.ts']],
      ['__snapshots__/a.spec.jsx.snap', ['a.spec.jsx']],
      ['tests/__snapshots__/test_render.ambr', ['tests/test_render.py']],
      ['tests/__snapshots__/test_render/test_one.json', ['tests/test_render.py']],
      ['tests/snapshots/snap_test_render.py', ['tests/test_render.py']],
      ['tests/snapshots/test_render/test_one/out.txt', ['tests/test_render.py']],
      ['tests/snapshots/__init__.py', []],
      ['tests/__snapshots__/notes.txt', []],
      ['src/snapshots.py', []],
      ['src/render.py', []],
      ['__snapshots__/.snap', []],
    ];
    for (const [p, owners] of owned) expect([p, snapshotOwners(p)]).toEqual([p, owners]);
    // Both directions agree: every owner's own patterns match the path.
    for (const [p, owners] of owned)
      for (const o of owners)
        expect([p, snapshotPatterns(o).some((s) => matchesPattern(s, p))]).toEqual([p, true]);
  });
});

describe('a file row locked to its file and its snapshots', () => {
  const F = 'src/sum.test.ts';
  const SNAP = 'src/__snapshots__/sum.test.ts.snap';
  const ledger = (artifact: string) =>
    `version: 1\nrows:\n  - id: ${F}::*\n    class: locked_fixture\n    digest: sha256:${'a'.repeat(64)}\n${artifact}`;

  it('is valid in both readers as a list that holds the file, and keeps its key', () => {
    for (const parsed of both(ledger(`    artifact: [${F}, ${SNAP}]\n`))) {
      expect(parsed.errors).toEqual([]);
      expect(parsed.ledger!.byId.get(`${F}::*`)!.artifact).toBe(goldenKey([F, SNAP]));
    }
    // A ledger from before (no artifact: the file alone) reads as it always did.
    for (const parsed of both(ledger('')))
      expect(parsed.ledger!.byId.get(`${F}::*`)!.artifact).toBe(F);
  });

  it('the JSON Schema takes the list on a file row and still refuses a single path there', () => {
    const schema = JSON.parse(readFileSync('schema/ledger.schema.json', 'utf8'));
    const Ajv = createRequire(import.meta.url)('ajv');
    const validate = new Ajv({ validateSchema: false, allErrors: true }).compile({
      ...schema,
      $schema: undefined,
    });
    const ok = (yaml: string) => validate(parseDocument(yaml, { version: '1.2' }).toJS());
    expect(ok(ledger(`    artifact: [${F}, ${SNAP}]\n`))).toBe(true);
    expect(ok(ledger(''))).toBe(true);
    expect(ok(ledger(`    artifact: ${SNAP}\n`))).toBe(false);
  });

  it('refuses a list without the file, and a single path, as a ledger error at the key', () => {
    for (const bad of [`    artifact: [${SNAP}, src/other.snap]\n`, `    artifact: ${SNAP}\n`]) {
      for (const parsed of both(ledger(bad)))
        expect(messages(parsed)).toEqual([
          `6:5 a file row's artifact is its own file (${F}): remove \`artifact:\`, or write a list that holds it and its snapshots ([${F}, …])`,
        ]);
    }
  });
});

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

const cli = (repo: Repo, ...argv: string[]) => runIn(repo.dir, (a, io) => main(a, io), argv);
const rowOf = (repo: Repo, id: string) =>
  parseLedger(readFileSync(path.join(repo.dir, LEDGER), 'utf8'), LEDGER).ledger!.byId.get(id);
const PROD = ['--base', 'main', '--production', 'src/**'];

/**
 * The syrupy project of __fixtures__/snapshots/syrupy (syrupy itself does not install here:
 * no PyPI), frozen by `init` from its run, committed, on branch `change`.
 */
async function syrupyRepo(): Promise<Repo> {
  const repo = new Repo('ledger-gate-snap-');
  repos.push(repo);
  cpSync(path.resolve('__fixtures__/snapshots/syrupy'), repo.dir, { recursive: true });
  const F = 'tests/test_render.py';
  repo.write({
    'build/junit.xml': pytestXunit1([
      { file: F, name: 'test_render' },
      { file: F, name: 'test_render_empty' },
    ]),
  });
  const init = await cli(repo, 'init', '--junit', 'build/junit.xml', '--owner', 'dana');
  expect([init.code, init.err]).toEqual([0, '']);
  repo.commit('the project and its ledger', HUMAN);
  repo.branch('change');
  return repo;
}

const AMBR = 'tests/__snapshots__/test_render.ambr';
const SYRUPY_ROW = 'tests/test_render.py::*';
/** What `pytest --snapshot-update` writes after the production change below. */
const rewrite = (repo: Repo) => {
  const p = path.join(repo.dir, AMBR);
  repo.write({
    [AMBR]: readFileSync(p, 'utf8').replace("'hello ada'", "'Hello ada'"),
    'src/render.py':
      'def render(name):\n    return {"greeting": "Hello " + name, "length": len(name)}\n',
  });
};

describe('syrupy: an amber snapshot file is locked with its test module (committed fixture)', () => {
  it('`init` locks the file row to the module and its .ambr; the untouched snapshot is admitted', async () => {
    const repo = await syrupyRepo();
    const row = rowOf(repo, SYRUPY_ROW)!;
    expect(row.artifact).toBe(goldenKey(['tests/test_render.py', AMBR]));
    const text = readFileSync(path.join(repo.dir, LEDGER), 'utf8');
    expect(text).toContain(`    artifact: [${AMBR}, tests/test_render.py]\n`);
    const r = await check(repo, ...PROD);
    expect([r.code, r.report.decision]).toEqual([0, 'admit']);
  });

  it("a human's snapshot update with a production change and no bump is production-golden-no-bump", async () => {
    const repo = await syrupyRepo();
    rewrite(repo);
    repo.commit('greet with a capital', HUMAN);
    const r = await check(repo, ...PROD);
    expect(r.report.decision).toBe('reject');
    expect(r.rules).toContain(`production-golden-no-bump:${SYRUPY_ROW}`);
    expect(r.rules).toContain('fixture-digest-mismatch:tests/test_render.py::test_render');
  });

  it('with `relock` of the snapshot the same change is one review (fixture-contract-change)', async () => {
    const repo = await syrupyRepo();
    rewrite(repo);
    const relock = await cli(repo, 'relock', AMBR);
    expect(relock.code).toBe(0);
    repo.commit('greet with a capital', HUMAN);
    const r = await check(repo, ...PROD);
    expect([r.code, r.report.decision]).toEqual([3, 'review']);
    expect(r.report.findings.filter((f) => f.result !== 'admit').map((f) => f.rule)).toEqual([
      'fixture-contract-change',
      'fixture-contract-change',
    ]);
  });

  it('a snapshot rewritten alone is fixture-digest-mismatch, as any golden', async () => {
    const repo = await syrupyRepo();
    repo.write({ [AMBR]: readFileSync(path.join(repo.dir, AMBR), 'utf8') + '\n' });
    repo.commit('touch the snapshot', HUMAN);
    const r = await check(repo, ...PROD);
    expect(r.report.decision).toBe('reject');
    expect(
      new Set(r.report.findings.filter((f) => f.result === 'reject').map((f) => f.rule)),
    ).toEqual(new Set(['fixture-digest-mismatch']));
  });

  it("an agent's snapshot update is agent-test-edit, with or without the bump", async () => {
    const repo = await syrupyRepo();
    rewrite(repo);
    expect((await cli(repo, 'relock', AMBR)).code).toBe(0);
    repo.commit('greet with a capital', AGENT);
    const r = await check(repo, ...PROD);
    expect(r.report.decision).toBe('reject');
    expect(r.rules).toContain('agent-test-edit:-');
    expect(
      r.report.findings.find((f) => f.rule === 'agent-test-edit' && f.file === AMBR),
    ).toBeDefined();
  });
});

describe('snapshottest and pytest-snapshot folders, and snapshots written or deleted later', () => {
  const F = 'tests/test_api.py';
  const SNAPTEST = 'tests/snapshots/snap_test_api.py';
  const FOLDER = 'tests/snapshots/test_api/**';
  const base = (files: Record<string, string>) => {
    const repo = new Repo('ledger-gate-snap-');
    repos.push(repo);
    repo.write({
      [F]: 'def test_api(snapshot):\n    snapshot.assert_match("1", "one.txt")\n',
      'src/api.py': 'X = 1\n',
      'build/junit.xml': pytestXunit1([{ file: F, name: 'test_api' }]),
      ...files,
    });
    return repo;
  };

  it('`init` locks snap_<module>.py and a per-test folder as a glob; a file added there changes the set', async () => {
    const repo = base({
      [SNAPTEST]: "snapshots = {}\nsnapshots['test_api 1'] = '1'\n",
      'tests/snapshots/__init__.py': '',
      'tests/snapshots/test_api/test_api/one.txt': '1',
    });
    expect((await cli(repo, 'init', '--junit', 'build/junit.xml', '--owner', 'd')).code).toBe(0);
    expect(rowOf(repo, `${F}::*`)!.artifact).toBe(goldenKey([F, SNAPTEST, FOLDER]));
    repo.commit('base', HUMAN);
    repo.branch('change');
    // pytest-snapshot writes a new file for the test: a golden write, like an edit.
    repo.write({
      'tests/snapshots/test_api/test_api/two.txt': '2',
      'src/api.py': 'X = 2\n',
    });
    repo.commit('two', HUMAN);
    const r = await check(repo, ...PROD);
    expect(r.rules).toContain(`production-golden-no-bump:${F}::*`);
    expect(r.rules).toContain(`fixture-digest-mismatch:${F}::test_api`);
  });

  it('`update` adds a snapshot written since to its file row, and drops one deleted', async () => {
    const repo = base({});
    expect((await cli(repo, 'init', '--junit', 'build/junit.xml', '--owner', 'd')).code).toBe(0);
    expect(rowOf(repo, `${F}::*`)!.artifact).toBe(F);
    repo.write({ [SNAPTEST]: 'snapshots = {}\n' });
    const up = await cli(repo, 'update', '--junit', 'build/junit.xml');
    expect(up.code).toBe(0);
    expect(up.out).toContain(`-    digest: ${sha256(readFileSync(path.join(repo.dir, F)))}`);
    expect(rowOf(repo, `${F}::*`)!.artifact).toBe(goldenKey([F, SNAPTEST]));
    repo.remove(SNAPTEST);
    expect((await cli(repo, 'update', '--junit', 'build/junit.xml')).code).toBe(0);
    const row = rowOf(repo, `${F}::*`)!;
    expect([row.artifact, row.digest]).toEqual([F, sha256(readFileSync(path.join(repo.dir, F)))]);
    expect(readFileSync(path.join(repo.dir, LEDGER), 'utf8')).not.toContain('artifact:');
  });

  it('`hook run` re-locks a staged snapshot into its file row, a new one included', async () => {
    const repo = base({});
    expect((await cli(repo, 'init', '--junit', 'build/junit.xml', '--owner', 'd')).code).toBe(0);
    repo.commit('base', HUMAN);
    repo.write({ [SNAPTEST]: "snapshots = {}\nsnapshots['test_api 1'] = '1'\n" });
    repo.git('add', SNAPTEST);
    const r = await runIn(repo.dir, hook, ['run']);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain('1 row re-locked');
    const inIndex = parseLedger(repo.git('show', `:${LEDGER}`), LEDGER).ledger!;
    expect(inIndex.byId.get(`${F}::*`)!.artifact).toBe(goldenKey([F, SNAPTEST]));
  });

  it('a ledger locked before snapshots were still owns them: a jest -u with a production change and no bump is refused', async () => {
    const T = 'src/sum.test.js';
    const SNAP = 'src/__snapshots__/sum.test.js.snap';
    const repo = new Repo('ledger-gate-snap-');
    repos.push(repo);
    const body = "test('sum', () => expect(1).toMatchSnapshot());\n";
    repo.write({
      [T]: body,
      [SNAP]: 'exports[`sum 1`] = `1`;\n',
      'lib/sum.js': 'module.exports = 1;\n',
      [LEDGER]: `version: 1\nrows:\n  - id: ${T}::*\n    class: locked_fixture\n    digest: ${sha256(body)}\n`,
      'build/junit.xml': `<testsuites><testsuite name="s"><testcase classname="sum" name="sum" file="${T}"/></testsuite></testsuites>\n`,
    });
    repo.commit('base', HUMAN);
    repo.branch('change');
    repo.write({ [SNAP]: 'exports[`sum 1`] = `2`;\n', 'lib/sum.js': 'module.exports = 2;\n' });
    repo.commit('jest -u', HUMAN);
    const r = await check(repo, '--base', 'main', '--production', 'lib/**');
    expect(r.report.decision).toBe('reject');
    expect(r.rules).toEqual(expect.arrayContaining([`production-golden-no-bump:${T}::*`]));
    // `relock SNAP` takes the snapshot into its file row's set: a reviewed re-lock.
    const relock = await cli(repo, 'relock', SNAP);
    expect([relock.code, relock.err]).toEqual([0, '']);
    expect(rowOf(repo, `${T}::*`)!.artifact).toBe(goldenKey([T, SNAP]));
    repo.commit('relock', HUMAN);
    const again = await check(repo, '--base', 'main', '--production', 'lib/**');
    expect([again.code, again.report.decision]).toEqual([3, 'review']);
    // The row now also locks the snapshot: an artifact change, reviewed as one (§2, §3).
    expect(again.rules.sort()).toEqual([
      `fixture-contract-change:${T}::sum`,
      `ledger-contract-change:${T}::*`,
    ]);
  });
});
