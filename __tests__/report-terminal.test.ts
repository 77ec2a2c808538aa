// The short report `ledger-gate check` prints, on plain data: what it lists and counts, a
// golden's findings as one entry, and input that can neither become a workflow command in a
// log nor a terminal escape sequence.
import { describe, expect, it } from '@jest/globals';
import { renderTerminal } from '../src/report/terminal.js';
import type { Finding, LedgerRow, Report, Result } from '../src/types.js';
import { workflowCommandLines } from './support/hostile.js';

const finding = (over: Partial<Finding> = {}): Finding => ({
  rule: 'unclassified',
  result: 'reject',
  id: 'tests/t.py::test_x',
  status: 'pass',
  class: null,
  message: 'pass on an id missing from the ledger',
  ...over,
});

function report(findings: Finding[]): Report {
  const n = (r: Result) => findings.filter((f) => f.result === r).length;
  return {
    version: 1,
    decision: n('reject') ? 'reject' : n('review') ? 'review' : 'admit',
    counts: {
      cases: findings.length,
      admit: n('admit'),
      review: n('review'),
      reject: n('reject'),
      info: n('info'),
    },
    findings,
  };
}

const ESC = '\u001b';

describe('renderTerminal', () => {
  it('says the decision, the counts and the reject/review findings; admitted ones are only counted', () => {
    const out = renderTerminal({
      report: report([
        finding({ file: 'tests/t.py', line: 3 }),
        finding({
          rule: 'ledger-contract-change',
          result: 'review',
          status: null,
          class: 'property',
          file: 'tests/ledger.yaml',
          line: 9,
          message: 'row edited',
        }),
        finding({
          rule: 'property-seeded',
          result: 'admit',
          id: 'tests/t.py::test_ok',
          class: 'property',
        }),
      ]),
      notes: ['no base given'],
    });
    expect(out).toBe(
      [
        'reject: 1 finding rejects this change; fix them and re-run.',
        '  3 test cases',
        '  3 findings by result: 1 reject · 1 review · 1 admit · 0 info',
        '  rules matched: unclassified 1 · ledger-contract-change 1 · property-seeded 1',
        '',
        'reject unclassified · 1 — classify before merge',
        '  tests/t.py::test_x (pass) tests/t.py:3',
        '    pass on an id missing from the ledger',
        '',
        'review ledger-contract-change · 1 — review the contract change',
        '  tests/t.py::test_x (property) tests/ledger.yaml:9',
        '    row edited',
        '',
        'note: no base given',
        '',
      ].join('\n'),
    );
    expect(out).not.toContain('test_ok');
  });

  it('lists a golden shared by 94 tests as one entry, a few ids named and the rest counted', () => {
    const ids = Array.from({ length: 94 }, (_, i) => `tests/r.py::test_${i}`);
    const rows = new Map<string, LedgerRow>(
      ids.map((id, i) => [
        id,
        {
          id,
          class: 'locked_fixture',
          artifact: 'tests/goldens/page.html',
          line: i + 5,
          keyLines: {},
        },
      ]),
    );
    const findings = ids.map((id, i) =>
      finding({
        id,
        rule: 'fixture-digest-mismatch',
        class: 'locked_fixture',
        message: 'artifact tests/goldens/page.html is …',
        file: 'tests/ledger.yaml',
        line: i + 5,
      }),
    );
    const out = renderTerminal({ report: report(findings), notes: [], ledger: { byId: rows } });
    expect(out).toContain(
      [
        'reject fixture-digest-mismatch · 94 — inspect bytes or revert',
        '  golden tests/goldens/page.html: 94 tests',
        '    artifact tests/goldens/page.html is …',
        '    tests/r.py::test_0  tests/ledger.yaml:5',
        '    tests/r.py::test_1  tests/ledger.yaml:6',
        '    tests/r.py::test_2  tests/ledger.yaml:7',
        '    … and 91 more',
      ].join('\n'),
    );
  });

  it('lists at most maxEntries entries and counts the findings left out', () => {
    const findings = Array.from({ length: 50 }, (_, i) => finding({ id: `t::${i}` }));
    const out = renderTerminal({ report: report(findings), notes: [] }, { maxEntries: 30 });
    expect(out.match(/^ {2}t::\d+/gm)).toHaveLength(30);
    expect(out).toContain('… and 20 more findings: --summary FILE or --json FILE lists every one');
  });

  it('lets no input become a workflow command or a terminal escape, colour on or off', () => {
    const hostile = [
      '::error::pwned',
      '##[error]pwned',
      `${ESC}[2J${ESC}]0;title\u0007`,
      'a\n::warning::b',
      '\u202eevil',
    ];
    const findings = hostile.map((s) => finding({ id: s, message: s, file: s, line: 1 }));
    for (const color of [false, true]) {
      const out = renderTerminal({ report: report(findings), notes: hostile }, { color });
      expect(workflowCommandLines(out)).toEqual([]);
      // Only the report's own colour codes: SGR sequences of digits.
      expect(out.replace(new RegExp(`${ESC}\\[[\\d;]*m`, 'g'), '')).not.toContain(ESC);
      expect(out).not.toContain('\u202e');
      if (!color) expect(out).not.toContain(ESC);
      else expect(out).toContain(`${ESC}[31m${ESC}[1mreject${ESC}[0m${ESC}[0m`);
    }
  });
});
