// The mutation reader (src/mutation/): real StrykerJS reports (jest and vitest runners, written
// by __tests__/mutation-stryker.test.ts's plays with LEDGER_GATE_CAPTURE_MUTATION=1) and
// hand-built schema-1, PIT- and Infection-shaped reports; parsed, mapped to ledger ids, judged.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { admissibility } from '../src/mutation/admissible.js';
import { mapTests } from '../src/mutation/ids.js';
import { judgeMutation, ranges, type MutationInput } from '../src/mutation/judge.js';
import { parseMutationReport, type MutationReport } from '../src/mutation/report.js';
import { REPORT_SCHEMA } from '../src/mutation/report-schema.js';
import { checkSchema } from '../src/mutation/schema-check.js';
import { parseLedger } from '../src/ledger/parse.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../__fixtures__/mutation/${name}`, import.meta.url), 'utf8');
const report = (name: string): MutationReport => {
  const r = parseMutationReport(fixture(name));
  if ('error' in r) throw new Error(r.error);
  return r;
};
const same = (p: string) => p;

const JEST_IDS = [
  '__tests__/price.test.js::price totals items',
  '__tests__/price.test.js::price totals nothing',
];
const DRAFT_ID = 'tests/agent_drafts/discount.test.js::discounts big sums';

/** A judge input over one report whose sources are the head's, every test admissible. */
function input(r: MutationReport, over: Partial<MutationInput> = {}): MutationInput {
  const heads = new Map(Object.entries(r.files).map(([p, f]) => [p, f.source]));
  return {
    reports: [{ file: 'reports/mutation.json', report: r }],
    judged: new Map(),
    repoPath: same,
    headText: (p) => heads.get(p) ?? null,
    known: [...JEST_IDS, DRAFT_ID],
    inadmissible: () => null,
    requireKilled: false,
    ...over,
  };
}

