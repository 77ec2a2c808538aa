// A report rewritten after its runner wrote it (src/junit/report-totals.ts): an exit hook that
// strips the failure of a broken test from pytest's or jest-junit's file leaves the suite's own
// `failures` count behind, and the report is refused. Real reports, and the writers whose
// totals are not exact, are read as before.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parseReport } from '../src/junit/parse.js';
import { GateError } from '../src/types.js';

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
      /declares \d+ failed or errored case\(s\) but holds \d+: the report was rewritten/,
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
});
