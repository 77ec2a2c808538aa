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
        'reject: 1 test has no ledger row.',
        '  To fix: 1 test file (1 test)',
        '  To review: 1 test file (1 test)',
        '  3 test cases',
        '  3 findings by result: 1 reject · 1 review · 1 admit · 0 info',
        '  rules matched: unclassified 1 · ledger-contract-change 1 · property-seeded 1',
        '',
        'reject unclassified · 1 — give the test a row: lock it to its own file (or a golden), or make it a property',
        '  tests/t.py::test_x (pass) tests/t.py:3',
        '    pass on an id missing from the ledger',
        '',
        "review ledger-contract-change · 1 — a reviewer checks the row's new contract and approves the pull request",
        '  tests/t.py::test_x (property) tests/ledger.yaml:9',
        '    row edited',
        '',
        'note: no base given',
        '',
      ].join('\n'),
    );
    expect(out).not.toContain('test_ok');
  });

  it("heads a rule with its findings' worst result: a review an option made a reject says reject", () => {
    const out = renderTerminal({
      report: report([
        finding({
          rule: 'mutant-survived',
          id: null,
          status: null,
          file: 'src/price.js',
          line: 8,
          message: 'src/price.js:8: 2 mutant(s) survived',
        }),
      ]),
      notes: [],
    });
    expect(out).toMatch(/^reject mutant-survived · 1 — /m);
    expect(out).not.toMatch(/^review mutant-survived/m);
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
          keyOffsets: {},
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
        "reject fixture-digest-mismatch · 94 — the golden's bytes changed but its row did not: if the change is meant, re-lock it (a reviewed contract change); if not, restore the file",
        '  golden tests/goldens/page.html: 94 tests',
        '    artifact tests/goldens/page.html is …',
        '    tests/r.py::test_0  tests/ledger.yaml:5',
        '    tests/r.py::test_1  tests/ledger.yaml:6',
        '    tests/r.py::test_2  tests/ledger.yaml:7',
        '    … and 91 more',
      ].join('\n'),
    );
  });

  it('lists at most maxEntries entries, shared out per rule: a rule with many entries hides no other rule', () => {
    // 73 new tests in 73 files, then a draft and a failing test: those need other commands.
    const findings = [
      ...Array.from({ length: 73 }, (_, i) => finding({ id: `tests/t${i}.py::test_new` })),
      finding({
        rule: 'draft-pass',
        id: 'tests/d.py::test_d',
        class: 'draft',
        fix: 'ledger-gate promote tests/d.py::test_d',
      }),
      finding({
        rule: 'classified-fail',
        id: 'tests/f.py::test_f',
        status: 'fail',
        class: 'locked_fixture',
      }),
    ];
    const out = renderTerminal({ report: report(findings), notes: [] }, { maxEntries: 30 });
    expect(out.match(/^ {2}tests\/t\d+\.py::test_new/gm)).toHaveLength(28);
    expect(out).toContain('\n  tests/d.py::test_d (pass, draft)\n');
    // Its command is in the block at the top, and not said again under its entry.
    expect(out).toContain(
      '\n  These commands clear it, from the repository root; commit what they write:\n' +
        '    ledger-gate promote tests/d.py::test_d\n',
    );
    expect(out.match(/ledger-gate promote/g)).toHaveLength(1);
    expect(out).toContain('\n  tests/f.py::test_f (fail, locked_fixture)\n');
    expect(out).toContain('\n  … and 45 more unclassified findings\n');
    expect(out).toContain(
      '\n45 findings not listed: --summary FILE or --json FILE lists every one\n',
    );
  });

  it('one entry per test file for unclassified tests, with the one command for all of them; digests shortened', () => {
    const d = (c: string) => `sha256:${c.repeat(64)}`;
    const findings = [
      ...['a', 'b', 'c'].map((n) =>
        finding({
          id: `tests/t.py::test_${n}`,
          fix: `ledger-gate lock tests/t.py::test_${n} --artifact {file} --junit 'r/*.xml'`,
        }),
      ),
      finding({
        rule: 'fixture-digest-mismatch',
        id: 'tests/g.py::test_g',
        class: 'locked_fixture',
        message: `artifact tests/goldens/g.txt is ${d('a')}, the ledger says ${d('b')}`,
        fix: 'ledger-gate relock tests/goldens/g.txt',
      }),
    ];
    const fix = { junit: ['r/*.xml'], ledger: 'tests/ledger.yaml', row: () => undefined };
    const out = renderTerminal({ report: report(findings), notes: [], fix });
    // The commands first, each once; the headline counts files, the tests in parentheses.
    expect(out).toContain(
      '\n    ledger-gate relock tests/goldens/g.txt\n' +
        "    ledger-gate update --junit 'r/*.xml'\n" +
        '  To fix: 2 test files (4 tests)\n',
    );
    expect(out).toContain(
      [
        '  test file tests/t.py: 3 tests',
        '    pass on an id missing from the ledger',
        '    tests/t.py::test_a  ',
        '    tests/t.py::test_b  ',
        '    tests/t.py::test_c  ',
        '',
      ].join('\n'),
    );
    expect(out).toContain(
      '    artifact tests/goldens/g.txt is sha256:aaaaaaaa…, the ledger says sha256:bbbbbbbb…\n',
    );
    expect(out.match(/ledger-gate (relock|update)/g)).toHaveLength(2);
  });

  it('one line per distinct command: entries sharing a fix list it once, saying what to pass back', () => {
    const collect =
      'pytest --collect-only -q > collected.txt   (then pass --collected collected.txt)';
    const update = "ledger-gate update --junit 'r/*.xml'";
    const findings = [
      ...[1, 2, 3].map((n) =>
        finding({
          rule: 'report-unmapped',
          id: null,
          status: 'pass',
          message: `case ${n}`,
          fix: collect,
        }),
      ),
      finding({ id: 'tests/new.py::test_a', fix: update }),
      finding({ rule: 'classified-missing', id: 'tests/old.py::*', status: null, fix: update }),
    ];
    const out = renderTerminal({ report: report(findings), notes: [] });
    // Once each: the root cause's (report-unmapped) alone at the top, its aside a shell comment
    // so the line runs as it is; the rest under their entries.
    expect(out.split('\n').filter((l) => l.includes('collected.txt'))).toEqual([
      '    pytest --collect-only -q > collected.txt   # then pass --collected collected.txt',
    ]);
    expect(out.split('\n').filter((l) => l.includes('ledger-gate update'))).toEqual([
      `    fix: ${update}`,
    ]);
  });

  it('a {file} lock touched by one honest edit: the rows of the file are one review entry, not one per test', () => {
    const rows = new Map<string, LedgerRow>();
    const findings: Finding[] = [];
    for (let i = 0; i < 767; i++) {
      const id = `tests/test_big.py::test_${i}`;
      rows.set(id, {
        id,
        class: 'locked_fixture',
        artifact: 'tests/test_big.py',
        line: i + 3,
        keyOffsets: {},
      });
      findings.push(
        finding({
          rule: 'ledger-contract-change',
          result: 'review',
          id,
          status: null,
          class: 'locked_fixture',
          message: `change edits an existing row: digest sha256:${'1'.repeat(64)} → sha256:${'2'.repeat(64)} (a human's commit)`,
          accepts: `${id}: class locked_fixture, digest sha256:${'2'.repeat(64)}, artifact tests/test_big.py`,
          fix: 'gh pr review --approve',
        }),
      );
    }
    const out = renderTerminal({ report: report(findings), notes: [], ledger: { byId: rows } });
    expect(out.match(/^ {2}file tests\/test_big\.py: 767 tests$/gm)).toHaveLength(1);
    expect(out).toContain(
      "    change edits an existing row: digest sha256:11111111… → sha256:22222222… (a human's commit); " +
        "an approval accepts each row's class locked_fixture, digest sha256:22222222…, artifact tests/test_big.py\n",
    );
    expect(out).toContain(
      '\n  Who can admit it: a reviewer with write access, neither the author nor an agent, approving the pull request on its head commit:\n' +
        '    gh pr review --approve\n',
    );
    expect(out).toContain('    … and 764 more\n');
    expect(out.match(/gh pr review/g)).toHaveLength(1);
    expect(out).not.toContain('not listed');
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
