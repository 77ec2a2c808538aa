// What is known of the base's tests, per test file the change touched, for the review entries'
// "adds / deletes / renames" (decision/test-changes.ts): the base commit's own run when given
// (`--base-tests GLOB`: its JUnit reports), else the base ledger's exact rows of a file that
// has no file row there; a file the change adds had none. A file with none of these is left out.
import { expandReports } from '../adapters/fs/report-globs.js';
import { isFileRowId, testFile } from '../ledger/file-rows.js';
import { testChanges } from '../decision/test-changes.js';
import { gatherReports } from './reports.js';
import type { Change, TestChanges, TestResult } from '../types.js';

export async function changedTests(
  root: string,
  baseTests: string[] | undefined,
  change: Change | undefined,
  head: { tests: readonly TestResult[]; collected?: readonly string[] },
): Promise<TestChanges[]> {
  if (!change) return [];
  const headIds = [...head.tests.map((t) => t.id), ...(head.collected ?? [])];
  const testFiles = new Set(headIds.map(testFile));
  const base = new Map<string, Set<string>>();
  const add = (id: string) => {
    const f = testFile(id);
    base.set(f, (base.get(f) ?? new Set<string>()).add(id));
  };
  if (baseTests && baseTests.length > 0) {
    const e = await expandReports(root, baseTests);
    const read = await gatherReports({ root, files: e.files, problems: e.problems });
    if (read.reportProblems.length > 0) return []; // a base run not read is not one to compare with
    for (const t of read.tests) add(t.id);
  } else {
    const rows = change.baseLedger?.ledger?.rows ?? [];
    const fileRowed = new Set(rows.filter((r) => isFileRowId(r.id)).map((r) => testFile(r.id)));
    for (const r of rows) if (!isFileRowId(r.id) && !fileRowed.has(testFile(r.id))) add(r.id);
    for (const f of fileRowed) base.delete(f);
  }
  for (const p of change.changed) {
    if (p.status === 'A' && !base.has(p.path)) base.set(p.path, new Set());
    if (base.has(p.path)) testFiles.add(p.path);
  }
  const files = change.changed.map((p) => p.path).filter((p) => testFiles.has(p));
  return testChanges({ files, head: headIds, base });
}
