// What `update` did, per file (pure): each golden or test file its edits touch, with how
// many of its rows were re-locked, added, dropped, re-keyed or given a skip reason, so a
// maintainer reads what the one command did without reading the diff.
import { goldenLabel } from '../ledger/golden-set.js';
import { testFile } from '../ledger/file-rows.js';
import { rekeyedId } from '../ledger/rekey.js';
import type { RowFields } from '../ledger/render.js';
import type { LedgerRow } from '../types.js';

const ORDER = ['re-locked', 'added', 'dropped', 're-keyed', 'skip reason written'] as const;
type Did = (typeof ORDER)[number];

/** `  FILE: 1 re-locked, 2 added` lines, by file; none when nothing changed. */
export function perFileLines(
  before: ReadonlyMap<string, LedgerRow>,
  set: ReadonlyMap<string, RowFields>,
  drop: ReadonlySet<string>,
): string[] {
  const files = new Map<string, Map<Did, number>>();
  const note = (file: string, did: Did) => {
    const m = files.get(file) ?? new Map<Did, number>();
    m.set(did, (m.get(did) ?? 0) + 1);
    files.set(file, m);
  };
  const rekeyed = new Set<string>();
  for (const id of drop) {
    const now = rekeyedId(id);
    if (now !== undefined && set.has(now)) {
      rekeyed.add(now);
      note(testFile(id), 're-keyed');
    } else if (!set.has(testFile(id) + '::*')) note(testFile(id), 'dropped');
  }
  for (const [id, f] of set) {
    if (rekeyed.has(id)) continue;
    const old = before.get(id);
    if (old === undefined) note(testFile(id), 'added');
    else if (f.skip !== undefined && f.skip !== old.skip) note(testFile(id), 'skip reason written');
    else note(old.artifact !== undefined ? goldenLabel(old.artifact) : testFile(id), 're-locked');
  }
  return [...files]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([file, m]) =>
        `  ${file}: ${ORDER.filter((d) => m.has(d))
          .map((d) => `${m.get(d)} ${d}`)
          .join(', ')}`,
    );
}
