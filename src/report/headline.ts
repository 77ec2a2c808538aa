// The headline counts what a human acts on: entries (a file's findings are one), not findings
// per test ("2 files to review: 588 tests" rather than "588 findings need a human review").
import type { Result } from '../types.js';
import type { RuleGroup } from './groups.js';

/** `2 entries to review (1 golden, 1 file): 588 findings`; undefined when each entry is one finding. */
export function entriesLine(groups: readonly RuleGroup[], result: Result): string | undefined {
  let entries = 0;
  let findings = 0;
  const files = new Map<string, number>();
  for (const g of groups) {
    if (!g.acting) continue;
    for (const e of g.entries) {
      if (e.result !== result) continue;
      entries++;
      findings += e.findings.length;
      if (e.label !== undefined) files.set(e.label, (files.get(e.label) ?? 0) + 1);
    }
  }
  if (entries === 0 || entries === findings) return undefined;
  const verb = result === 'review' ? 'to review' : 'to fix';
  const kinds = [...files].map(([label, n]) => `${n} ${label}${n === 1 ? '' : 's'}`).join(', ');
  return `${entries} ${entries === 1 ? 'entry' : 'entries'} ${verb}${kinds ? ` (${kinds})` : ''}: ${findings} findings`;
}
