// File rows (`FILE::*`) and the ledger's `rules:` key: read by both readers alike, checked by
// the validator and the JSON Schema alike, and judged by decide() on plain data.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseDocument } from 'yaml';
import { decide as decideColumns, type DecideInput } from '../src/decision/decide.js';
import { isFileRowId, rowFor } from '../src/ledger/file-rows.js';
import { parseLedger } from '../src/ledger/parse.js';
import type { Change, Ledger, Status, TestResult } from '../src/types.js';
import { both, messages } from './support/readers.js';
import { withAdmits } from './support/findings.js';

/** decide() with its plain admits made findings: these tests read every finding. */
const decide = (i: DecideInput) => withAdmits(decideColumns(i));

const D1 = 'sha256:' + '1'.repeat(64);
const D2 = 'sha256:' + '2'.repeat(64);

const LEDGER = [
  'version: 1',
  'rules:',
  "  - 'tests/props/*=property:inv:tests/seeds/'",
  "  - '*=locked_fixture:{file}'",
  'rows:',
  '  - id: tests/test_a.py::*',
  '    class: locked_fixture',
  `    digest: ${D1}`,
  '  - id: tests/test_a.py::test_flaky',
  '    class: quarantine',
  '    opened: 2026-01-01',
  '    reason: order-dependent',
  '    owner: human',
  '',
].join('\n');

