// decide() on plain data: one test per rule path, no files, no mocks.
import { describe, expect, test } from '@jest/globals';
import { applyApproval } from '../src/decision/approve.js';
import { decide as decideColumns, type DecideInput } from '../src/decision/decide.js';
import { RULES } from '../src/decision/table.js';
import { NO_REASON, TODO_REASON } from '../src/decision/skip-reason.js';
import type { Change, Ledger, LedgerRow, Status, TestResult } from '../src/types.js';
import { withAdmits } from './support/findings.js';

/** decide() with its plain admits made findings: these tests read every finding. */
const decide = (i: DecideInput) => withAdmits(decideColumns(i));

const D1 = 'sha256:' + '1'.repeat(64);
const D2 = 'sha256:' + '2'.repeat(64);

function row(
  id: string,
  fields: Partial<LedgerRow> & Pick<LedgerRow, 'class'>,
  line = 3,
): LedgerRow {
  return { id, line, keyOffsets: {}, ...fields };
}
const fixture = (id: string, digest = D1, artifact = 'g/a.bin') =>
  row(id, { class: 'locked_fixture', digest, artifact });
const prop = (id: string, seeds = 'seeds/a/') =>
  row(id, { class: 'property', invariant: 'inv', seeds });
const quarantine = (id: string) =>
  row(id, { class: 'quarantine', opened: '2026-01-01', reason: 'r', owner: 'human' });
const draft = (id: string) =>
  row(id, { class: 'draft', source: 'agent', proposed_class: 'property' });

function ledgerOf(...rows: LedgerRow[]): Ledger {
  return { file: 'tests/ledger.yaml', rows, byId: new Map(rows.map((r) => [r.id, r])) };
}
const t = (id: string, status: Status = 'pass', flaky = false): TestResult => ({
  id,
  status,
  flaky,
  reports: ['r.xml'],
});

function input(over: Partial<DecideInput> & { ledger?: Ledger }): DecideInput {
  return {
    ledgerFile: 'tests/ledger.yaml',
    ledgerErrors: [],
    tests: [],
    unmapped: [],
    reportProblems: [],
    artifacts: new Map([['g/a.bin', { digest: D1 }]]),
    seeds: new Map([['seeds/a/', { files: 2 }]]),
    isProduction: (p) => p.startsWith('src/'),
    expect: 'all',
    ...over,
  };
}

function change(over: Partial<Change> = {}): Change {
  return {
    baseSha: 'b'.repeat(40),
    changed: [],
    baseLedger: null,
    agentAuthored: false,
    authorship: 'test',
    source: 'git',
    ...over,
  };
}
const baseLedger = (...rows: LedgerRow[]) => ({ ledger: ledgerOf(...rows), errors: [] });

const rulesOf = (i: DecideInput) => decide(i).findings.map((f) => `${f.rule}:${f.id}`);