describe('reading a report', () => {
  test('the schema is the package’s own', () => {
    const pkg = createRequire(import.meta.url)(
      'mutation-testing-report-schema/mutation-testing-report-schema.json',
    );
    expect(REPORT_SCHEMA).toEqual(pkg);
  });

  test('real StrykerJS reports (jest and vitest runners) and hand-built ones parse', () => {
    for (const f of [
      'stryker-jest-untested.json',
      'stryker-jest-refactor.json',
      'stryker-jest-own-tests.json',
      'stryker-vitest.json',
      'schema1-killed-no-killedby.json',
      'pit-shaped.json',
      'infection-shaped.json',
    ])
      expect(Object.keys(report(f).files).length).toBeGreaterThan(0);
  });

  test('what is no report is one line saying why', () => {
    const bad = (text: string) => (parseMutationReport(text) as { error: string }).error;
    expect(bad('{')).toMatch(/^not JSON/);
    expect(bad('{"schemaVersion":"2","thresholds":{"high":80,"low":60}}')).toBe(
      "not a mutation-testing-elements report: should have required property 'files'",
    );
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const nested = JSON.parse(fixture('stryker-vitest.json'));
    nested.files['src/price.js'].mutants[0].extra = 0;
    const text = JSON.stringify(nested).replace('"extra":0', `"extra":${deep}`);
    // Unknown fields are the producer's own: read past, never walked.
    expect('error' in parseMutationReport(text)).toBe(false);
    // A repeated id makes the uniqueness check walk it: past the stack is no report, no crash.
    const twin = JSON.parse(fixture('stryker-vitest.json'));
    const ms = twin.files['src/price.js'].mutants;
    ms.push({ ...ms[0], extra: 0 });
    const deepTwin = JSON.stringify(twin).replace('"extra":0', `"extra":${deep}`);
    expect(bad(deepTwin)).toMatch(/^not JSON|nested too deeply/);
    const r = JSON.parse(fixture('stryker-vitest.json'));
    r.schemaVersion = '3';
    expect(bad(JSON.stringify(r))).toMatch(
      /not a mutation-testing-elements report: should match .* at \["schemaVersion"\]$/,
    );
    const m = JSON.parse(fixture('stryker-vitest.json'));
    Object.values(
      m.files as Record<string, { mutants: { status: string }[] }>,
    )[0].mutants[0].status = 'Dead';
    expect(bad(JSON.stringify(m))).toBe(
      'not a mutation-testing-elements report: should be one of Killed, Survived, NoCoverage, CompileError, RuntimeError, Timeout, Ignored, Pending at ["files"]["src/price.js"]["mutants"][0]["status"]',
    );
  });

  test("the schema checker agrees with ajv 6 on the package's schema, over real reports and broken ones", () => {
    const Ajv = createRequire(import.meta.url)('ajv');
    const ajv = new Ajv({ validateSchema: false, allErrors: false });
    const schema: Record<string, unknown> = { ...REPORT_SCHEMA };
    delete schema.$schema;
    const validate = ajv.compile(schema);
    const base = JSON.parse(fixture('stryker-jest-own-tests.json'));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a report edited freely
    const mutant = (r: any) => r.files['src/price.js'].mutants[0];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a report edited freely
    const variants: [string, (r: any) => void][] = [
      ['as written', () => {}],
      ['schema 1', (r) => (r.schemaVersion = '1')],
      ['schema 2.0.0', (r) => (r.schemaVersion = '2.0.0')],
      ['schema 3', (r) => (r.schemaVersion = '3')],
      ['schema 02', (r) => (r.schemaVersion = '02')],
      ['threshold 101', (r) => (r.thresholds.high = 101)],
      ['threshold 1.5', (r) => (r.thresholds.low = 1.5)],
      ['no thresholds', (r) => delete r.thresholds],
      ['files an array', (r) => (r.files = [])],
      ['no source', (r) => delete r.files['src/price.js'].source],
      ['a status unknown', (r) => (mutant(r).status = 'Dead')],
      ['a mutant twice', (r) => r.files['src/price.js'].mutants.push({ ...mutant(r) })],
      [
        'a mutant twice, keys reordered',
        (r) =>
          r.files['src/price.js'].mutants.push(
            Object.fromEntries(Object.entries(mutant(r)).reverse()),
          ),
      ],
      ['a line a string', (r) => (mutant(r).location.start.line = '7')],
      ['a column 0', (r) => (mutant(r).location.start.column = 0)],
      ['killedBy a number', (r) => (mutant(r).killedBy = [2])],
      ['a test without a name', (r) => delete r.testFiles['__tests__/price.test.js'].tests[0].name],
      ['a homepage that is no URI', (r) => (r.framework.branding.homepageUrl = 'not a uri')],
      ['extra fields', (r) => (mutant(r).extra = { any: [1, 2] })],
      ['null config', (r) => (r.config = null)],
    ];
    for (const [name, edit] of variants) {
      const r = structuredClone(base);
      edit(r);
      // ajv 6 leaves uniqueItems over objects unchecked; the spec (and ajv 8, the package's
      // own) refuses a repeated mutant, and so does the checker.
      const valid = name.startsWith('a mutant twice') ? false : validate(r);
      expect([name, checkSchema(REPORT_SCHEMA, r) === null]).toEqual([name, valid]);
    }
  });

  test('a keyword the checker does not know throws, never passes', () => {
    expect(() => checkSchema({ type: 'object', oneOf: [] }, {})).toThrow(/uses oneOf/);
  });
});

