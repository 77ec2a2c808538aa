// Subtests as pytest writes them (issue 37): real reports of scripts/fixtures/pytest-subtests by
// pytest 9 (built-in `subtests`) and Debian's pytest 7 (pytest-subtests 0.9), plain, per
// junit_family, with logging, under xdist and with reruns (__fixtures__/junit/pytest-subtests/,
// scripts/fixtures/regenerate.sh pytest_subtests). Each failing subtest is one more <failure> in
// its <testcase> and the suite's `failures` counts those elements: every report reads, and the
// suite totals still catch a failure stripped from it (src/junit/report-totals.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { parseReport } from '../src/junit/parse.js';
import { GateError } from '../src/types.js';

const DIR = '__fixtures__/junit/pytest-subtests';
const REPORTS = ['pytest7', 'pytest9'].flatMap((v) =>
  readdirSync(`${DIR}/${v}`)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => `${DIR}/${v}/${f}`),
);

/** Each case name's statuses, in report order (pytest 9 writes a teardown error as a second case). */
function statuses(path: string): Record<string, string> {
  const by: Record<string, string[]> = {};
  for (const c of parseReport(readFileSync(path, 'utf8'), path).cases) {
    (by[c.name] ??= []).push(c.status);
  }
  return Object.fromEntries(Object.entries(by).map(([n, s]) => [n, s.join(' ')]));
}

describe('pytest subtests reports', () => {
  test('both pytest versions and all six runs are here', () => {
    expect(REPORTS.map((p) => p.slice(DIR.length + 1)).sort()).toEqual(
      ['pytest7', 'pytest9'].flatMap((v) =>
        ['combined', 'logging-all', 'reruns', 'xdist', 'xunit1', 'xunit2'].map(
          (n) => `${v}/${n}.xml`,
        ),
      ),
    );
    expect(readFileSync(`${DIR}/pytest9/VERSION`, 'utf8')).toMatch(/^pytest 9\./);
    expect(readFileSync(`${DIR}/pytest7/VERSION`, 'utf8')).toMatch(/^pytest 7\./);
  });

  test.each(REPORTS)('%s reads, with the failing subtests failing their test', (path) => {
    const s = statuses(path);
    expect(s.test_plain_passes).toBe('pass');
    expect(s.test_plain_fails).toBe('fail');
    expect(s.test_subtests_pass).toBe('pass');
    expect(s.test_subtests_one_fails).toBe('fail');
    expect(s.test_subtests_two_fail).toBe('fail');
    expect(s.test_subtest_fails_then_test_fails).toBe('fail');
    // A teardown error: pytest 7 writes the call's failure and the error in one case, pytest 9
    // in two; --reruns adds its passing attempt as another case of the same name.
    expect(['error', 'pass error']).toContain(s.test_passes_and_teardown_errors);
    expect(['error', 'fail error']).toContain(s.test_fails_and_teardown_errors);
    expect(s.test_marked_skip).toBe('skip');
  });

  test.each(REPORTS)('%s: the suite counts <failure> elements, not cases', (path) => {
    const xml = readFileSync(path, 'utf8');
    const declared = /<testsuite [^>]*\bfailures="(\d+)"/.exec(xml)![1];
    const elements = xml.match(/<failure\b/g)!.length;
    const failedCases = parseReport(xml, path).cases.filter((c) => c.status === 'fail').length;
    expect(Number(declared)).toBe(elements);
    // What round 4's check compared, and refused these reports for.
    expect(Number(declared)).toBeGreaterThan(failedCases);
  });

  test.each(REPORTS)(
    '%s: one subtest failure stripped is refused, though its test still fails',
    (path) => {
      const xml = readFileSync(path, 'utf8');
      // The second <failure> of test_subtests_two_fail: the case keeps its other failures.
      const start = xml.indexOf('name="test_subtests_two_fail"');
      const first = xml.indexOf('</failure>', start) + '</failure>'.length;
      const end = xml.indexOf('</failure>', first) + '</failure>'.length;
      expect(xml.slice(first, first + 8)).toBe('<failure');
      const rewritten = xml.slice(0, first) + xml.slice(end);
      expect(rewritten.slice(start, rewritten.indexOf('</testcase>', start))).toContain('<failure');
      expect(() => parseReport(rewritten, path)).toThrow(GateError);
      expect(() => parseReport(rewritten, path)).toThrow(
        /declares \d+ <failure>\/<error> result\(s\) but holds \d+: the report was rewritten/,
      );
    },
  );
});
