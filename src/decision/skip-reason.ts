// An expected skip is the skip its row names (CONTRACT §2): a row's `skip:` holds the reason
// the report gives, compared after one normalisation of both sides. Pure: init writes the
// reason readAs() gives, and check compares the same, so a freeze admits its own run.

/** What a skip the report gives no reason for reads as (init writes it for such a skip). */
export const NO_REASON = 'skipped when frozen by ledger-gate init';
/** What a todo without a reason reads as (jest's JSON gives a todo none). */
export const TODO_REASON = 'todo: not written yet';

/**
 * A reason as the runners write it, reduced to what the test said: whitespace runs made one
 * space; go's `=== RUN name … --- SKIP: name (0.00s)` frame dropped (its duration varies);
 * a leading `path:line: ` (pytest's report text, go's `file_test.go:18: `) and `Skipped: `
 * (pytest's module-level form) stripped. '' when nothing is left: no reason.
 */
export function normaliseReason(raw: string | undefined): string {
  let s = (raw ?? '').replace(/\s+/g, ' ').trim();
  const go = /^=== RUN \S+ (.*?) ?--- SKIP: \S+ \([^)]*\)$/.exec(s);
  if (go) s = go[1];
  s = s.replace(/^(?:[A-Za-z]:)?[^:\s]*:\d+: /, '');
  s = s.replace(/^Skipped: /, '');
  return s.trim();
}

/** A skipped result's reasons, as the row must name them ('' in `reasons`: none given). */
export interface SkipFacts {
  /** The distinct normalised reasons of its skipped cases; absent: none given. */
  skipReasons?: string[];
  outcome?: 'xfail' | 'todo';
}

/** Each reason a skip reads as: its own, else the token for a skip without one. */
export function readAs(t: SkipFacts): string[] {
  const none = t.outcome === 'todo' ? TODO_REASON : NO_REASON;
  const list = t.skipReasons?.length ? t.skipReasons : [''];
  return [...new Set(list.map((r) => (r === '' ? none : r)))];
}

/**
 * Why this skip is not the one the row expects, for the finding's message; undefined when
 * every reason the reports give is the row's. Compared exactly (case-sensitive) after
 * normaliseReason on both sides.
 */
export function skipMismatch(rowSkip: string, t: SkipFacts): string | undefined {
  const expected = normaliseReason(rowSkip);
  const other = readAs(t).filter((r) => r !== expected);
  if (other.length === 0) return undefined;
  const given = other
    .map((r) => (r === NO_REASON || r === TODO_REASON ? `no reason (reads as "${r}")` : `"${r}"`))
    .join(', ');
  return `the report's reason ${given} is not the one its row expects: "${rowSkip}"`;
}
