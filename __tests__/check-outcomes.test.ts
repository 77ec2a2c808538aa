// `ledger-gate check` end to end on real runner output (issue 9 items 1, 2, 3 and 8): pytest's
// module skips, collection errors, xfail and xpass; jest's test.todo seen through jest's own
// --json results; vitest's same-named tests; a lost shard under --expect ran-files with
// --collected; and the `skip:` row field as a contract change, on real git repositories.
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../src/cli.js';
import type { Finding, Report } from '../src/types.js';
import { AGENT, HUMAN, Repo, ledgerYaml } from './support/repo.js';

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));
const out = mkdtempSync(path.join(tmpdir(), 'ledger-gate-outcomes-'));
const fixture = (rel: string) => readFileSync(path.join('__fixtures__/junit', rel), 'utf8');

const SEEDS = 'tests/seeds/';
const prop = (id: string, skip?: string) => ({
  id,
  class: 'property',
  invariant: 'holds',
  seeds: SEEDS,
  ...(skip ? { skip } : {}),
});
const quarantine = (id: string, skip?: string) => ({
  id,
  class: 'quarantine',
  opened: '2026-11-01',
  reason: 'parked',
  owner: 'dana',
  ...(skip ? { skip } : {}),
});

function repoWith(files: Record<string, string>): Repo {
  const repo = new Repo();
  repos.push(repo);
  repo.write({ 'tests/seeds/one.json': '[1]\n', ...files });
  repo.commit('base');
  return repo;
}

let n = 0;
async function check(repo: Repo, ...args: string[]) {
  const json = path.join(out, `r${++n}.json`);
  const summary = path.join(out, `s${n}.md`);
  let stdout = '';
  const code = await main(['check', '--json', json, '--summary', summary, ...args], {
    cwd: repo.dir,
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stdout += s),
  });
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  const byId = (id: string) => report.findings.filter((f) => f.id === id);
  const rule = (id: string) => byId(id).map((f) => `${f.rule}:${f.result}`);
  return { code, stdout, report, byId, rule, summary: readFileSync(summary, 'utf8') };
}

const T = 'tests/test_outcomes.py';
const OPTIONAL = 'tests/test_optional.py::test_uses_optional';
const MODSKIP = 'tests/pkg/test_modskip.py::test_never_runs';

