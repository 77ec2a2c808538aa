// The plain admits as columns (src/decision/admits.ts): a decided report renders exactly as
// the same report with one finding object per admit did. The oracle is that report, built
// by hand: every admit made a finding and the whole sorted by finalize() alone, as decide()
// did before the columns. Generated runs over a small ledger (goldens matching and not,
// seeds, quarantine and draft rows, twins, flaky passes, a change that asks for review);
// the seed is the newest of the suite's seed folder.
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { eachFinding, findingTotal, isPlainRule } from '../src/decision/admits.js';
import { applyApproval } from '../src/decision/approve.js';
import { decide, type DecideInput } from '../src/decision/decide.js';
import { finalize } from '../src/decision/finalize.js';
import { toJson } from '../src/report/json.js';
import { renderSummary } from '../src/report/summary.js';
import { renderTerminal } from '../src/report/terminal.js';
import type { Finding, Ledger, LedgerRow, Report, Status, TestResult } from '../src/types.js';
import { withAdmits } from './support/findings.js';

const dir = '__fixtures__/properties/seeds';
const SEED = Number(
  process.env.FC_SEED ?? readFileSync(`${dir}/${readdirSync(dir).sort().at(-1)}`, 'utf8').trim(),
);
const RUNS = { seed: SEED, numRuns: 150 };

const D1 = 'sha256:' + '1'.repeat(64);
const D2 = 'sha256:' + '2'.repeat(64);
const row = (id: string, f: Partial<LedgerRow> & Pick<LedgerRow, 'class'>, line: number) =>
  ({ id, line, keyOffsets: {}, ...f }) as LedgerRow;
const ROWS: LedgerRow[] = [
  row('t/a.py::ok', { class: 'locked_fixture', digest: D1, artifact: 'g/a.bin' }, 3),
  row('t/a.py::ok2', { class: 'locked_fixture', digest: D1, artifact: 'g/a.bin' }, 7),
  row('t/b.py::stale', { class: 'locked_fixture', digest: D1, artifact: 'g/b.bin' }, 11),
  row('t/c.py::*', { class: 'property', invariant: 'inv', seeds: 'seeds/a/' }, 15),
  row('t/d.py::p', { class: 'property', invariant: 'other', seeds: 'seeds/b/' }, 19),
  row('t/e.py::q', { class: 'quarantine', opened: '2026-01-01', reason: 'r', owner: 'o' }, 23),
  row('t/f.py::d', { class: 'draft', source: 'agent', proposed_class: 'property' }, 27),
];
const IDS = [...ROWS.map((r) => r.id).filter((id) => !id.endsWith('*')), 't/c.py::x', 't/c.py::y'];
const ledger: Ledger = {
  file: 'tests/ledger.yaml',
  rows: ROWS,
  byId: new Map(ROWS.map((r) => [r.id, r])),
};

function input(tests: TestResult[], review: boolean): DecideInput {
  return {
    ledgerFile: 'tests/ledger.yaml',
    ledgerErrors: [],
    ledger,
    tests,
    unmapped: [],
    reportProblems: [],
    artifacts: new Map([
      ['g/a.bin', { digest: D1 }],
      ['g/b.bin', { digest: D2 }],
    ]),
    seeds: new Map([
      ['seeds/a/', { files: 2 }],
      ['seeds/b/', { files: 5 }],
    ]),
    isProduction: (p) => p.startsWith('src/'),
    expect: 'ran-files',
    // A change without a base ledger: every row is an addition, under review.
    ...(review
      ? {
          change: {
            baseSha: 'b'.repeat(40),
            changed: [],
            baseLedger: null,
            agentAuthored: false,
            authorship: 'test',
            source: 'git' as const,
          },
        }
      : {}),
  };
}

const statusArb = fc.constantFrom<Status>('pass', 'pass', 'pass', 'fail', 'skip');
const testArb: fc.Arbitrary<TestResult> = fc
  .record({
    id: fc.constantFrom(...IDS),
    status: statusArb,
    flaky: fc.boolean(),
    twins: fc.option(fc.array(statusArb, { minLength: 2, maxLength: 3 }), { nil: undefined }),
  })
  .map(({ id, status, flaky, twins }) => ({
    id,
    status,
    flaky: flaky && status === 'pass',
    reports: ['r.xml'],
    ...(twins ? { duplicates: { count: twins.length, report: 'r.xml', statuses: twins } } : {}),
  }));