describe('reading file rows and rules', () => {
  test('both readers read a file row (its artifact is its file) and the rules alike', () => {
    const [fast, yaml] = both(LEDGER);
    expect(fast).not.toBeNull();
    for (const p of [fast, yaml]) {
      expect(p.errors).toEqual([]);
      expect(p.ledger!.rules).toEqual([
        'tests/props/*=property:inv:tests/seeds/',
        '*=locked_fixture:{file}',
      ]);
      const file = p.ledger!.byId.get('tests/test_a.py::*')!;
      expect(file).toMatchObject({
        class: 'locked_fixture',
        digest: D1,
        artifact: 'tests/test_a.py',
      });
      expect(file.keyOffsets.artifact).toBeUndefined();
    }
    expect(fast.ledger!.rows).toEqual(yaml.ledger!.rows);
  });

  test('an exact-id row beats its file row; a test of another file has none', () => {
    const l = parseLedger(LEDGER, 'l.yaml').ledger!;
    expect(rowFor(l, 'tests/test_a.py::test_flaky')!.class).toBe('quarantine');
    expect(rowFor(l, 'tests/test_a.py::test_new[1-2]')!.id).toBe('tests/test_a.py::*');
    expect(rowFor(l, 'tests/test_b.py::test_x')).toBeUndefined();
    expect(rowFor(l, 'no-file-part')).toBeUndefined();
  });

  test('interleaved files, a file that is a prefix of another and two ledgers each find their own row', () => {
    const l = parseLedger(LEDGER, 'l.yaml').ledger!;
    const other: Ledger = { file: 'o.yaml', rows: [], byId: new Map() };
    const ids = [
      'tests/test_a.py::test_new',
      'tests/test_b.py::test_x',
      'tests/test_a.py::test_new',
      'tests/test_a.pyx::test_y',
      'tests/test_a.py::test_new',
      '::test_z',
    ];
    expect(ids.map((id) => rowFor(l, id)?.id)).toEqual([
      'tests/test_a.py::*',
      undefined,
      'tests/test_a.py::*',
      undefined,
      'tests/test_a.py::*',
      undefined,
    ]);
    expect(rowFor(other, 'tests/test_a.py::test_new')).toBeUndefined();
  });

  test('only FILE::* with no other :: is a file row id', () => {
    expect(isFileRowId('tests/a.py::*')).toBe(true);
    for (const id of ['::*', 'tests/a.py::test_x', 'a::b::*', 'tests/a.py', 'a*'])
      expect(isFileRowId(id)).toBe(false);
  });

  test.each([
    [
      'a class other than locked_fixture',
      '  - id: tests/a.py::*\n    class: quarantine\n    opened: 2026-01-01\n    reason: r\n    owner: o\n',
      "4:5 a file row ('tests/a.py::*') is class locked_fixture, locked to its file; class quarantine needs a row per test id",
    ],
    [
      'an artifact written',
      `  - id: tests/a.py::*\n    class: locked_fixture\n    digest: ${D1}\n    artifact: tests/a.py\n`,
      "6:5 a file row's artifact is its own file (tests/a.py): remove `artifact:`, or write a list that holds it and its snapshots ([tests/a.py, …])",
    ],
    [
      'a non-canonical file',
      `  - id: ./tests/a.py::*\n    class: locked_fixture\n    digest: ${D1}\n`,
      "3:5 file row './tests/a.py::*' is not in canonical form; write 'tests/a.py::*'",
    ],
    [
      'a file outside the repository',
      `  - id: ../a.py::*\n    class: locked_fixture\n    digest: ${D1}\n`,
      "3:5 file row '../a.py::*': its file climbs out of the repository",
    ],
    [
      'no digest',
      '  - id: tests/a.py::*\n    class: locked_fixture\n',
      "3:5 row 'tests/a.py::*' (class locked_fixture) is missing field 'digest'",
    ],
  ])('refused, by both readers: %s', (_what, rows, message) => {
    for (const p of both(`version: 1\nrows:\n${rows}`)) expect(messages(p)).toEqual([message]);
  });

  test('a row of skip: alone inherits its file row (class, digest, artifact), wherever the file row stands', () => {
    const heir = '  - id: tests/test_a.py::test_skip\n    skip: windows-only\n';
    for (const text of [LEDGER + heir, LEDGER.replace('rows:\n', 'rows:\n' + heir)]) {
      const [fast, yaml] = both(text);
      for (const p of [fast, yaml]) {
        expect(p.errors).toEqual([]);
        expect(p.ledger!.byId.get('tests/test_a.py::test_skip')).toMatchObject({
          class: 'locked_fixture',
          digest: D1,
          artifact: 'tests/test_a.py',
          skip: 'windows-only',
          inherits: true,
        });
      }
      expect(fast.ledger!.rows).toEqual(yaml.ledger!.rows);
    }
  });

  test.each([
    [
      'no file row to inherit from',
      '  - id: tests/b.py::test_x\n    skip: r\n',
      "3:5 row 'tests/b.py::test_x' has no `class`; a row with only `skip:` inherits its file row, and 'tests/b.py::*' has none (add it, or write the row's class and fields)",
    ],
    [
      'another field beside skip',
      '  - id: tests/b.py::test_x\n    skip: r\n    owner: o\n',
      "3:5 row 'tests/b.py::test_x' has no `class`",
    ],
    [
      'no skip either',
      '  - id: tests/b.py::test_x\n',
      "3:5 row 'tests/b.py::test_x' has no `class`",
    ],
  ])('a row without a class is refused, by both readers: %s', (_what, rows, message) => {
    for (const p of both(`version: 1\nrows:\n${rows}`)) {
      expect(messages(p)).toEqual([message]);
      expect(p.ledger?.byId.has('tests/b.py::test_x') ?? false).toBe(false);
    }
  });

  test.each([
    ['not a list', 'rules: x\n', "2:1 `rules` must be a list of class rules, found 'x'"],
    [
      'a bad rule',
      "rules:\n  - 'tests/*=fixture:x'\n",
      "3:5 rule 'tests/*=fixture:x': expected 'ID_GLOB=property:INVARIANT:SEEDS_DIR' or 'ID_GLOB=locked_fixture:ARTIFACT_PATH|ARTIFACT_GLOB|{file}'",
    ],
    [
      'a path outside',
      "rules:\n  - '*=locked_fixture:../x'\n",
      "3:5 rule '*=locked_fixture:../x': artifact '../x' climbs out of the repository",
    ],
  ])('rules: refused when %s', (_what, rules, message) => {
    const text = `version: 1\n${rules}rows:\n  - id: a::b\n    class: locked_fixture\n    digest: ${D1}\n    artifact: a\n`;
    const [fast, yaml] = both(text);
    expect(fast).not.toBeNull();
    for (const p of [fast, yaml]) expect(messages(p)).toEqual([message]);
  });
});

