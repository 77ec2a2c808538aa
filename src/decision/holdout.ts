// The hold-out suite (docs/stronger-evidence.md): tests the repository does not hold, run by
// the team's own job. Every case must pass. Nothing of a case (name, classname, file, message,
// report path) leaves this module: an agent reads the gate's output and would tune to it, so a
// case is shown by an opaque id, a keyed hash the team can recompute from its own run log.
import { createHmac } from 'node:crypto';
import type { Finding, RawCase } from '../types.js';
import { finding, NO_CASE } from './finding.js';

/** The shortest key accepted: a short key can be guessed offline from guessable test names. */
export const HOLDOUT_KEY_MIN = 16;

export interface HoldoutFacts {
  cases: Pick<RawCase, 'name' | 'classname' | 'status' | 'flakyAttempts'>[];
  /** Report files matched. */
  files: number;
  /** Patterns that matched nothing. */
  unmatched: number;
  /** Files that could not be read or parsed (their reasons are not shown). */
  unreadable: number;
  /** Files the change ships (not read). */
  shipped: number;
}

/**
 * A case's opaque id: `h-` and the first 16 hex digits of HMAC-SHA256(key, classname NUL name)
 * (a JUnit name cannot hold NUL). docs/stronger-evidence.md shows how to compute it.
 */
export function holdoutId(key: string, c: Pick<RawCase, 'name' | 'classname'>): string {
  const mac = createHmac('sha256', key).update(`${c.classname ?? ''}\0${c.name}`);
  return 'h-' + mac.digest('hex').slice(0, 16);
}

export function judgeHoldout(
  facts: HoldoutFacts,
  key: string,
): { findings: Finding[]; note: string } {
  const out: Finding[] = [];
  const missing = (message: string) =>
    out.push(finding('holdout-missing', { ...NO_CASE, message: `hold-out set: ${message}` }));
  if (facts.unmatched > 0)
    missing(`${facts.unmatched} holdout-junit pattern(s) matched no usable report file`);
  if (facts.unreadable > 0)
    missing(`${facts.unreadable} of ${facts.files} report file(s) could not be read as JUnit`);
  if (facts.shipped > 0)
    missing(`${facts.shipped} report file(s) are shipped by the change, so none of them was read`);
  if (facts.cases.length === 0) missing('no hold-out report holds a test case');
  let passed = 0;
  for (const c of facts.cases) {
    const how =
      c.status === 'fail' || c.status === 'error'
        ? 'fails'
        : c.status === 'skip'
          ? 'skips (a hold-out case must pass)'
          : c.flakyAttempts > 0
            ? 'passed only after a rerun'
            : undefined;
    if (how === undefined) {
      passed++;
      continue;
    }
    out.push(
      finding('holdout-fail', {
        ...NO_CASE,
        status: c.status,
        message: `hold-out case ${holdoutId(key, c)} ${how}: look the id up in the hold-out job's log`,
      }),
    );
  }
  const note = `hold-out: ${facts.cases.length} case(s) in ${facts.files} report file(s), ${passed} passed, ${facts.cases.length - passed} did not`;
  return { findings: out, note };
}