describe('test ids → ledger ids', () => {
  test("StrykerJS's jest runner: file::name, as jest-junit writes it (a top-level test's leading space undone)", () => {
    const { producer, byId } = mapTests(report('stryker-jest-untested.json'), JEST_IDS, same);
    expect(producer).toBe('stryker-jest');
    expect(byId.get('0')).toEqual({ id: JEST_IDS[0] });
    const top = mapTests(
      report('stryker-jest-untested.json'),
      ['__tests__/price.test.js:: price totals items', JEST_IDS[1]],
      same,
    );
    expect(top.byId.get('0')).toEqual({ id: '__tests__/price.test.js:: price totals items' });
  });

  test("StrykerJS's vitest runner: describe blocks joined by ' > ' in the ledger, by a space in the report", () => {
    const known = [
      'test/price.test.js::price > inner > totals items',
      'test/price.test.js::top level',
    ];
    const { producer, byId } = mapTests(report('stryker-vitest.json'), known, same);
    expect(producer).toBe('stryker-vitest');
    expect(byId.get('0')).toEqual({ id: known[0] });
    expect(byId.get('1')).toEqual({ id: known[1] });
  });

  test('a name that maps to nothing, or to two tests, maps to none', () => {
    const two = [
      'test/price.test.js::price > inner > totals items',
      'test/price.test.js::price inner > totals items',
    ];
    const { byId } = mapTests(report('stryker-vitest.json'), two, same);
    expect(byId.get('0')).toEqual({ unmapped: expect.stringMatching(/maps to 2 tests/) });
    expect(byId.get('1')).toEqual({
      unmapped: expect.stringMatching(/"top level" maps to no test/),
    });
  });

  test("PIT's pkg.Class.method(...) and Infection's Class::method under the test file", () => {
    const pit = mapTests(
      report('pit-shaped.json'),
      ['example.CalcTest::adds', 'example.CalcTest::addsNegatives'],
      same,
    );
    expect(pit.producer).toBe('other');
    expect(pit.byId.get('t0')).toEqual({ id: 'example.CalcTest::adds' });
    expect(pit.byId.get('t1')).toEqual({ id: 'example.CalcTest::addsNegatives' });
    const inf = mapTests(report('infection-shaped.json'), ['tests/CalcTest.php::testAdds'], same);
    expect(inf.byId.get('p1')).toEqual({ id: 'tests/CalcTest.php::testAdds' });
  });
});

describe('judging the mutants on the judged lines', () => {
  test("an agent's untested addition: each judged line with a surviving mutant is a finding listing them", () => {
    const r = report('stryker-jest-untested.json');
    const lines = new Map([['src/price.js', [7, 8, 9, 10, 12]]]);
    const j = judgeMutation(input(r, { judged: lines }));
    expect(j.findings.map((f) => `${f.rule}:${f.result}@${f.line}`)).toEqual([
      'mutant-survived:review@7',
      'mutant-survived:review@8',
      'mutant-survived:review@9',
      'mutant-survived:review@10',
    ]);
    const on8 = j.findings[1];
    expect(on8.mutants).toHaveLength(6);
    expect(on8.mutants![1]).toEqual({
      id: '1',
      mutator: 'ConditionalExpression',
      replacement: 'true',
      status: 'NoCoverage',
      why: 'survived: no test runs the line',
    });
    expect(on8.message).toContain(
      'src/price.js:8: 6 mutant(s) not killed by an admissible test: BlockStatement → "{}" survived',
    );
    const strict = judgeMutation(input(r, { judged: lines, requireKilled: true }));
    expect(strict.findings.every((f) => f.result === 'reject')).toBe(true);
  });

  test('killed only by a test the change adds counts for nothing; killed by a classified test counts', () => {
    const r = report('stryker-jest-own-tests.json');
    const lines = new Map([['src/price.js', [8, 12]]]);
    const only = (id: string) => (id === DRAFT_ID ? 'a test file the change adds' : null);
    const j = judgeMutation(input(r, { judged: lines, inadmissible: only }));
    // Line 12's mutant (the exports emptied) fails the classified tests too: with disableBail
    // its killedBy names every killer, so the draft's kill is not the only one.
    expect(j.findings.map((f) => f.line)).toEqual([8]);
    const exports = r.files['src/price.js'].mutants.find((m) => m.location.start.line === 12)!;
    expect(exports.killedBy!.length).toBeGreaterThan(1);
    expect(j.findings[0].mutants![0].why).toBe(
      `killed only by ${DRAFT_ID} (a test file the change adds)`,
    );
    expect(judgeMutation(input(r, { judged: lines })).findings).toEqual([]);
  });

  test('an honest refactor killed by classified tests has no finding; a line not in the report says it was not mutated', () => {
    const r = report('stryker-jest-refactor.json');
    expect(judgeMutation(input(r, { judged: new Map([['src/price.js', [2]]]) })).findings).toEqual(
      [],
    );
    const j = judgeMutation(input(r, { judged: new Map([['src/other.js', [3, 4, 5, 9]]]) }));
    expect(j.findings).toHaveLength(1);
    expect(j.findings[0]).toMatchObject({
      rule: 'mutant-survived',
      file: 'src/other.js',
      line: 3,
      mutants: [],
    });
    expect(j.findings[0].message).toBe(
      'src/other.js: 4 judged line(s) (3-5, 9) not mutated: no mutation report covers the file',
    );
  });

  test("a report whose source is not the head's bytes is stale: report-invalid, and none of it counts", () => {
    const r = report('stryker-jest-refactor.json');
    const j = judgeMutation(
      input(r, { judged: new Map([['src/price.js', [2]]]), headText: () => 'changed\n' }),
    );
    expect(j.findings.map((f) => `${f.rule}:${f.result}`)).toEqual([
      'report-invalid:reject',
      'mutant-survived:review',
    ]);
    expect(j.findings[0].message).toMatch(
      /stale: its source of src\/price\.js is not the head's bytes/,
    );
  });

  test('schema 1: Killed with no killedBy names no killer (not counted); CompileError counts neither way', () => {
    const r = report('schema1-killed-no-killedby.json');
    const j = judgeMutation(input(r, { judged: new Map([['src/calc.js', [1, 2]]]) }));
    expect(j.findings.map((f) => f.line)).toEqual([2]);
    expect(j.findings[0].mutants![0].why).toBe('killed by no named test (no killedBy)');
    expect(j.notes.join('\n')).toMatch(
      /1 CompileError \/ RuntimeError \/ Ignored counted neither way/,
    );
  });

  test('a killer that maps to no test is report-unmapped (fail closed), and its mutant is not counted', () => {
    const r = report('pit-shaped.json');
    const j = judgeMutation(
      input(r, {
        judged: new Map([['src/main/java/example/Calc.java', [5]]]),
        known: ['example.CalcTest::adds'],
      }),
    );
    expect(j.findings.map((f) => `${f.rule}:${f.result}`).sort()).toEqual([
      'mutant-survived:review',
      'report-unmapped:reject',
    ]);
    expect(j.findings.find((f) => f.rule === 'report-unmapped')!.message).toMatch(
      /killedBy "t1": test example.CalcTest: "example.CalcTest.addsNegatives\(example.CalcTest\)" maps to no test/,
    );
  });

  test('line ranges are shown short', () => {
    expect(ranges([1, 2, 3, 5, 7, 8])).toBe('1-3, 5, 7-8');
  });
});

