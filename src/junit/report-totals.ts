// A report rewritten after its runner wrote it (CONTRACT §3, issues 24 and 37): code that runs at
// exit (an `atexit` hook, a patched writer) can strip the `<failure>` of a broken test from the
// file, but the runner had already counted it in the suite's own `failures` / `errors`
// attributes. A leaf `<testsuite>` (one that holds cases and no nested suite) that declares more
// than it holds is not evidence: the report is refused.
//
// What those attributes count is the runner's own, so it is defined per dialect (TOTALS_COUNT),
// each from that runner's real output (__fixtures__/junit, the shared corpus; __tests__/
// report-totals.test.ts reads them all):
// - pytest counts result ELEMENTS: LogXML adds one to `failures`/`errors` per `<failure>`/
//   `<error>` it appends. pytest 9's subtests (and pytest-subtests on pytest 7) write one
//   `<failure>` per failing subtest in one `<testcase>`, a failing test whose teardown errors
//   holds a `<failure>` and an `<error>`, and `--reruns` under pytest 9 adds its attempts'
//   failures: case counts are wrong for all of these, element counts exact in every report.
// - jest-junit counts CASES (`failures` is jest's numFailingTests; `errors` the suites it could
//   not run, written as one errored case each).
// - Every other writer's totals are not judged. Surefire counts reruns into them; vitest writes
//   several `<failure>` for one failed case while counting cases; generic reports (CUnit,
//   JUnit 4 trims, hand-kept fixtures) disagree with themselves in the corpus. mocha, node,
//   gotestsum, PHPUnit, RSpec, CTest, Bats and Playwright agree on the reports here, but what
//   they count under retries, hook failures and suite errors was not read from their writers:
//   a meaning not known to be one would refuse the first honest report that departs from it.
// `tests` is no measure for any of them (pytest counts subtests and reruns there).
import type { Dialect, Status } from '../types.js';

/** What a dialect's suite `failures` + `errors` count, where that is exact. */
export type TotalsCount = 'elements' | 'cases';

/** The dialects whose suite totals are exact, and what they count. */
export const TOTALS_COUNT: ReadonlyMap<Dialect, TotalsCount> = new Map<Dialect, TotalsCount>([
  ['pytest', 'elements'],
  ['jest-junit', 'cases'],
]);

export interface SuiteTotals {
  tests?: number;
  failures?: number;
  errors?: number;
  /** Offset of the `<testsuite>` tag, for the error's line. */
  at: number;
  cases: number;
  failed: number;
  errored: number;
  /** `<failure>` and `<error>` elements directly in its cases. */
  elements: number;
  nested: boolean;
}

interface Attrs {
  get(name: string): string | undefined;
}

const count = (v: string | undefined): number | undefined =>
  v !== undefined && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : undefined;

export function declaredTotals(attrs: Attrs, at: number): SuiteTotals {
  return {
    tests: count(attrs.get('tests')),
    failures: count(attrs.get('failures')),
    errors: count(attrs.get('errors')),
    at,
    cases: 0,
    failed: 0,
    errored: 0,
    elements: 0,
    nested: false,
  };
}

export function countCase(t: SuiteTotals, status: Status): void {
  t.cases++;
  if (status === 'fail') t.failed++;
  else if (status === 'error') t.errored++;
}

/** A `<failure>` or `<error>` element read in one of the suite's cases. */
export function countResultElement(t: SuiteTotals): void {
  t.elements++;
}

/**
 * Why a closed leaf suite's own totals, read as `counts`, say its cases were rewritten;
 * undefined when they agree (or declare nothing).
 */
export function totalsProblem(t: SuiteTotals, counts: TotalsCount): string | undefined {
  if (t.nested || t.cases === 0) return undefined;
  if (t.failures === undefined && t.errors === undefined) return undefined;
  const declared = (t.failures ?? 0) + (t.errors ?? 0);
  const held = counts === 'elements' ? t.elements : t.failed + t.errored;
  if (declared <= held) return undefined;
  const what =
    counts === 'elements'
      ? `${declared} <failure>/<error> result(s) but holds ${held}`
      : `${declared} failed or errored case(s) but holds ${held}`;
  return `the <testsuite> declares ${what}: the report was rewritten after its runner wrote it, and is not evidence`;
}
