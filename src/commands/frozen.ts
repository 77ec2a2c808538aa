// How a test that did not simply pass gets its row when a command writes one (init, update,
// lock): pure, so every writer freezes a run the way `check` then reads it.
import { readAs } from '../decision/skip-reason.js';
import type { TestResult } from '../types.js';

export const FROZEN = 'when frozen by ledger-gate init';

/**
 * How a test that did not simply pass is frozen: quarantined (nobody can defend it), or
 * expected to skip with the reason `check` compares (readAs: the report's, or the token for a
 * skip without one); undefined for a pass or a collected-only id.
 */
export function frozenAs(
  t: TestResult | undefined,
  when = FROZEN,
): { quarantine: string } | { skip: string } | undefined {
  if (t === undefined) return undefined;
  if (t.status === 'fail' || t.status === 'error')
    return { quarantine: `${t.status === 'fail' ? 'failing' : 'erroring'} ${when}` };
  if (t.flaky) return { quarantine: `passed only after failing ${when}` };
  if (t.status !== 'skip') return undefined;
  if (t.outcome === 'xfail') {
    const reason = t.skipReasons?.find((r) => r !== '');
    return { quarantine: `expected failure (xfail) ${when}${reason ? `: ${reason}` : ''}` };
  }
  return { skip: readAs(t)[0] };
}