describe('which tests may kill a mutant', () => {
  const ledger = (rows: string) => {
    const p = parseLedger(`version: 1\nrows:\n${rows}`, 'tests/ledger.yaml');
    if (!p.ledger) throw new Error(p.errors[0].message);
    return p.ledger;
  };
  const base = ledger(
    '  - id: t/a.test.js::a\n    class: property\n    invariant: holds\n    seeds: t/seeds\n' +
      '  - id: t/b.test.js::b\n    class: draft\n    source: agent\n    proposed_class: property\n' +
      '  - id: t/c.test.js::c\n    class: property\n    invariant: holds\n    seeds: t/seeds\n',
  );
  const head = ledger(
    '  - id: t/a.test.js::a\n    class: property\n    invariant: holds\n    seeds: t/seeds\n' +
      '  - id: t/b.test.js::b\n    class: property\n    invariant: holds\n    seeds: t/seeds\n' +
      '  - id: t/c.test.js::c\n    class: quarantine\n    reason: flaky\n    opened: 2026-01-01\n    owner: dana\n',
  );
  test('a base row of a strong class, untouched, and a hold-out case: yes; the rest says why not', () => {
    const no = admissibility({
      base,
      head,
      changed: [{ path: 't/e.test.js', status: 'M' }],
      holdout: new Set(['h/x.test.js::x']),
    });
    expect(no('t/a.test.js::a')).toBeNull();
    expect(no('h/x.test.js::x')).toBeNull();
    expect(no('t/b.test.js::b')).toBe('draft at the base');
    expect(no('t/c.test.js::c')).toBe('quarantine at the head');
    expect(no('t/d.test.js::d')).toBe('unclassified at the base');
    expect(no('t/e.test.js::e')).toBe('a test file the change edits');
  });
});
