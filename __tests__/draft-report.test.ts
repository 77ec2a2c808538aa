// The drafts' own run (`draft-junit`, src/decision/draft-report.ts, CONTRACT §3 "Drafts run
// apart"): decide() on plain data. Its cases are judged as drafts only, never as evidence; a
// case outside the draft paths, a missing or empty report while there are drafts, and an
// evidence run of drafts alone reject; a promoted test left under the draft paths is missing
// from the evidence, and its fix moves the file.
import { describe, expect, test } from '@jest/globals';
import { decide as decideColumns, type DecideInput } from '../src/decision/decide.js';
import type { DraftReport } from '../src/decision/draft-report.js';
import { addFixes } from '../src/decision/fix.js';
import { renderSummary } from '../src/report/summary.js';
import { summaryProblems } from './support/hostile-markdown.js';
import type { Finding, Ledger, LedgerRow, Status, TestResult } from '../src/types.js';
import { withAdmits } from './support/findings.js';

// Every finding, the plain admits made findings too (src/decision/admits.ts).
const decide = (i: DecideInput) => withAdmits(decideColumns(i));

const D1 = 'sha256:' + '1'.repeat(64);
const LOCKED = 'tests/test_calc.py::test_add';
const DRAFT = 'tests/agent_drafts/test_d.py::test_d';

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
const locked = (id: string) =>
  row(id, { class: 'locked_fixture', digest: D1, artifact: 'tests/test_calc.py' }, 4);
const draft = (id: string) =>
  row(id, { class: 'draft', source: 'agent', proposed_class: 'property' }, 9);
const ledgerOf = (...rows: LedgerRow[]): Ledger => ({
  file: 'tests/ledger.yaml',
  rows,
  byId: new Map(rows.map((r) => [r.id, r])),
});
const t = (id: string, status: Status = 'pass'): TestResult => ({
  id,
  status,
  flaky: false,
  reports: ['drafts/junit.xml'],
});
const drafts = (over: Partial<DraftReport> = {}): DraftReport => ({
  globs: ['drafts/*.xml'],
  tests: [],
  unmapped: [],
  collection: [],
  problems: [],
  unmatched: [],
  ...over,
});
const input = (over: Partial<DecideInput>): DecideInput => ({
  ledgerFile: 'tests/ledger.yaml',
  ledger: ledgerOf(locked(LOCKED), draft(DRAFT)),
  ledgerErrors: [],
  tests: [t(LOCKED)],
  unmapped: [],
  reportProblems: [],
  artifacts: new Map([['tests/test_calc.py', { digest: D1 }]]),
  seeds: new Map(),
  isProduction: () => false,
  expect: 'all',
  ...over,
});
const rules = (fs: Finding[]) => fs.map((f) => `${f.rule}:${f.result}:${f.id}`).sort();

