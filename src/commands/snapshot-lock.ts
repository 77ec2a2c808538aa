// What a file row is locked to when the commands write or re-lock it (CONTRACT §2
// "Snapshots"): its test file and the snapshot files present beside it, as one golden set, so
// `jest -u` rewriting a snapshot changes the row's digest as an edit of the test file does.
// Members a team added to the row that are not its file's snapshots are kept.
import { presentSnapshots } from '../adapters/fs/snapshot-files.js';
import { isFileRowId, testFile } from '../ledger/file-rows.js';
import { extraMembers, fileRowKey, snapshotOwners } from '../ledger/snapshots.js';
import type { LedgerRow } from '../types.js';

/** The golden key for `file`'s file row: the file alone, or the set of it and its snapshots. */
export async function withSnapshots(root: string, file: string, had?: string): Promise<string> {
  const extra = had === undefined ? [] : extraMembers(file, had);
  return fileRowKey(file, await presentSnapshots(root, file), extra);
}

/**
 * For the re-lockers given paths (`relock PATH…`, the hook's staged paths): the file rows of
 * the test files whose snapshots the paths are, with their sets re-derived from what is
 * present now (a snapshot written or deleted joins or leaves it). Returns the rows with those
 * artifacts replaced, and per path the re-derived keys it selects.
 */
export async function resnapshot(
  root: string,
  rows: readonly LedgerRow[],
  paths: readonly string[],
): Promise<{ rows: LedgerRow[]; keysOf: Map<string, string[]> }> {
  const byFile = new Map<string, LedgerRow>();
  for (const r of rows) if (isFileRowId(r.id)) byFile.set(testFile(r.id), r);
  const rekeyed = new Map<string, string>(); // row id -> its new key
  const keysOf = new Map<string, string[]>();
  for (const p of paths) {
    for (const owner of snapshotOwners(p)) {
      const row = byFile.get(owner);
      if (row === undefined) continue;
      let key = rekeyed.get(row.id);
      if (key === undefined) {
        key = await withSnapshots(root, owner, row.artifact);
        rekeyed.set(row.id, key);
      }
      keysOf.set(p, [...(keysOf.get(p) ?? []), key]);
    }
  }
  const out = rows.map((r) => {
    const key = rekeyed.get(r.id);
    return key === undefined || key === r.artifact ? r : { ...r, artifact: key };
  });
  return { rows: out, keysOf };
}