describe('per test case', () => {
  test('a run of 300 000 cases decides (no spread of its findings onto the call stack)', () => {
    const tests = Array.from({ length: 300_000 }, (_, i) => t(`f.py::test_${i}`));
    const r = decideColumns(input({ ledger: ledgerOf(fixture('f.py::*')), tests }));
    expect(r.decision).toBe('admit');
    // Every case admitted, and not one finding object made for them: they are columns.
    expect(r.findings).toHaveLength(0);
    expect(r.admits?.length).toBe(300_000);
    expect(r.counts.admit).toBe(300_000);
  });

  test("interleaved goldens' and seeds' admitted cases each keep their own message", () => {
    const ledger = ledgerOf(
      fixture('a', D1, 'g/a.bin'),
      fixture('b', D2, 'g/b.bin'),
      prop('p'),
      prop('q', 'seeds/b/'),
    );
    const artifacts = new Map([
      ['g/a.bin', { digest: D1 }],
      ['g/b.bin', { digest: D2 }],
    ]);
    const seeds = new Map([
      ['seeds/a/', { files: 2 }],
      ['seeds/b/', { files: 5 }],
    ]);
    const tests = ['a', 'b', 'a', 'p', 'q', 'p'].map((id) => t(id));
    const r = decide(input({ ledger, tests, artifacts, seeds }));
    expect(r.findings.map((f) => f.message)).toEqual([
      'artifact g/a.bin matches its digest',
      'artifact g/b.bin matches its digest',
      'artifact g/a.bin matches its digest',
      'invariant inv with 2 seed file(s)',
      'invariant inv with 5 seed file(s)',
      'invariant inv with 2 seed file(s)',
    ]);
  });

  test('locked fixture that passes with a matching digest is admitted', () => {
    const r = decide(input({ ledger: ledgerOf(fixture('a')), tests: [t('a')] }));
    expect(r.decision).toBe('admit');
    expect(r.findings).toEqual([
      expect.objectContaining({
        rule: 'fixture-unchanged',
        result: 'admit',
        id: 'a',
        class: 'locked_fixture',
        line: 3,
      }),
    ]);
  });

  test('digest mismatch rejects even a passing test', () => {
    const r = decide(input({ ledger: ledgerOf(fixture('a', D2)), tests: [t('a')] }));
    expect(r.decision).toBe('reject');
    expect(r.findings.map((f) => f.rule)).toEqual(['fixture-digest-mismatch']);
  });

  test('a missing artifact rejects', () => {
    const r = decide(
      input({
        ledger: ledgerOf(fixture('a')),
        tests: [t('a')],
        artifacts: new Map([['g/a.bin', { problem: 'no such file' }]]),
      }),
    );
    expect(r.findings[0]).toMatchObject({ rule: 'fixture-missing', result: 'reject' });
    expect(r.findings[0].message).toContain('no such file');
  });

  test('property with seeds is admitted, without seeds rejected', () => {
    expect(rulesOf(input({ ledger: ledgerOf(prop('p')), tests: [t('p')] }))).toEqual([
      'property-seeded:p',
    ]);
    const empty = input({
      ledger: ledgerOf(prop('p')),
      tests: [t('p')],
      seeds: new Map([['seeds/a/', { files: 0 }]]),
    });
    expect(rulesOf(empty)).toEqual(['property-seeds-empty:p']);
  });

  test.each([
    ['pass', 'quarantine-pass', 'reject'],
    ['fail', 'quarantine-fail', 'info'],
    ['error', 'quarantine-fail', 'info'],
    ['skip', 'quarantine-removed', 'reject'],
  ] as const)('quarantine %s → %s', (status, key, result) => {
    const r = decide(input({ ledger: ledgerOf(quarantine('q')), tests: [t('q', status)] }));
    expect(r.findings).toEqual([expect.objectContaining({ rule: key, result })]);
  });

  test.each([
    ['pass', 'draft-pass'],
    ['fail', 'draft-not-passing'],
    ['skip', 'draft-not-passing'],
  ] as const)(
    'draft %s → %s (beside a locked test: a run of drafts alone holds no evidence)',
    (status, key) => {
      const ledger = ledgerOf(draft('d'), fixture('f'));
      expect(rulesOf(input({ ledger, tests: [t('d', status), t('f')] })).sort()).toEqual(
        [`${key}:d`, 'fixture-unchanged:f'].sort(),
      );
    },
  );

  test('an unclassified pass, fail or skip rejects', () => {
    const r = decide(
      input({ ledger: ledgerOf(), tests: [t('x'), t('y', 'fail'), t('z', 'skip')] }),
    );
    expect(r.findings.map((f) => f.rule)).toEqual(['unclassified', 'unclassified', 'unclassified']);
    expect(r.counts).toEqual({ cases: 3, admit: 0, review: 0, reject: 3, info: 0 });
  });

  test('classified fail, error and an unexpected skip reject', () => {
    const l = ledgerOf(fixture('a'), prop('p'), fixture('b'));
    const r = decide(
      input({ ledger: l, tests: [t('a', 'fail'), t('p', 'error'), t('b', 'skip')] }),
    );
    expect(r.findings.map((f) => `${f.rule}:${f.result}:${f.id}`)).toEqual([
      'classified-fail:reject:a',
      'classified-fail:reject:p',
      'classified-skip:reject:b',
    ]);
    expect(r.findings[2].message).toBe(
      'skipped locked_fixture test, and its row gives no `skip:` reason',
    );
  });

  const skips = (id: string, over: Partial<TestResult> = {}): TestResult => ({
    ...t(id, 'skip'),
    ...over,
  });
  const expecting = <R extends LedgerRow>(r: R): R => ({ ...r, skip: 'windows-only' });

  test('a skip with the reason its row names is info; so are an xfail and a todo there', () => {
    const l = ledgerOf(expecting(fixture('a')), expecting(prop('p')), expecting(quarantine('q')));
    for (const outcome of [undefined, 'xfail', 'todo'] as const) {
      const reason = { skipReasons: ['windows-only'] };
      const tests = ['a', 'p', 'q'].map((id) =>
        skips(id, outcome ? { outcome, ...reason } : reason),
      );
      const r = decide(input({ ledger: l, tests }));
      expect(r.decision).toBe('admit');
      const want = outcome === 'xfail' ? 'quarantine-fail' : 'expected-skip';
      expect(r.findings.map((f) => `${f.rule}:${f.id}`).sort()).toEqual(
        ['expected-skip:a', 'expected-skip:p', `${want}:q`].sort(),
      );
      expect(r.findings.find((f) => f.id === 'a')!.message).toContain(
        'its row expects a skip: windows-only',
      );
    }
  });

  test('a skip with another reason than its row names rejects, both reasons in the message', () => {
    const l = ledgerOf(expecting(fixture('a')), expecting(quarantine('q')));
    const other = { skipReasons: ['flaky on CI'] };
    const r = decide(input({ ledger: l, tests: [skips('a', other), skips('q', other)] }));
    expect(r.findings.map((f) => `${f.rule}:${f.result}:${f.id}`)).toEqual([
      'quarantine-removed:reject:q',
      'classified-skip:reject:a',
    ]);
    for (const f of r.findings)
      expect(f.message).toContain(
        `the report's reason "flaky on CI" is not the one its row expects: "windows-only"`,
      );
    // Several reports, one of them with another reason: that one is not the row's skip.
    const mixed = { skipReasons: ['windows-only', 'flaky on CI'] };
    expect(rulesOf(input({ ledger: l, tests: [skips('a', mixed), skips('q')] }))).toEqual([
      'quarantine-removed:q',
      'classified-skip:a',
    ]);
  });

  test('a skip the report gives no reason for matches only the token init writes for one', () => {
    const row = (skip: string) => ledgerOf({ ...fixture('a'), skip });
    const none = skips('a', { skipReasons: [''] });
    const ruleOf = (l: Ledger, t: TestResult) =>
      decide(input({ ledger: l, tests: [t] })).findings[0];
    expect(ruleOf(row('windows-only'), none).rule).toBe('classified-skip');
    expect(ruleOf(row('windows-only'), none).message).toContain(
      'no reason (reads as "skipped when frozen by ledger-gate init")',
    );
    expect(ruleOf(row(NO_REASON), none).rule).toBe('expected-skip');
    // A result without any recorded reason reads the same.
    expect(ruleOf(row(NO_REASON), skips('a')).rule).toBe('expected-skip');
    // A todo without a reason reads as its own token, not a plain skip's.
    const todo = skips('a', { outcome: 'todo', skipReasons: [''] });
    expect(ruleOf(row(TODO_REASON), todo).rule).toBe('expected-skip');
    expect(ruleOf(row(NO_REASON), todo).rule).toBe('classified-skip');
    // An empty `skip:` names no reason a skip can have.
    expect(ruleOf(row(''), none).rule).toBe('classified-skip');
  });

  test('an xfail or a todo on a classified row is a skip: it rejects without a skip reason', () => {
    const l = ledgerOf(fixture('a'), prop('p'));
    const r = decide(
      input({
        ledger: l,
        tests: [skips('a', { outcome: 'xfail' }), skips('p', { outcome: 'todo' })],
      }),
    );
    expect(r.findings.map((f) => `${f.rule}:${f.result}:${f.id}`)).toEqual([
      'classified-skip:reject:a',
      'classified-skip:reject:p',
    ]);
    expect(r.findings[0].message).toMatch(/^xfail \(an expected failure, not evidence\)/);
    expect(
      decide(input({ ledger: ledgerOf(), tests: [skips('x', { outcome: 'todo' })] })).findings[0]
        .message,
    ).toBe('skip (todo) on an id missing from the ledger');
    expect(r.findings[1].message).toMatch(/^todo \(a test not written yet\)/);
  });

  test('an xfail on a quarantine row is an expected failure; a plain skip there rejects', () => {
    const l = ledgerOf(quarantine('q'), quarantine('r'));
    const r = decide(input({ ledger: l, tests: [skips('q', { outcome: 'xfail' }), skips('r')] }));
    expect(r.findings.map((f) => `${f.rule}:${f.result}:${f.id}`)).toEqual([
      'quarantine-removed:reject:r',
      'quarantine-fail:info:q',
    ]);
  });

  test('a row that expects a skip is judged as usual when its test runs', () => {
    const l = ledgerOf(expecting(fixture('a')), expecting(quarantine('q')));
    expect(rulesOf(input({ ledger: l, tests: [t('a', 'fail'), t('q')] }))).toEqual([
      'quarantine-pass:q',
      'classified-fail:a',
    ]);
  });

  test('same-named tests in one report: every status they had is judged, the most severe stands', () => {
    const twins = (id: string, statuses: Status[], status: Status): TestResult => ({
      ...t(id, status),
      duplicates: { count: statuses.length, report: 'r.xml', statuses },
    });
    const l = ledgerOf(fixture('a'), quarantine('q'), draft('d'));
    const r = decide(
      input({
        ledger: l,
        tests: [
          twins('a', ['pass', 'fail'], 'fail'),
          twins('q', ['pass', 'fail'], 'fail'),
          twins('d', ['pass', 'error'], 'error'),
        ],
      }),
    );
    // A failing twin fails a locked row; a passing twin passes a quarantine or a draft row.
    expect(r.findings.map((f) => `${f.rule}:${f.status}:${f.id}`)).toEqual([
      'quarantine-pass:pass:q',
      'draft-pass:pass:d',
      'classified-fail:fail:a',
    ]);
    expect(r.findings[2].message).toBe(
      'fail on a locked_fixture test (2 cases with this id in r.xml: same-named tests, judged by the worst result)',
    );
  });

  test('a flaky pass rejects, but a quarantined flaky pass is still quarantine-pass', () => {
    expect(
      rulesOf(input({ ledger: ledgerOf(fixture('a')), tests: [t('a', 'pass', true)] })),
    ).toEqual(['flaky-pass:a']);
    expect(
      rulesOf(input({ ledger: ledgerOf(quarantine('q')), tests: [t('q', 'pass', true)] })),
    ).toEqual(['quarantine-pass:q']);
  });
});

