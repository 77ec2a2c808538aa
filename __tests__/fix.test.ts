// The command each reject and review finding carries (src/decision/fix.ts): pure, from the
// finding's facts and the run's inputs; what it prints can be typed back into a shell.
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import {
  NO_LEDGER,
  addFixes,
  fixFor,
  fixForMany,
  shellQuote,
  type FixContext,
} from '../src/decision/fix.js';
import { RULES, rule } from '../src/decision/table.js';
import type { Finding, LedgerRow, RuleKey } from '../src/types.js';

const row = (over: Partial<LedgerRow>): LedgerRow => ({
  id: 'x',
  class: 'locked_fixture',
  line: 3,
  keyOffsets: {},
  ...over,
});
const ROWS = new Map<string, LedgerRow>([
  ['tests/t.py::test_a', row({ id: 'tests/t.py::test_a', artifact: 'tests/goldens/a b.txt' })],
  [
    'tests/t.py::test_p',
    row({ id: 'tests/t.py::test_p', class: 'property', seeds: 'tests/seeds/p' }),
  ],
]);
const ctx = (over: Partial<FixContext> = {}): FixContext => ({
  junit: ['build/junit-*.xml'],
  ledger: 'tests/ledger.yaml',
  row: (id) => ROWS.get(id),
  ...over,
});
const finding = (rule: RuleKey, over: Partial<Finding> = {}): Finding => ({
  rule,
  result: RULES.find((r) => r.key === rule)!.result,
  id: 'tests/t.py::test_a',
  status: 'pass',
  class: 'locked_fixture',
  message: 'm',
  ...over,
});

describe('fixFor', () => {
  it('fills each rule in from the finding and the run: ids and globs quoted for the shell', () => {
    expect(fixFor(finding('unclassified', { id: "tests/t.py::test_x[it's 1]" }), ctx())).toBe(
      `ledger-gate lock 'tests/t.py::test_x[it'\\''s 1]' --artifact {file} --junit 'build/junit-*.xml'`,
    );
    expect(fixFor(finding('fixture-digest-mismatch'), ctx())).toBe(
      "ledger-gate relock 'tests/goldens/a b.txt'",
    );
    expect(fixFor(finding('draft-pass'), ctx())).toBe(
      'ledger-gate promote tests/t.py::test_a   (or: ledger-gate drop tests/t.py::test_a)',
    );
    expect(fixFor(finding('fixture-contract-change'), ctx())).toBe('gh pr review --approve');
    expect(
      fixFor(finding('property-seeds-empty', { id: 'tests/t.py::test_p' }), ctx({ base: 'main' })),
    ).toBe('git checkout main -- tests/seeds/p');
    expect(fixFor(finding('classified-missing'), ctx({ ledger: 'ci/ledger.yaml' }))).toBe(
      'ledger-gate drop tests/t.py::test_a --ledger ci/ledger.yaml',
    );
    expect(
      fixFor(
        finding('classified-skip'),
        ctx({ collected: 'build/collected.txt', junit: ['a.xml', 'b.xml'] }),
      ),
    ).toBe('ledger-gate update --junit a.xml --junit b.xml --collected build/collected.txt');
    expect(
      fixFor(finding('collection-error', { id: null, file: 'tests/test_broken.py' }), ctx()),
    ).toBe('pytest --collect-only -q tests/test_broken.py');
  });

  it('no ledger at all: the next step is init over the same run', () => {
    const f = finding('ledger-invalid', {
      id: null,
      message: `${NO_LEDGER}: tests/ledger.yaml does not exist`,
    });
    expect(fixFor(f, ctx())).toBe(
      "ledger-gate init --junit 'build/junit-*.xml' --owner '<who answers for it>'",
    );
    expect(fixFor(finding('ledger-invalid', { id: null, message: 'unknown field' }), ctx())).toBe(
      'ledger-gate lint',
    );
  });

  it('no fix for a finding that needs no action, nor one that names a fact the finding lacks', () => {
    for (const r of RULES.filter((x) => x.result === 'admit' || x.result === 'info'))
      expect(fixFor(finding(r.key), ctx())).toBeUndefined();
    // A deleted golden's row is gone: no artifact to name.
    expect(fixFor(finding('fixture-missing', { id: 'tests/gone.py::t' }), ctx())).toBeUndefined();
  });

  it('every reject and review rule has a fix template, and every rule an action in plain words', () => {
    for (const r of RULES) {
      expect(r.action).not.toMatch(
        /^(inspect bytes or revert|promote or drop|classify before merge)$/,
      );
      if (r.result === 'reject' || r.result === 'review') expect(r.fix).toBeDefined();
      else expect(r.fix).toBeUndefined();
    }
  });

  it('one command for several findings: their shared fix, or the rule’s command for many', () => {
    const a = finding('unclassified', { id: 'tests/u.py::a' });
    const b = finding('unclassified', { id: 'tests/u.py::b' });
    const c = finding('unclassified', { id: 'tests/v.py::c' });
    addFixes([a, b, c], ctx());
    // Several new tests of one file are one entry: the same command in the JSON as printed.
    expect([a.fix, b.fix]).toEqual([
      "ledger-gate update --junit 'build/junit-*.xml'",
      "ledger-gate update --junit 'build/junit-*.xml'",
    ]);
    expect(fixForMany([a, b], ctx())).toBe(a.fix);
    // A file's one new test keeps its own lock.
    expect(c.fix).toBe(
      "ledger-gate lock tests/v.py::c --artifact {file} --junit 'build/junit-*.xml'",
    );
    const g = [finding('fixture-digest-mismatch'), finding('fixture-digest-mismatch')];
    addFixes(g, ctx());
    expect(fixForMany(g, ctx())).toBe("ledger-gate relock 'tests/goldens/a b.txt'");
    expect(rule('draft-pass').fixMany).toBeUndefined();
  });

  it('a rename (new tests with no row, an old row with no result) is one command: update', () => {
    const added = finding('unclassified', { id: 'tests/renamed.py::a' });
    const gone = finding('classified-missing', { id: 'tests/old.py::*', status: null });
    const other = finding('fixture-digest-mismatch');
    addFixes([added, gone, other], ctx());
    const update = "ledger-gate update --junit 'build/junit-*.xml'";
    expect([added.fix, gone.fix]).toEqual([update, update]);
    expect(other.fix).toBe("ledger-gate relock 'tests/goldens/a b.txt'");
    // Alone, each keeps its own command.
    const only = finding('classified-missing', { id: 'tests/old.py::*', status: null });
    addFixes([only], ctx());
    expect(only.fix).toBe("ledger-gate drop 'tests/old.py::*'");
  });

  it('shellQuote: the shell reads back exactly the word', () => {
    for (const s of ["it's", 'a b', 'x::y[1-2]', '*', '$HOME', '`x`', 'plain/path.py', '"q"']) {
      const echoed = execFileSync('sh', ['-c', `printf %s ${shellQuote(s)}`], { encoding: 'utf8' });
      expect(echoed).toBe(s);
    }
  });
});
