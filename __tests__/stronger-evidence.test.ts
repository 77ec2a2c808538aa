// Issue 25, in-process: the base run (pairing, passes-without-change, no-failing-test, a base
// set that cannot be a base run) and the hold-out set (holdout-fail, holdout-missing, nothing
// of a case in any output), on real git repositories with the reports the runners write.
// The real runners play the same end to end in discriminate.test.ts.
import { afterAll, afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { judgeBaseRun, PASSES_WITHOUT_CHANGE } from '../src/decision/base-run.js';
import { holdoutId, judgeHoldout } from '../src/decision/holdout.js';
import { runGate } from '../src/gather/gate.js';
import { planAnnotations } from '../src/report/annotations.js';
import { pairingText } from '../src/report/pairing.js';
import { renderSummary } from '../src/report/summary.js';
import { renderTerminal } from '../src/report/terminal.js';
import { toJson } from '../src/report/json.js';
import type { Finding, TestResult } from '../src/types.js';
import { check } from './support/check.js';
import {
  AGENT,
  HUMAN,
  Repo,
  ledgerYaml,
  pytestXunit1,
  sha256,
  type CaseSpec,
} from './support/repo.js';

const KEY = 'a-team-secret-of-enough-length';
const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));
beforeEach(() => {
  process.env.LEDGER_GATE_HOLDOUT_KEY = KEY;
});
afterEach(() => {
  delete process.env.LEDGER_GATE_HOLDOUT_KEY;
});

const A = 'tests/test_a.py';
const D = 'tests/agent_drafts/test_d.py';
const B = 'tests/test_b.py';
const TEST_A = 'def test_old():\n    assert True\n';
const TEST_B = 'def test_new():\n    assert True\n';

/**
 * The base: one locked test and an agent's draft. The head (a human's commit, or `by`):
 * promotes the draft to a property, and adds a locked test, editing src/calc.py.
 */
function project(by = HUMAN, baseA = TEST_A): Repo {
  const repo = new Repo('ledger-gate-stronger-');
  repos.push(repo);
  repo.write({
    'src/calc.py': 'def add(a, b):\n    return a - b\n',
    [A]: baseA,
    [D]: 'def test_d():\n    assert 1\n',
    'tests/ledger.yaml': ledgerYaml([
      { id: `${A}::test_old`, class: 'locked_fixture', digest: sha256(baseA), artifact: A },
      { id: `${D}::test_d`, class: 'draft', source: 'agent', proposed_class: 'property' },
    ]),
  });
  repo.commit('base');
  repo.branch('change');
  repo.write({
    'src/calc.py': 'def add(a, b):\n    return a + b\n',
    [A]: TEST_A,
    [B]: TEST_B,
    'tests/seeds/d/one.txt': '1\n',
    'tests/ledger.yaml': ledgerYaml([
      { id: `${A}::test_old`, class: 'locked_fixture', digest: sha256(TEST_A), artifact: A },
      { id: `${D}::test_d`, class: 'property', invariant: 'anything', seeds: 'tests/seeds/d/' },
      { id: `${B}::test_new`, class: 'locked_fixture', digest: sha256(TEST_B), artifact: B },
    ]),
  });
  repo.commit('promote the draft, add a test, fix add', by);
  return repo;
}

const HEAD: CaseSpec[] = [
  { file: A, name: 'test_old' },
  { file: D, name: 'test_d' },
  { file: B, name: 'test_new' },
];
/** The base run: the promoted draft passes without the change, the new test does not. */
const BASE: CaseSpec[] = [
  { file: A, name: 'test_old' },
  { file: D, name: 'test_d' },
  { file: B, name: 'test_new', status: 'fail' },
];

function reports(repo: Repo, head: CaseSpec[], base?: CaseSpec[]) {
  repo.write({ 'build/junit.xml': pytestXunit1(head) });
  // A different run: its bytes differ (pytest's times and timestamps do).
  if (base)
    repo.write({ 'build/base/junit.xml': pytestXunit1(base).replace('time="0.1"', 'time="0.2"') });
}

const byRule = (fs: Finding[], rule: string) => fs.filter((f) => f.rule === rule);