describe('the JSON Schema agrees', () => {
  const schema = JSON.parse(readFileSync('schema/ledger.schema.json', 'utf8'));
  const Ajv = createRequire(import.meta.url)('ajv');
  const validate = new Ajv({ validateSchema: false, allErrors: true }).compile({
    ...schema,
    $schema: undefined,
  });
  const ok = (yaml: string) => validate(parseDocument(yaml, { version: '1.2' }).toJS()) as boolean;
  test('a file row and rules pass; a file row with an artifact or another class does not', () => {
    expect(ok(LEDGER)).toBe(true);
    expect(
      ok(
        `version: 1\nrows:\n  - id: t.py::*\n    class: locked_fixture\n    digest: ${D1}\n    artifact: t.py\n`,
      ),
    ).toBe(false);
    expect(
      ok(
        'version: 1\nrows:\n  - id: t.py::*\n    class: draft\n    source: agent\n    proposed_class: property\n',
      ),
    ).toBe(false);
    expect(
      ok(`version: 1\nrows:\n  - id: t.py::x\n    class: locked_fixture\n    digest: ${D1}\n`),
    ).toBe(false);
    expect(ok("version: 1\nrules:\n  - 'nonsense'\nrows: []\n")).toBe(false);
    expect(ok(LEDGER + '  - id: tests/test_a.py::test_s\n    skip: r\n')).toBe(true);
    expect(ok(LEDGER + '  - id: tests/test_a.py::test_s\n')).toBe(false);
    expect(ok(LEDGER + `  - id: tests/test_a.py::test_s\n    skip: r\n    digest: ${D1}\n`)).toBe(
      false,
    );
    expect(ok(LEDGER + '  - id: tests/test_b.py::*\n    skip: r\n')).toBe(false);
  });
});

// ---------------------------------------------------------------- decide()

const ledger = parseLedger(LEDGER, 'tests/ledger.yaml').ledger!;
const t = (id: string, status: Status = 'pass'): TestResult => ({
  id,
  status,
  flaky: false,
  reports: ['r.xml'],
});

function input(over: Partial<DecideInput> & { ledger?: Ledger }): DecideInput {
  return {
    ledgerFile: 'tests/ledger.yaml',
    ledger,
    ledgerErrors: [],
    tests: [],
    unmapped: [],
    reportProblems: [],
    artifacts: new Map([['tests/test_a.py', { digest: D1 }]]),
    seeds: new Map(),
    isProduction: (p) => p.startsWith('src/'),
    expect: 'all',
    ...over,
  };
}
// A human's change against a base (`over` names its paths and base ledger).
const HUMAN = { baseSha: 'b'.repeat(40), baseLedger: null, authorship: 'test', source: 'git' };
const change = (over: Partial<Change>): Change => ({
  changed: [],
  agentAuthored: false,
  ...HUMAN,
  ...over,
});
const rules = (i: DecideInput) =>
  decide(i)
    .findings.map((f) => `${f.rule}:${f.id}`)
    .sort();

