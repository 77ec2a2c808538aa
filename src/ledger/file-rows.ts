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

// Each parsed ledger's rows in reading order, each a value of byId under its own id, and
// where its last case's row was (the validator registers them; neither changes after
// parsing). A report lists a file's cases in the order their rows were written, so the next
// case's row is most often the next row, found by comparing one id instead of hashing the
// case's into a Map of every row (at L, 100,000). One place per ledger: callers that ask the
// change's ledger and the base's in turn keep both.
interface Cursor {
  readonly rows: readonly LedgerRow[];
  next: number;
}
const CURSORS = new WeakMap<Map<string, LedgerRow>, Cursor>();
let lastById: Map<string, LedgerRow> | undefined;
let last: Cursor | undefined;

/** Records `rows`, every value of `byId` once, each under its id, in the ledger's order. */
export function orderedRows(byId: Map<string, LedgerRow>, rows: readonly LedgerRow[]): void {
  CURSORS.set(byId, { rows, next: 0 });
}

/** byId.get(id), trying the row after the last found first. */
function ownRow(byId: Map<string, LedgerRow>, id: string): LedgerRow | undefined {
  const c = byId === lastById ? last : CURSORS.get(byId);
  // Parsed ledgers are not edited; one that was (its size) is asked the Map, as any.
  if (c === undefined || c.rows.length !== byId.size) return byId.get(id);
  lastById = byId;
  last = c;
  const r = c.rows[c.next];
  if (r !== undefined && r.id === id) {
    c.next++;
    return r;
  }
  const row = byId.get(id);
  if (row !== undefined) c.next = placeOf(c.rows, row) + 1; // out of order: the place found again
  return row;
}

/** The index of `row` in `rows`, whose lines increase (the reading order); -1 if absent. */
function placeOf(rows: readonly LedgerRow[], row: LedgerRow): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid].line < row.line) lo = mid + 1;
    else hi = mid;
  }
  return rows[lo] === row ? lo : -1;
}
