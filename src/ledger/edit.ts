// Editing a ledger's text (pure): set one row's class and fields, or append a new row, and
// leave every other byte as it was — comments, blank lines, alignment, quoting, line ends.
// The usual block layout is edited line by line; any other layout goes through the `yaml`
// package's Document API (comments and order are kept, spacing may be normalised).
import { isMap, isSeq, parseDocument, type YAMLMap } from 'yaml';
import type { LedgerRow } from '../types.js';
import { parseLedgerWith } from './parse.js';
import { orderedFields, renderRow, renderScalar, type RowFields } from './render.js';

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
  const fast = parseLedgerWith(text, 'ledger', 'fast');
  if (fast?.ledger && !/^rows:[ ]*\[\]/m.test(text))
    return editLines(text, fast.ledger.rows, id, fields);
  return editDocument(text, id, fields);
}

function editLines(text: string, rows: LedgerRow[], id: string, fields: RowFields): EditResult {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split('\n'); // a CRLF line keeps its '\r', which is put back on rewrite
  const row = rows.find((r) => r.id === id);
  if (row) {
    const keyCol = (row.column ?? 1) - 1;
    const drop = new Set<number>();
    let last = row.line - 1;
    for (const [key, ln] of Object.entries(row.keyLines)) {
      const i = ln - 1;
      last = Math.max(last, i);
      if (key === 'id') continue;
      const want = fields[key];
      if (want === undefined) drop.add(i);
      else if (want !== (row as unknown as Record<string, string>)[key])
        lines[i] = rewriteValue(lines[i], want);
    }
    const missing = orderedFields(fields).filter((f) => row.keyLines[f] === undefined);
    const added = missing.map(
      (f) => `${' '.repeat(keyCol)}${f}: ${renderScalar(fields[f]!)}${eol === '\r\n' ? '\r' : ''}`,
    );
    const out: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (!drop.has(i)) out.push(lines[i]);
      if (i === last) out.push(...added);
    }
    return { text: out.join('\n'), added: false };
  }
  // Append after the last field of the last row, indented like it; else at the end.
  const tail = rows[rows.length - 1];
  let at = lines.length;
  let dash = 2;
  if (tail) {
    at = Math.max(tail.line, ...Object.values(tail.keyLines));
    const head = lines[tail.line - 1];
    dash = head.lastIndexOf('-', (tail.column ?? 1) - 1);
  }
  const block = renderRow(id, fields, Math.max(dash, 0));
  if (!tail) {
    const body = text === '' || text.endsWith('\n') ? text : text + eol;
    return { text: body + block.join(eol) + eol, added: true };
  }
  const cr = eol === '\r\n' ? '\r' : '';
  lines.splice(at, 0, ...block.map((l) => l + cr));
  return { text: lines.join('\n'), added: true };
}

/** Replaces the value on a `key: value  # comment` line, keeping indent, spacing and comment. */
export function rewriteValue(line: string, value: string): string {
  const cr = line.endsWith('\r') ? '\r' : '';
  const body = cr ? line.slice(0, -1) : line;
  const colon = body.indexOf(':');
  let start = colon + 1;
  while (body[start] === ' ') start++;
  const end = valueEnd(body, start);
  return body.slice(0, start) + renderScalar(value) + body.slice(end) + cr;
}

/** Where the scalar starting at `start` ends (before trailing spaces and a comment). */
function valueEnd(line: string, start: number): number {
  const q = line[start];
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
