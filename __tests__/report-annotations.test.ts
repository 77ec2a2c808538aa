// Annotations and check-run text within GitHub's limits, on plain data.
import { describe, expect, it } from '@jest/globals';
import { batches, planAnnotations } from '../src/report/annotations.js';
import { SUMMARY_MAX_BYTES, renderSummary } from '../src/report/summary.js';
import { clipBytes } from '../src/report/summary-fit.js';
import type { Finding, Report } from '../src/types.js';

const f = (over: Partial<Finding>): Finding => ({
  rule: 'unclassified',
  result: 'reject',
  id: 'tests/t.py::test_x',
  status: 'pass',
  class: null,
  message: 'not in the ledger',
  ...over,
});
const report = (findings: Finding[]): Report => ({
  version: 1,
  decision: 'reject',
  counts: { cases: findings.length, admit: 0, review: 0, reject: findings.length, info: 0 },
  findings,
});

describe('planAnnotations', () => {
  it('reject → failure, review → warning, quarantine age → warning; admit and info are not annotated', () => {
    const plan = planAnnotations(
      report([
        f({
          rule: 'fixture-contract-change',
          result: 'review',
          file: 'tests/ledger.yaml',
          line: 9,
        }),
        f({ result: 'reject' }),
        f({ rule: 'fixture-unchanged', result: 'admit' }),
        f({ rule: 'quarantine-fail', result: 'info' }),
      ]),
      [{ message: 'old', file: 'tests/ledger.yaml', line: 4 }],
      { ledger: 'tests/ledger.yaml', max: 100 },
    );
    expect(plan.cut).toBe(0);
    expect(plan.annotations.map((a) => [a.annotation_level, a.path, a.start_line])).toEqual([
      ['failure', 'tests/t.py', 1],
      ['warning', 'tests/ledger.yaml', 9],
      ['warning', 'tests/ledger.yaml', 4],
    ]);
  });

  it('places a finding on its file and line, else the id’s file, else the ledger', () => {
    const plan = planAnnotations(
      report([
        f({ file: 'tests/ledger.yaml', line: 12 }),
        f({ id: 'tests/u.py::test_y' }),
        f({ id: null, rule: 'report-invalid', file: '/tmp/runner/junit.xml' }),
        f({ id: 'no-file-part', file: '../outside.xml', line: 3 }),
      ]),
      [],
      { ledger: 'tests/ledger.yaml', max: 100 },
    );
    expect(plan.annotations.map((a) => `${a.path}:${a.start_line}`)).toEqual([
      'tests/ledger.yaml:12',
      'tests/u.py:1',
      'tests/ledger.yaml:1',
      'tests/ledger.yaml:1',
    ]);
    for (const a of plan.annotations) expect(a.end_line).toBe(a.start_line);
  });

  it('keeps titles within 255 characters and messages within 64 KB, characters outside the BMP included', () => {
    const id = 'tests/t.py::test_' + '😀'.repeat(400);
    const [a] = planAnnotations(report([f({ id, message: '𝕏'.repeat(40000) })]), [], {
      ledger: 'l',
      max: 10,
    }).annotations;
    expect(a.title.length).toBeLessThanOrEqual(255); // UTF-16 units, the strictest count
    expect(a.title.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(a.message)).toBeLessThan(64 * 1024);
    expect(a.message).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('neutralises hidden characters and line breaks in titles and messages', () => {
    const [a] = planAnnotations(report([f({ id: 'x\u202ey', message: 'a\nb\u200bc' })]), [], {
      ledger: 'l',
      max: 1,
    }).annotations;
    expect(a.title).toBe('unclassified: x<U+202E>y');
    expect(a.message).toBe(
      'a b<U+200B>c (to do: give the test a row: lock it to its own file (or a golden), or make it a property)',
    );
  });

  it('says in each annotation what is wrong and what to do about it', () => {
    const plan = planAnnotations(
      report([
        f({
          rule: 'fixture-digest-mismatch',
          id: 'tests/t.py::test_golden',
          message: 'artifact tests/g.txt is sha256:1…, the ledger says sha256:0…',
          file: 'tests/ledger.yaml',
          line: 23,
        }),
        f({ rule: 'ledger-contract-change', result: 'review', file: 'tests/ledger.yaml', line: 5 }),
      ]),
      [],
      { ledger: 'tests/ledger.yaml', max: 10 },
    );
    expect(plan.annotations.map((a) => [a.title, a.message])).toEqual([
      [
        'fixture-digest-mismatch: tests/t.py::test_golden',
        "artifact tests/g.txt is sha256:1…, the ledger says sha256:0… (to do: the golden's bytes changed but its row did not: if the change is meant, re-lock it (a reviewed contract change); if not, restore the file)",
      ],
      [
        'ledger-contract-change: tests/t.py::test_x',
        "not in the ledger (to do: a reviewer checks the row's new contract and approves the pull request)",
      ],
    ]);
  });

  it('cuts at max, rejects first, and counts the rest', () => {
    const findings = [
      ...Array.from({ length: 5 }, () => f({ rule: 'ledger-contract-change', result: 'review' })),
      ...Array.from({ length: 7 }, () => f({})),
    ];
    const plan = planAnnotations(report(findings), [], { ledger: 'l', max: 8 });
    expect(plan.annotations).toHaveLength(8);
    expect(plan.cut).toBe(4);
    expect(plan.annotations.slice(0, 7).every((a) => a.annotation_level === 'failure')).toBe(true);
    expect(planAnnotations(report(findings), [], { ledger: 'l', max: 0 }).cut).toBe(12);
  });
});

describe('batches', () => {
  it('sends at most 50 a request', () => {
    const items = Array.from({ length: 130 }, (_, i) => i);
    expect(batches(items).map((b) => b.length)).toEqual([50, 50, 30]);
    expect(batches(items).flat()).toEqual(items);
    expect(batches([])).toEqual([]);
  });
});

describe('the check run summary limit', () => {
  it('a bound in bytes keeps a summary of astral characters under as many characters however counted', () => {
    const findings = Array.from({ length: 2000 }, (_, i) =>
      f({ id: `tests/t${i}.py::test`, message: '😀𝕏'.repeat(50) }),
    );
    // The default (the check run's) and GitHub's own limit for a check run.
    for (const max of [SUMMARY_MAX_BYTES, 65535]) {
      const md = renderSummary({ report: report(findings), notes: [] }, { maxBytes: max });
      expect(Buffer.byteLength(md)).toBeLessThanOrEqual(max);
      expect(md.length).toBeLessThanOrEqual(max);
      expect(Array.from(md).length).toBeLessThanOrEqual(max);
      expect(md).toMatch(/\d+ of 2000 reject and review findings not shown/);
    }
  });

  it('clipBytes never splits a character', () => {
    expect(clipBytes('😀😀', 7)).toBe('😀');
    expect(clipBytes('ab😀', 5)).toBe('ab');
    expect(clipBytes('abc', 10)).toBe('abc');
  });
});
