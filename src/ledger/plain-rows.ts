// The plain row: `- id: …` and then one `key: value` line per field at the key column, every
// value a plain scalar (a comment may follow), every field known, once, valid for its class.
// Nearly every row of a large ledger is plain. Such a row is read from the text straight into
// its LedgerRow, with no entries or scalars in between, and validated in the same pass; a
// value equal to the last one of its field is compared in place and its string reused.
// Anything else declines: the line reader then reads the row as before and the validator
// reports it, so every error and position still comes from one place (validate.ts).
import type { LedgerClass, LedgerRow } from '../types.js';
import { isFileRowId } from './file-rows.js';
import {
  isKeyChar,
  plainValueEnd,
  startsNonScalar,
  type PlainRowReader,
  type ScanCursors,
} from './fast.js';
import { offsetsOf, type KeyOffsets } from './key-lines.js';
import { mayBeTyped, resolvePlain } from './scalar.js';
import {
  allowedFields,
  FIELD_SPECS,
  LEDGER_CLASSES,
  PROPOSABLE_CLASSES,
  REQUIRED_FIELDS,
  ROW_FIELDS,
} from './schema.js';
import { formatHolds, mayBeSpace, newRow, soundPath, type LedgerValidator } from './validate.js';

const NF = ROW_FIELDS.length;
const I_ID = 0;
const I_CLASS = 1;
const I_PROPOSED = ROW_FIELDS.indexOf('proposed_class');
const I_ARTIFACT = ROW_FIELDS.indexOf('artifact');
const I_SEEDS = ROW_FIELDS.indexOf('seeds');
const I_DIGEST = ROW_FIELDS.indexOf('digest');
const I_INVARIANT = ROW_FIELDS.indexOf('invariant');
const FORMAT = FIELD_SPECS.map((f) => f.format);

// A row field's index by its key's length and first character (fast.ts's KNOWN_KEYS slots).
const FIELD_AT: Array<number | undefined> = [];
ROW_FIELDS.forEach((k, i) => (FIELD_AT[k.length * 128 + k.charCodeAt(0)] = i));

// The classes' names differ in length: a class value is compared with one name only.
const CLASS_BY_LENGTH: Array<LedgerClass | undefined> = [];
for (const c of LEDGER_CLASSES) {
  if (CLASS_BY_LENGTH[c.length] !== undefined) throw new Error(`two classes of length ${c.length}`);
  CLASS_BY_LENGTH[c.length] = c;
}

const bits = (fields: Iterable<string>): number => {
  let m = 0;
  for (const f of fields) m |= 1 << ROW_FIELDS.indexOf(f);
  return m;
};
// Per class (and per draft's proposed class): the fields it needs and those it may carry.
const REQUIRED = new Map(LEDGER_CLASSES.map((c) => [c, bits(REQUIRED_FIELDS[c])]));
const ALLOWED = new Map(LEDGER_CLASSES.map((c) => [c, bits(allowedFields(c))]));
const DRAFT_ALLOWED = new Map(PROPOSABLE_CLASSES.map((p) => [p, bits(allowedFields('draft', p))]));

