// A report rewritten after its runner wrote it (CONTRACT §3, issue 24): code that runs at exit
// (an `atexit` hook, a patched writer) can strip the `<failure>` of a broken test from the file,
// but the runner had already counted it in the suite's own `failures` / `errors` / `tests`
// attributes. A leaf `<testsuite>` (one that holds cases and no nested suite) that declares more
// failed or errored cases than it holds is not evidence: the report is refused. Only for the
// writers whose totals are exact (TOTALS_KEPT_BY): others count reruns, subtests or hand-edited
// fixtures into them (measured on the corpus: Surefire, mocha, trimmed fixtures disagree), and
// `tests` is no measure even for pytest (subtests count there).
import type { Dialect, Status } from '../types.js';

/** The dialects whose suite totals count exactly the failed and errored cases they hold. */
export const TOTALS_KEPT_BY: ReadonlySet<Dialect> = new Set(['pytest', 'jest-junit']);

export interface SuiteTotals {
  tests?: number;
  failures?: number;
  errors?: number;
  /** Offset of the `<testsuite>` tag, for the error's line. */
  at: number;
  cases: number;
  failed: number;
  errored: number;
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
    nested: false,
  };
}

export function countCase(t: SuiteTotals, status: Status): void {
  t.cases++;
  if (status === 'fail') t.failed++;
  else if (status === 'error') t.errored++;
}

/** Why a closed leaf suite's own totals say its cases were rewritten; undefined when they agree. */
export function totalsProblem(t: SuiteTotals): string | undefined {
  if (t.nested || t.cases === 0) return undefined;
  const bad = t.failed + t.errored;
  const declaredBad = (t.failures ?? 0) + (t.errors ?? 0);
  if (t.failures !== undefined || t.errors !== undefined) {
    if (declaredBad > bad)
      return `the <testsuite> declares ${declaredBad} failed or errored case(s) but holds ${bad}: the report was rewritten after its runner wrote it, and is not evidence`;
  }
  return undefined;
}
