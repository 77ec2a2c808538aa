// The one command for a report (pure): `ledger-gate update` with the run's own arguments,
// when every upkeep finding (a reject whose fix writes the ledger) is one update clears — the
// new, edited, renamed and deleted tests and goldens of a human's change — and nothing in the
// report makes update refuse. Never for a report with an agent's edit (agent-fix.ts).
import type { Finding, RuleKey } from '../types.js';
import { writesLedger } from './agent-fix.js';
import { DEFAULT_LEDGER, runArgs, shellQuote, type FixContext } from './fix.js';

/** Rejects `update` resolves: it classes new tests, drops gone ones, re-locks, writes skips. */
const CLEARS: ReadonlySet<RuleKey> = new Set([
  'unclassified',
  'classified-missing',
  'fixture-digest-mismatch',
  'production-golden-no-bump',
  'classified-skip',
]);

/** Findings that make update refuse (a broken run, an invalid ledger). */
const REFUSES: ReadonlySet<RuleKey> = new Set([
  'collection-error',
  'ledger-invalid',
  'classified-fail',
  'flaky-pass',
]);

export function reportFix(findings: readonly Finding[], ctx: FixContext): string | undefined {
  if (ctx.agent !== undefined) return undefined;
  let upkeep = 0;
  for (const f of findings) {
    if (REFUSES.has(f.rule)) return undefined;
    if (f.result !== 'reject' || f.fix === undefined || !writesLedger(f.fix)) continue;
    if (!CLEARS.has(f.rule)) return undefined;
    upkeep++;
  }
  if (upkeep === 0) return undefined;
  const L = ctx.ledger === DEFAULT_LEDGER ? '' : ` --ledger ${shellQuote(ctx.ledger)}`;
  return `ledger-gate update ${runArgs(ctx)}${L}`;
}
