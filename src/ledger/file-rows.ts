// File rows (CONTRACT §2): one row, `id: FILE::*`, classes every test of FILE, locked to
// FILE's own bytes. An exact-id row beats it, so one test of a locked file can still be
// quarantined or expected to skip. Everything that finds a test's row asks rowFor.
import type { Ledger, LedgerRow } from '../types.js';

/** What ends a file row's id: `tests/test_x.py::*`. */
export const FILE_ROW_SUFFIX = '::*';

/** The file a test id names: the part before its first `::` ('' when there is none). */
export function testFile(id: string): string {
  const i = id.indexOf('::');
  return i < 0 ? '' : id.slice(0, i);
}

/** Is `id` a file row's id (`FILE::*`, FILE holding no `::`)? */
export function isFileRowId(id: string): boolean {
  return (
    id.length > FILE_ROW_SUFFIX.length &&
    id.endsWith(FILE_ROW_SUFFIX) &&
    id.indexOf('::') === id.length - FILE_ROW_SUFFIX.length
  );
}

/** The id of the file row for `file`. */
export function fileRowId(file: string): string {
  return file + FILE_ROW_SUFFIX;
}

/** The row that classes test `id`: its own row, else its file's row. */
export function rowFor(ledger: Pick<Ledger, 'byId'>, id: string): LedgerRow | undefined {
  const own = ownRow(ledger.byId, id);
  if (own !== undefined) return own;
  const rowId = fileRowIdOf(id);
  return rowId === undefined ? undefined : ledger.byId.get(rowId);
}

// The last file asked about and its file row's id: a report lists a file's cases together, so
// most asks reuse one id string (its hash cached by V8) instead of building `FILE::*` per case.
let lastFile = '';
let lastRowId = '';

/** The file row id for test `id`'s file, or undefined when the id names no file. */
function fileRowIdOf(id: string): string | undefined {
  const i = id.indexOf('::');
  if (i <= 0) return undefined;
  if (i !== lastFile.length || !id.startsWith(lastFile)) {
    lastFile = id.slice(0, i);
    lastRowId = fileRowId(lastFile);
  }
  return lastRowId;
}

// Parsed ledgers: byId → its rows in the ledger's order, each a value of byId under its own id
// (the validator registers them; neither changes after parsing).
const ORDERED = new WeakMap<Map<string, LedgerRow>, readonly LedgerRow[]>();

/** Records `rows`, every value of `byId` once, each under its id, in the ledger's order. */
export function orderedRows(byId: Map<string, LedgerRow>, rows: readonly LedgerRow[]): void {
  ORDERED.set(byId, rows);
}

// Where the last case's row was: a report lists a file's cases in the order their rows were
// written (init writes a run's cases in its order), so the next case's row is most often the
// next row, found by comparing one id instead of hashing the case's into a Map of every row
// (at L, 100,000).
let rows: readonly LedgerRow[] = [];
let rowsOf: Map<string, LedgerRow> | undefined;
let next = 0;

/** byId.get(id), trying the row after the last found first. */
function ownRow(byId: Map<string, LedgerRow>, id: string): LedgerRow | undefined {
  if (byId !== rowsOf) {
    const ordered = ORDERED.get(byId);
    if (ordered === undefined) return byId.get(id);
    rows = ordered;
    rowsOf = byId;
    next = 0;
  }
  // Parsed ledgers are not edited; one that was (its size) is asked the Map, as any.
  if (rows.length !== byId.size) return byId.get(id);
  const r = rows[next];
  if (r !== undefined && r.id === id) {
    next++;
    return r;
  }
  const row = byId.get(id);
  if (row !== undefined) next = placeOf(row) + 1; // a case out of order: the place found again
  return row;
}

/** The index of `row` in `rows`, whose lines increase (the reading order); -1 if absent. */
function placeOf(row: LedgerRow): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid].line < row.line) lo = mid + 1;
    else hi = mid;
  }
  return rows[lo] === row ? lo : -1;
}
