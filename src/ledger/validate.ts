// One validator over the positioned tree (tree.ts), whichever reader produced it. It
// collects every problem, each with file, line and column: the offending key's line, a
// missing field's row (its first key, the `id` of `- id:`), a duplicate's second occurrence.
import { doctestArtifact, doctestProblem, parseDoctestArtifact } from './doctest-artifact.js';
import type { Ledger, LedgerClass, LedgerIssue, LedgerParse, LedgerRow } from '../types.js';
import { canonicalPath, canonicalSpelling, isPlainPath, pathProblem } from './pathRules.js';
import { editDistance } from './distance.js';
import { keyLine, KeyLayouts, type KeyOffsets } from './key-lines.js';
import { FILE_ROW_SUFFIX, isFileRowId, orderedRows, testFile } from './file-rows.js';
import { parseClassRule } from './rules.js';
import { SHAPE_IDS } from '../code/shapes.js';
import {
  allowedFields,
  FIELD_SPECS,
  LEDGER_CLASSES,
  PROPOSABLE_CLASSES,
  REQUIRED_FIELDS,
  ROW_FIELDS,
  TOP_FIELDS,
} from './schema.js';
import type { FieldFormat, RowField } from './schema.js';
import { globProblem, goldenKey, goldenPatterns, isGoldenSet } from './golden-set.js';
import type { Entry, MapVal, Pos, ReadResult, SeqVal, Val } from './tree.js';

// What a row may hold (fields, classes, formats) is the table in schema.ts.
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return (
    d <= (mo === 2 ? (leap ? 29 : 28) : [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1])
  );
}

// The lowercase hex digits, by code: one load per character instead of two range tests
// (at L, 50,000 digests of 64 digits each; the table halves isDigest's time, cold).
const HEX_DIGIT = new Uint8Array(128);
for (const ch of '0123456789abcdef') HEX_DIGIT[ch.charCodeAt(0)] = 1;

/**
 * DIGEST_PATTERN (`sha256:` and 64 lowercase hex digits), read by hand: every locked row has
 * its own digest, and a loop over the codes is several times cheaper than the regex engine.
 */
export function isDigest(s: string): boolean {
  if (s.length !== 71 || !s.startsWith('sha256:')) return false;
  for (let i = 7; i < 71; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || HEX_DIGIT[c] === 0) return false;
  }
  return true;
}

/**
 * Collects rows and errors. Rows arrive one at a time — streamed by the fast reader as it
 * finishes each, so a row's tree can be dropped at once, or from the whole tree — and
 * `finish` then checks the top level.
 */
export class LedgerValidator {
  readonly errors: LedgerIssue[] = [];
  readonly rows: LedgerRow[] = [];
  readonly byId = new Map<string, LedgerRow>();
  /** First line of each id whose row is not in byId (e.g. an unknown class), for duplicates. */
  readonly otherIds = new Map<string, number>();
  /** Rows written without a class under a file row, resolved once every row is read. */
  readonly heirs: LedgerRow[] = [];
  /**
   * Paths already found sound, as written → canonical, per field (artifact, seeds): a golden
   * or seeds folder named by many rows is checked once, and every row then holds one string,
   * whose hash the later look-ups by path compute once.
   */
  readonly soundPaths = [new Map<string, string>(), new Map<string, string>()];
  /**
   * The last sound path per field and its canonical form: neighbouring rows often name one
   * seeds folder, and comparing with the last is cheaper than hashing each row's copy.
   */
  readonly lastSound = ['', ''];
  readonly lastCanon = ['', ''];
  /** The rows' key layouts, one object each (key-lines.ts). */
  readonly layouts = new KeyLayouts();

  /**
   * `normalisePaths`: a non-canonical artifact/seeds spelling is normalised, not refused. For
   * the base ledger, which may predate the rule and only serves as the diff rules' reference.
   */
  constructor(
    readonly file: string,
    readonly normalisePaths = false,
  ) {}

  readonly err = (p: Pos, message: string): void => {
    this.errors.push({ message, file: this.file, line: p.line, column: p.column });
  };

  row(item: Val): void {
    if (item.kind !== 'map') {
      this.err(item, `a row must be a mapping of fields (\`- id: …\`), found ${describe(item)}`);
      return;
    }
    const row = validateRow(item, this);
    if (row) {
      this.rows.push(row);
      this.byId.set(row.id, row);
    }
  }

