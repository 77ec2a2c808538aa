// The headline counts what a human acts on: entries, one file's findings across rules being
// one ("To fix: 2 test files (88 tests)"), the tests they cover in parentheses, not findings
// per test ("90 findings reject this change" for a 3-line diff).
import { isFileRowId } from '../ledger/file-rows.js';
import type { Result } from '../types.js';
import { idFile, type Entry, type RuleGroup } from './groups.js';

/** The file an entry is about, and what it is: its row's file, a path finding's, a test's. */
function fileOf(e: Entry): [string, string] | undefined {
  if (e.artifact !== undefined) return [e.artifact, e.label ?? 'file'];
  const f = e.findings[0];
  if (f.id === null) return f.file === undefined ? undefined : [f.file, 'file'];
  const file = idFile(f.id);
  return file === undefined ? undefined : [file, 'test file'];
}

/** `To fix: 1 golden, 2 test files (588 tests)`; undefined when nothing has that result. */
export function entriesLine(groups: readonly RuleGroup[], result: Result): string | undefined {
  const files = new Map<string, string>();
  let loose = 0;
  const tests = new Set<string>();
  for (const g of groups) {
    if (!g.acting) continue;
    for (const e of g.entries) {
      if (e.result !== result) continue;
      // A file row's finding (production-golden-no-bump on FILE::*) names a row, not a test.
      for (const f of e.findings) if (f.id !== null && !isFileRowId(f.id)) tests.add(f.id);
      const file = fileOf(e);
      if (file === undefined) loose++;
      else if (!files.has(file[0])) files.set(file[0], file[1]);
    }
  }
  if (files.size === 0 && loose === 0) return undefined;
  const byLabel = new Map<string, number>();
  for (const label of files.values()) byLabel.set(label, (byLabel.get(label) ?? 0) + 1);
  const parts = [...byLabel].map(([label, n]) => `${n} ${label}${n === 1 ? '' : 's'}`);
  if (loose > 0) parts.push(`${loose} other${loose === 1 ? '' : 's'}`);
  const t = tests.size;
  const verb = result === 'review' ? 'To review' : 'To fix';
  return `${verb}: ${parts.join(', ')}${t > 0 ? ` (${t} test${t === 1 ? '' : 's'})` : ''}`;
}
