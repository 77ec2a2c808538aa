// Writing ledger values and rows as YAML text that both readers read back unchanged.
import type { LedgerClass } from '../types.js';
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

/** Field names in the order rows are written (schema.ts): `id`, `class`, then the class's own fields. */
export function orderedFields(fields: RowFields): string[] {
  return ROW_FIELDS.filter((f) => f !== 'id' && fields[f] !== undefined);
}

/** The lines of one row, `- id:` first; `dash` is the indent of the dash. */
export function renderRow(id: string, fields: RowFields, dash: number): string[] {
  const pad = ' '.repeat(dash + 2);
  const lines = [`${' '.repeat(dash)}- id: ${renderScalar(id)}`];
  for (const f of orderedFields(fields)) lines.push(`${pad}${f}: ${renderScalar(fields[f]!)}`);
  return lines;
}