  /** Checks the top level; `rowsDone` when the rows were already passed to `row`. */
  finish(read: ReadResult, rowsDone: boolean): LedgerParse {
    const parsed = this.top(read, rowsDone);
    // Report in file order, whatever order the checks ran in (the sort is stable).
    parsed.errors.sort((a, b) => a.line - b.line || a.column - b.column);
    return parsed;
  }

  private top(read: ReadResult, rowsDone: boolean): LedgerParse {
    const { err, errors } = this;
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
        err(e, `duplicate top-level field '${printable(e.key)}' (first at line ${first.line})`);
        continue;
      }
      top.set(e.key, e);
      if (!TOP_FIELDS.includes(e.key))
        err(e, `unknown top-level field '${printable(e.key)}'${suggest(e.key, TOP_FIELDS)}`);
    }

    const version = top.get('version');
    if (!version) err(root, 'missing `version: 1`');
    else if (!(version.value.kind === 'scalar' && version.value.value === 1)) {
      err(
        version,
        `unsupported ledger version ${describe(version.value)}; only \`version: 1\` is known`,
      );
    }

    const ledger: Ledger = { file: this.file, rows: this.rows, byId: this.byId };
    const rules = top.get('rules');
    if (rules) {
      const texts = this.rules(rules);
      if (texts) ledger.rules = texts;
    }
    const gr = top.get('gaming_result');
    if (gr) {
      const v = gr.value;
      if (v.kind === 'scalar' && (v.value === 'review' || v.value === 'reject'))
        ledger.gamingResult = v.value;
      else this.err(gr, `\`gaming_result\` must be review or reject, found ${describe(v)}`);
    }
    const ga = top.get('gaming_allow');
    if (ga) {
      const allow = this.gamingAllow(ga);
      if (allow) ledger.gamingAllow = allow;
    }
    const rowsEntry = top.get('rows');
    if (!rowsEntry) {
      err(root, 'missing `rows:` (write `rows: []` for an empty ledger)');
    } else if (rowsEntry.value.kind !== 'seq') {
      err(rowsEntry, `\`rows\` must be a list of rows, found ${describe(rowsEntry.value)}`);
    } else if (!rowsDone) {
      for (const item of rowsEntry.value.items) this.row(item);
    }
    this.inherit();
    orderedRows(this.byId, this.rows);
    return { ledger, errors };
  }

  /**
   * Gives each row written without a class its file row's class, digest and artifact; one
   * whose file has no valid locked_fixture file row is refused (and dropped from the rows).
   */
  private inherit(): void {
    if (this.heirs.length === 0) return;
    const orphans = new Set<LedgerRow>();
    for (const row of this.heirs) {
      const file = testFile(row.id);
      const parent = this.byId.get(file + FILE_ROW_SUFFIX);
      if (parent?.class === 'locked_fixture' && parent.digest !== undefined) {
        row.digest = parent.digest;
        row.artifact = file;
      } else {
        this.err(
          { line: row.line, column: row.column ?? 1 },
          `${rowLabel(row.id)} has no \`class\`; a row with only \`skip:\` inherits its file row, and '${printable(file + FILE_ROW_SUFFIX)}' has none (add it, or write the row's class and fields)`,
        );
        orphans.add(row);
        this.byId.delete(row.id);
      }
    }
    if (orphans.size > 0) {
      const kept = this.rows.filter((r) => !orphans.has(r));
      this.rows.length = 0;
      this.rows.push(...kept);
    }
  }

  /** `gaming_allow:`: `SHAPE=PATH_GLOB` entries, each a known shape (src/code/shapes.ts). */
  private gamingAllow(e: Entry): { shape: string; glob: string }[] | undefined {
    if (e.value.kind !== 'seq') {
      this.err(e, `\`gaming_allow\` must be a list of SHAPE=PATH_GLOB, found ${describe(e.value)}`);
      return undefined;
    }
    const out: { shape: string; glob: string }[] = [];
    for (const item of e.value.items) {
      const text = item.kind === 'scalar' && item.type === 'string' ? String(item.value) : null;
      const eq = text === null ? -1 : text.indexOf('=');
      const shape = eq < 0 ? '' : text!.slice(0, eq).trim();
      const glob = eq < 0 ? '' : text!.slice(eq + 1).trim();
      if (text === null || glob === '' || !SHAPE_IDS.includes(shape)) {
        const shown = text === null ? describe(item) : `'${printable(text)}'`;
        this.err(
          item,
          `a gaming_allow entry is SHAPE=PATH_GLOB with SHAPE one of ${SHAPE_IDS.join(', ')}; found ${shown}`,
        );
        continue;
      }
      out.push({ shape, glob });
    }
    return out;
  }

  /** `rules:`: a list of class rules as `init --rule` takes them (rules.ts). */
  private rules(e: Entry): string[] | undefined {
    if (e.value.kind !== 'seq') {
      this.err(e, `\`rules\` must be a list of class rules, found ${describe(e.value)}`);
      return undefined;
    }
    const out: string[] = [];
    for (const item of e.value.items) {
      if (item.kind !== 'scalar' || item.type !== 'string') {
        this.err(item, `a rule must be a string, found ${describe(item)}`);
        continue;
      }
      const rule = parseClassRule(item.value as string);
      if ('problem' in rule)
        this.err(item, `rule '${printable(String(item.value))}': ${rule.problem}`);
      else out.push(rule.text);
    }
    return out;
  }
}

