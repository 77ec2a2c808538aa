// Editing a ledger's text (pure): set rows' classes and fields, append new rows, or drop
// rows, and leave every other byte as it was — comments, blank lines, alignment, quoting, line
// ends. The usual block layout is edited line by line; any other layout goes through the
// `yaml` package's Document API (comments and order are kept, spacing may be normalised).
import { isMap, isSeq, parseDocument, type YAMLMap } from 'yaml';
import type { LedgerRow } from '../types.js';
import { parseLedgerWith } from './parse.js';
import { orderedFields, renderRow, renderScalar, renderValue, type RowFields } from './render.js';
import { keyLine, keyLines } from './key-lines.js';

export interface EditResult {
  text: string;
  /** True when the row was added at the end rather than edited in place. */
  added: boolean;
}

/**
 * Gives row `id` exactly `fields` (its class and that class's fields): an existing row is
 * edited in place — changed values rewritten, fields foreign to the class removed, missing
 * ones added after its last field — and an unknown id is appended as a new row.
 */
export function setRow(text: string, id: string, fields: RowFields): EditResult {
  const r = setRows(text, new Map([[id, fields]]));
  return { text: r.text, added: r.added.length > 0 };
}

export interface EditsResult {
  text: string;
  /** The ids appended as new rows, in the order given. */
  added: string[];
}

/** setRow for many ids at once, reading the ledger once (a golden shared by 94 tests). */
export function setRows(text: string, edits: Map<string, RowFields>): EditsResult {
  const rows = blockRows(text);
  if (rows) return editLines(text, rows, edits);
  let out = text;
  const added: string[] = [];
  for (const [id, fields] of edits) {
    const r = editDocument(out, id, fields);
    out = r.text;
    if (r.added) added.push(id);
  }
  return { text: out, added };
}

/**
 * Removes the rows of `ids` (every id must have a row), each from its first line to its last
 * field: comments and blank lines between rows stay. Removing the last row leaves `rows: []`.
 */
