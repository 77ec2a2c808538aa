// The fast reader: a line-oriented reader for the block layout every ledger uses
// (`version:` / `rows:` at the top, `- id: …` rows of `key: scalar` pairs, plain or quoted
// scalars, comments, blank lines). It is ~20× faster than composing a YAML document and
// gives exact positions for free. Anything outside that layout — flow collections, block
// scalars, anchors, tags, directives, several documents, odd indentation — makes it return
// null, and the caller falls back to the `yaml` package, which reads or refuses it.
import { resolvePlain } from './scalar.js';
import type { Entry, MapVal, ReadResult, ScalarVal, SeqVal } from './tree.js';

/** Thrown inside the reader when the text leaves the layout it knows. */
class Unsupported extends Error {}

// Tabs, control characters, lone CRs, a BOM and the Unicode line separators all have
// subtle YAML meanings; leave them to the full parser.
const AWKWARD = /[\x00-\x08\t\x0b\x0c\x0e-\x1f\x7f\u0085\u2028\u2029\ufeff]/;
const LONE_CR = /\r(?!\n)/;
const KEY = /[A-Za-z_][A-Za-z0-9_-]*:(?= |$)/y;
const DOC_START = /^---(?: +(?:#.*)?)?$/;
// First characters that make a value something other than a plain or quoted scalar.
const INDICATORS = new Set(['&', '*', '!', '|', '>', '{', '[', '%', '@', '`', ',', ']', '}', '#']);
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

export function readFast(text: string): ReadResult | null {
  if (AWKWARD.test(text) || (text.includes('\r') && LONE_CR.test(text))) return null;
  try {
    return read(text);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
}

function read(text: string): ReadResult {
  const top: Entry[] = [];
  let root: MapVal | null = null;
  // A top-level key written without a value: it is null unless a sequence follows.
  let pending: Entry | null = null;
  let seq: SeqVal | null = null;
  let seqIndent = -1;
  let item: MapVal | null = null;
  let itemKeyCol = -1;
  let sawContent = false;
  let sawDocStart = false;

  const len = text.length;
  let pos = 0;
  let lineNo = 0;
  while (pos < len) {
    let end = text.indexOf('\n', pos);
    if (end === -1) end = len;
    let line = text.slice(pos, end);
    pos = end + 1;
    lineNo++;
    if (line.endsWith('\r')) line = line.slice(0, -1);

    let i = 0;
    while (line.charCodeAt(i) === 32) i++;
    if (i === line.length) continue;
    const c = line[i];
    if (c === '#') continue;

    if (i === 0 && (c === '-' || c === '.' || c === '%')) {
      if (line.startsWith('---')) {
        if (sawContent || sawDocStart || !DOC_START.test(line)) throw new Unsupported();
        sawDocStart = true;
        continue;
      }
      if (c !== '-') throw new Unsupported();
    }
    sawContent = true;

    if (c === '-' && (line.length === i + 1 || line[i + 1] === ' ')) {
      if (seq !== null && i === seqIndent) {
        // next row
      } else if (pending !== null && seq === null) {
        seq = { kind: 'seq', items: [], line: lineNo, column: i + 1 };
        seqIndent = i;
        pending.value = seq;
        pending = null;
      } else {
        throw new Unsupported();
      }
      let j = i + 1;
      while (line.charCodeAt(j) === 32) j++;
      if (j === line.length) throw new Unsupported(); // `-` alone: the row starts below
      item = { kind: 'map', entries: [], line: lineNo, column: j + 1 };
      seq.items.push(item);
      itemKeyCol = j;
      item.entries.push(keyValue(line, j, lineNo));
      continue;
    }
    if (item !== null && i === itemKeyCol) {
      item.entries.push(keyValue(line, i, lineNo));
      continue;
    }
    if (i === 0) {
      seq = null;
      item = null;
      pending = null;
      const e = keyValue(line, 0, lineNo);
      if (root === null) root = { kind: 'map', entries: top, line: lineNo, column: 1 };
      top.push(e);
      if (e.value.kind === 'scalar' && e.value.type === 'null' && isEmptyValue(line)) pending = e;
      continue;
    }
    throw new Unsupported();
  }
  return { root, issues: [] };
}

/** True when the key's value is absent (only a comment or nothing after the colon). */
function isEmptyValue(line: string): boolean {
  const k = line.indexOf(':') + 1;
  let j = k;
  while (line.charCodeAt(j) === 32) j++;
  return j === line.length || line[j] === '#';
}

function keyValue(line: string, at: number, lineNo: number): Entry {
  KEY.lastIndex = at;
  const m = KEY.exec(line);
  if (m === null) throw new Unsupported();
  const key = m[0].slice(0, -1);
  let k = at + m[0].length;
  while (line.charCodeAt(k) === 32) k++;
  const value = scalar(line, k, lineNo);
  return { key, line: lineNo, column: at + 1, value };
}

function scalar(line: string, k: number, lineNo: number): ScalarVal {
  const column = k + 1;
  if (k >= line.length || line[k] === '#') {
    return { kind: 'scalar', type: 'null', value: null, line: lineNo, column };
  }
  const c = line[k];
  if (c === "'") {
    let out = '';
    let p = k + 1;
    for (;;) {
      const q = line.indexOf("'", p);
      if (q === -1) throw new Unsupported(); // continues on the next line
      out += line.slice(p, q);
      if (line[q + 1] === "'") {
        out += "'";
        p = q + 2;
        continue;
      }
      p = q + 1;
      break;
    }
    trailer(line, p);
    return { kind: 'scalar', type: 'string', value: out, line: lineNo, column };
  }
  if (c === '"') {
    let out = '';
    let p = k + 1;
    for (;;) {
      let q = p;
      while (q < line.length && line[q] !== '"' && line[q] !== '\\') q++;
      if (q >= line.length) throw new Unsupported();
      out += line.slice(p, q);
      if (line[q] === '"') {
        p = q + 1;
        break;
      }
      const e = line[q + 1];
      if (e === undefined) throw new Unsupported(); // an escaped line break
      const n = HEX_LEN[e];
      if (n !== undefined) {
        const hex = line.slice(q + 2, q + 2 + n);
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
    trailer(line, p);
    return { kind: 'scalar', type: 'string', value: out, line: lineNo, column };
  }
  if (INDICATORS.has(c)) throw new Unsupported();
  if ((c === '-' || c === '?' || c === ':') && (k + 1 === line.length || line[k + 1] === ' ')) {
    throw new Unsupported();
  }
  const hash = line.indexOf(' #', k);
  let v = hash === -1 ? line.slice(k) : line.slice(k, hash);
  v = v.trimEnd();
  if (v.includes(': ') || v.endsWith(':')) throw new Unsupported();
  const r = resolvePlain(v);
  return { kind: 'scalar', type: r.type, value: r.value, line: lineNo, column };
}

/** After a quoted scalar: only spaces and a comment may follow on the line. */
function trailer(line: string, p: number): void {
  if (p === line.length) return;
  if (line[p] !== ' ') throw new Unsupported();
  let j = p;
  while (line.charCodeAt(j) === 32) j++;
  if (j < line.length && line[j] !== '#') throw new Unsupported();
}
