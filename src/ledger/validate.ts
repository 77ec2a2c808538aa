// One validator over the positioned tree (tree.ts), whichever reader produced it. It
// collects every problem, each with file, line and column: the offending key's line, a
// missing field's row (its first key, the `id` of `- id:`), a duplicate's second occurrence.
import type { Ledger, LedgerClass, LedgerIssue, LedgerParse, LedgerRow } from '../types.js';
import { pathProblem } from './pathRules.js';
import type { Entry, MapVal, Pos, ReadResult, Val } from './tree.js';

export const LEDGER_CLASSES: readonly LedgerClass[] = [
  'locked_fixture',
  'property',
  'quarantine',
  'draft',
];

/** Fields each class must carry (besides `id` and `class`). */
export const REQUIRED_FIELDS: Readonly<Record<LedgerClass, readonly string[]>> = {
  locked_fixture: ['digest', 'artifact'],
  property: ['invariant', 'seeds'],
  quarantine: ['opened', 'reason', 'owner'],
  draft: ['source', 'proposed_class'],
};

export const PROPOSABLE_CLASSES: readonly LedgerClass[] = ['property', 'locked_fixture'];

export const ROW_FIELDS: readonly string[] = [
  'id',
  'class',
  'digest',
  'artifact',
  'invariant',
  'seeds',
  'opened',
  'reason',
  'owner',
  'source',
  'proposed_class',
];
const ROW_FIELD_SET = new Set(ROW_FIELDS);
const TOP_FIELDS = ['version', 'rows'];
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Fields a row of this class may carry: its own, plus (for a draft) those of the class it proposes. */
export function allowedFields(cls: LedgerClass, proposed?: string): Set<string> {
  const s = new Set(['id', 'class', ...REQUIRED_FIELDS[cls]]);
  if (cls === 'draft') {
    const targets = PROPOSABLE_CLASSES.includes(proposed as LedgerClass)
      ? [proposed as LedgerClass]
      : PROPOSABLE_CLASSES;
    for (const t of targets) for (const f of REQUIRED_FIELDS[t]) s.add(f);
  }
  return s;
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

export function isDigest(s: string): boolean {
  return DIGEST.test(s);
}

export function validateTree(read: ReadResult, file: string): LedgerParse {
  const parsed = validate(read, file);
  // Report in file order, whatever order the checks ran in (the sort is stable).
  parsed.errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return parsed;
}

function validate(read: ReadResult, file: string): LedgerParse {
  const errors: LedgerIssue[] = [];
  const err = (p: Pos, message: string): void => {
    errors.push({ message, file, line: p.line, column: p.column });
  };
  for (const i of read.issues) err(i, i.message);

  const root = read.root;
  if (root === null) {
    if (read.issues.length === 0)
      err({ line: 1, column: 1 }, 'the ledger is empty; it needs `version: 1` and `rows:`');
    return { errors };
  }
  if (root.kind !== 'map') {
    err(
      root,
      `the ledger must be a mapping with \`version\` and \`rows\`, found ${describe(root)}`,
    );
    return { errors };
  }

  const top = new Map<string, Entry>();
  for (const e of root.entries) {
    const first = top.get(e.key);
    if (first) {
      err(e, `duplicate top-level field '${e.key}' (first at line ${first.line})`);
      continue;
    }
    top.set(e.key, e);
    if (!TOP_FIELDS.includes(e.key))
      err(e, `unknown top-level field '${e.key}'${suggest(e.key, TOP_FIELDS)}`);
  }

  const version = top.get('version');
  if (!version) err(root, 'missing `version: 1`');
  else if (!(version.value.kind === 'scalar' && version.value.value === 1)) {
    err(
      version,
      `unsupported ledger version ${describe(version.value)}; only \`version: 1\` is known`,
    );
  }

  const rows: LedgerRow[] = [];
  const byId = new Map<string, LedgerRow>();
  const ledger: Ledger = { file, rows, byId };
  const rowsEntry = top.get('rows');
  if (!rowsEntry) {
    err(root, 'missing `rows:` (write `rows: []` for an empty ledger)');
    return { ledger, errors };
  }
  if (rowsEntry.value.kind !== 'seq') {
    err(rowsEntry, `\`rows\` must be a list of rows, found ${describe(rowsEntry.value)}`);
    return { ledger, errors };
  }
  const idLines = new Map<string, number>();
  for (const item of rowsEntry.value.items) {
    if (item.kind !== 'map') {
      err(item, `a row must be a mapping of fields (\`- id: …\`), found ${describe(item)}`);
      continue;
    }
    const row = validateRow(item, err, idLines);
    if (row) {
      rows.push(row);
      byId.set(row.id, row);
    }
  }
  return { ledger, errors };
}

// Precomputed per class (and, for drafts, per proposed class): validation runs once per row
// and must stay cheap on 100k-row ledgers.
const ALLOWED = new Map<string, Set<string>>();
for (const c of LEDGER_CLASSES) ALLOWED.set(c, allowedFields(c));
for (const p of PROPOSABLE_CLASSES) ALLOWED.set(`draft:${p}`, allowedFields('draft', p));

function validateRow(
  m: MapVal,
  err: (p: Pos, message: string) => void,
  idLines: Map<string, number>,
): LedgerRow | null {
  const entries = m.entries;
  // Only names from ROW_FIELDS are ever used as keys of these objects (never `__proto__`).
  const present: Record<string, Entry> = {};
  const values: Record<string, string> = {};
  const keyLines: Record<string, number> = {};
  let keyColumns: Record<string, number> | undefined;
  for (let x = 0; x < entries.length; x++) {
    const e = entries[x];
    let dup: Entry | undefined;
    for (let y = 0; y < x; y++) {
      if (entries[y].key === e.key) {
        dup = entries[y];
        break;
      }
    }
    if (dup) {
      err(e, `duplicate field '${e.key}' in one row (first at line ${dup.line})`);
      continue;
    }
    if (!ROW_FIELD_SET.has(e.key)) {
      err(e, `unknown field '${e.key}'${suggest(e.key, ROW_FIELDS)}`);
      continue;
    }
    present[e.key] = e;
    keyLines[e.key] = e.line;
    // Block-mapping keys share the row's column; record columns only for odd (flow) layouts.
    if (e.column !== m.column) (keyColumns ??= {})[e.key] = e.column;
    const v = e.value;
    if (v.kind !== 'scalar' || v.type !== 'string') {
      err(e, `field '${e.key}' must be a string, found ${describe(v)}`);
      continue;
    }
    const s = v.value as string;
    if (s.trim() === '') {
      err(e, `field '${e.key}' is empty`);
      continue;
    }
    values[e.key] = s;
    checkFormat(e.key, s, e, err);
  }

  const id = values.id;
  const idEntry = present.id;
  const label = (): string => (id === undefined ? 'row' : `row '${printable(id)}'`);
  let firstOfId = false;
  if (idEntry === undefined) err(m, 'row has no `id`');
  if (id !== undefined) {
    const firstLine = idLines.get(id);
    if (firstLine !== undefined) {
      err(idEntry, `duplicate id '${printable(id)}' (first at line ${firstLine})`);
    } else {
      idLines.set(id, idEntry.line);
      firstOfId = true;
    }
  }

  const clsRaw = values.class;
  let cls: LedgerClass | undefined;
  if (present.class === undefined) err(m, `${label()} has no \`class\``);
  else if (clsRaw !== undefined) {
    if (LEDGER_CLASSES.includes(clsRaw as LedgerClass)) cls = clsRaw as LedgerClass;
    else
      err(
        present.class,
        `unknown class '${printable(clsRaw)}' (expected ${LEDGER_CLASSES.join(', ')})`,
      );
  }

  if (cls) {
    for (const f of REQUIRED_FIELDS[cls]) {
      if (present[f] === undefined) err(m, `${label()} (class ${cls}) is missing field '${f}'`);
    }
    const proposed = values.proposed_class;
    const allowed =
      (cls === 'draft' && proposed !== undefined ? ALLOWED.get(`draft:${proposed}`) : undefined) ??
      ALLOWED.get(cls)!;
    for (const e of entries) {
      if (present[e.key] === e && !allowed.has(e.key)) {
        const what = cls === 'draft' ? `a draft proposed as ${proposed}` : `class ${cls}`;
        err(e, `field '${e.key}' does not belong to ${what}`);
      }
    }
  }

  if (id === undefined || cls === undefined || !firstOfId) return null;
  const row: LedgerRow = { id, class: cls, line: m.line, column: m.column, keyLines };
  if (keyColumns) row.keyColumns = keyColumns;
  for (const f of OPTIONAL_FIELDS) {
    const s = values[f];
    if (s !== undefined) row[f] = s;
  }
  return row;
}

const OPTIONAL_FIELDS = ROW_FIELDS.filter((f) => f !== 'id' && f !== 'class') as Array<
  Exclude<keyof LedgerRow, 'id' | 'class' | 'line' | 'column' | 'keyLines' | 'keyColumns'>
>;

function checkFormat(k: string, s: string, e: Entry, err: (p: Pos, message: string) => void): void {
  if (k === 'digest') {
    if (!DIGEST.test(s))
      err(e, `digest '${printable(s)}' is not \`sha256:\` followed by 64 lowercase hex digits`);
  } else if (k === 'opened') {
    if (!isIsoDate(s)) err(e, `opened '${printable(s)}' is not a real date written YYYY-MM-DD`);
  } else if (k === 'proposed_class') {
    if (!PROPOSABLE_CLASSES.includes(s as LedgerClass)) {
      err(e, `proposed_class '${printable(s)}' must be one of ${PROPOSABLE_CLASSES.join(', ')}`);
    }
  } else if (k === 'artifact' || k === 'seeds') {
    const why = pathProblem(s);
    if (why) err(e, `${k} '${printable(s)}' ${why}`);
  }
}

function describe(v: Val): string {
  if (v.kind === 'map') return 'a mapping';
  if (v.kind === 'seq') return 'a list';
  if (v.type === 'null') return 'nothing';
  if (v.type === 'string') return `'${printable(String(v.value))}'`;
  return `${v.type} ${String(v.value)}`;
}

/** Keeps messages on one line and free of control characters. */
function printable(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

function suggest(key: string, known: readonly string[]): string {
  let best = '';
  let bestD = 3;
  for (const k of known) {
    const d = distance(key.toLowerCase(), k);
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best ? `; did you mean '${best}'?` : '';
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}