describe('decide() with a file row', () => {
  test('every test of the file, a new one included, is judged by the file row', () => {
    const tests = [
      t('tests/test_a.py::test_one'),
      t('tests/test_a.py::test_new'),
      t('tests/test_a.py::test_flaky', 'fail'),
    ];
    expect(rules(input({ tests }))).toEqual([
      'fixture-unchanged:tests/test_a.py::test_new',
      'fixture-unchanged:tests/test_a.py::test_one',
      'quarantine-fail:tests/test_a.py::test_flaky',
    ]);
  });

  test('the file edited without a relock rejects every test under it', () => {
    const r = decide(
      input({
        tests: [t('tests/test_a.py::test_one'), t('tests/test_a.py::test_flaky', 'fail')],
        artifacts: new Map([['tests/test_a.py', { digest: D2 }]]),
      }),
    );
    expect(r.decision).toBe('reject');
    expect(r.findings.map((f) => f.rule)).toContain('fixture-digest-mismatch');
  });

  test('a file row with no result from any test of its file is classified-missing, once', () => {
    expect(rules(input({ tests: [t('tests/test_b.py::test_other')] }))).toEqual([
      'classified-missing:tests/test_a.py::*',
      'quarantine-removed:tests/test_a.py::test_flaky',
      'unclassified:tests/test_b.py::test_other',
    ]);
  });

  // Issue 44: `init` wrote the file row, `lock` then gave the file's one test a row of its own.
  test('a file row whose every test has a row of its own is not missing while the file is as locked', () => {
    expect(rules(input({ tests: [t('tests/test_a.py::test_flaky', 'fail')] }))).toEqual([
      'quarantine-fail:tests/test_a.py::test_flaky',
    ]);
    // Edited since, a test may have left the file: missing, as before.
    const edited = new Map([['tests/test_a.py', { digest: D2 }]]);
    expect(
      rules(input({ tests: [t('tests/test_a.py::test_flaky', 'fail')], artifacts: edited })),
    ).toEqual([
      'classified-missing:tests/test_a.py::*',
      'quarantine-fail:tests/test_a.py::test_flaky',
    ]);
  });

  test('a collected test of the file without a result is missing, though its siblings ran', () => {
    const r = rules(
      input({
        tests: [t('tests/test_a.py::test_one'), t('tests/test_a.py::test_flaky', 'fail')],
        collected: [
          'tests/test_a.py::test_one',
          'tests/test_a.py::test_lost',
          'tests/test_a.py::test_flaky',
        ],
      }),
    );
    expect(r).toContain('classified-missing:tests/test_a.py::test_lost');
  });

  test("expect: ran-files counts a file row's file as run when one of its tests ran", () => {
    const other = parseLedger(
      `version: 1\nrows:\n  - id: tests/test_b.py::*\n    class: locked_fixture\n    digest: ${D1}\n`,
      'l',
    ).ledger!;
    const merged: Ledger = {
      ...ledger,
      rows: [...ledger.rows, ...other.rows],
      byId: new Map([...ledger.byId, ...other.byId]),
    };
    const r = rules(
      input({
        ledger: merged,
        expect: 'ran-files',
        tests: [t('tests/test_a.py::test_one'), t('tests/test_a.py::test_flaky', 'fail')],
      }),
    );
    expect(r).toEqual([
      'fixture-unchanged:tests/test_a.py::test_one',
      'quarantine-fail:tests/test_a.py::test_flaky',
    ]);
  });

  test('a relocked file is one contract change, reviewed once: its tests', () => {
    const base = parseLedger(LEDGER.replace(D1, D2), 'tests/ledger.yaml');
    const r = decide(
      input({
        tests: [t('tests/test_a.py::test_one'), t('tests/test_a.py::test_flaky', 'fail')],
        change: change({ changed: [{ path: 'tests/test_a.py', status: 'M' }], baseLedger: base }),
      }),
    );
    expect(r.decision).toBe('review');
    const review = r.findings.filter((f) => f.result === 'review');
    // The row's digest bump is the tests' fixture-contract-change, not also a ledger edit.
    expect(review.map((f) => `${f.rule}:${f.id}`)).toEqual([
      'fixture-contract-change:tests/test_a.py::test_one',
    ]);
    expect(review[0].accepts).toBe(
      `tests/test_a.py::*: class locked_fixture, digest ${D1}, artifact tests/test_a.py`,
    );
  });

  test("an exact skip row re-locked with its file row is the file row's one entry", () => {
    const skipRow = [
      '  - id: tests/test_a.py::test_skip',
      '    class: locked_fixture',
      `    digest: ${D1}`,
      '    artifact: tests/test_a.py',
      '    skip: windows-only',
      '',
    ].join('\n');
    const head = parseLedger(LEDGER + skipRow, 'tests/ledger.yaml');
    const base = parseLedger((LEDGER + skipRow).replaceAll(D1, D2), 'tests/ledger.yaml');
    const skipped: TestResult = {
      ...t('tests/test_a.py::test_skip', 'skip'),
      skipReasons: ['windows-only'],
    };
    const r = decide(
      input({
        ledger: head.ledger,
        tests: [t('tests/test_a.py::test_one'), t('tests/test_a.py::test_flaky', 'fail'), skipped],
        change: change({ changed: [{ path: 'tests/test_a.py', status: 'M' }], baseLedger: base }),
      }),
    );
    expect(r.decision).toBe('review');
    // Two tests of one file under review, one rule: one entry; no ledger finding for the skip row.
    const review = r.findings.filter((f) => f.result === 'review');
    expect(review.map((f) => `${f.rule}:${f.id}`)).toEqual([
      'fixture-contract-change:tests/test_a.py::test_one',
      'fixture-contract-change:tests/test_a.py::test_skip',
    ]);
  });

  test("a row that inherits its file row follows the file's re-lock: one ledger line, one entry, still naming what an approval accepts", () => {
    const heir = '  - id: tests/test_a.py::test_skip\n    skip: windows-only\n';
    const head = parseLedger(LEDGER + heir, 'tests/ledger.yaml');
    const base = parseLedger((LEDGER + heir).replaceAll(D1, D2), 'tests/ledger.yaml');
    const skipped: TestResult = {
      ...t('tests/test_a.py::test_skip', 'skip'),
      skipReasons: ['windows-only'],
    };
    const r = decide(
      input({
        ledger: head.ledger,
        tests: [t('tests/test_a.py::test_one'), t('tests/test_a.py::test_flaky', 'fail'), skipped],
        change: change({ changed: [{ path: 'tests/test_a.py', status: 'M' }], baseLedger: base }),
      }),
    );
    expect(r.decision).toBe('review');
    const review = r.findings.filter((f) => f.result === 'review');
    expect(review.map((f) => `${f.rule}:${f.id}`)).toEqual([
      'fixture-contract-change:tests/test_a.py::test_one',
      'fixture-contract-change:tests/test_a.py::test_skip',
    ]);
    expect(review[1].accepts).toBe(
      `tests/test_a.py::test_skip: class locked_fixture, digest ${D1}, artifact tests/test_a.py, skip windows-only`,
    );
    // The file's bytes moved without a re-lock: the heir rejects with its file row.
    const stale = decide(
      input({
        ledger: head.ledger,
        tests: [skipped, t('tests/test_a.py::test_one')],
        artifacts: new Map([['tests/test_a.py', { digest: D2 }]]),
      }),
    );
    expect(stale.findings.map((f) => `${f.rule}:${f.id}`).sort()).toEqual([
      'fixture-digest-mismatch:tests/test_a.py::test_one',
      'fixture-digest-mismatch:tests/test_a.py::test_skip',
      'quarantine-removed:tests/test_a.py::test_flaky',
    ]);
  });

  test('a re-lock no test of the file shows, or by an agent, stays a ledger finding', () => {
    const base = parseLedger(LEDGER.replace(D1, D2), 'tests/ledger.yaml');
    const moved = change({ changed: [{ path: 'tests/test_a.py', status: 'M' }], baseLedger: base });
    const quiet = decide(
      input({ tests: [t('tests/test_a.py::test_flaky', 'fail')], change: moved }),
    );
    expect(quiet.findings.filter((f) => f.result === 'review').map((f) => f.rule)).toEqual([
      'ledger-contract-change',
    ]);
    const agent = decide(
      input({ tests: [t('tests/test_a.py::test_one')], change: { ...moved, agentAuthored: true } }),
    );
    expect(agent.decision).toBe('reject');
    expect(agent.findings.map((f) => f.rule)).toContain('ledger-agent-edit');
  });

  test("a new file row is one addition: its tests are judged by the file's bytes", () => {
    const base = parseLedger('version: 1\nrows: []\n', 'tests/ledger.yaml');
    const r = decide(
      input({
        tests: [t('tests/test_a.py::test_one'), t('tests/test_a.py::test_flaky', 'fail')],
        change: change({ changed: [{ path: 'tests/test_a.py', status: 'A' }], baseLedger: base }),
      }),
    );
    expect(r.decision).toBe('review');
    expect(r.findings.map((f) => `${f.rule}:${f.id}`).sort()).toEqual([
      'fixture-unchanged:tests/test_a.py::test_one',
      'ledger-contract-change:tests/test_a.py::*',
      'ledger-contract-change:tests/test_a.py::test_flaky',
      'quarantine-fail:tests/test_a.py::test_flaky',
    ]);
  });
});