// Fields by index, and per-class tables by index: validation runs once per row and must
// stay cheap (and allocation-free apart from its output) on 100k-row ledgers.
const FIELD_INDEX = new Map(ROW_FIELDS.map((f, i) => [f, i]));
const NF = ROW_FIELDS.length;
const I_ID = 0;
const I_CLASS = 1;
const I_PROPOSED = ROW_FIELDS.indexOf('proposed_class');
const I_ARTIFACT = ROW_FIELDS.indexOf('artifact');
const I_SKIP = ROW_FIELDS.indexOf('skip');
// Each field's format by index, as a small number: checked for every value of every row.
const FORMATS: readonly FieldFormat[] = [
  'text',
  'class',
  'digest',
  'date',
  'file',
  'folder',
  'proposed-class',
];
const F_TEXT = 0;
const F_FILE = FORMATS.indexOf('file');
const F_FOLDER = FORMATS.indexOf('folder');
const FORMAT_INDEX = FIELD_SPECS.map((f) => FORMATS.indexOf(f.format));
const REQUIRED_IDX = new Map(
  LEDGER_CLASSES.map((c) => [c, REQUIRED_FIELDS[c].map((f) => FIELD_INDEX.get(f)!)]),
);
// The class as its constant, so every row's `class` is one interned string (compared by
// pointer by the rules that switch on it, 100,000 times at L), not its own slice of the text.
const CLASS_OF = new Map<string, LedgerClass>(LEDGER_CLASSES.map((c) => [c, c]));
const ALLOWED_IDX = new Map<string, boolean[]>();
for (const c of LEDGER_CLASSES) ALLOWED_IDX.set(c, mask(allowedFields(c)));
for (const p of PROPOSABLE_CLASSES) ALLOWED_IDX.set(`draft:${p}`, mask(allowedFields('draft', p)));
function mask(allowed: Set<string>): boolean[] {
  return ROW_FIELDS.map((f) => allowed.has(f));
}
// Scratch space for one row at a time.
const P: Array<Entry | undefined> = new Array<Entry | undefined>(NF).fill(undefined);
const V: Array<string | undefined> = new Array<string | undefined>(NF).fill(undefined);
const KEYS: string[] = [];
const OFFSETS: number[] = [];

/** The line of a row's `id` (its first key), for a duplicate's message. */
const firstIdLine = (row: LedgerRow | undefined): number | undefined =>
  row === undefined ? undefined : keyLine(row, 'id');

function rowLabel(id: string | undefined): string {
  return id === undefined ? 'row' : `row '${printable(id)}'`;
}

