// The report renderers give exactly what their plain forms gave: toJson equals
// `JSON.stringify(body, null, 2)` of the contract's object, and groupFindings merges a golden's
// findings exactly as a composite key of (golden, result, message, approver) did. Generated
// findings with hostile strings (quotes, backslashes, control characters, lone surrogates),
// absent optional fields and shared goldens; the seed is the newest of the suite's seed folder.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { RULES, SEVERITY, rule, ruleOrder } from '../src/decision/table.js';
import { ROOT_CAUSES, groupFindings, idFile } from '../src/report/groups.js';
import { jsonChunks, toJson } from '../src/report/json.js';
import type { Finding, Report, RuleKey } from '../src/types.js';

const dir = '__fixtures__/properties/seeds';
const SEED = Number(
  process.env.FC_SEED ?? readFileSync(`${dir}/${readdirSync(dir).sort().at(-1)}`, 'utf8').trim(),
);
const RUNS = { seed: SEED, numRuns: 200 };

const hostile = fc.oneof(
  fc.string({ unit: 'grapheme-composite', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', 'a', '"', '\\', '\u2028', '\ud800', '</x>', 'same message'),
);
const ruleArb = fc.constantFrom(
  ...RULES.map((r) => r.key),
  'fixture-unchanged',
  'fixture-digest-mismatch',
);
const findingArb: fc.Arbitrary<Finding> = fc
  .record(
    {
      rule: ruleArb,
      id: fc.option(
        fc.constantFrom('t1', 't2', 't3', 't4', 't5', 'x', 'tests/u.py::a', 'tests/u.py::b'),
        {
          nil: null,
        },
      ),
      status: fc.option(fc.constantFrom('pass', 'fail', 'error', 'skip'), { nil: null }),
      class: fc.option(fc.constantFrom('locked_fixture', 'property', 'quarantine', 'draft'), {
        nil: null,
      }),
      message: fc.oneof(fc.constantFrom('m1', 'm2'), hostile),
      file: fc.option(hostile, { nil: undefined }),
      line: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
      approved_by: fc.option(fc.constantFrom('alice', 'bob', ''), { nil: undefined }),
      accepts: fc.option(hostile, { nil: undefined }),
      fix: fc.option(hostile, { nil: undefined }),
      base_run: fc.option(fc.constantFrom('fail-to-pass', 'pass-to-pass', 'unknown'), {
        nil: undefined,
      }),
    },
    { requiredKeys: ['rule', 'id', 'status', 'class', 'message'] },
  )
  .map((f) => {
    const rule = RULES.find((r) => r.key === f.rule)!;
    return { ...f, result: rule.result } as Finding;
  });

const reportOf = (findings: Finding[]): Report => ({
  version: 1,
  decision: 'review',
  counts: { cases: findings.length, admit: 1, review: 2, reject: 3, info: 4 },
  findings,
});

/** The JSON report as it was built before: one object tree, stringified. */
function plainJson(report: Report): string {
  const c = report.counts;
  const finding = (f: Finding) => {
    const out: Record<string, unknown> = {
      rule: f.rule,
      result: f.result,
      id: f.id,
      status: f.status,
      class: f.class,
      message: f.message,
    };
    if (f.fix !== undefined) out.fix = f.fix;
    if (f.file !== undefined) out.file = f.file;
    if (f.line !== undefined) out.line = f.line;
    if (f.approved_by !== undefined) out.approved_by = f.approved_by;
    if (f.accepts !== undefined) out.accepts = f.accepts;
    if (f.base_run !== undefined) out.base_run = f.base_run;
    return out;
  };
  const body = {
    version: 1,
    decision: report.decision,
    counts: { cases: c.cases, admit: c.admit, review: c.review, reject: c.reject, info: c.info },
    findings: report.findings.map(finding),
  };
  return JSON.stringify(body, null, 2) + '\n';
}

/**
 * A file group's entries as the composite-key grouping made them: one per file, result,
 * message and approver, in the order of their first finding; a finding without a file alone.
 */
function plainEntries(list: Finding[], fileOf: (f: Finding) => string | undefined, label: string) {
  const out: { result: string; findings: Finding[]; artifact?: string; label?: string }[] = [];
  const entries = new Map<string, (typeof out)[number]>();
  for (const f of list) {
    const artifact = fileOf(f);
    if (artifact === undefined) {
      out.push({ result: f.result, findings: [f] });
      continue;
    }
    const key = JSON.stringify([artifact, f.result, f.message, f.approved_by ?? null]);
    const e = entries.get(key);
    if (e) e.findings.push(f);
    else {
      const made = { result: f.result, findings: [f], artifact, label };
      entries.set(key, made);
      out.push(made);
    }
  }
  return out;
}

describe('the fast report paths equal the plain ones', () => {
  it('toJson is JSON.stringify of the contract object, byte for byte', () => {
    expect(toJson(reportOf([]))).toBe(plainJson(reportOf([])));
    fc.assert(
      fc.property(fc.array(findingArb, { maxLength: 8 }), (findings) => {
        const r = reportOf(findings);
        expect(toJson(r)).toBe(plainJson(r));
      }),
      RUNS,
    );
  });

  it('jsonChunks joins to toJson for every batch size, across batch boundaries', () => {
    fc.assert(
      fc.property(
        fc.array(findingArb, { maxLength: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (findings, batch) => {
          const r = reportOf(findings);
          expect([...jsonChunks(r, batch)].join('')).toBe(plainJson(r));
        },
      ),
      RUNS,
    );
  });

  it('groupFindings merges a golden’s findings as the composite key did, in the same order, ranked as before', () => {
    // Goldens shared by ids, one id without a golden ('x'): its rule then lists singles.
    const goldens: Record<string, string> = {
      t1: 'g/a',
      t2: 'g/a',
      t3: 'g/b',
      t4: '"g"',
      t5: 'g/b',
    };
    const artifactOf = (id: string) => goldens[id];
    fc.assert(
      fc.property(fc.array(findingArb, { maxLength: 30 }), (findings) => {
        const groups = groupFindings(findings, artifactOf);
        const seen = new Set<RuleKey>();
        for (const g of groups) {
          seen.add(g.key);
          const list = findings.filter((f) => f.rule === g.key);
          const golden = (f: Finding) => (f.id !== null ? artifactOf(f.id) : undefined);
          const byFile: Partial<Record<RuleKey, [string, (f: Finding) => string | undefined]>> = {
            'fixture-unchanged': ['golden', golden],
            'fixture-digest-mismatch': ['golden', golden],
            'fixture-contract-change': ['golden', golden],
            'fixture-missing': ['golden', golden],
            'ledger-contract-change': ['file', golden],
            'ledger-agent-edit': ['file', golden],
            unclassified: ['test file', (f) => idFile(f.id)],
          };
          const by = byFile[g.key];
          expect(g.byGolden).toBe(by !== undefined && list.some((f) => by[1](f) !== undefined));
          expect(g.count).toBe(list.length);
          expect(g.entries).toEqual(
            by
              ? plainEntries(list, by[1], by[0])
              : list.map((f) => ({ result: f.result, findings: [f] })),
          );
        }
        expect(seen).toEqual(new Set(findings.map((f) => f.rule)));
        // The order: the worst entry first (as the entries were ranked), then the rule's result.
        const worstOf = (key: RuleKey) =>
          Math.max(...groups.find((g) => g.key === key)!.entries.map((e) => SEVERITY[e.result]));
        // Root causes (no report read, no ledger) lead among rules of the same worst result.
        const cause = (k: RuleKey) =>
          ROOT_CAUSES.includes(k) ? ROOT_CAUSES.length - ROOT_CAUSES.indexOf(k) : 0;
        const order = [...seen].sort(
          (a, b) =>
            worstOf(b) - worstOf(a) ||
            cause(b) - cause(a) ||
            SEVERITY[rule(b).result] - SEVERITY[rule(a).result] ||
            ruleOrder(a) - ruleOrder(b),
        );
        expect(groups.map((g) => g.key)).toEqual(order);
      }),
      RUNS,
    );
  });
});
