// pytest's JUnit XML (junitxml.py), every junit_family, junit_suite_name, --junit-prefix,
// logging option and plugin (xdist, rerunfailures): its ids are rebuilt in map.ts.

import type { CaseOutcome } from '../../types.js';
import { attrsAre, attrsWithin, type DialectReader, type Evidence } from './dialect.js';

// What pytest 5.1–9 writes on a <testsuite>, in this order (sorted before pytest 6), and on
// a <testcase> (xunit1 adds file and line); junit_suite_name changes only the name's value,
// the logging options only child elements.
const SUITE_SHAPES = [
  'name errors failures skipped tests time timestamp hostname',
  'errors failures hostname name skipped tests time timestamp',
];
const SUITE_ATTRS = new Set(SUITE_SHAPES[0].split(' '));
const CASE_ATTRS = new Set(['classname', 'name', 'file', 'line', 'time']);
const ROOT_ATTRS = new Set(['name']);

/** pytest's root and case shape: a bare `<testsuites>` (or `pytest tests`), or none (pytest < 5.1). */
function rootAndCasesLikePytest(e: Evidence): boolean {
  const root =
    e.root === 'testsuite' ||
    (attrsWithin(e.rootAttrs, ROOT_ATTRS) &&
      (e.rootName === undefined || e.rootName === 'pytest tests'));
  return root && attrsWithin(e.caseAttrs, CASE_ATTRS);
}

export const pytest: DialectReader = {
  name: 'pytest',
  claims(e) {
    if (e.pytestMarks) return true;
    if (!rootAndCasesLikePytest(e)) return false;
    if (e.root === 'testsuites' && SUITE_SHAPES.some((shape) => attrsAre(e.suiteAttrs, shape))) {
      return true;
    }
    // The default junit_suite_name stands in for the suite's shape only on a report shaped
    // like pytest's otherwise (older pytest, hand-written reports), never on another's.
    return e.suiteName === 'pytest' && attrsWithin(e.suiteAttrs, SUITE_ATTRS);
  },
  finish(report, cases, extras) {
    report.pytestHasFile = extras.anyOwnFile;
    // pytest writes a 0-based `line`.
    for (const c of cases) if (c.line !== undefined) c.line += 1;
    // xunit2 writes no `file`; a collection skip names its module's path.
    for (const [c, p] of extras.skipPaths) c.file ??= p;
  },
};

/**
 * pytest's outcome for a result element beyond its status: an expected failure, or a
 * module's collection skip or error. pytest writes those two with `_add_simple`: a fixed
 * message and no `type` (a test's own skip is typed `pytest.skip`), on a case whose
 * classname is empty, or the --junit-prefix alone.
 */
export function pytestOutcome(
  element: string,
  type: string | undefined,
  message: string | undefined,
): CaseOutcome | undefined {
  if (element === 'skipped' && type === 'pytest.xfail') return 'xfail';
  if (type !== undefined) return undefined;
  if (element === 'skipped' && message === 'collection skipped') return 'collection-skipped';
  if (element === 'error' && message === 'collection failure') return 'collection-error';
  return undefined;
}