describe('pytest: module skips, collection errors, xfail and xpass (real pytest output)', () => {
  test('each outcome gets its rule; unexpected skips and the collection error reject', async () => {
    const repo = repoWith({
      'build/junit.xml': fixture('pytest/outcomes/xunit1.xml'),
      'tests/ledger.yaml': ledgerYaml([
        prop(`${T}::test_passes`),
        quarantine(`${T}::test_xfail_fails`),
        prop(`${T}::test_xfail_imperative`),
        quarantine(`${T}::test_xpass_lenient`),
        quarantine(`${T}::test_xpass_strict`),
        prop(`${T}::test_skipped`, 'windows-only'),
        quarantine(`${T}::test_skipif`),
        prop(OPTIONAL, 'needs the optional module'),
        prop(MODSKIP),
        prop('tests/test_broken.py::test_never_collected'),
      ]),
    });
    const r = await check(repo, '--junit', 'build/junit.xml');
    expect(r.code).toBe(1);
    expect(r.rule(`${T}::test_passes`)).toEqual(['property-seeded:admit']);
    // xfail on a quarantine row: the expected failure it is parked for.
    expect(r.rule(`${T}::test_xfail_fails`)).toEqual(['quarantine-fail:info']);
    // xfail on a property row: not evidence, a skip its row does not expect.
    expect(r.rule(`${T}::test_xfail_imperative`)).toEqual(['classified-skip:reject']);
    // pytest writes a non-strict XPASS as a pass: a quarantined test that passes.
    expect(r.rule(`${T}::test_xpass_lenient`)).toEqual(['quarantine-pass:reject']);
    // A strict XPASS is a failure.
    expect(r.rule(`${T}::test_xpass_strict`)).toEqual(['quarantine-fail:info']);
    expect(r.rule(`${T}::test_skipped`)).toEqual(['expected-skip:info']);
    expect(r.rule(`${T}::test_skipif`)).toEqual(['quarantine-removed:reject']);
    // Rows of a module skipped at collection are judged as skips, with the module's reason:
    // the row names another.
    expect(r.rule(OPTIONAL)).toEqual(['classified-skip:reject']);
    expect(r.byId(OPTIONAL)[0].message).toMatch(
      /^its module was skipped at collection \(could not import.*the report's reason "could not import 'no_such_module_for_ledger_gate': No module named 'no_such_module_for_ledger_gate'" is not the one its row expects: "needs the optional module"$/,
    );
    expect(r.rule(MODSKIP)).toEqual(['classified-skip:reject']);
    expect(r.rule('tests/test_broken.py::test_never_collected')).toEqual([
      'classified-missing:reject',
    ]);
    const modules = r.report.findings.filter((f) => f.id === null);
    expect(modules.map((f: Finding) => [f.rule, f.result, f.file, f.message])).toEqual([
      [
        'collection-error',
        'reject',
        'tests/test_broken.py',
        "module tests/test_broken.py could not be collected: ModuleNotFoundError: No module named 'no_such_module_either'",
      ],
      [
        'collection-skipped',
        'info',
        'tests/test_optional.py',
        "module tests/test_optional.py skipped at collection: could not import 'no_such_module_for_ledger_gate': No module named 'no_such_module_for_ledger_gate'",
      ],
      [
        'collection-skipped',
        'info',
        'tests/pkg/test_modskip.py',
        'module tests/pkg/test_modskip.py skipped at collection: windows-only module',
      ],
    ]);
    // Modules are not test cases.
    expect(r.report.counts.cases).toBe(7);
  });

  test('a module skipped at collection is never a reject by itself: a ledger that expects every skip admits', async () => {
    const repo = repoWith({
      'build/junit.xml': fixture('pytest/outcomes/no-broken.xml'),
      'tests/ledger.yaml': ledgerYaml([
        prop(`${T}::test_passes`),
        quarantine(`${T}::test_xfail_fails`),
        quarantine(`${T}::test_xfail_imperative`),
        prop(`${T}::test_xpass_lenient`),
        quarantine(`${T}::test_xpass_strict`),
        prop(`${T}::test_skipped`, 'windows-only'),
        quarantine(`${T}::test_skipif`, 'needs a GPU'),
        prop(
          OPTIONAL,
          "could not import 'no_such_module_for_ledger_gate': No module named 'no_such_module_for_ledger_gate'",
        ),
        quarantine(MODSKIP, 'windows-only module'),
      ]),
    });
    const r = await check(repo, '--junit', 'build/junit.xml');
    expect(r.report.findings.filter((f) => f.result === 'reject')).toEqual([]);
    expect(r.report.decision).toBe('admit');
    expect(r.code).toBe(0);
    expect(r.report.findings.filter((f) => f.rule === 'collection-skipped')).toHaveLength(2);
  });
});

describe('jest: a test turned into test.todo (real jest + jest-junit output)', () => {
  const TODO = '__tests__/math.test.js::math is a todo';
  const repo = () =>
    repoWith({
      'build/junit.xml': fixture('jest-junit/with-file.xml'),
      // The scrubbed fixture names the jest project's folder as /repo/scripts/fixtures/jest.
      'build/jest.json': fixture('jest-junit/with-file.json').replaceAll(
        '/repo/scripts/fixtures/jest/',
        '',
      ),
      'tests/ledger.yaml': ledgerYaml([prop(TODO)]),
    });

  test('jest-junit alone reports the todo as a pass, and the summary says why that is not enough', async () => {
    const r = await check(repo(), '--junit', 'build/junit.xml');
    expect(r.rule(TODO)).toEqual(['property-seeded:admit']);
    expect(r.summary).toContain('jest-junit writes test.todo as a pass');
  });

  test("with jest's --json results beside it, the todo is a skip and rejects", async () => {
    const r = await check(repo(), '--junit', 'build/junit.xml', '--junit', 'build/jest.json');
    expect(r.rule(TODO)).toEqual(['classified-skip:reject']);
    expect(r.byId(TODO)[0]).toMatchObject({
      status: 'skip',
      message:
        'todo (a test not written yet) on a property test, and its row gives no `skip:` reason',
    });
    expect(r.summary).not.toContain('jest-junit writes test.todo as a pass');
    // Both files are one run: an id in both is one test case, not a rerun.
    expect(r.rule('__tests__/math.test.js::math adds')).toEqual(['unclassified:reject']);
    expect(r.byId('__tests__/math.test.js::math adds')[0].status).toBe('pass');
  });

  test("jest's --json results alone are a report too", async () => {
    const r = await check(repo(), '--junit', 'build/jest.json');
    expect(r.rule(TODO)).toEqual(['classified-skip:reject']);
  });
});

describe('same-named tests in one file (real vitest and jest output)', () => {
  test('vitest: a failing twin is a real failure, not a flaky pass', async () => {
    const id = 'test/twins.test.js::twins > same name';
    const repo = repoWith({
      'build/junit.xml': fixture('vitest/vitest.xml'),
      'tests/ledger.yaml': ledgerYaml([prop(id)]),
    });
    const r = await check(repo, '--junit', 'build/junit.xml');
    expect(r.rule(id)).toEqual(['classified-fail:reject']);
    expect(r.byId(id)[0].message).toBe(
      'fail on a property test (2 cases with this id in build/junit.xml: same-named tests, judged by the worst result)',
    );
  });

  test('jest: quarantining the twins does not hide the one that passes', async () => {
    const id = '__tests__/twins.test.js::twins same name';
    const repo = repoWith({
      'build/junit.xml': fixture('jest-junit/with-file.xml'),
      'tests/ledger.yaml': ledgerYaml([quarantine(id)]),
    });
    const r = await check(repo, '--junit', 'build/junit.xml');
    expect(r.rule(id)).toEqual(['quarantine-pass:reject']);
  });

  test('the same id failing in one report file and passing in another is a flaky pass', async () => {
    const id = 'test/math.test.js::math > adds';
    const vitest = fixture('vitest/vitest.xml');
    const failed = vitest.replace(
      '<testcase classname="test/math.test.js" name="math &gt; adds" time="0">',
      '<testcase classname="test/math.test.js" name="math &gt; adds" time="0"><failure message="x"/>',
    );
    expect(failed).not.toBe(vitest);
    const repo = repoWith({
      'build/a.xml': vitest,
      'build/b.xml': failed,
      'tests/ledger.yaml': ledgerYaml([prop(id)]),
    });
    const r = await check(repo, '--junit', 'build/*.xml');
    expect(r.rule(id)).toEqual(['flaky-pass:reject']);
  });
});

describe('the collected list is the expected set', () => {
  test('under --expect ran-files, a lost shard rejects when --collected names its tests', async () => {
    const ids = ['tests/test_a.py::test_one', 'tests/test_b.py::test_two'];
    const shardA = `<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest"><testcase classname="tests.test_a" name="test_one" file="tests/test_a.py" line="0"/></testsuite></testsuites>\n`;
    const repo = repoWith({
      'build/shard-a.xml': shardA,
      'build/collected.txt': `${ids.join('\n')}\n\n2 tests collected in 0.01s\n`,
      'tests/ledger.yaml': ledgerYaml(ids.map((id) => prop(id))),
    });
    const lost = await check(repo, '--junit', 'build/shard-*.xml', '--expect', 'ran-files');
    expect(lost.report.decision).toBe('admit'); // the hole --collected closes
    const r = await check(
      repo,
      '--junit',
      'build/shard-*.xml',
      '--expect',
      'ran-files',
      '--collected',
      'build/collected.txt',
    );
    expect(r.code).toBe(1);
    expect(r.rule(ids[1])).toEqual(['classified-missing:reject']);
    expect(r.byId(ids[1])[0].message).toBe('collected, but no result in any report');
  });
});

describe('the skip row field is a contract change', () => {
  const id = `${T}::test_skipped`;
  function skipRepo(): Repo {
    const repo = repoWith({
      'build/junit.xml': fixture('pytest/outcomes/no-broken.xml'),
      'tests/ledger.yaml': ledgerYaml([prop(id)]),
    });
    repo.branch('change');
    repo.write({ 'tests/ledger.yaml': ledgerYaml([prop(id, 'windows-only')]) });
    return repo;
  }

  test('an agent that adds `skip:` to get its skipped test through is rejected', async () => {
    const repo = skipRepo();
    repo.commit('skip it', AGENT);
    const r = await check(repo, '--junit', 'build/junit.xml', '--base', 'main');
    expect(r.rule(id)).toEqual(
      expect.arrayContaining(['ledger-agent-edit:reject', 'expected-skip:info']),
    );
    expect(r.byId(id).find((f) => f.rule === 'ledger-agent-edit')!.message).toContain(
      'skip (none) → windows-only',
    );
  });

  test('a human who adds it asks for review', async () => {
    const repo = skipRepo();
    repo.commit('expect the skip', HUMAN);
    const r = await check(repo, '--junit', 'build/junit.xml', '--base', 'main');
    expect(r.rule(id)).toEqual(
      expect.arrayContaining(['ledger-contract-change:review', 'expected-skip:info']),
    );
  });
});