describe("the drafts' run, judged as drafts only", () => {
  test.each([
    ['pass', 'draft-pass:reject', 'reject'],
    ['fail', 'draft-not-passing:info', 'admit'],
    ['error', 'draft-not-passing:info', 'admit'],
    ['skip', 'draft-not-passing:info', 'admit'],
  ] as const)(
    'a draft row that is %s there is %s, beside the evidence',
    (status, rule, decision) => {
      const r = decide(input({ draftReport: drafts({ tests: [t(DRAFT, status)] }) }));
      expect(rules(r.findings)).toEqual(
        [`${rule}:${DRAFT}`, `fixture-unchanged:admit:${LOCKED}`].sort(),
      );
      expect(r.decision).toBe(decision);
      expect(r.findings.find((f) => f.id === DRAFT)!.message).toMatch(/^in the drafts' run: /);
      // The drafts' cases are not the evidence's: the counts are the evidence run's.
      expect(r.counts.cases).toBe(1);
    },
  );

  test('a draft without a row is unclassified there too: it never passes unseen', () => {
    const r = decide(
      input({ ledger: ledgerOf(locked(LOCKED)), draftReport: drafts({ tests: [t(DRAFT)] }) }),
    );
    expect(rules(r.findings)).toContain(`unclassified:reject:${DRAFT}`);
    expect(r.decision).toBe('reject');
  });

  test('a case outside the draft paths is no evidence: report-invalid, and its row stays missing', () => {
    const r = decide(
      input({ tests: [t(DRAFT, 'fail')], draftReport: drafts({ tests: [t(LOCKED)] }) }),
    );
    const invalid = r.findings.filter((f) => f.rule === 'report-invalid');
    // The evidence holds one draft only (a run of drafts alone), and the drafts' run a locked test.
    expect(invalid.map((f) => f.message)).toEqual(
      expect.arrayContaining([
        `the drafts' run (draft-junit): 1 case(s) outside the draft paths (${LOCKED} first): the drafts' report is read for drafts only, so they are not evidence; give the evidence run's reports as junit`,
      ]),
    );
    expect(rules(r.findings)).toContain(`classified-missing:reject:${LOCKED}`);
    expect(r.findings.some((f) => f.result === 'admit')).toBe(false);
  });

  test("a draft case's report problems and unmapped cases reject, named as the drafts' run", () => {
    const r = decide(
      input({
        draftReport: drafts({
          problems: [{ file: 'drafts/junit.xml', message: 'not XML' }],
          unmapped: [
            {
              case: {
                name: 'test_d',
                classname: 'd',
                status: 'pass',
                report: 'drafts/junit.xml',
              } as never,
              reason: 'no collected id',
              candidates: [],
            },
          ],
        }),
      }),
    );
    expect(
      r.findings
        .filter((f) => f.result === 'reject')
        .map((f) => `${f.rule}: ${f.message}`)
        .sort(),
    ).toEqual([
      "report-invalid: the drafts' run (draft-junit): not XML",
      "report-unmapped: in the drafts' run: d test_d: no collected id",
    ]);
  });
});

describe("a missing or empty drafts' report fails closed while there are drafts", () => {
  test.each([
    [
      'the checkout has drafts to run',
      { unmatched: ['drafts/*.xml'], draftFile: 'tests/agent_drafts/test_d.py' },
      ledgerOf(locked(LOCKED)),
      "no report file matches drafts/*.xml, and the checkout has drafts to run (tests/agent_drafts/test_d.py): the drafts' job must deliver its report",
    ],
    [
      'the ledger holds a draft row',
      { unmatched: ['drafts/*.xml'] },
      ledgerOf(locked(LOCKED), draft(DRAFT)),
      "no report file matches drafts/*.xml, and the ledger holds 1 draft row(s): the drafts' job must deliver its report",
    ],
    [
      'an empty report, drafts in the checkout',
      { draftFile: 'tests/agent_drafts/test_d.py' },
      ledgerOf(locked(LOCKED)),
      "no report holds any test case, and the checkout has drafts to run (tests/agent_drafts/test_d.py): the drafts' job must deliver its report",
    ],
  ])('%s: report-invalid', (_what, over, ledger, message) => {
    const r = decide(input({ ledger, draftReport: drafts(over) }));
    expect(r.decision).toBe('reject');
    expect(r.findings.filter((f) => f.rule === 'report-invalid').map((f) => f.message)).toEqual([
      `the drafts' run (draft-junit): ${message}`,
    ]);
  });

  test('a draft module skipped at collection ran and did not pass: not an empty report', () => {
    const skipped = {
      kind: 'collection-skipped' as const,
      module: 'tests.agent_drafts.test_d',
      file: 'tests/agent_drafts/test_d.py',
      detail: 'later',
      report: 'drafts/junit.xml',
    };
    const r = decide(
      input({
        draftReport: drafts({ collection: [skipped], draftFile: 'tests/agent_drafts/test_d.py' }),
      }),
    );
    expect(rules(r.findings)).toEqual([`fixture-unchanged:admit:${LOCKED}`]);
    // Outside the draft paths, it is the report's fault.
    const outside = { ...skipped, module: 'tests.test_x', file: 'tests/test_x.py' };
    const o = decide(input({ draftReport: drafts({ collection: [outside] }) }));
    expect(o.findings.filter((f) => f.rule === 'report-invalid').map((f) => f.message)).toEqual([
      "the drafts' run (draft-junit): module tests/test_x.py outside the draft paths: later",
    ]);
  });

  test('no drafts anywhere: no report is right, and the evidence alone decides', () => {
    const r = decide(
      input({
        ledger: ledgerOf(locked(LOCKED)),
        draftReport: drafts({ unmatched: ['drafts/*.xml'] }),
      }),
    );
    expect(rules(r.findings)).toEqual([`fixture-unchanged:admit:${LOCKED}`]);
    expect(r.decision).toBe('admit');
  });

  test('an invalid ledger judges no draft case, but the missing report still rejects', () => {
    const r = decide(
      input({
        ledgerErrors: [{ message: 'bad', file: 'tests/ledger.yaml', line: 1, column: 1 }],
        draftReport: drafts({ unmatched: ['drafts/*.xml'], draftFile: 'tests/agent_drafts/x.py' }),
      }),
    );
    expect(r.findings.map((f) => f.rule).sort()).toEqual(['ledger-invalid', 'report-invalid']);
  });
});

describe('the evidence reports must hold evidence', () => {
  test.each([
    ['a draft row', ledgerOf(locked(LOCKED), draft(DRAFT)), [t(DRAFT, 'fail')]],
    ['a file under the draft paths, no row', ledgerOf(locked(LOCKED)), [t(DRAFT, 'fail')]],
    [
      'draft rows only, whatever their file',
      ledgerOf(draft('tests/test_x.py::test_x')),
      [t('tests/test_x.py::test_x', 'skip')],
    ],
  ])('cases of %s alone: report-invalid, never an admit', (_what, ledger, tests) => {
    const r = decide(input({ ledger, tests }));
    expect(r.decision).toBe('reject');
    expect(r.findings.filter((f) => f.rule === 'report-invalid').map((f) => f.message)).toEqual([
      'the evidence reports hold only drafts (1 case(s)): drafts are not evidence, so the run holds none',
    ]);
  });
});

describe('a promoted test left under the draft paths (CONTRACT §3)', () => {
  const promoted = row(DRAFT, { class: 'property', invariant: 'i', seeds: 'seeds/' }, 9);
  const ledger = ledgerOf(locked(LOCKED), promoted);
  const seeds = new Map([['seeds/', { files: 1 }]]);
  const ctx = { junit: ['reports/*.xml'], ledger: 'tests/ledger.yaml', row: () => undefined };
  const MOVE =
    "git mv tests/agent_drafts/test_d.py tests/test_d.py   (out of the draft paths, which the evidence run leaves out; the row's id then names the new path)";

  test('without the drafts run: classified-missing, whose fix moves the file out', () => {
    const r = decide(input({ ledger, seeds }));
    const missing = r.findings.filter((f) => f.rule === 'classified-missing');
    expect(missing.map((f) => f.id)).toEqual([DRAFT]);
    expect(missing[0].message).toContain('move the file out of the draft paths');
    addFixes(r.findings, ctx);
    expect(missing[0].fix).toBe(MOVE);
  });

  test('with it: its pass there is no evidence, one classified-missing, the same fix', () => {
    const r = decide(input({ ledger, seeds, draftReport: drafts({ tests: [t(DRAFT)] }) }));
    const mine = r.findings.filter((f) => f.id === DRAFT);
    expect(rules(mine)).toEqual([`classified-missing:reject:${DRAFT}`]);
    expect(mine[0].message).toContain("pass in the drafts' run only");
    addFixes(r.findings, ctx);
    expect(mine[0].fix).toBe(MOVE);
    expect(r.decision).toBe('reject');
  });
});

describe("names in the drafts' run stay inert in the summary", () => {
  test('a hostile draft id, an outside case and a report file name inject no markup', () => {
    const hostile = [
      'tests/agent_drafts/test_x.py::test_<img src=x onerror=alert(1)>',
      'tests/agent_drafts/test_y.py::test_[click](https://evil.example) @admin #12',
      'src/<script>alert(1)</script>.py::test_z | broken | row',
    ];
    const r = decide(
      input({
        draftReport: drafts({
          tests: hostile.map((id) => t(id)),
          problems: [{ file: 'drafts/<b>x</b>.xml', message: 'not XML: <!-- hidden -->' }],
        }),
      }),
    );
    // Two unclassified drafts, the outside case and the unreadable file: all reject.
    expect(rules(r.findings).filter((x) => x.includes(':reject:'))).toHaveLength(4);
    expect(summaryProblems(renderSummary({ report: r, notes: [] }))).toEqual([]);
  });
});
