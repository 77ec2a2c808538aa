// `ledger-gate check` end to end in-process: real ledgers, goldens, seeds and reports on disk,
// real git repositories for the diff rules. One scenario per rule the CLI can reach.
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../src/cli.js';
import type { RuleKey } from '../src/types.js';
import {
  AGENT,
  HUMAN,
  Repo,
  SCENARIO_FILE,
  scenarioCases,
  scenarioRows,
  ledgerYaml,
  pytestXunit1,
  sha256,
} from './support/repo.js';
import { check } from './support/check.js';

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));
const out = mkdtempSync(path.join(tmpdir(), 'ledger-gate-out-'));

const GOLDEN = 'golden bytes v1\n';
const F = SCENARIO_FILE;
const rowsBase = () => scenarioRows(GOLDEN, '2026-09-10');
const casesBase = scenarioCases;

/** A repository whose main branch holds a clean, admissible state; the test then changes it. */
function baseRepo(): Repo {
  const repo = new Repo();
  repos.push(repo);
  repo.write({
    'tests/ledger.yaml': ledgerYaml(rowsBase()),
    'tests/goldens/a.txt': GOLDEN,
    'tests/seeds/p/one.json': '[1]\n',
    'tests/seeds/p/two.json': '[2]\n',
    'src/lib.py': 'def f():\n    return 1\n',
    'build/junit.xml': pytestXunit1(casesBase()),
  });
  repo.commit('base');
  repo.branch('change');
  return repo;
}

let n = 0;
const has = (rules: string[], key: RuleKey, id?: string) =>
  rules.some((r) => r.startsWith(key + ':') && (id === undefined || r === `${key}:${id}`));

