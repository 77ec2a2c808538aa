// The fast reader: a line-oriented reader for the block layout every ledger uses
// (`version:` / `rows:` at the top, `- id: …` rows of `key: scalar` pairs, plain or quoted
// scalars, comments, blank lines). It is ~20× faster than composing a YAML document and
// gives exact positions for free. Anything outside that layout — flow collections, block
// scalars, anchors, tags, directives, several documents, odd indentation — makes it return
// null, and the caller falls back to the `yaml` package, which reads or refuses it.
import { unprintable } from './printable.js';
import { mayBeTyped, resolvePlain } from './scalar.js';
import type { Entry, MapVal, ReadResult, ScalarType, ScalarVal, SeqVal } from './tree.js';
import { ROW_FIELDS, TOP_FIELDS } from './schema.js';

/** Thrown inside the reader when the text leaves the layout it knows. */
class Unsupported extends Error {}

// Tabs, control characters, lone CRs, a BOM and the Unicode line separators all have
// subtle YAML meanings; leave them to the full parser. C1 controls and U+FFFE/U+FFFF are not
// YAML at all: refused below with the full parser's message, whatever the ledger's size.
// eslint-disable-next-line no-control-regex -- these are exactly the characters to detect
const AWKWARD = /[\x00-\x08\t\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/;
const LONE_CR = /\r(?!\n)/;
const DOC_START = /^---(?: +(?:#.*)?)?$/;
// First characters that make a value something other than a plain or quoted scalar.
const INDICATOR = new Uint8Array(128);
for (const ch of '&*!|>{[%@`,]}#') INDICATOR[ch.charCodeAt(0)] = 1;

/**
 * Does a value that starts with `cc` (then `next`, -1 at the line's end) start something other
 * than a plain or quoted scalar: an indicator, or `- `, `? `, `: `?
 */
export function startsNonScalar(cc: number, next: number): boolean {
  return (
    (cc < 128 && INDICATOR[cc] === 1) ||
    ((cc === 45 || cc === 63 || cc === 58) && (next === -1 || next === 32))
  );
}
const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_LEN: Record<string, number> = { x: 2, u: 4, U: 8 };

/**
 * Reads `text`, handing each row of `rows:` to `onRow` as soon as it is complete (the rows
 * sequence in the result stays empty, so a 100k-row tree is never held at once). Returns
 * null when the text leaves the layout this reader knows; `onRow` may have been called by
 * then, so the caller discards what it collected.
 */
/** Top-level lists of plain scalars, kept whole (they are short). */
const SHORT_LISTS = new Set(['rules', 'gaming_allow']);

/**
 * The searches for `#` and `:` that plain values share (see ScalarRead), and where a row read
 * by a PlainRowReader ended.
 */
export interface ScanCursors {
  hashAt: number;
  colonAt: number;
  /** The start of the line after the row a PlainRowReader took. */
  rowEnd: number;
}

/**
 * Takes the row whose first key is at `keyAt` (on line `lineNo`, which starts at `ls`) whole:
 * returns how many lines it read (its end in `cursors.rowEnd`), or 0 to leave the row to the
 * line reader, with the cursors as they were (plain-rows.ts).
 */
export type PlainRowReader = (
  text: string,
  keyAt: number,
  ls: number,
  lineNo: number,
  cursors: ScanCursors,
) => number;

export function readFast(
  text: string,
  onRow: (row: MapVal) => void,
  plain?: PlainRowReader,
): ReadResult | null {
  if (
    AWKWARD.test(text) ||
    (text.includes('\r') && LONE_CR.test(text)) ||
    !isWellFormed(text) // a lone surrogate (only from a caller: a file is decoded strictly)
  ) {
    const bad = unprintable(text);
    return bad ? { root: null, issues: [bad] } : null;
  }
  try {
    return read(text, onRow, plain);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
}

function isWellFormed(text: string): boolean {
  const f = (text as unknown as { isWellFormed?: () => boolean }).isWellFormed;
  return f ? f.call(text) : true;
}

// Known keys, by length: a key read from the text is replaced by the constant string, so
// later property and Set look-ups use an internalized string instead of hashing a slice.
const KNOWN_KEYS: Array<string | undefined> = [];
for (const k of [...TOP_FIELDS, ...ROW_FIELDS]) {
  const slot = k.length * 128 + k.charCodeAt(0);
  if (KNOWN_KEYS[slot] !== undefined) throw new Error(`two known keys share slot ${slot}`);
  KNOWN_KEYS[slot] = k;
}

/**
 * What keyValue read after the key, handed back in one object per read() that every call
 * overwrites, so reading a scalar allocates nothing but its string.
 */
interface ScalarRead extends ScanCursors {
  type: ScalarType;
  value: string | number | boolean | null;
  /** The value was absent (nothing, or only a comment, after the colon). */
  empty: boolean;
}

function read(text: string, onRow: (row: MapVal) => void, plain?: PlainRowReader): ReadResult {
  // hashAt, colonAt: the first `#` and `:` at or after the last place asked. Values are read
  // in text order, so each search starts where the last ended and the text is searched once.
  const sc: ScalarRead = {
    type: 'null',
    value: null,
    empty: false,
    hashAt: -1,
    colonAt: -1,
    rowEnd: 0,
  };
  const top: Entry[] = [];
  let root: MapVal | null = null;
  // A top-level key written without a value: it is null unless a sequence follows.
  let pending: Entry | null = null;
  let seq: SeqVal | null = null;
  let seqIndent = -1;
  // The row being read. Rows are handed to onRow, which must not keep them: the row, its
  // entries and their scalars are reused for the next row, so a 100k-row ledger allocates
  // little besides the strings it keeps.
  const entries: Entry[] = [];
  const item: MapVal = { kind: 'map', entries, line: 0, column: 0 };
  const pool: Entry[] = [];
  let inRow = false;
  let itemKeyCol = -1;
  const next = (): Entry => {
    let e = pool[entries.length];
    if (e === undefined) {
      e = {
        key: '',
        line: 0,
        column: 0,
        value: { kind: 'scalar', type: 'null', value: null, line: 0, column: 0 },
      };
      pool.push(e);
    }
    entries.push(e);
    return e;
  };
  const endRow = (): void => {
    if (inRow) onRow(item);
    inRow = false;
    entries.length = 0;
  };
  // The `rules:` list: plain scalars, kept whole (it is short).
  let list: SeqVal | null = null;
  let listIndent = -1;
  // `gaming_allow:` is one too (§2): a large ledger that has it stays on this reader.
  const sawLists = new Set<string>();
  let sawRows = false;
  let sawRowsKey = false;
  let sawContent = false;
  let sawDocStart = false;

  const len = text.length;
  let pos = 0;
  let lineNo = 0;
  while (pos < len) {
    // The line is text[ls, le): no slice per line, only per value.
    const ls = pos;
    let le = text.indexOf('\n', pos);
    if (le === -1) le = len;
    pos = le + 1;
    lineNo++;
    if (le > ls && text.charCodeAt(le - 1) === 13) le--;

    let at = ls;
    while (at < le && text.charCodeAt(at) === 32) at++;
    if (at === le) continue;
    const c = text.charCodeAt(at);
    if (c === 35 /* # */) continue;
    const indent = at - ls;

    if (indent === 0 && (c === 45 /* - */ || c === 46 /* . */ || c === 37) /* % */) {
      if (text.startsWith('---', ls)) {
        if (sawContent || sawDocStart || !DOC_START.test(text.slice(ls, le)))
          throw new Unsupported();
        sawDocStart = true;
        continue;
      }
      if (c !== 45) throw new Unsupported();
    }
    sawContent = true;

    if (c === 45 && (at + 1 === le || text.charCodeAt(at + 1) === 32)) {
      const startsList =
        list === null &&
        pending !== null &&
        seq === null &&
        SHORT_LISTS.has(pending.key) &&
        !sawLists.has(pending.key);
      if (startsList || (list !== null && indent === listIndent)) {
        if (startsList) {
          sawLists.add(pending!.key);
          list = { kind: 'seq', items: [], line: lineNo, column: indent + 1 };
          listIndent = indent;
          pending!.value = list;
          pending = null;
        }
        let j = at + 1;
        while (j < le && text.charCodeAt(j) === 32) j++;
        if (j === le || text.charCodeAt(j) === 35) throw new Unsupported(); // a null item
        sc.empty = false;
        scalar(text, le, j, sc);
        list!.items.push({
          kind: 'scalar',
          type: sc.type,
          value: sc.value,
          line: lineNo,
          column: j - ls + 1,
        });
        continue;
      }
      if (seq !== null && indent === seqIndent) {
        // the next row
      } else if (pending !== null && seq === null && pending.key === 'rows' && !sawRows) {
        // Only the (first) `rows:` list is streamed; a list anywhere else goes to the full reader.
        sawRows = true;
        seq = { kind: 'seq', items: [], line: lineNo, column: indent + 1 };
        seqIndent = indent;
        pending.value = seq;
        pending = null;
      } else {
        throw new Unsupported();
      }
      let j = at + 1;
      while (j < le && text.charCodeAt(j) === 32) j++;
      if (j === le) throw new Unsupported(); // `-` alone: the row starts below
      endRow();
      const lines = plain === undefined ? 0 : plain(text, j, ls, lineNo, sc);
      if (lines > 0) {
        pos = sc.rowEnd;
        lineNo += lines - 1;
        continue;
      }
      inRow = true;
      item.line = lineNo;
      item.column = j - ls + 1;
      itemKeyCol = j - ls;
      keyValue(text, ls, le, j, lineNo, next(), sc);
      continue;
    }
    if (inRow && indent === itemKeyCol) {
      keyValue(text, ls, le, at, lineNo, next(), sc);
      continue;
    }
    if (indent === 0) {
      endRow();
      seq = null;
      list = null;
      pending = null;
      const e = keyValue(text, ls, le, ls, lineNo, null, sc);
      if (e.key === 'rows') {
        if (sawRowsKey) throw new Unsupported(); // a second `rows:`: the full reader reports it
        sawRowsKey = true;
      }
      if (root === null) root = { kind: 'map', entries: top, line: lineNo, column: 1 };
      top.push(e);
      if (sc.empty) pending = e;
      continue;
    }
    throw new Unsupported();
  }
  endRow();
  return { root, issues: [] };
}

export function isKeyChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45
  );
}

/** Reads `key: value` at `at`, into `into` (a reused entry) or a new entry; `sc` is scratch. */
function keyValue(
  text: string,
  ls: number,
  le: number,
  at: number,
  lineNo: number,
  into: Entry | null,
  sc: ScalarRead,
): Entry {
  const c0 = text.charCodeAt(at);
  if (!((c0 >= 97 && c0 <= 122) || (c0 >= 65 && c0 <= 90) || c0 === 95)) throw new Unsupported();
  let p = at + 1;
  while (p < le && isKeyChar(text.charCodeAt(p))) p++;
  if (p >= le || text.charCodeAt(p) !== 58 /* : */) throw new Unsupported();
  if (p + 1 < le && text.charCodeAt(p + 1) !== 32) throw new Unsupported();
  const known = KNOWN_KEYS[(p - at) * 128 + c0];
  const key = known !== undefined && text.startsWith(known, at) ? known : text.slice(at, p);
  let k = p + 1;
  while (k < le && text.charCodeAt(k) === 32) k++;
  const column = at - ls + 1;
  const vcol = k - ls + 1;
  if (key === 'artifact' && text.charCodeAt(k) === 91 /* [ */ && into !== null) {
    // Several goldens (CONTRACT §2): `artifact: [A, B]`, the one flow layout read here.
    sc.empty = false;
    into.key = key;
    into.line = lineNo;
    into.column = column;
    into.value = flowList(text, le, k, lineNo, ls);
    return into;
  }
  sc.empty = k === le || text.charCodeAt(k) === 35;
  scalar(text, le, k, sc);
  if (into === null) {
    return {
      key,
      line: lineNo,
      column,
      value: { kind: 'scalar', type: sc.type, value: sc.value, line: lineNo, column: vcol },
    };
  }
  into.key = key;
  into.line = lineNo;
  into.column = column;
  // A reused entry that last held a list gets a scalar of its own again.
  if (into.value.kind !== 'scalar')
    into.value = { kind: 'scalar', type: 'null', value: null, line: 0, column: 0 };
  const v = into.value as ScalarVal;
  v.type = sc.type;
  v.value = sc.value;
  v.line = lineNo;
  v.column = vcol;
  return into;
}

/** Reads the scalar at `k` into `sc` (its `empty` already set by keyValue). */
function scalar(text: string, le: number, k: number, sc: ScalarRead): void {
  if (sc.empty) {
    sc.type = 'null';
    sc.value = null;
    return;
  }
  const cc = text.charCodeAt(k);
  if (cc === 39 /* ' */) {
    let out = '';
    let p = k + 1;
    for (;;) {
      const q = text.indexOf("'", p);
      if (q === -1 || q >= le) throw new Unsupported(); // continues on the next line
      out += text.slice(p, q);
      if (q + 1 < le && text.charCodeAt(q + 1) === 39) {
        out += "'";
        p = q + 2;
        continue;
      }
      p = q + 1;
      break;
    }
    trailer(text, le, p);
    sc.type = 'string';
    sc.value = out;
    return;
  }
  if (cc === 34 /* " */) {
    let out = '';
    let p = k + 1;
    for (;;) {
      let q = p;
      for (
        let ch = text.charCodeAt(q);
        q < le && ch !== 34 && ch !== 92;
        ch = text.charCodeAt(++q)
      );
      if (q >= le) throw new Unsupported();
      out += text.slice(p, q);
      if (text[q] === '"') {
        p = q + 1;
        break;
      }
      if (q + 1 >= le) throw new Unsupported(); // an escaped line break
      const e = text[q + 1];
      const n = HEX_LEN[e];
      if (n !== undefined) {
        const hex = text.slice(q + 2, Math.min(q + 2 + n, le));
        if (hex.length !== n || !/^[0-9a-fA-F]+$/.test(hex)) throw new Unsupported();
        const cp = parseInt(hex, 16);
        if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw new Unsupported();
        out += String.fromCodePoint(cp);
        p = q + 2 + n;
      } else {
        const r = ESCAPES[e];
        if (r === undefined) throw new Unsupported();
        out += r;
        p = q + 2;
      }
    }
    trailer(text, le, p);
    sc.type = 'string';
    sc.value = out;
    return;
  }
  if (startsNonScalar(cc, k + 1 === le ? -1 : text.charCodeAt(k + 1))) throw new Unsupported();
  const end = plainValueEnd(text, k, le, sc);
  if (end < 0) throw new Unsupported();
  const v = text.slice(k, end);
  if (!mayBeTyped(v)) {
    sc.type = 'string';
    sc.value = v;
  } else {
    const r = resolvePlain(v);
    sc.type = r.type;
    sc.value = r.value;
  }
}

// A flow list item read here: a plain path (no quote, comment, flow indicator or `: `).
const FLOW_ITEM = /^[A-Za-z0-9_./][^,[\]{}#'"]*$/;

/** `[A, B, …]` on one line, of plain string items; anything else is the full reader's. */
function flowList(text: string, le: number, k: number, lineNo: number, ls: number): SeqVal {
  const list: SeqVal = { kind: 'seq', items: [], line: lineNo, column: k - ls + 1 };
  let p = k + 1;
  for (;;) {
    while (p < le && text.charCodeAt(p) === 32) p++;
    if (p >= le) throw new Unsupported(); // continues on the next line
    let q = p;
    while (q < le && text.charCodeAt(q) !== 44 && text.charCodeAt(q) !== 93) q++;
    if (q >= le) throw new Unsupported();
    let end = q;
    while (end > p && text.charCodeAt(end - 1) === 32) end--;
    const v = text.slice(p, end);
    if (v === '' && text.charCodeAt(q) === 93 && list.items.length === 0) {
      p = q + 1;
      break; // `[]`
    }
    if (
      !FLOW_ITEM.test(v) ||
      v.includes(': ') ||
      v.endsWith(':') ||
      (mayBeTyped(v) && resolvePlain(v).type !== 'string')
    )
      throw new Unsupported();
    list.items.push({ kind: 'scalar', type: 'string', value: v, line: lineNo, column: p - ls + 1 });
    p = q + 1;
    if (text.charCodeAt(q) === 93) break;
  }
  while (p < le && text.charCodeAt(p) === 32) p++;
  if (p < le && !(text.charCodeAt(p) === 35 && text.charCodeAt(p - 1) === 32))
    throw new Unsupported();
  return list;
}

/**
 * Where the plain value that starts at `k` (not a space) on the line ending at `le` ends: before
 * a ` #` comment and the spaces ahead of it; -1 when a `: ` (or a final `:`) would make it a
 * nested mapping. Both are found with indexOf from `cur`'s last searches, which it advances,
 * not by a loop over every character of every value.
 */
export function plainValueEnd(text: string, k: number, le: number, cur: ScanCursors): number {
  let end = le;
  let h = cur.hashAt;
  for (;;) {
    if (h < k + 1) h = cur.hashAt = nextOf(text, '#', k + 1);
    if (h >= le) break;
    if (text.charCodeAt(h - 1) === 32) {
      end = h;
      break;
    }
    h = cur.hashAt = nextOf(text, '#', h + 1);
  }
  let q = cur.colonAt;
  for (;;) {
    if (q < k + 1) q = cur.colonAt = nextOf(text, ':', k + 1);
    if (q >= end) break;
    if (q + 1 === le || text.charCodeAt(q + 1) === 32) return -1;
    q = cur.colonAt = nextOf(text, ':', q + 1);
  }
  while (end > k && text.charCodeAt(end - 1) === 32) end--;
  return end;
}

/** The index of the first `ch` at or after `from`, or the text's length. */
function nextOf(text: string, ch: '#' | ':', from: number): number {
  const i = text.indexOf(ch, from);
  return i === -1 ? text.length : i;
}

/** After a quoted scalar: only spaces and a comment may follow on the line. */
function trailer(text: string, le: number, p: number): void {
  if (p === le) return;
  if (text.charCodeAt(p) !== 32) throw new Unsupported();
  let j = p;
  while (j < le && text.charCodeAt(j) === 32) j++;
  if (j < le && text.charCodeAt(j) !== 35) throw new Unsupported();
}