/** Reads plain rows into `v`'s rows; the line reader's hook (parse.ts). */
export function plainRows(v: LedgerValidator): PlainRowReader {
  // One row's values and its keys' order, reused; only the fields a row set are cleared.
  // (Arrays made full, not with holes: V8 reads a packed array without a check for holes.)
  const values: Array<string | undefined> = Array.from({ length: NF }, () => undefined);
  const order: number[] = [];
  // Per field, the last value read as written and as kept: ledgers repeat invariants and
  // seeds folders row after row.
  const read: string[] = Array.from({ length: NF }, () => '');
  const kept: string[] = Array.from({ length: NF }, () => '');
  const clear = (): void => {
    for (const fi of order) values[fi] = undefined;
    order.length = 0;
  };

  // A declined row is read again by the line reader from its start: its searches must be too.
  // (Restored here, not by a closure made for every row the reader is handed.)
  const take: PlainRowReader = (text, j, ls, lineNo, cur) => {
    const canonical = takeCanonical(text, j, ls, lineNo, cur);
    if (canonical > 0) return canonical;
    const hashAt = cur.hashAt;
    const colonAt = cur.colonAt;
    const lines = takeRow(text, j, ls, lineNo, cur);
    if (lines === 0) {
      cur.hashAt = hashAt;
      cur.colonAt = colonAt;
      clear();
    }
    return lines;
  };

  /** The row at `j` read into `v`: its line count, or 0 to decline it. */
  const takeRow: PlainRowReader = (text, j, ls, lineNo, cur) => {
    const len = text.length;
    const kc = j - ls;
    let seen = 0;
    let at = j;
    let next: number;
    for (;;) {
      let le = text.indexOf('\n', at);
      next = le === -1 ? len : le + 1;
      if (le === -1) le = len;
      if (text.charCodeAt(le - 1) === 13) le--;

      // The key: a known row field, once, then `:` and a space.
      const c0 = text.charCodeAt(at);
      let p = at + 1;
      while (p < le && isKeyChar(text.charCodeAt(p))) p++;
      if (p + 1 >= le || text.charCodeAt(p) !== 58 || text.charCodeAt(p + 1) !== 32) return 0;
      const fi = FIELD_AT[(p - at) * 128 + c0];
      if (fi === undefined || (seen & (1 << fi)) !== 0 || !text.startsWith(ROW_FIELDS[fi], at))
        return 0;
      seen |= 1 << fi;

      // The value: a plain scalar, as fast.ts's `scalar` reads one; anything else declines.
      let k = p + 2;
      while (k < le && text.charCodeAt(k) === 32) k++;
      if (k === le) return 0;
      const cc = text.charCodeAt(k);
      if (!startsPlain(cc, k + 1 === le ? -1 : text.charCodeAt(k + 1))) return 0;
      const end = plainValueEnd(text, k, le, cur);
      if (end < 0) return 0;

      // The class is one of the constants; a value equal to its field's last one is that
      // string again (and was valid then); any other is read and checked.
      let val: string | undefined;
      if (fi === I_CLASS) {
        const c = CLASS_BY_LENGTH[end - k];
        if (c !== undefined && text.startsWith(c, k)) val = c;
      } else if (fi !== I_ID && read[fi].length === end - k && text.startsWith(read[fi], k))
        val = kept[fi];
      else val = valueOf(fi, text.slice(k, end));
      if (val === undefined) return 0;
      values[fi] = val;
      order.push(fi);

      // The row goes on while the next line is a key at the same column.
      if (next >= len || !keyStartsAt(text, next, kc)) break;
      at = next + kc;
    }

    return keep(text, next, lineNo, kc, seen, cur);
  };

  /**
   * A field's value as read (a plain scalar, not its field's last value) as the row keeps it:
   * undefined when the row must be left to the line reader.
   */
  const valueOf = (fi: number, s: string): string | undefined => {
    if (mayBeTyped(s) && resolvePlain(s).type !== 'string') return undefined;
    let val: string | undefined;
    // A path field holds its canonical form, as checkPath gives it.
    if (fi === I_ARTIFACT || fi === I_SEEDS) val = soundPath(v, fi === I_SEEDS, s);
    else if (formatHolds(FORMAT[fi], s)) val = s;
    if (val !== undefined && fi !== I_ID) {
      read[fi] = s;
      kept[fi] = val;
    }
    return val;
  };

  /** One of the row's values, its field's last one again or read (valueOf). */
  const field = (fi: number, s: string): string | undefined => {
    const val = s === read[fi] ? kept[fi] : isPlainScalar(s) ? valueOf(fi, s) : undefined;
    values[fi] = val;
    order.push(fi);
    return val;
  };

  /**
   * The row at `ls` in the layout this tool writes (CANONICAL), read by one match instead of
   * key by key: its line count (4), or 0 when it is not in that layout or a value declines.
   */
  const takeCanonical: PlainRowReader = (text, j, ls, lineNo, cur) => {
    CANONICAL.lastIndex = ls;
    const m = CANONICAL.exec(text);
    if (m === null || ls + m[1].length + 2 !== j) return 0;
    const id = m[2];
    const locked = m[3] !== undefined;
    values[I_ID] = isPlainScalar(id) ? valueOf(I_ID, id) : undefined;
    order.push(I_ID, I_CLASS);
    values[I_CLASS] = locked ? 'locked_fixture' : 'property';
    const ok =
      values[I_ID] !== undefined &&
      (locked
        ? field(I_DIGEST, m[4]) !== undefined && field(I_ARTIFACT, m[5]) !== undefined
        : field(I_INVARIANT, m[7]) !== undefined && field(I_SEEDS, m[8]) !== undefined);
    const lines = ok
      ? keep(text, CANONICAL.lastIndex, lineNo, j - ls, locked ? LOCKED : PROPERTY, cur)
      : 0;
    if (lines === 0) clear();
    return lines;
  };

  /**
   * The row read into `values` (its fields `seen`, in `order`), which ends where the line at
   * `next` starts, made and kept: its line count, or 0 to leave it to the line reader.
   */
  const keep = (
    text: string,
    next: number,
    lineNo: number,
    kc: number,
    seen: number,
    cur: ScanCursors,
  ): number => {
    // Where the line reader goes on: a key at the row's column after blank or comment lines
    // would still be this row's, so such a row is left to it.
    if (significantIndent(text, next) === kc) return 0;

    const id = values[I_ID];
    const cls = values[I_CLASS] as LedgerClass | undefined;
    if (id === undefined || cls === undefined || isFileRowId(id)) return 0;
    if (v.otherIds.size !== 0 && v.otherIds.has(id)) return 0;
    const need = REQUIRED.get(cls)!;
    const proposed = values[I_PROPOSED] as LedgerClass | undefined;
    const may =
      cls === 'draft' && proposed !== undefined ? DRAFT_ALLOWED.get(proposed)! : ALLOWED.get(cls)!;
    if ((seen & need) !== need || (seen & ~may) !== 0) return 0;

    const row = rowOf(seen, id, cls, lineNo, kc + 1, keyOffsetsOf(order, v), values);
    // One look-up of the id, not two (at L, 100,000 in a Map that outgrows the caches): a new
    // id grows byId; one already there is a duplicate, whose row is put back for the line
    // reader to report.
    const size = v.byId.size;
    v.byId.set(id, row);
    if (v.byId.size === size) {
      v.byId.set(
        id,
        v.rows.find((r) => r.id === id)!,
      );
      return 0;
    }
    v.rows.push(row);
    const lines = order.length;
    clear();
    cur.rowEnd = next;
    return lines;
  };
  return take;
}