describe('check without a base', () => {
  test("a test under a file row names its file row's fix: relock the file", async () => {
    const repo = new Repo();
    repos.push(repo);
    const T = 'tests/test_a.py';
    repo.write({
      [T]: 'v1\n',
      'tests/ledger.yaml': `version: 1\nrows:\n  - id: ${T}::*\n    class: locked_fixture\n    digest: ${sha256('v0\n')}\n`,
      'build/junit.xml': pytestXunit1([{ file: T, name: 'test_one' }]),
    });
    repo.commit('base');
    const r = await check(repo);
    expect(r.report.findings.map((f) => [f.rule, f.fix])).toEqual([
      ['fixture-digest-mismatch', `ledger-gate relock ${T}`],
    ]);
  });

  test('no ledger: one finding that says so and says the next step, not a missing file at line 1', async () => {
    const repo = baseRepo();
    repo.remove('tests/ledger.yaml');
    const r = await check(repo);
    expect(r.code).toBe(1);
    expect(r.report.findings).toEqual([
      {
        rule: 'ledger-invalid',
        result: 'reject',
        id: null,
        status: null,
        class: null,
        message:
          'no ledger here: tests/ledger.yaml does not exist; `ledger-gate init` freezes this run into one',
        fix: "ledger-gate init --junit 'build/*.xml' --owner '<who answers for it>'",
        file: 'tests/ledger.yaml',
      },
    ]);
    // The next step first, in the block at the top; the entry says why, the command not again.
    expect(r.stdout).toContain(
      'reject: There is no ledger yet: `ledger-gate init` freezes this run into one.\n' +
        '  Start with the root cause, from the repository root (the findings below may follow from it):\n' +
        "    ledger-gate init --junit 'build/*.xml' --owner '<who answers for it>'\n",
    );
    expect(r.stdout).toContain(
      '  tests/ledger.yaml\n    no ledger here: tests/ledger.yaml does not exist; `ledger-gate init` freezes this run into one\n',
    );
    expect(r.stdout.split('ledger-gate init --junit')).toHaveLength(2);
  });

  test('no report matched: the root cause comes first, before the rows it leaves without a result', async () => {
    const repo = baseRepo();
    let stdout = '';
    const code = await main(['check', '--junit', 'nosuch/*.xml'], {
      cwd: repo.dir,
      stdout: (s) => void (stdout += s),
      stderr: () => undefined,
    });
    expect(code).toBe(1);
    const groups = stdout.split('\n').filter((l) => /^reject /.test(l));
    expect(groups[0]).toMatch(/^reject report-invalid · \d+ — /);
    expect(groups.slice(1).join('\n')).toMatch(/classified-missing/);
    // The top block holds the root cause's command alone: no row it leaves without a result
    // is offered a drop there.
    expect(stdout).toContain(
      '  Start with the root cause, from the repository root (the findings below may follow from it):\n' +
        "    ledger-gate lint --junit 'nosuch/*.xml'\n  To fix:",
    );
  });

  test('from a folder below the root: the root is found as git finds it, paths are relative to the folder', async () => {
    const repo = baseRepo();
    const json = path.join(out, `sub${++n}.json`);
    let stdout = '';
    const code = await main(['check', '--junit', '../../build/*.xml', '--json', json], {
      cwd: path.join(repo.dir, 'tests/goldens'),
      stdout: (s) => void (stdout += s),
      stderr: () => undefined,
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^admit: /);
    // The same report as from the root.
    const fromRoot = await check(repo);
    expect(JSON.parse(readFileSync(json, 'utf8'))).toEqual(fromRoot.report);
  });

  test('a classified suite is admitted: fixture-unchanged, property-seeded, quarantine-fail, draft-not-passing', async () => {
    const r = await check(baseRepo());
    expect(r.code).toBe(0);
    expect(r.report.decision).toBe('admit');
    expect(r.rules.sort()).toEqual(
      [
        `fixture-unchanged:${F}::test_fixture`,
        `property-seeded:${F}::test_property`,
        `quarantine-fail:${F}::test_flaky_reload`,
        `draft-not-passing:${F}::test_agent_idea`,
      ].sort(),
    );
    expect(r.report.counts).toEqual({ cases: 4, admit: 2, review: 0, reject: 0, info: 2 });
    expect(r.stdout).toContain('no base given');
    expect(r.stdout).toContain('fixture-unchanged');
  });

  test.each<[string, (repo: Repo) => void, RuleKey, string]>([
    [
      'a rewritten golden',
      (r) => r.write({ 'tests/goldens/a.txt': 'golden bytes v2\n' }),
      'fixture-digest-mismatch',
      'test_fixture',
    ],
    ['a deleted golden', (r) => r.remove('tests/goldens/a.txt'), 'fixture-missing', 'test_fixture'],
    [
      'a deleted seeds folder',
      (r) => r.remove('tests/seeds/p'),
      'property-seeds-empty',
      'test_property',
    ],
    [
      'a quarantined test that passes',
      (r) =>
        r.write({
          'build/junit.xml': pytestXunit1(casesBase().map((c) => ({ ...c, status: 'pass' }))),
        }),
      'quarantine-pass',
      'test_flaky_reload',
    ],
    [
      'a quarantined test that is skipped',
      (r) =>
        r.write({
          'build/junit.xml': pytestXunit1(
            casesBase().map((c) => (c.name === 'test_flaky_reload' ? { ...c, status: 'skip' } : c)),
          ),
        }),
      'quarantine-removed',
      'test_flaky_reload',
    ],
    [
      'a quarantined test missing from the reports',
      (r) =>
        r.write({
          'build/junit.xml': pytestXunit1(
            casesBase().filter((c) => c.name !== 'test_flaky_reload'),
          ),
        }),
      'quarantine-removed',
      'test_flaky_reload',
    ],
    [
      'a draft that passes',
      (r) =>
        r.write({
          'build/junit.xml': pytestXunit1(
            casesBase().map((c) => (c.name === 'test_agent_idea' ? { ...c, status: 'pass' } : c)),
          ),
        }),
      'draft-pass',
      'test_agent_idea',
    ],
    [
      'a pass missing from the ledger',
      (r) =>
        r.write({
          'build/junit.xml': pytestXunit1([...casesBase(), { file: F, name: 'test_new' }]),
        }),
      'unclassified',
      'test_new',
    ],
    [
      'a failing locked fixture',
      (r) =>
        r.write({
          'build/junit.xml': pytestXunit1(
            casesBase().map((c) => (c.name === 'test_fixture' ? { ...c, status: 'fail' } : c)),
          ),
        }),
      'classified-fail',
      'test_fixture',
    ],
    [
      'an erroring property',
      (r) =>
        r.write({
          'build/junit.xml': pytestXunit1(
            casesBase().map((c) => (c.name === 'test_property' ? { ...c, status: 'error' } : c)),
          ),
        }),
      'classified-fail',
      'test_property',
    ],
    [
      'a property with no result',
      (r) =>
        r.write({
          'build/junit.xml': pytestXunit1(casesBase().filter((c) => c.name !== 'test_property')),
        }),
      'classified-missing',
      'test_property',
    ],
    [
      'a pass after a failure in another shard',
      (r) =>
        r.write({
          'build/junit-2.xml': pytestXunit1([{ file: F, name: 'test_fixture', status: 'fail' }]),
        }),
      'flaky-pass',
      'test_fixture',
    ],
  ])('%s rejects', async (_what, mutate, key, name) => {
    const repo = baseRepo();
    mutate(repo);
    const r = await check(repo);
    expect(r.code).toBe(1);
    expect(r.report.decision).toBe('reject');
    expect(has(r.rules, key, `${F}::${name}`)).toBe(true);
  });

  test('a skipped property rejects, unless its row expects the skip', async () => {
    const repo = baseRepo();
    repo.write({
      'build/junit.xml': pytestXunit1(
        casesBase().map((c) => (c.name === 'test_property' ? { ...c, status: 'skip' } : c)),
      ),
    });
    const r = await check(repo);
    expect(r.code).toBe(1);
    expect(has(r.rules, 'classified-skip', `${F}::test_property`)).toBe(true);
    const rows = rowsBase().map((row) =>
      row.id === `${F}::test_property` ? { ...row, skip: 'not today' } : row,
    );
    repo.write({ 'tests/ledger.yaml': ledgerYaml(rows) });
    const expected = await check(repo);
    expect(expected.code).toBe(0);
    expect(has(expected.rules, 'expected-skip', `${F}::test_property`)).toBe(true);
  });

  test('a ledger typo is ledger-invalid with its line', async () => {
    const repo = baseRepo();
    const text = readFileSync(path.join(repo.dir, 'tests/ledger.yaml'), 'utf8').replace(
      '    digest:',
      '    digets:',
    );
    repo.write({ 'tests/ledger.yaml': text });
    const r = await check(repo);
    expect(r.code).toBe(1);
    const f = r.report.findings.filter((x) => x.rule === 'ledger-invalid');
    expect(f.length).toBeGreaterThan(0);
    expect(
      f.some((x) => x.line === 5 && x.file === 'tests/ledger.yaml' && /digets/.test(x.message)),
    ).toBe(true);
    expect(r.report.counts.admit).toBe(0);
  });

  test('a missing ledger rejects', async () => {
    const repo = baseRepo();
    repo.remove('tests/ledger.yaml');
    const r = await check(repo);
    expect(r.code).toBe(1);
    expect(has(r.rules, 'ledger-invalid')).toBe(true);
  });

  test('pytest xunit2 without a collected list is unmapped, never guessed', async () => {
    const repo = baseRepo();
    repo.write({
      'build/junit.xml':
        '<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" tests="1"><testcase classname="tests.test_a" name="test_fixture" time="0.1"/></testsuite></testsuites>',
    });
    const r = await check(repo);
    expect(r.code).toBe(1);
    expect(has(r.rules, 'report-unmapped')).toBe(true);
    expect(has(r.rules, 'fixture-unchanged')).toBe(false);
  });

  test.each<[string, (repo: Repo) => void]>([
    [
      'malformed XML',
      (r) => r.write({ 'build/junit.xml': '<testsuites><testsuite><testcase name="x">' }),
    ],
    [
      'an entity declaration',
      (r) =>
        r.write({
          'build/junit.xml':
            '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "b">]><testsuite><testcase name="&a;"/></testsuite>',
        }),
    ],
    [
      'a report that is a symlink',
      (r) => {
        r.remove('build/junit.xml');
        symlinkSync('/etc/hostname', path.join(r.dir, 'build/junit.xml'));
      },
    ],
    ['no test case at all', (r) => r.write({ 'build/junit.xml': '<testsuites></testsuites>' })],
  ])('%s is report-invalid', async (_what, mutate) => {
    const repo = baseRepo();
    mutate(repo);
    const r = await check(repo);
    expect(r.code).toBe(1);
    expect(has(r.rules, 'report-invalid')).toBe(true);
    const f = r.report.findings.find((x) => x.rule === 'report-invalid')!;
    expect(f.message).not.toMatch(/\n/);
  });

  test('a glob that matches no report is report-invalid', async () => {
    const repo = baseRepo();
    const r = await check(repo, '--junit', 'nowhere/*.xml');
    expect(r.code).toBe(1);
    expect(r.report.findings.find((f) => f.rule === 'report-invalid')?.file).toBe('nowhere/*.xml');
  });
});

describe('check against a base (real git history)', () => {
  test('a human rewrites a golden and bumps its digest: review (exit 3)', async () => {
    const repo = baseRepo();
    const rows = rowsBase();
    rows[0].digest = sha256('golden bytes v2\n');
    repo.write({
      'tests/goldens/a.txt': 'golden bytes v2\n',
      'tests/ledger.yaml': ledgerYaml(rows),
    });
    repo.commit('bump the golden', HUMAN);
    const r = await check(repo, '--base', 'main');
    expect(r.code).toBe(3);
    expect(r.report.decision).toBe('review');
    expect(r.rules).toContain(`fixture-contract-change:${F}::test_fixture`);
    // One cause, one entry: the row's digest bump is the test's review, not a second one.
    expect(r.rules).not.toContain(`ledger-contract-change:${F}::test_fixture`);
  });

  test('the same edit by an agent is rejected (ledger-agent-edit)', async () => {
    const repo = baseRepo();
    const rows = rowsBase();
    rows[0].digest = sha256('golden bytes v2\n');
    repo.write({
      'tests/goldens/a.txt': 'golden bytes v2\n',
      'tests/ledger.yaml': ledgerYaml(rows),
    });
    repo.commit('bump the golden', AGENT);
    const r = await check(repo, '--base', 'main');
    expect(r.code).toBe(1);
    expect(r.rules).toContain(`ledger-agent-edit:${F}::test_fixture`);
    expect(r.stdout).toMatch(/authorship: agent/);
  });

  test('a Co-authored-by trailer makes the change agent-authored', async () => {
    const repo = baseRepo();
    repo.write({
      'tests/ledger.yaml': ledgerYaml([
        ...rowsBase(),
        { id: `${F}::test_new`, class: 'property', invariant: 'x', seeds: 'tests/seeds/p/' },
      ]),
    });
    repo.commit(
      'add a row\n\nCo-authored-by: Claude <noreply@anthropic.com>\nCo-authored-by: helper[bot] <1+helper[bot]@users.noreply.github.com>',
      HUMAN,
    );
    const r = await check(repo, '--base', 'main', '--author', 'auto');
    expect(r.rules).toContain(`ledger-agent-edit:${F}::test_new`);
    const asHuman = await check(repo, '--base', 'main', '--author', 'human');
    expect(asHuman.rules).toContain(`ledger-contract-change:${F}::test_new`);
  });

  test('an agent may append draft rows', async () => {
    const repo = baseRepo();
    repo.write({
      'tests/ledger.yaml': ledgerYaml([
        ...rowsBase(),
        {
          id: `${F}::test_more`,
          class: 'draft',
          source: 'agent',
          proposed_class: 'locked_fixture',
        },
      ]),
      'build/junit.xml': pytestXunit1([
        ...casesBase(),
        { file: F, name: 'test_more', status: 'fail' },
      ]),
    });
    repo.commit('append a draft', AGENT);
    const r = await check(repo, '--base', 'main');
    expect(r.code).toBe(0);
    expect(r.rules).toContain(`draft-not-passing:${F}::test_more`);
  });

  test('deleting a quarantine row while its test still runs: a contract change, and the test is unclassified', async () => {
    const repo = baseRepo();
    repo.write({
      'tests/ledger.yaml': ledgerYaml(rowsBase().filter((r) => r.class !== 'quarantine')),
    });
    repo.commit('drop the quarantine', HUMAN);
    const r = await check(repo, '--base', 'main');
    expect(r.code).toBe(1);
    expect(r.rules).toContain(`unclassified:${F}::test_flaky_reload`);
    expect(r.rules).toContain(`ledger-contract-change:${F}::test_flaky_reload`);
  });

  // A quarantine must be retirable: the test deleted with its row, or the test fixed and its
  // row re-classed, is a reviewed contract change by a human, and an agent's edit otherwise.
  test('retiring a quarantine: a human drops the row of a deleted test, or unfreezes a fixed one (review)', async () => {
    const cases = casesBase().filter((c) => c.name !== 'test_flaky_reload');
    const dropped = baseRepo();
    dropped.write({
      'tests/ledger.yaml': ledgerYaml(rowsBase().filter((r) => r.class !== 'quarantine')),
      'build/junit.xml': pytestXunit1(cases),
    });
    dropped.commit('delete the flaky test and its quarantine row', HUMAN);
    const gone = await check(dropped, '--base', 'main');
    expect(gone.code).toBe(3);
    expect(gone.rules).toContain(`ledger-contract-change:${F}::test_flaky_reload`);
    expect(gone.rules.filter((x) => x.startsWith('quarantine-removed'))).toEqual([]);

    const unfreeze = async (who: typeof HUMAN) => {
      const repo = baseRepo();
      repo.write({
        'tests/ledger.yaml': ledgerYaml(
          rowsBase().map((row) =>
            row.class === 'quarantine'
              ? {
                  id: row.id,
                  class: 'property',
                  invariant: 'reload_is_idempotent',
                  seeds: 'tests/seeds/p/',
                }
              : row,
          ),
        ),
        'build/junit.xml': pytestXunit1([...cases, { file: F, name: 'test_flaky_reload' }]),
      });
      repo.commit('the reload fix lands: unfreeze the test', who);
      return check(repo, '--base', 'main');
    };
    const unfrozen = await unfreeze(HUMAN);
    expect(unfrozen.code).toBe(3);
    expect(unfrozen.rules).toContain(`ledger-contract-change:${F}::test_flaky_reload`);
    expect(unfrozen.rules).toContain(`property-seeded:${F}::test_flaky_reload`);

    // The same unfreeze by an agent rejects.
    const byAgent = await unfreeze(AGENT);
    expect(byAgent.code).toBe(1);
    expect(byAgent.rules).toContain(`ledger-agent-edit:${F}::test_flaky_reload`);
  });

  test('a deleted seed file asks for review (property-seeds-shrunk)', async () => {
    const repo = baseRepo();
    repo.remove('tests/seeds/p/two.json');
    repo.commit('prune seeds', HUMAN);
    const r = await check(repo, '--base', 'main');
    expect(r.code).toBe(3);
    expect(r.rules).toEqual(expect.arrayContaining([`property-seeds-shrunk:${F}::test_property`]));
  });

  test('production code and a golden changed without a bump', async () => {
    const repo = baseRepo();
    repo.write({
      'src/lib.py': 'def f():\n    return 2\n',
      'tests/goldens/a.txt': 'golden bytes v2\n',
    });
    repo.commit('change both', HUMAN);
    const r = await check(
      repo,
      '--base',
      'main',
      '--production',
      'src/**',
      '--goldens',
      'tests/goldens/**',
    );
    expect(r.code).toBe(1);
    expect(r.rules).toContain(`production-golden-no-bump:${F}::test_fixture`);
    expect(r.rules).toContain(`fixture-digest-mismatch:${F}::test_fixture`);
  });

  // Issue 44: a workflow with no production-paths (the README's) has the rule checked too,
  // over the production paths derived from the base's tree, as the agent allowlist reads them.
  test('production code and a golden changed without a bump, with production paths derived from the base', async () => {
    const repo = baseRepo();
    repo.write({
      'src/lib.py': 'def f():\n    return 2\n',
      'tests/goldens/a.txt': 'golden bytes v2\n',
    });
    repo.commit('change both', HUMAN);
    const r = await check(repo, '--base', 'main');
    expect(r.code).toBe(1);
    expect(r.rules).toContain(`production-golden-no-bump:${F}::test_fixture`);
    expect(r.stderr).not.toContain('was not checked');
    // A golden changed alone is no finding of this rule.
    const alone = baseRepo();
    alone.write({ 'tests/goldens/a.txt': 'golden bytes v2\n' });
    alone.commit('golden only', HUMAN);
    expect((await check(alone, '--base', 'main')).rules).not.toContain(
      `production-golden-no-bump:${F}::test_fixture`,
    );
  });

  test('the base ledger comes from the merge base, not from the working tree', async () => {
    const repo = baseRepo();
    // The change rewrites its own ledger wholesale; the base still judges it.
    const rows = rowsBase().map((r) =>
      r.class === 'quarantine'
        ? { ...r, class: 'draft', source: 'agent', proposed_class: 'property' }
        : r,
    );
    repo.write({
      'tests/ledger.yaml': ledgerYaml(rows.map(({ opened: _o, reason: _r, owner: _w, ...r }) => r)),
    });
    repo.commit('reclass', AGENT);
    // main moves on after the branch point; the merge base stays the branch point.
    repo.git('checkout', '-q', 'main');
    repo.write({ README: 'later\n' });
    repo.commit('later on main', HUMAN);
    repo.git('checkout', '-q', 'change');
    const r = await check(repo, '--base', 'main');
    expect(r.code).toBe(1);
    expect(r.rules).toContain(`ledger-agent-edit:${F}::test_flaky_reload`);
    expect(r.stdout).toMatch(/changed paths from git: 1\b/);
  });

  test('an unknown base is a usage error that names the ref, with the usage of check', async () => {
    const repo = baseRepo();
    const r = await check(repo, '--base', 'no-such-branch');
    expect(r.code).toBe(2);
    const [first, usage] = r.stderr.split('\n');
    expect(first).toBe(
      `ledger-gate check: --base "no-such-branch": git knows no such commit in ${repo.dir} (a branch, tag or sha; fetch it first?)`,
    );
    expect(usage).toMatch(/^usage: ledger-gate check --junit GLOB/);
    expect(r.stderr).not.toMatch(/merge base|\n {2}init /);
    expect(r.report).toBeUndefined(); // a usage error judges nothing
  });

  test('an unknown --head beside a base is named the same way', async () => {
    const r = await check(baseRepo(), '--base', 'main', '--head', 'nosuch');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ledger-gate check: --head "nosuch": git knows no such commit/);
  });
});

describe('usage', () => {
  test.each([
    [['check']],
    [['check', '--junit', 'x.xml', '--expect', 'some']],
    [['check', '--junit', 'x.xml', '--bogus']],
    [['frobnicate']],
  ])('%j is a usage error (exit 2)', async (argv) => {
    let err = '';
    const code = await main(argv, {
      cwd: out,
      stdout: () => undefined,
      stderr: (s) => void (err += s),
    });
    expect(code).toBe(2);
    expect(err.trim().split('\n')[0]).toMatch(/^ledger-gate/);
  });
});