describe('the base run', () => {
  test('a promoted draft that passes without the change is passes-without-change; a new test that fails there is not', async () => {
    const repo = project();
    reports(repo, HEAD, BASE);
    const r = await check(repo, '--base', 'main', '--base-junit', 'build/base/*.xml');
    const pwc = byRule(r.report.findings, 'passes-without-change');
    expect(pwc.map((f) => [f.id, f.result, f.message, f.base_run])).toEqual([
      [`${D}::test_d`, 'review', PASSES_WITHOUT_CHANGE, 'pass-to-pass'],
    ]);
    // Every finding of a test carries its pairing.
    const pairs = new Map(r.report.findings.filter((f) => f.id).map((f) => [f.id, f.base_run]));
    expect(Object.fromEntries(pairs)).toEqual({
      [`${A}::test_old`]: 'pass-to-pass',
      [`${D}::test_d`]: 'pass-to-pass',
      [`${B}::test_new`]: 'fail-to-pass',
    });
    expect(r.report.decision).toBe('review');
    const json = toJson(r.report);
    expect(json).toContain('"base_run": "fail-to-pass"');
    expect(r.stdout).toContain('passes without the change');
  });

  test('require-fail-to-pass makes it a reject, with no approval as its fix', async () => {
    const repo = project();
    reports(repo, HEAD, BASE);
    const r = await check(
      repo,
      '--base',
      'main',
      '--base-junit',
      'build/base/*.xml',
      '--require-fail-to-pass',
    );
    const [f] = byRule(r.report.findings, 'passes-without-change');
    expect([f.result, f.fix]).toEqual(['reject', undefined]);
    expect(r.report.decision).toBe('reject');
  });

  test("an agent's production change that no classified test fails without is no-failing-test; one that one fails without is not", async () => {
    const repo = project(AGENT);
    reports(repo, HEAD, HEAD);
    const args = ['--base', 'main', '--base-junit', 'build/base/*.xml', '--production', 'src/**'];
    const untested = await check(repo, ...args, '--require-fail-to-pass');
    expect(
      byRule(untested.report.findings, 'no-failing-test').map((f) => [f.result, f.file]),
    ).toEqual([['review', 'src/calc.py']]);
    // Without the setting the rule is not judged.
    const loose = await check(repo, ...args);
    expect(byRule(loose.report.findings, 'no-failing-test')).toEqual([]);
    reports(repo, HEAD, BASE);
    const tested = await check(repo, ...args, '--require-fail-to-pass');
    expect(byRule(tested.report.findings, 'no-failing-test')).toEqual([]);
    expect(byRule(tested.report.findings, 'passes-without-change')).toHaveLength(1);
  });

  test.each([
    ['missing', (repo: Repo) => void repo.remove('build/base'), 'no report file matches'],
    [
      'empty',
      (repo: Repo) => void repo.write({ 'build/base/junit.xml': pytestXunit1([]) }),
      'no base report holds any test case',
    ],
    [
      "a copy of the head run's bytes",
      (repo: Repo) =>
        void repo.write({
          'build/base/junit.xml': readFileSync(path.join(repo.dir, 'build/junit.xml')),
        }),
      'same bytes as the head',
    ],
    [
      'holding a test the change deleted',
      (repo: Repo) =>
        void repo.write({
          'build/base/junit.xml': pytestXunit1([...BASE, { file: A, name: 'test_gone' }]),
        }),
      'a test the change deletes',
    ],
  ])('a base set %s is report-invalid, and every pairing unknown', async (_, spoil, text) => {
    // test_gone is in the base's file and gone from the head's.
    const repo = project(HUMAN, TEST_A + '\n\ndef test_gone():\n    assert True\n');
    reports(repo, HEAD, BASE);
    spoil(repo);
    const r = await check(repo, '--base', 'main', '--base-junit', 'build/base/*.xml');
    const invalid = byRule(r.report.findings, 'report-invalid');
    expect(
      invalid.map((f) => f.message.startsWith('base run: ') && f.message.includes(text)),
    ).toEqual([true]);
    expect(byRule(r.report.findings, 'passes-without-change')).toEqual([]);
    const pairs = new Set(r.report.findings.filter((f) => f.id).map((f) => f.base_run));
    expect([...pairs]).toEqual(['unknown']);
    expect(r.report.decision).toBe('reject');
  });

  test("a base report inside the head's glob is read as the base run only", async () => {
    const repo = project();
    reports(repo, HEAD);
    repo.write({ 'build/base.xml': pytestXunit1(BASE) });
    const r = await check(repo, '--base', 'main', '--base-junit', 'build/base.xml');
    expect(byRule(r.report.findings, 'classified-fail')).toEqual([]);
    expect(byRule(r.report.findings, 'passes-without-change')).toHaveLength(1);
  });

  test('the pure pairing: a base module that could not be collected failed there', () => {
    const head: TestResult[] = [
      { id: `${B}::test_new`, status: 'pass', flaky: false, file: B, reports: [] },
    ];
    const j = judgeBaseRun({
      base: {
        tests: [],
        unmapped: 0,
        collection: [
          {
            kind: 'collection-error',
            module: 'tests.test_b',
            file: B,
            detail: 'ImportError',
            report: 'b.xml',
          },
        ],
        problems: [],
        identical: [],
        shipped: [],
      },
      head,
      ledgerFile: 'tests/ledger.yaml',
      isProduction: () => false,
      productionGiven: false,
      requireFailToPass: false,
    });
    expect([j.findings, j.pairing(`${B}::test_new`)]).toEqual([[], 'fail-to-pass']);
  });

  test('an entry of several findings counts its pairings', () => {
    const f = (base_run: Finding['base_run']) => ({ base_run }) as Finding;
    expect(pairingText([f('fail-to-pass')])).toBe('fails without the change ✔');
    expect(pairingText([f('fail-to-pass'), f('pass-to-pass'), f('pass-to-pass')])).toBe(
      '1 fails without the change ✔, 2 passes without the change',
    );
    expect(pairingText([{} as Finding])).toBeUndefined();
  });
});