describe('rows without a result', () => {
  const l = ledgerOf(
    fixture('tests/a.py::t1'),
    prop('tests/b.py::t2'),
    quarantine('tests/b.py::q'),
    draft('tests/c.py::d'),
  );

  test('expect all: every fixture/property row needs a result, a quarantine too', () => {
    const r = decide(input({ ledger: l, tests: [t('tests/x.py::other')] }));
    expect(r.findings.map((f) => `${f.rule}:${f.id}`).sort()).toEqual(
      [
        'classified-missing:tests/a.py::t1',
        'classified-missing:tests/b.py::t2',
        'quarantine-removed:tests/b.py::q',
        'unclassified:tests/x.py::other',
      ].sort(),
    );
  });

  test('a collected id with a row must have a result, whatever expect says (a lost shard)', () => {
    const r = decide(
      input({
        ledger: l,
        tests: [t('tests/b.py::t2')],
        expect: 'ran-files',
        collected: ['tests/a.py::t1', 'tests/b.py::t2', 'tests/c.py::d', 'tests/z.py::no_row'],
      }),
    );
    expect(r.findings.map((f) => `${f.rule}:${f.id}`)).toEqual([
      'quarantine-removed:tests/b.py::q',
      'classified-missing:tests/a.py::t1',
      'property-seeded:tests/b.py::t2',
    ]);
    expect(r.findings[1].message).toBe('collected, but no result in any report');
    // Without the collected list, tests/a.py did not run: its row is not expected.
    expect(
      rulesOf(input({ ledger: l, tests: [t('tests/b.py::t2')], expect: 'ran-files' })),
    ).not.toContain('classified-missing:tests/a.py::t1');
  });

  test('expect ran-files: only rows of files that ran', () => {
    const ledger = ledgerOf(
      ...l.rows,
      row('tests/x.py::gone', { class: 'locked_fixture', digest: D1, artifact: 'g/a.bin' }),
    );
    const r = decide(input({ ledger, tests: [t('tests/b.py::t2')], expect: 'ran-files' }));
    expect(r.findings.map((f) => `${f.rule}:${f.id}`)).toEqual([
      'quarantine-removed:tests/b.py::q',
      'property-seeded:tests/b.py::t2',
    ]);
  });
});

