// The reports half of the gate: the column format results cross threads in, and the fallback
// to this thread when the worker cannot run (the built CLI's worker path runs in the bench and
// in the hostile suite, which spawn dist/cli/index.js).
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  REPORT_WORKER_BYTES,
  gatherReports,
  packTests,
  readReports,
  unpackTests,
  useReportsWorker,
} from '../src/reports.js';
import type { TestResult } from '../src/types.js';

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
    ];
    const packed = packTests(tests);
    expect(packed.files).toEqual(['a.test.js']);
    expect([...packed.reports].sort()).toEqual(['j.json', 'r1.xml', 'r2.xml', 'r3.xml']);
    expect(unpackTests(structuredClone(packed))).toEqual(tests);
  });

  test('no results', () => {
    expect(unpackTests(packTests([]))).toEqual([]);
  });
});

describe('gatherReports', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-reports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => useReportsWorker(undefined));

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
    // Under jest the entry is TypeScript source, which a worker cannot load.
    useReportsWorker(new URL('../src/cli-entry.ts', import.meta.url));
    expect(await gatherReports(job)).toEqual(here);
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
