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
  const own = ledger.byId.get(id);
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