describe('inputs that are not evidence', () => {
  test('an invalid ledger classifies nothing', () => {
    const r = decide(
      input({
        ledger: ledgerOf(fixture('a')),
        ledgerErrors: [
          { message: 'unknown field digets', file: 'tests/ledger.yaml', line: 7, column: 5 },
        ],
        tests: [t('a')],
      }),
    );
    expect(r.decision).toBe('reject');
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'ledger-invalid', line: 7 })]);
    expect(r.counts.admit).toBe(0);
  });

  test('no test case at all is report-invalid', () => {
    expect(rulesOf(input({ ledger: ledgerOf() }))).toEqual(['report-invalid:null']);
  });

  test('report problems and unmapped cases reject', () => {
    const r = decide(
      input({
        ledger: ledgerOf(),
        reportProblems: [{ file: 'bad.xml', message: 'DOCTYPE refused' }],
        unmapped: [
          {
            case: { name: 'n', classname: 'c', status: 'pass', flakyAttempts: 0, report: 'r.xml' },
            reason: 'no collected id',
            candidates: [],
          },
        ],
      }),
    );
    expect(r.findings.map((f) => f.rule)).toEqual(['report-unmapped', 'report-invalid']);
    expect(r.counts.cases).toBe(1);
  });
});

describe('the change against the base', () => {
  test('a golden rewritten with its digest bumped asks for review; by an agent it rejects', () => {
    const head = ledgerOf(fixture('a', D2));
    const artifacts = new Map([['g/a.bin', { digest: D2 }]]);
    const human = change({
      changed: [{ path: 'g/a.bin', status: 'M' }],
      baseLedger: baseLedger(fixture('a', D1)),
    });
    const r = decide(input({ ledger: head, tests: [t('a')], artifacts, change: human }));
    expect(r.decision).toBe('review');
    // One cause, one finding: the digest bump is the test's review, which accepts the row.
    expect(r.findings.map((f) => f.rule)).toEqual(['fixture-contract-change']);
    expect(r.findings[0].accepts).toBe(`a: class locked_fixture, digest ${D2}, artifact g/a.bin`);
    const agent = decide(
      input({
        ledger: head,
        tests: [t('a')],
        artifacts,
        change: { ...human, agentAuthored: true },
      }),
    );
    expect(agent.decision).toBe('reject');
    expect(agent.findings.map((f) => f.rule)).toEqual([
      'ledger-agent-edit',
      'fixture-contract-change',
    ]);
  });

  test('seeds deleted or rewritten ask for review; added seeds do not', () => {
    const base = baseLedger(prop('p'));
    const shrunk = change({ changed: [{ path: 'seeds/a/one', status: 'D' }], baseLedger: base });
    expect(
      rulesOf(input({ ledger: ledgerOf(prop('p')), tests: [t('p')], change: shrunk })),
    ).toEqual(['property-seeds-shrunk:p']);
    const grown = change({ changed: [{ path: 'seeds/a/new', status: 'A' }], baseLedger: base });
    expect(rulesOf(input({ ledger: ledgerOf(prop('p')), tests: [t('p')], change: grown }))).toEqual(
      ['property-seeded:p'],
    );
  });

  test('production and golden changed together without a bump', () => {
    const c = change({
      changed: [
        { path: 'src/x.ts', status: 'M' },
        { path: 'g/a.bin', status: 'M' },
      ],
      baseLedger: baseLedger(fixture('a')),
    });
    const r = decide(input({ ledger: ledgerOf(fixture('a')), tests: [t('a')], change: c }));
    expect(r.findings.map((f) => f.rule)).toEqual([
      'production-golden-no-bump',
      'fixture-unchanged',
    ]);
    // Golden globs, when given, decide what a golden is.
    const withGlobs = decide(
      input({
        ledger: ledgerOf(fixture('a')),
        tests: [t('a')],
        change: c,
        isGolden: (p) => p.startsWith('other/'),
      }),
    );
    expect(withGlobs.findings.map((f) => f.rule)).toEqual(['fixture-unchanged']);
  });

  test('a golden added beside production code is no missing bump: no row locks it, or only a row the change adds', () => {
    const c = (rows: LedgerRow[]) =>
      change({
        changed: [
          { path: 'src/x.ts', status: 'M' },
          { path: 'g/a.bin', status: 'A' },
        ],
        baseLedger: baseLedger(...rows),
      });
    // With --goldens naming g/**, as the real case had (no row named the new golden).
    const b = fixture('b', D1, 'g/b.bin');
    const unlocked = decide(
      input({
        ledger: ledgerOf(b),
        tests: [t('b')],
        artifacts: new Map([['g/b.bin', { digest: D1 }]]),
        change: c([b]),
        isGolden: (p) => p.startsWith('g/'),
      }),
    );
    expect(unlocked.findings.map((f) => f.rule)).toEqual(['fixture-unchanged']);
    const newRow = decide(
      input({ ledger: ledgerOf(fixture('a')), tests: [t('a')], change: c([]) }),
    );
    expect(newRow.findings.map((f) => f.rule)).toEqual([
      'ledger-contract-change',
      'fixture-unchanged',
    ]);
    // A row the base already had, naming a golden the base lacked, still needs its bump.
    const stale = decide(
      input({ ledger: ledgerOf(fixture('a')), tests: [t('a')], change: c([fixture('a')]) }),
    );
    expect(stale.findings.map((f) => f.rule)).toEqual([
      'production-golden-no-bump',
      'fixture-unchanged',
    ]);
  });

  test('adding or changing an expected-skip reason is a contract change; by an agent it rejects', () => {
    // Its `skip:` on line 7, four below the row's.
    const skipping = { ...fixture('a'), skip: 'windows-only', keyOffsets: { skip: 4 } };
    for (const [before, after, what] of [
      [fixture('a'), skipping, 'skip (none) → windows-only'],
      [{ ...skipping, skip: 'old' }, skipping, 'skip old → windows-only'],
      [skipping, fixture('a'), 'skip windows-only → (none)'],
    ] as const) {
      const c = change({ baseLedger: baseLedger(before) });
      const human = decide(input({ ledger: ledgerOf(after), tests: [t('a')], change: c }));
      expect(human.findings[0]).toMatchObject({ rule: 'ledger-contract-change', result: 'review' });
      expect(human.findings[0].message).toContain(what);
      expect(human.findings[0].line).toBe(after === skipping ? 7 : 3);
      const agent = decide(
        input({ ledger: ledgerOf(after), tests: [t('a')], change: { ...c, agentAuthored: true } }),
      );
      expect(agent.findings[0]).toMatchObject({ rule: 'ledger-agent-edit', result: 'reject' });
    }
  });

  test('row edits, deletions and non-draft additions are contract changes; appended drafts are not', () => {
    const base = baseLedger(fixture('a'), quarantine('q'), draft('d'), prop('p'));
    const head = ledgerOf(
      fixture('a'),
      prop('d'),
      row('p', { class: 'property', invariant: 'other', seeds: 'seeds/a/' }),
      draft('new-draft'),
      fixture('new'),
    );
    const r = decide(
      input({
        ledger: head,
        tests: [t('a'), t('p'), t('d'), t('new-draft', 'fail'), t('new')],
        change: change({ baseLedger: base }),
      }),
    );
    const ledgerFindings = r.findings.filter(
      (f) => f.rule === 'ledger-contract-change' || f.rule === 'quarantine-removed',
    );
    expect(ledgerFindings.map((f) => `${f.rule}:${f.id}`).sort()).toEqual(
      [
        'ledger-contract-change:q',
        'ledger-contract-change:d',
        'ledger-contract-change:p',
        'ledger-contract-change:new',
      ].sort(),
    );
  });

  test('a quarantine re-classed (unfrozen) is a contract change, judged by its new class', () => {
    const r = decide(
      input({
        ledger: ledgerOf(fixture('q')),
        tests: [t('q')],
        change: change({ baseLedger: baseLedger(quarantine('q')) }),
      }),
    );
    expect(r.findings.map((f) => f.rule)).toEqual(['ledger-contract-change', 'fixture-unchanged']);
  });

  test('without a base ledger every non-draft row is new', () => {
    const r = decide(
      input({
        ledger: ledgerOf(fixture('a'), draft('d')),
        tests: [t('a'), t('d', 'fail')],
        change: change({ baseLedger: null }),
      }),
    );
    expect(r.decision).toBe('review');
    expect(r.findings.filter((f) => f.rule === 'ledger-contract-change').map((f) => f.id)).toEqual([
      'a',
    ]);
  });
});

