// The reports half of the gate: the column format results cross threads in, the worker thread
// (src/worker/entry.ts, run from source here), and the fallback to this thread when the worker
// cannot run (the built bundles' worker.js runs in the bench, the hostile and action suites).
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { caseMapper } from '../src/junit/map.js';
import { packTests, unpackTests } from '../src/junit/packed.js';
import { REPORT_WORKER_BYTES, gatherReports, readReports } from '../src/gather/reports.js';
import type { ParsedReport, RawCase, TestResult } from '../src/types.js';
import { fallbackNote } from '../src/worker/client.js';

describe('packTests / unpackTests', () => {
  test('every field of every result comes back', () => {
    const tests: TestResult[] = [
      { id: 'a.test.js::adds', status: 'pass', flaky: false, reports: ['r1.xml'] },
      {
        id: 'a.test.js::retried',
        status: 'pass',
        flaky: true,
        reports: ['r1.xml', 'r2.xml'],
        file: 'a.test.js',
        line: 0,
      },
      { id: '', status: 'skip', flaky: false, reports: [], file: 'a.test.js', line: 41 },
      { id: 'x::todo', status: 'skip', flaky: false, reports: ['j.json'], outcome: 'todo' },
      { id: 'x::xf', status: 'skip', flaky: false, reports: ['r2.xml'], outcome: 'xfail' },
      {
        id: 'x::twins',
        status: 'fail',
        flaky: false,
        reports: ['r3.xml'],
        duplicates: { count: 3, report: 'r3.xml', statuses: ['pass', 'fail', 'skip'] },
      },
      { id: 'b.py::t[\n\u{1F600}é]', status: 'fail', flaky: false, reports: ['r2.xml'] },
      { id: 'b.py::e', status: 'error', flaky: false, reports: ['r1.xml'], line: 7 },
      {
        id: 'a.test.js::file',
        status: 'pass',
        flaky: false,
        reports: ['r1.xml'],
        file: 'a.test.js',
      },
      {
        id: 'a.test.js::skips',
        status: 'skip',
        flaky: false,
        reports: ['r1.xml'],
        skipReasons: ['no gpu'],
        file: 'a.test.js',
        line: 3,
      },
    ];
    const packed = packTests(tests);
    expect(packed.files).toEqual(['a.test.js']);
    expect([...packed.reports].sort()).toEqual(['j.json', 'r1.xml', 'r2.xml', 'r3.xml']);
    const back = unpackTests(structuredClone(packed));
    expect(back).toEqual(tests);
    // And each key in the order the reader gives it (the summary and JSON walk results).
    expect(back.map((t) => Object.keys(t))).toEqual(tests.map((t) => Object.keys(t)));
  });

  test('no results', () => {
    expect(unpackTests(packTests([]))).toEqual([]);
  });
});

describe('the ids as Latin-1 bytes (how they cross from the worker)', () => {
  test("the mapper's columns carry them as bytes when every id is Latin-1, else as text", () => {
    const mapper = (name: string) => {
      const m = caseMapper({});
      m.add({
        file: 'r.xml',
        dialect: 'jest-junit',
        cases: [{ name, file: 'a.test.js', status: 'pass', flakyAttempts: 0, report: 'r.xml' }],
      });
      return m.packed().tests;
    };
    expect(mapper('é')).toMatchObject({
      ids: new Uint8Array([...Buffer.from('a.test.js::é', 'latin1')]),
    });
    expect(mapper('\u{1F600}')).toMatchObject({ ids: 'a.test.js::\u{1F600}' });
    expect(unpackTests(mapper('é'))[0].id).toBe('a.test.js::é');
  });
});