describe('the hold-out set', () => {
  const MARKER = 'zq_holdout_marker_71';
  const holdout = (status: CaseSpec['status']) =>
    pytestXunit1([
      { file: 'private/test_h.py', name: `test_${MARKER}`, classname: `private.${MARKER}`, status },
      { file: 'private/test_h.py', name: 'test_other_inputs' },
    ]).replaceAll('assert 1 == 2', `assert ${MARKER} == 2`);

  /** Every output of a run, as one text: terminal, JSON, summary, annotations, notes. */
  async function everyOutput(repo: Repo, ...args: string[]) {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-holdout-'));
    try {
      const summary = path.join(dir, 's.md');
      const r = await check(repo, '--base', 'main', ...args, '--summary', summary);
      const outcome = await runGate({
        cwd: repo.dir,
        ledger: 'tests/ledger.yaml',
        junit: ['build/*.xml'],
        base: 'main',
        head: 'HEAD',
        production: [],
        goldens: [],
        expect: 'all',
        agentAuthors: [],
        author: 'auto',
        holdoutJunit: args.includes('--holdout-junit')
          ? [args[args.indexOf('--holdout-junit') + 1]]
          : undefined,
        holdoutKey: KEY,
      });
      const annotations = planAnnotations(outcome.report, outcome.warnings, {
        ledger: 'tests/ledger.yaml',
        max: 1000,
      });
      const all = [
        r.stdout,
        r.stderr,
        JSON.stringify(r.report),
        readFileSync(summary, 'utf8'),
        renderSummary(outcome),
        renderTerminal(outcome, { color: false }),
        JSON.stringify(annotations),
        outcome.notes.join('\n'),
      ].join('\n');
      return { r, all };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test('a failing case is holdout-fail, by its opaque id only; its name and message are in no output', async () => {
    const repo = project();
    reports(repo, HEAD);
    repo.write({ 'build/holdout/h.xml': holdout('fail') });
    const { r, all } = await everyOutput(repo, '--holdout-junit', 'build/holdout/*.xml');
    const fails = byRule(r.report.findings, 'holdout-fail');
    const id = holdoutId(KEY, { classname: `private.${MARKER}`, name: `test_${MARKER}` });
    expect(fails.map((f) => [f.result, f.id, f.message.includes(id)])).toEqual([
      ['reject', null, true],
    ]);
    expect(all).toContain('hold-out: 2 case(s) in 1 report file(s), 1 passed, 1 did not');
    expect(all).not.toContain(MARKER);
    expect(all).not.toContain('private/test_h.py');
    expect(all).not.toContain('test_other_inputs');
    expect(all).not.toContain('build/holdout');
    // Hold-out cases need no rows: none is unclassified.
    expect(byRule(r.report.findings, 'unclassified')).toEqual([]);
  });

  test("hold-out reports inside the head's glob are not mapped against the ledger, nor shown", async () => {
    const repo = project();
    reports(repo, HEAD);
    repo.write({ 'build/holdout.xml': holdout('error') });
    const { r, all } = await everyOutput(repo, '--holdout-junit', 'build/holdout.xml');
    expect(byRule(r.report.findings, 'holdout-fail')).toHaveLength(1);
    expect(byRule(r.report.findings, 'unclassified')).toEqual([]);
    expect(all).not.toContain(MARKER);
  });

  test('every case passing adds nothing to act on; a missing, empty or unreadable set is holdout-missing', async () => {
    const repo = project();
    reports(repo, HEAD);
    repo.write({ 'build/holdout/h.xml': holdout('pass') });
    const ok = await check(repo, '--base', 'main', '--holdout-junit', 'build/holdout/*.xml');
    expect(ok.report.findings.filter((f) => f.rule.startsWith('holdout'))).toEqual([]);
    expect(ok.report.decision).toBe('review'); // the human's ledger edits, nothing else

    for (const [body, text] of [
      [null, 'matched no usable report file'],
      [pytestXunit1([]), 'no hold-out report holds a test case'],
      [`<testsuite><testcase name="${MARKER}"`, 'could not be read'],
    ] as const) {
      repo.remove('build/holdout');
      if (body !== null) repo.write({ 'build/holdout/h.xml': body });
      const r = await check(repo, '--base', 'main', '--holdout-junit', 'build/holdout/*.xml');
      const missing = byRule(r.report.findings, 'holdout-missing');
      expect(missing.some((f) => f.message.includes(text))).toBe(true);
      expect(r.report.decision).toBe('reject');
      expect(r.stdout + JSON.stringify(r.report)).not.toContain(MARKER);
    }
  });

  test('skips and reruns are not passes; the pure judgement', () => {
    const j = judgeHoldout(
      {
        cases: [
          { name: 'a', status: 'skip', flakyAttempts: 0 },
          { name: 'b', status: 'pass', flakyAttempts: 1 },
          { name: 'c', status: 'pass', flakyAttempts: 0 },
        ],
        files: 1,
        unmatched: 0,
        unreadable: 0,
        shipped: 0,
      },
      KEY,
    );
    expect(j.findings.map((f) => f.rule)).toEqual(['holdout-fail', 'holdout-fail']);
    // The id is the documented HMAC: recomputable by the team from its own log.
    expect(holdoutId(KEY, { name: 'a' })).toMatch(/^h-[0-9a-f]{16}$/);
    expect(holdoutId(KEY, { name: 'a' })).not.toBe(
      holdoutId('another-key-of-enough-length', { name: 'a' }),
    );
  });

  test('a hold-out set without a key of 16 characters is a usage error', async () => {
    const repo = project();
    reports(repo, HEAD);
    process.env.LEDGER_GATE_HOLDOUT_KEY = 'short';
    const r = await check(repo, '--holdout-junit', 'build/holdout/*.xml');
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('LEDGER_GATE_HOLDOUT_KEY')]);
  });
});

describe('new evidence the base run does not show failing', () => {
  test.each([
    [
      'skipped there',
      { file: D, name: 'test_d', status: 'skip' as const },
      'the base run skipped it',
    ],
    ['absent there', undefined, 'the base run does not hold it'],
  ])('a promoted draft %s is passes-without-change too, saying so', async (_, draft, text) => {
    const repo = project();
    const base = [BASE[0], ...(draft ? [draft] : []), BASE[2]];
    reports(repo, HEAD, base);
    const r = await check(repo, '--base', 'main', '--base-junit', 'build/base/*.xml');
    const pwc = byRule(r.report.findings, 'passes-without-change');
    expect(pwc.map((f) => [f.id, f.message.endsWith(text)])).toEqual([[`${D}::test_d`, true]]);
  });
});