export function dropRows(text: string, ids: Set<string>): string {
  const rows = blockRows(text);
  if (!rows) return dropDocument(text, ids);
  const lines = text.split('\n');
  const gone = new Set<number>();
  for (const row of rows) {
    if (!ids.has(row.id)) continue;
    const at = keyLines(row).map(([, ln]) => ln);
    for (let ln = Math.min(row.line, ...at); ln <= Math.max(row.line, ...at); ln++)
      gone.add(ln - 1);
  }
  let out = lines.filter((_, i) => !gone.has(i));
  if (rows.every((r) => ids.has(r.id))) {
    // `rows:` with nothing under it is null, which is not a list: say it is empty.
    out = out.map((l) => l.replace(/^rows:([ ]*)(?=#|\r?$)/, (_m, sp: string) => `rows: []${sp}`));
  }
  return out.join('\n');
}

/** The rows of a ledger in the block layout the line editor handles, else null. */
function blockRows(text: string): LedgerRow[] | null {
  const fast = parseLedgerWith(text, 'ledger', 'fast');
  return fast?.ledger && !/^rows:[ ]*\[\]/m.test(text) ? fast.ledger.rows : null;
}

function editLines(text: string, rows: LedgerRow[], edits: Map<string, RowFields>): EditsResult {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const cr = eol === '\r\n' ? '\r' : '';
  const lines = text.split('\n'); // a CRLF line keeps its '\r', which is put back on rewrite
  const drop = new Set<number>();
  const after = new Map<number, string[]>(); // lines to insert after line index i
  const seen = new Set<string>();
  for (const row of rows) {
    const fields = edits.get(row.id);
    if (fields === undefined) continue;
    seen.add(row.id);
    const keyCol = (row.column ?? 1) - 1;
    let last = row.line - 1;
    for (const [key, ln] of keyLines(row)) {
      const i = ln - 1;
      last = Math.max(last, i);
      if (key === 'id') continue;
      const want = fields[key];
      if (want === undefined) drop.add(i);
      else if (want !== (row as unknown as Record<string, string>)[key])
        lines[i] = rewriteValue(lines[i], key, want);
    }
    const missing = orderedFields(fields).filter((f) => keyLine(row, f) === undefined);
    if (missing.length > 0) {
      after.set(
        last,
        missing.map((f) => `${' '.repeat(keyCol)}${f}: ${renderValue(f, fields[f]!)}${cr}`),
      );
    }
  }
  // New ids go after the last field of the last row, indented like it; else at the end.
  const added = [...edits.keys()].filter((id) => !seen.has(id));
  const tail = rows[rows.length - 1];
  let dash = 2;
  if (tail) {
    const head = lines[tail.line - 1];
    dash = Math.max(head.lastIndexOf('-', (tail.column ?? 1) - 1), 0);
  }
  const block = added.flatMap((id) => renderRow(id, edits.get(id)!, dash));
  if (block.length > 0 && tail) {
    const at = Math.max(tail.line, ...keyLines(tail).map(([, ln]) => ln)) - 1;
    after.set(at, [...(after.get(at) ?? []), ...block.map((l) => l + cr)]);
  }
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!drop.has(i)) out.push(lines[i]);
    const more = after.get(i);
    if (more) out.push(...more);
  }
  let result = out.join('\n');
  if (block.length > 0 && !tail) {
    const body = text === '' || text.endsWith('\n') ? text : text + eol;
    result = body + block.join(eol) + eol;
  }
  return { text: result, added };
}

/** Replaces the value on a `key: value  # comment` line, keeping indent, spacing and comment. */
export function rewriteValue(line: string, field: string, value: string): string {
  const cr = line.endsWith('\r') ? '\r' : '';
  const body = cr ? line.slice(0, -1) : line;
  const colon = body.indexOf(':');
  let start = colon + 1;
  while (body[start] === ' ') start++;
  const end = valueEnd(body, start);
  return body.slice(0, start) + renderValue(field, value) + body.slice(end) + cr;
}

/** Where the scalar starting at `start` ends (before trailing spaces and a comment). */
function valueEnd(line: string, start: number): number {
  const q = line[start];
  if (q === '[') {
    // A flow list on one line (an artifact set): its `]`, past any quoted item.
    for (let p = start + 1; p < line.length; p++) {
      if (line[p] === '"' || line[p] === "'") p = valueEnd(line, p) - 1;
      else if (line[p] === ']') return p + 1;
    }
    return line.length;
  }
  if (q === "'") {
    let p = start + 1;
    for (;;) {
      const c = line.indexOf("'", p);
      if (c === -1) return line.length;
      if (line[c + 1] === "'") p = c + 2;
      else return c + 1;
    }
  }
  if (q === '"') {
    for (let p = start + 1; p < line.length; p++) {
      if (line[p] === '\\') p++;
      else if (line[p] === '"') return p + 1;
    }
    return line.length;
  }
  const hash = line.indexOf(' #', start);
  let end = hash === -1 ? line.length : hash;
  while (end > start && line[end - 1] === ' ') end--;
  return end;
}

function editDocument(text: string, id: string, fields: RowFields): EditResult {
  const doc = parseDocument(text, { version: '1.2', uniqueKeys: false });
  let rows = doc.get('rows', true);
  if (!isSeq(rows)) {
    rows = doc.createNode([]);
    doc.set('rows', rows);
  }
  if (!isSeq(rows)) throw new Error('unreachable: rows is a list');
  const row = rows.items.find((it): it is YAMLMap => isMap(it) && String(it.get('id')) === id);
  if (row) {
    for (const pair of [...row.items]) {
      const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
      if (key !== 'id' && fields[key] === undefined) row.delete(pair.key);
    }
    for (const f of orderedFields(fields)) row.set(f, fields[f]);
    return { text: doc.toString({ lineWidth: 0 }), added: false };
  }
  const node = doc.createNode({
    id,
    ...Object.fromEntries(orderedFields(fields).map((f) => [f, fields[f]])),
  });
  rows.flow = false;
  rows.items.push(node);
  return { text: doc.toString({ lineWidth: 0 }), added: true };
}

function dropDocument(text: string, ids: Set<string>): string {
  const doc = parseDocument(text, { version: '1.2', uniqueKeys: false });
  const rows = doc.get('rows', true);
  if (!isSeq(rows)) return text;
  rows.items = rows.items.filter((it) => !(isMap(it) && ids.has(String(it.get('id')))));
  return doc.toString({ lineWidth: 0 });
}

/**
 * Gives the ledger's `rules:` exactly `rules`, as a block list before `rows:` (replacing the
 * key's lines where it exists); every other line is kept.
 */
export function setRules(text: string, rules: readonly string[]): string {
  const lines = text.split('\n');
  const block = ['rules:', ...rules.map((r) => `  - ${renderScalar(r)}`)];
  const start = lines.findIndex((l) => /^rules:/.test(l));
  if (start >= 0) {
    let end = start + 1;
    while (end < lines.length && /^[ \t]/.test(lines[end])) end++;
    lines.splice(start, end - start, ...block);
  } else {
    const rows = lines.findIndex((l) => /^rows:/.test(l));
    lines.splice(rows < 0 ? lines.length : rows, 0, ...block);
  }
  return lines.join('\n');
}
