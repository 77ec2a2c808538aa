// Old quarantine rows become warnings: a pure rule over the ledger and today's date. They do
// not change the decision; the summary lists them so a quarantine does not become permanent.
import type { GateWarning, Ledger } from '../types.js';
import { keyLine } from '../ledger/key-lines.js';

/** Quarantine rows opened more than `maxAgeDays` days before `now`; none without a limit. */
export function quarantineWarnings(
  ledger: Ledger | undefined,
  file: string,
  maxAgeDays: number | undefined,
  now: Date = new Date(),
): GateWarning[] {
  if (maxAgeDays === undefined || !ledger) return [];
  const today = now.getTime();
  const out: GateWarning[] = [];
  for (const r of ledger.rows) {
    if (r.class !== 'quarantine' || !r.opened) continue;
    const days = Math.floor((today - Date.parse(r.opened + 'T00:00:00Z')) / 86_400_000);
    if (days > maxAgeDays) {
      out.push({
        file,
        line: keyLine(r, 'opened') ?? r.line,
        message: `${r.id} has been in quarantine for ${days} days (over ${maxAgeDays}); owner ${r.owner}`,
      });
    }
  }
  return out;
}
