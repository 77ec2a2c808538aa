// A report rewritten after its runner wrote it (src/junit/report-totals.ts): an exit hook that
// strips the failure of a broken test from pytest's or jest-junit's file leaves the suite's own
// `failures` count behind, and the report is refused. What that count means is each dialect's
// own (pytest: <failure>/<error> elements; jest-junit: cases; the rest: not judged), and every
// real report the project holds reads without that refusal.
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parseReportText } from '../src/junit/jest-json.js';
import { parseReport } from '../src/junit/parse.js';
import { GateError } from '../src/types.js';

const REWRITTEN = /the report was rewritten after its runner wrote it/;

/** What an exit hook does to the file: every failure element gone, the rest left as written. */
const strip = (xml: string) => xml.replace(/<failure\b[\s\S]*?<\/failure>|<failure\b[^>]*\/>/g, '');

const REAL = [
  '__fixtures__/junit/pytest/xunit1.xml',
  '__fixtures__/junit/pytest/xunit2.xml',
  '__fixtures__/junit/jest-junit/default.xml',
  '__fixtures__/junit/jest-junit/with-file.xml',
];

describe('suite totals', () => {
  test.each(REAL)('%s: the real report reads; with its failures stripped it is refused', (file) => {
    const xml = readFileSync(file, 'utf8');
    const r = parseReport(xml, file);
    expect(r.cases.some((c) => c.status === 'fail')).toBe(true);
    const rewritten = strip(xml);
    expect(rewritten).not.toBe(xml);
    expect(() => parseReport(rewritten, file)).toThrow(GateError);
    expect(() => parseReport(rewritten, file)).toThrow(
      /declares \d+ (failed or errored case\(s\)|<failure>\/<error> result\(s\)) but holds \d+: the report was rewritten/,
    );
  });

  test('a rewrite that also fixes the counts is read (the gaming-shape scan is what sees it)', () => {
    const xml = readFileSync(REAL[2], 'utf8');
    const fixed = strip(xml).replace(/failures="\d+"/g, 'failures="0"');
    expect(parseReport(fixed, 'r.xml').cases.every((c) => c.status !== 'fail')).toBe(true);
  });

  test('a writer whose totals count reruns is not judged by them (Surefire)', () => {
    const xml = readFileSync(
      '__fixtures__/junit/surefire/TEST-example.nested.FlakyTest.xml',
      'utf8',
    );
    expect(() => parseReport(strip(xml), 'TEST-x.xml')).not.toThrow();
  });

  test('fewer failures declared than held, or none declared, is no rewrite', () => {
    const xml = (attrs: string) =>
      `<testsuites><testsuite name="pytest" ${attrs}><testcase classname="t" name="a"><failure message="x"/></testcase></testsuite></testsuites>`;
    expect(() => parseReport(xml('tests="1" failures="0" errors="0"'), 'r.xml')).not.toThrow();
    expect(() => parseReport(xml('tests="1"'), 'r.xml')).not.toThrow();
  });

  test('counts no runner writes are refused where the dialect counts exactly, read elsewhere', () => {
    // pytest counts elements: two declared, one held (a subtest's failure stripped).
    const pytest = (failures: number) =>
      `<testsuites name="pytest tests"><testsuite name="pytest" errors="0" failures="${failures}" skipped="0" tests="3" time="0" timestamp="x" hostname="x"><testcase classname="t" name="test_a" time="0"><failure message="x">x</failure></testcase><testcase classname="t" name="test_b" time="0" /></testsuite></testsuites>`;
    expect(parseReport(pytest(1), 'r.xml').dialect).toBe('pytest');
    expect(() => parseReport(pytest(2), 'r.xml')).toThrow(
      /declares 2 <failure>\/<error> result\(s\) but holds 1: the report was rewritten/,
    );
    // jest-junit counts cases: two failures in one case are one failed test, and two declared
    // failed tests with one held is a rewrite.
    const jest = (failures: number) =>
      `<testsuites name="jest tests" tests="2" failures="${failures}" errors="0" time="0"><testsuite name="s" errors="0" failures="${failures}" skipped="0" timestamp="x" time="0" tests="2"><testcase classname="s a" name="s a" time="0"><failure>one</failure><failure>two</failure></testcase><testcase classname="s b" name="s b" time="0"></testcase></testsuite></testsuites>`;
    expect(parseReport(jest(1), 'r.xml').dialect).toBe('jest-junit');
    expect(() => parseReport(jest(2), 'r.xml')).toThrow(
      /declares 2 failed or errored case\(s\) but holds 1: the report was rewritten/,
    );
    // vitest's counts are not judged (it writes several failures for one failed case).
    const vitest = readFileSync('__fixtures__/junit/vitest/vitest.xml', 'utf8');
    const r = parseReport(vitest.replace(/failures="(\d+)"/g, 'failures="9$1"'), 'v.xml');
    expect(r.dialect).toBe('vitest');
  });
});

/** Every report file under `dir` (JUnit XML and TRX), recursively. */
function reports(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(xml|trx)$/i.test(d.name))
    .map((d) => `${d.parentPath}/${d.name}`);
}

// The shared corpus (../shared/junit-corpus beside the checkout; a worktree sits one level
// deeper) is copied whole into __fixtures__/corpus; both are read when both are there.
const SHARED = ['../shared/junit-corpus', '../../shared/junit-corpus'].find((d) => existsSync(d));

describe('every real report', () => {
  test('in __fixtures__ and the shared corpus reads with no rewritten-report refusal', () => {
    const files = [...reports('__fixtures__'), ...(SHARED ? reports(SHARED) : [])];
    expect(files.length).toBeGreaterThan(300);
    const refused: string[] = [];
    let read = 0;
    for (const file of files) {
      try {
        parseReportText(readFileSync(file, 'utf8'), file);
        read++;
      } catch (e) {
        // Other refusals (corrupt corpus files, bats' garbled retries) are junit-corpus's and
        // junit-producers' to assert; this test is about the totals.
        if (!(e instanceof GateError)) throw e;
        if (REWRITTEN.test(e.message)) refused.push(`${file}: ${e.message}`);
      }
    }
    expect(refused).toEqual([]);
    // __fixtures__ alone reads 280 (the rest are the hostile corpus's corrupt files); the shared
    // corpus, where it sits beside the checkout, adds to that.
    expect(read).toBeGreaterThanOrEqual(280);
  });
});