function validateRow(m: MapVal, v: LedgerValidator): LedgerRow | null {
  const { err } = v;
  const entries = m.entries;
  P.fill(undefined);
  V.fill(undefined);
  // The row's keys and their lines below its own, in the order written: its layout
  // (key-lines.ts).
  KEYS.length = 0;
  OFFSETS.length = 0;
  // Only names from ROW_FIELDS are ever used as keys of this object (never `__proto__`).
  let keyColumns: Record<string, number> | undefined;
  for (let x = 0; x < entries.length; x++) {
    const e = entries[x];
    const fi = FIELD_INDEX.get(e.key);
    if (fi === undefined) {
      const dup = firstWithKey(entries, x);
      if (dup)
        err(e, `duplicate field '${printable(e.key)}' in one row (first at line ${dup.line})`);
      else err(e, `unknown field '${printable(e.key)}'${suggest(e.key, ROW_FIELDS)}`);
      continue;
    }
    const dup = P[fi];
    if (dup !== undefined) {
      err(e, `duplicate field '${e.key}' in one row (first at line ${dup.line})`);
      continue;
    }
    P[fi] = e;
    KEYS.push(e.key);
    OFFSETS.push(e.line - m.line);
    // Block-mapping keys share the row's column; record columns only for odd (flow) layouts.
    if (e.column !== m.column) (keyColumns ??= {})[e.key] = e.column;
    const val = e.value;
    if (fi === I_ARTIFACT && val.kind === 'seq') {
      V[fi] = artifactList(e, val, v);
      continue;
    }
    if (val.kind !== 'scalar' || val.type !== 'string') {
      err(e, `field '${e.key}' must be a string, found ${describe(val)}`);
      continue;
    }
    const s = val.value as string;
    if (s === '' || (mayBeSpace(s.charCodeAt(0)) && s.trim() === '')) {
      err(e, `field '${e.key}' is empty`);
      continue;
    }
    const f = FORMAT_INDEX[fi];
    V[fi] = f === F_FILE || f === F_FOLDER ? checkPath(e.key, f === F_FOLDER, s, e, v) : s;
    if (f !== F_TEXT) checkFormat(FORMATS[f], e.key, s, e, err);
  }

  const id = V[I_ID];
  const idEntry = P[I_ID];
  let firstOfId = false;
  if (idEntry === undefined) err(m, 'row has no `id`');
  else if (id !== undefined) {
    const firstLine =
      firstIdLine(v.byId.get(id)) ?? (v.otherIds.size === 0 ? undefined : v.otherIds.get(id));
    if (firstLine !== undefined) {
      err(idEntry, `duplicate id '${printable(id)}' (first at line ${firstLine})`);
    } else {
      firstOfId = true;
    }
  }

  const clsRaw = V[I_CLASS];
  let cls: LedgerClass | undefined;
  if (P[I_CLASS] === undefined) {
    const heir = inheritingRow(m, id, idEntry, v);
    if (heir !== undefined) return heir;
    err(m, `${rowLabel(id)} has no \`class\``);
  } else if (clsRaw !== undefined) {
    cls = CLASS_OF.get(clsRaw);
    if (cls === undefined)
      err(
        P[I_CLASS],
        `unknown class '${printable(clsRaw)}' (expected ${LEDGER_CLASSES.join(', ')})`,
      );
  }

  // A file row (`FILE::*`) is locked to FILE itself: its artifact is implied, never written.
  const file = id !== undefined && isFileRowId(id) ? fileRowFile(id, idEntry!, cls, v) : null;
  if (cls) {
    for (const fi of REQUIRED_IDX.get(cls)!) {
      if (fi === I_ARTIFACT && file !== null) continue;
      if (P[fi] === undefined)
        err(m, `${rowLabel(id)} (class ${cls}) is missing field '${ROW_FIELDS[fi]}'`);
    }
    const proposed = V[I_PROPOSED];
    const allowed =
      (cls === 'draft' && proposed !== undefined
        ? ALLOWED_IDX.get(`draft:${proposed}`)
        : undefined) ?? ALLOWED_IDX.get(cls)!;
    for (let fi = 0; fi < NF; fi++) {
      const e = P[fi];
      if (e !== undefined && !allowed[fi]) {
        const what =
          cls === 'draft' ? `a draft proposed as ${printable(proposed ?? '')}` : `class ${cls}`;
        err(e, `field '${e.key}' does not belong to ${what}`);
      }
    }
  }

  if (id === undefined || !firstOfId) return null;
  if (cls === undefined) {
    v.otherIds.set(id, idEntry!.line);
    return null;
  }
  const keyOffsets = v.layouts.intern(KEYS, OFFSETS);
  const row = newRow(id, cls, m.line, m.column, keyOffsets, keyColumns, V);
  if (file !== null && row.artifact === undefined) row.artifact = file;
  return row;
}

/** A row, its fields (`values`, by ROW_FIELDS index) in the schema's order, as every reader has it. */
export function newRow(
  id: string,
  cls: LedgerClass,
  line: number,
  column: number,
  keyOffsets: KeyOffsets,
  keyColumns: Record<string, number> | undefined,
  values: ReadonlyArray<string | undefined>,
): LedgerRow {
  const row: LedgerRow = { id, class: cls, line, column, keyOffsets };
  if (keyColumns) row.keyColumns = keyColumns;
  for (let fi = 2; fi < NF; fi++) {
    const s = values[fi];
    if (s !== undefined) row[ROW_FIELDS[fi] as OptionalField] = s;
  }
  return row;
}

