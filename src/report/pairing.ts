// The base run's pairing of a finding's test, in words (summary and terminal): a reviewer who
// approves a promotion sees whether the test fails without the change.
import type { BasePairing, Finding } from '../types.js';

export const PAIRING_WORDS: Record<BasePairing, string> = {
  'fail-to-pass': 'fails without the change ✔',
  'pass-to-pass': 'passes without the change',
  'pass-to-fail': 'passes without the change, fails with it',
  'fail-to-fail': 'fails with and without the change',
  'skip-on-base': 'skipped without the change',
  'absent-on-base': 'not in the base run',
  unknown: 'base run unknown: it is not valid',
};

/** The pairing of an entry's findings; several kinds are counted. Undefined without a base run. */
export function pairingText(findings: readonly Finding[]): string | undefined {
  const by = new Map<BasePairing, number>();
  for (const f of findings) if (f.base_run) by.set(f.base_run, (by.get(f.base_run) ?? 0) + 1);
  if (by.size === 0) return undefined;
  if (by.size === 1 && findings.length === 1) return PAIRING_WORDS[[...by.keys()][0]];
  return [...by].map(([p, n]) => `${n} ${PAIRING_WORDS[p]}`).join(', ');
}