/** The report as decide() made it before the columns: every admit a finding, all sorted. */
function flat(r: Report): Report {
  const all: Finding[] = [...r.findings];
  for (const rule of r.admits?.rules() ?? []) all.push(...r.admits!.findingsOf(rule));
  const out = finalize(all, r.counts.cases);
  if (r.fix !== undefined) out.fix = r.fix;
  return out;
}

describe('plain admits as columns', () => {
  test('the JSON report, the summary and the terminal are those of one finding per admit', () => {
    fc.assert(
      fc.property(fc.array(testArb, { maxLength: 40 }), fc.boolean(), (tests, review) => {
        const r = decide(input(tests, review));
        // No plain admit is a finding object; each is counted.
        expect(r.findings.filter((f) => isPlainRule(f.rule))).toEqual([]);
        const oracle = flat(r);
        expect(r.counts).toEqual(oracle.counts);
        expect(r.decision).toBe(oracle.decision);
        expect(findingTotal(r)).toBe(oracle.findings.length);
        expect(toJson(r)).toBe(toJson(oracle));
        const s = { notes: [], tests, ledger };
        expect(renderSummary({ ...s, report: r })).toBe(renderSummary({ ...s, report: oracle }));
        expect(renderTerminal({ ...s, report: r })).toBe(renderTerminal({ ...s, report: oracle }));
        // An approval's admits fall between the columns' rules in the table's order.
        const approved = applyApproval(r, 'maria');
        expect(toJson(approved)).toBe(toJson(applyApproval(oracle, 'maria')));
      }),
      RUNS,
    );
  });

  test("an approval's admits take their rule's place among the columns' rules", () => {
    const tests: TestResult[] = ['t/a.py::ok', 't/a.py::ok2', 't/c.py::x'].map((id) => ({
      id,
      status: 'pass',
      flaky: false,
      reports: ['r.xml'],
    }));
    const r = applyApproval(decide(input(tests, true)), 'maria');
    // ledger-contract-change (every row but the draft is a new one) comes after
    // property-seeded in the table.
    expect([...eachFinding(r)].map((f) => `${f.result}:${f.rule}`)).toEqual([
      'admit:fixture-unchanged',
      'admit:fixture-unchanged',
      'admit:property-seeded',
      ...Array<string>(6).fill('admit:ledger-contract-change'),
    ]);
  });

  test('twins that all pass are one admit, its message naming them', () => {
    const t: TestResult = {
      id: 't/d.py::p',
      status: 'pass',
      flaky: false,
      reports: ['r.xml'],
      duplicates: { count: 2, report: 'r.xml', statuses: ['pass', 'pass'] },
    };
    const r = decide(input([t], false));
    expect(r.findings).toEqual([]);
    expect(withAdmits(r).findings).toEqual([
      {
        rule: 'property-seeded',
        result: 'admit',
        id: 't/d.py::p',
        status: 'pass',
        class: 'property',
        message:
          'invariant other with 5 seed file(s) (2 cases with this id in r.xml: same-named tests, judged by the worst result)',
        file: 'tests/ledger.yaml',
        line: 19,
      },
    ]);
  });

  test("a base run's pairing is written onto the admits of the tests it pairs", () => {
    const tests: TestResult[] = ['t/a.py::ok', 't/a.py::ok2', 't/c.py::x'].map((id) => ({
      id,
      status: 'pass',
      flaky: false,
      reports: ['r.xml'],
    }));
    const r = decide(input(tests, false));
    r.admits!.pair((id) => (id === 't/a.py::ok2' ? 'fail-to-pass' : undefined));
    expect([...eachFinding(r)].map((f) => `${f.id}:${f.base_run}`)).toEqual([
      't/a.py::ok:undefined',
      't/a.py::ok2:fail-to-pass',
      't/c.py::x:undefined',
    ]);
    expect(toJson(r)).toContain('"base_run": "fail-to-pass"');
  });

  test('a hundred thousand admits grow the columns and keep their order', () => {
    const tests: TestResult[] = Array.from({ length: 100_000 }, (_, i) => ({
      id: i % 2 ? `t/c.py::x${i}` : i % 4 ? 't/a.py::ok2' : 't/a.py::ok',
      status: 'pass',
      flaky: false,
      reports: ['r.xml'],
    }));
    const r = decide(input(tests, false));
    expect(r.findings).toEqual([]);
    expect(r.admits!.countOf('fixture-unchanged')).toBe(50_000);
    expect(r.admits!.countOf('property-seeded')).toBe(50_000);
    const ids = [...r.admits!.findingsOf('property-seeded')].map((f) => f.id);
    expect(ids.slice(0, 2)).toEqual(['t/c.py::x1', 't/c.py::x3']);
    expect(ids.at(-1)).toBe('t/c.py::x99999');
  });
});