/**
 * A row without `class` under a file row (CONTRACT §2): `- id: FILE::test` with only `skip:`
 * inherits its file row's class, digest and artifact, so editing FILE changes one ledger line.
 * Returns the row (its digest filled in by `LedgerValidator.inherit` once every row is read),
 * null for a duplicate, or undefined when the row is not of that form.
 */
function inheritingRow(
  m: MapVal,
  id: string | undefined,
  idEntry: Entry | undefined,
  v: LedgerValidator,
): LedgerRow | null | undefined {
  if (id === undefined || idEntry === undefined || isFileRowId(id) || testFile(id) === '')
    return undefined;
  if (P[I_SKIP] === undefined) return undefined;
  for (let fi = 0; fi < NF; fi++)
    if (fi !== I_ID && fi !== I_SKIP && P[fi] !== undefined) return undefined;
  if (V[I_SKIP] === undefined) return null; // the value's own error is reported
  if (v.byId.has(id) || v.otherIds.has(id)) return null; // the duplicate is reported
  const row: LedgerRow = {
    id,
    class: 'locked_fixture',
    skip: V[I_SKIP],
    inherits: true,
    line: m.line,
    column: m.column,
    keyOffsets: v.layouts.intern(KEYS, OFFSETS),
  };
  v.heirs.push(row);
  return row;
}

/**
 * Checks a file row: its file is a canonical path, its class locked_fixture, and it writes no
 * `artifact` (the file is its artifact). Returns the file; an error leaves the row invalid.
 */
function fileRowFile(
  id: string,
  idEntry: Entry,
  cls: LedgerClass | undefined,
  v: LedgerValidator,
): string {
  const file = testFile(id);
  const why = pathProblem(file);
  if (why) v.err(idEntry, `file row '${printable(id)}': its file ${why}`);
  else {
    const better = canonicalSpelling('artifact', file);
    if (better !== null)
      v.err(
        idEntry,
        `file row '${printable(id)}' is not in canonical form; write '${printable(better + FILE_ROW_SUFFIX)}'`,
      );
  }
  if (cls !== undefined && cls !== 'locked_fixture')
    v.err(
      P[I_CLASS]!,
      `a file row ('${printable(id)}') is class locked_fixture, locked to its file; class ${cls} needs a row per test id`,
    );
  // It may name more goldens only as a set holding the file itself (its snapshots, §2
  // "Snapshots"), so an edit of the file still changes the row's digest.
  const art = P[I_ARTIFACT];
  const key = V[I_ARTIFACT];
  if (
    art !== undefined &&
    key !== undefined &&
    !(isGoldenSet(key) && goldenPatterns(key).includes(file))
  )
    v.err(
      art,
      `a file row's artifact is its own file (${printable(file)}): remove \`artifact:\`, or write a list that holds it and its snapshots ([${printable(file)}, …])`,
    );
  return file;
}

/** Could this character be whitespace to String.prototype.trim? (skips trim for most values) */
export function mayBeSpace(c: number): boolean {
  return c <= 32 || c === 0xa0 || c === 0x85 || c >= 0x1680;
}

function firstWithKey(entries: Entry[], before: number): Entry | undefined {
  for (let y = 0; y < before; y++) if (entries[y].key === entries[before].key) return entries[y];
  return undefined;
}

type OptionalField = Exclude<RowField, 'id' | 'class' | 'inherits'>;

/** Checks a value against its field's format (paths: checkPath; `class`: validateRow, below). */
function checkFormat(
  f: FieldFormat,
  k: string,
  s: string,
  e: Entry,
  err: (p: Pos, message: string) => void,
): void {
  if (formatHolds(f, s)) return;
  if (f === 'digest')
    err(e, `${k} '${printable(s)}' is not \`sha256:\` followed by 64 lowercase hex digits`);
  else if (f === 'date') err(e, `${k} '${printable(s)}' is not a real date written YYYY-MM-DD`);
  else if (f === 'proposed-class')
    err(e, `${k} '${printable(s)}' must be one of ${PROPOSABLE_CLASSES.join(', ')}`);
}