describe('deletions (production-golden-no-bump)', () => {
  const base = parseLedger(LEDGER, 'tests/ledger.yaml');
  const empty = parseLedger('version: 1\nrows: []\n', 'tests/ledger.yaml').ledger!;
  const deleted = (agentAuthored: boolean) =>
    decide(
      input({
        ledger: empty,
        tests: [],
        change: change({
          agentAuthored,
          changed: [
            { path: 'tests/test_a.py', status: 'D' },
            { path: 'src/a.py', status: 'M' },
          ],
          baseLedger: base,
        }),
      }),
    );

  test("a human's deletion of a locked test file with its rows, beside production code, is review", () => {
    const r = deleted(false);
    expect(r.findings.map((f) => f.rule).filter((k) => k !== 'report-invalid')).toEqual([
      'ledger-contract-change',
      'ledger-contract-change',
    ]);
  });

  test("an agent's is still a reject, by ledger-agent-edit", () => {
    const r = deleted(true);
    expect(r.decision).toBe('reject');
    expect(r.findings.map((f) => f.rule)).not.toContain('production-golden-no-bump');
    expect(r.findings.map((f) => f.rule)).toContain('ledger-agent-edit');
  });

  test('a golden deleted while a row still names it stays a reject', () => {
    const r = decide(
      input({
        tests: [t('tests/test_a.py::test_one')],
        artifacts: new Map([['tests/test_a.py', { problem: 'absent' }]]),
        change: change({
          changed: [
            { path: 'tests/test_a.py', status: 'D' },
            { path: 'src/a.py', status: 'M' },
          ],
          baseLedger: base,
        }),
      }),
    );
    expect(r.findings.map((f) => f.rule)).toEqual(
      expect.arrayContaining(['fixture-missing', 'production-golden-no-bump']),
    );
  });
});