describe('approval and ordering', () => {
  test('approval turns review into admit and records the approver', () => {
    const r = decide(
      input({
        ledger: ledgerOf(fixture('a')),
        tests: [t('a')],
        change: change({ baseLedger: null }),
      }),
    );
    expect(r.decision).toBe('review');
    const approved = applyApproval(r, 'maria');
    expect(approved.decision).toBe('admit');
    expect(approved.findings.find((f) => f.rule === 'ledger-contract-change')).toMatchObject({
      result: 'admit',
      approved_by: 'maria',
    });
    expect(approved.counts.review).toBe(0);
  });

  test('approval cannot lift a reject', () => {
    const r = decide(
      input({ ledger: ledgerOf(), tests: [t('x')], change: change({ baseLedger: null }) }),
    );
    expect(applyApproval(r, 'maria').decision).toBe('reject');
  });

  test('every rule key in the table has a distinct result-bearing row', () => {
    expect(new Set(RULES.map((r) => r.key)).size).toBe(42);
    expect(RULES.filter((r) => r.result === 'review').map((r) => r.key)).toEqual([
      'fixture-contract-change',
      'property-seeds-shrunk',
      'ledger-contract-change',
      'dependency-change',
      'harness-change',
      'production-gaming-shape',
      'production-conduct',
      'passes-without-change',
      'no-failing-test',
      'mutant-survived',
    ]);
  });
});