/** Does a value hold its field's format? (paths: checkPath; `class`: validateRow) */
export function formatHolds(f: FieldFormat, s: string): boolean {
  if (f === 'digest') return isDigest(s);
  if (f === 'date') return isIsoDate(s);
  if (f === 'proposed-class') return PROPOSABLE_CLASSES.includes(s as LedgerClass);
  return true;
}

/**
 * Checks a file (artifact) or folder (seeds) path; returns the canonical form every rule
 * compares. A folder may end with one `/`.
 */
function checkPath(k: string, folder: boolean, s: string, e: Pos, v: LedgerValidator): string {
  return soundPath(v, folder, s) ?? checkNewPath(k, folder, s, e, v);
}

/**
 * The canonical form of a path that has no problem, else undefined (and nothing reported:
 * checkPath reports it). Each distinct sound path is checked once per ledger.
 */
export function soundPath(v: LedgerValidator, folder: boolean, s: string): string | undefined {
  const f = folder ? 1 : 0;
  if (s === v.lastSound[f]) return v.lastCanon[f];
  const sound = v.soundPaths[f];
  let canon = sound.get(s);
  // A plain file path is its own canonical form: no rule to run, but kept, so every row that
  // names the golden holds this one string and the look-ups by path after the parse (fact
  // paths, the facts, the admits' messages) hash it once, not 50,000 copies at L.
  if (canon === undefined && !folder && isPlainPath(s)) sound.set(s, (canon = s));
  if (canon === undefined) {
    const errors = v.errors.length;
    canon = checkNewPath('', folder, s, { line: 0, column: 0 }, v);
    if (v.errors.length !== errors) {
      v.errors.length = errors;
      return undefined;
    }
    sound.set(s, canon);
  }
  v.lastSound[f] = s;
  v.lastCanon[f] = canon;
  return canon;
}

function checkNewPath(k: string, folder: boolean, s: string, e: Pos, v: LedgerValidator): string {
  // A doctest's artifact (`MODULE.py#doctest:NAME`): its module's path is checked as any path.
  const doctest = folder ? undefined : parseDoctestArtifact(s);
  if (doctest !== undefined) {
    const bad = doctestProblem(s);
    if (bad) v.err(e, `${k} '${printable(s)}' ${bad}`);
    const file = checkNewPath(k, false, doctest.file, e, v);
    return doctestArtifact(file, doctest.name);
  }
  const why = pathProblem(s);
  if (why) {
    v.err(e, `${k} '${printable(s)}' ${why}`);
    return s;
  }
  const canon = canonicalPath(s);
  if (canon === '') {
    v.err(e, `${k} '${printable(s)}' names the repository root; name a path inside it`);
    return s;
  }
  const glob = folder ? null : globProblem(s);
  if (glob) v.err(e, `${k} '${printable(s)}' ${glob}`);
  const better = canonicalSpelling(folder ? 'seeds' : 'artifact', s);
  if (better !== null && !v.normalisePaths) {
    v.err(
      e,
      `${k} '${printable(s)}' is not in canonical form (one spelling per path, as git writes it); write '${printable(better)}'`,
    );
  }
  return canon;
}

/**
 * `artifact: [A, B, …]`: several goldens (paths or globs) locked as one set (golden-set.ts).
 * Returns the set's key; a list of one is that path's own spelling, as its canonical form.
 */
function artifactList(e: Entry, list: SeqVal, v: LedgerValidator): string | undefined {
  const patterns: string[] = [];
  for (const item of list.items) {
    if (item.kind !== 'scalar' || item.type !== 'string' || String(item.value).trim() === '') {
      v.err(item, `an artifact list holds paths, found ${describe(item)}`);
      continue;
    }
    const p = checkPath('artifact', false, item.value as string, item, v);
    if (patterns.includes(p)) v.err(item, `artifact '${printable(p)}' is listed twice`);
    else patterns.push(p);
  }
  if (list.items.length === 0) {
    v.err(e, 'an artifact list is empty; name the golden files');
    return undefined;
  }
  if (list.items.length === 1 && patterns.length === 1 && !v.normalisePaths)
    v.err(e, `a list of one golden is that golden: write 'artifact: ${printable(patterns[0])}'`);
  return patterns.length === 0 ? undefined : goldenKey(patterns);
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
    const d = editDistance(key.toLowerCase(), k);
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best ? `; did you mean '${best}'?` : '';
}
