// Writing ledger values and rows as YAML text that both readers read back unchanged.
import type { LedgerClass } from '../types.js';
import { goldenPatterns } from './golden-set.js';
import { resolvePlain } from './scalar.js';
import { ROW_FIELDS } from './schema.js';

/**
 * A row's fields besides `id`, in the order they are written. Without `class`: a row of
 * `skip:` alone under its file row, which inherits that row's lock (CONTRACT §2).
 */
export type RowFields = { class?: LedgerClass } & Partial<Record<string, string>>;

// eslint-disable-next-line no-control-regex -- control characters must be quoted
const PLAIN_SAFE = /^[A-Za-z0-9_./][^\x00-\x1f\x7f\u0085\u2028\u2029\ufeff]*$/;

/**
 * A scalar as plain text when that reads back as the same string (YAML 1.2 core), else
 * double-quoted. JSON's escapes are all valid YAML double-quoted escapes.
 */
export function renderScalar(s: string): string {
  const plain =
    PLAIN_SAFE.test(s) &&
    s.trim() === s &&
    !s.includes(': ') &&
    !s.includes(' #') &&
    !s.endsWith(':') &&
    resolvePlain(s).type === 'string';
  return plain ? s : JSON.stringify(s);
}

// A flow list item that reads back as itself, plain: no flow indicator, quote or comment.
const FLOW_PLAIN = /^[^,[\]{}#'"]*$/;

/**
 * A field's value as written: an artifact set's key (golden-set.ts) as a flow list on one
 * line, `[A, B]`, so that re-locking it still changes one ledger line; anything else a scalar.
 */
export function renderValue(field: string, value: string): string {
  if (field !== 'artifact' || !value.includes('\0')) return renderScalar(value);
  const items = goldenPatterns(value).map((p) => {
    const s = renderScalar(p);
    return s === p && FLOW_PLAIN.test(p) ? p : JSON.stringify(p);
  });
  return `[${items.join(', ')}]`;
}

/** Field names in the order rows are written (schema.ts): `id`, `class`, then the class's own fields. */
export function orderedFields(fields: RowFields): string[] {
  return ROW_FIELDS.filter((f) => f !== 'id' && fields[f] !== undefined);
}

/** The lines of one row, `- id:` first; `dash` is the indent of the dash. */
export function renderRow(id: string, fields: RowFields, dash: number): string[] {
  const pad = ' '.repeat(dash + 2);
  const lines = [`${' '.repeat(dash)}- id: ${renderScalar(id)}`];
  for (const f of orderedFields(fields)) lines.push(`${pad}${f}: ${renderValue(f, fields[f]!)}`);
  return lines;
}