describe("the mapper's columns (what the reports worker sends)", () => {
  // Few names, files and reports, so ids repeat within a report (twins) and across reports.
  const caseArb: fc.Arbitrary<Omit<RawCase, 'report'>> = fc.record(
    {
      name: fc.constantFrom('a', 'b', 'c\u{1F600}', 'd é'),
      classname: fc.constantFrom('x.y', 'z'),
      file: fc.constantFrom('t/a.test.js', 't\\b.test.js', '/repo/t/c.test.js'),
      line: fc.nat(3),
      status: fc.constantFrom('pass', 'fail', 'error', 'skip'),
      flakyAttempts: fc.nat(2),
      outcome: fc.constantFrom('xfail', 'todo'),
      detail: fc.constantFrom('', 'flaky on ci', 'needs a db'),
    },
    { requiredKeys: ['name', 'status', 'flakyAttempts'] },
  );
  const reportsArb = fc.array(
    fc.record({
      dialect: fc.constantFrom('jest-junit', 'vitest', 'gotestsum', 'node'),
      cases: fc.array(caseArb, { maxLength: 12 }),
    }),
    { minLength: 1, maxLength: 5 },
  );

  test('unpack to exactly the results the mapper makes on the calling thread', () => {
    fc.assert(
      fc.property(reportsArb, (given) => {
        const reports: ParsedReport[] = given.map((r, i) => ({
          file: `r${i % 3}.xml`,
          dialect: r.dialect as ParsedReport['dialect'],
          cases: r.cases.map((c) => ({ ...c, report: `r${i % 3}.xml` })),
        }));
        const here = caseMapper({ repoRoot: '/repo' });
        const there = caseMapper({ repoRoot: '/repo' });
        for (const r of reports) {
          here.add(r);
          there.add(r);
        }
        const expected = here.done();
        const packed = there.packed();
        expect(unpackTests(structuredClone(packed.tests))).toEqual(expected.tests);
        expect(packed.unmapped).toEqual(expected.unmapped);
        expect(packed.collection).toEqual(expected.collection);
      }),
      { numRuns: 300 },
    );
  });

  test('twins, a second report and skip reasons survive the columns', () => {
    const mapper = caseMapper({});
    const c = (name: string, status: RawCase['status'], report: string, detail?: string) => {
      const out: RawCase = { name, file: 'a.test.js', status, flakyAttempts: 0, report };
      if (detail !== undefined) out.detail = detail;
      return out;
    };
    mapper.add({
      file: 'r1.xml',
      dialect: 'jest-junit',
      cases: [c('t', 'pass', 'r1.xml'), c('t', 'fail', 'r1.xml'), c('s', 'skip', 'r1.xml', 'x')],
    });
    mapper.add({
      file: 'r2.xml',
      dialect: 'jest-junit',
      cases: [c('t', 'pass', 'r2.xml'), c('s', 'skip', 'r2.xml', 'y')],
    });
    const tests = unpackTests(mapper.packed().tests);
    expect(tests.map((t) => t.id)).toEqual(['a.test.js::t', 'a.test.js::s']);
    expect(tests[0]).toMatchObject({
      status: 'pass',
      flaky: true,
      reports: ['r1.xml', 'r2.xml'],
      duplicates: { count: 2, report: 'r1.xml', statuses: ['pass', 'fail'] },
    });
    expect(tests[1]).toMatchObject({ status: 'skip', skipReasons: ['x', 'y'] });
  });
});

describe('gatherReports', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-reports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => void delete process.env.LEDGER_GATE_WORKER_SCRIPT);

  // Over the worker threshold: a jest-junit report with many cases.
  const cases = Math.ceil(REPORT_WORKER_BYTES / 100) + 10;
  const big = path.join(dir, 'big.xml');
  writeFileSync(
    big,
    '<testsuites name="jest tests"><testsuite name="s">\n' +
      Array.from(
        { length: cases },
        (_, i) => `<testcase classname="c" name="case ${i}" file="t/a.test.js" time="0.001"/>\n`,
      ).join('') +
      '</testsuite></testsuites>\n',
  );
  const job = { root: dir, files: [{ path: big, shown: 'big.xml' }], problems: [] };

  test('a worker that cannot start: the same results, read on this thread', async () => {
    const here = await readReports(job);
    expect(here.tests).toHaveLength(cases);
    expect(here.tests[0]).toEqual({
      id: 't/a.test.js::case 0',
      status: 'pass',
      flaky: false,
      reports: ['big.xml'],
      file: 't/a.test.js',
    });
    // A worker script that does not exist: the worker cannot start.
    process.env.LEDGER_GATE_WORKER_SCRIPT = path.join(dir, 'no-such-worker.js');
    expect(await gatherReports(job)).toEqual(here);
  });

  // Surely over the threshold (each case line is under 100 bytes).
  const many = Math.ceil(REPORT_WORKER_BYTES / 50);
  const bigger = path.join(dir, 'bigger.xml');
  writeFileSync(
    bigger,
    '<testsuites name="jest tests"><testsuite name="s">\n' +
      Array.from(
        { length: many },
        (_, i) => `<testcase classname="c" name="case ${i}" file="t/a.test.js" time="0.001"/>\n`,
      ).join('') +
      '</testsuite></testsuites>\n',
  );
  const large = { root: dir, files: [{ path: bigger, shown: 'bigger.xml' }], problems: [] };

  test('on the worker thread: the same results as on this one, and no fallback', async () => {
    const fallbacks: string[] = [];
    const there = await gatherReports(large, (what) => fallbacks.push(what));
    expect(fallbacks).toEqual([]);
    expect(there.tests).toHaveLength(many);
    expect(there).toEqual(await readReports(large));
  });

  test.each([
    ['cannot start', () => path.join(dir, 'no-such-worker.js'), /ERR_MODULE_NOT_FOUND|Cannot find/],
    [
      'dies',
      () => {
        const script = path.join(dir, 'dying-worker.mjs');
        writeFileSync(script, 'process.exit(3);\n');
        return script;
      },
      /exited with 3/,
    ],
  ])('a worker that %s: the fallback is reported, with the reason', async (_, script, why) => {
    process.env.LEDGER_GATE_WORKER_SCRIPT = script();
    const notes: string[] = [];
    const r = await gatherReports(large, (what, e) => notes.push(fallbackNote(what, e)));
    expect(r.tests).toHaveLength(many);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^the worker thread failed \(.+\): reading the reports ran on the main thread$/,
    );
    expect(notes[0]).toMatch(why);
  });

  test('an unreadable report is a problem naming it, not a throw', async () => {
    const r = await gatherReports({
      ...job,
      files: [{ path: path.join(dir, 'absent.xml'), shown: 'absent.xml' }],
    });
    expect(r.tests).toEqual([]);
    expect(r.reportProblems).toEqual([{ file: 'absent.xml', message: 'no such file' }]);
  });
});