const LOCKED = bits(['id', 'class', 'digest', 'artifact']);
const PROPERTY = bits(['id', 'class', 'invariant', 'seeds']);

// The layout this tool writes, and nearly every row of a large ledger has: `- id:`, its class,
// and the class's two fields, a key per line two columns in, each value on its line (no `#`,
// no space at its end). One sticky match, which V8 compiles to machine code after its first
// use, where the key-by-key reader runs character loops still warming up at a few thousand
// rows (S: docs/performance.md). Every value is then checked as takeRow checks it.
const VALUE = '([^\\n#]*[^\\s#])';
const CANONICAL = new RegExp(
  `( *)- id: ${VALUE}\\n\\1  class: (?:(locked_fixture)\\n\\1  digest: ${VALUE}\\n\\1  artifact: ${VALUE}` +
    `|(property)\\n\\1  invariant: ${VALUE}\\n\\1  seeds: ${VALUE})\\n`,
  'y',
);

/**
 * Would the line reader take `s` (a value with no `#` and nothing but it on its line) as a
 * plain scalar? takeRow's checks, on the value's text: its first character, and no `: ` or
 * final `:` (a nested mapping).
 */
function isPlainScalar(s: string): boolean {
  return (
    startsPlain(s.charCodeAt(0), s.length === 1 ? -1 : s.charCodeAt(1)) &&
    !s.endsWith(':') &&
    !s.includes(': ')
  );
}

/**
 * May a value that starts with `cc` (then `next`, -1 at the line's end) be a plain scalar this
 * reader takes: no quote, no indicator (fast.ts), no space of any kind first.
 */
function startsPlain(cc: number, next: number): boolean {
  return cc !== 39 && cc !== 34 && !mayBeSpace(cc) && !startsNonScalar(cc, next);
}

/**
 * The row, as newRow makes it; the two layouts nearly every row has are written as literals,
 * so such a row is one object with its fields inside it, not one and a second for the fields
 * added after its first five (fewer objects for the scavenger to copy: all rows survive).
 */
function rowOf(
  seen: number,
  id: string,
  cls: LedgerClass,
  line: number,
  column: number,
  keyOffsets: KeyOffsets,
  values: ReadonlyArray<string | undefined>,
): LedgerRow {
  if (seen === LOCKED)
    return {
      id,
      class: cls,
      line,
      column,
      keyOffsets,
      digest: values[I_DIGEST],
      artifact: values[I_ARTIFACT],
    };
  if (seen === PROPERTY)
    return {
      id,
      class: cls,
      line,
      column,
      keyOffsets,
      invariant: values[I_INVARIANT],
      seeds: values[I_SEEDS],
    };
  return newRow(id, cls, line, column, keyOffsets, undefined, values);
}

// The two usual rows, written in the schema's order: every such row shares one of these.
const LOCKED_AT = offsetsOf(['id', 'class', 'digest', 'artifact'], [0, 1, 2, 3]);
const PROPERTY_AT = offsetsOf(['id', 'class', 'invariant', 'seeds'], [0, 1, 2, 3]);

/** The row's keys, on consecutive lines from its own, in the order they are written. */
function keyOffsetsOf(order: readonly number[], v: LedgerValidator): KeyOffsets {
  if (order.length === 4 && order[0] === I_ID && order[1] === I_CLASS) {
    if (order[2] === I_DIGEST && order[3] === I_ARTIFACT) return LOCKED_AT;
    if (order[2] === I_INVARIANT && order[3] === I_SEEDS) return PROPERTY_AT;
  }
  return v.layouts.intern(
    order.map((fi) => ROW_FIELDS[fi]),
    order.map((_, x) => x),
  );
}

/** Is the line at `ls` indented by exactly `kc` spaces, then a key's first character? */
function keyStartsAt(text: string, ls: number, kc: number): boolean {
  for (let i = ls; i < ls + kc; i++) if (text.charCodeAt(i) !== 32) return false;
  const c = text.charCodeAt(ls + kc);
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/** The indentation of the first line from `ls` that is not blank or a comment; -1 at the end. */
function significantIndent(text: string, ls: number): number {
  const len = text.length;
  while (ls < len) {
    let at = ls;
    while (text.charCodeAt(at) === 32) at++;
    const c = text.charCodeAt(at);
    if (c !== 10 && c !== 35 && !(c === 13 && text.charCodeAt(at + 1) === 10) && at < len)
      return at - ls;
    const nl = text.indexOf('\n', at);
    if (nl === -1) return -1;
    ls = nl + 1;
  }
  return -1;
}
