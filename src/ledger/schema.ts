// The ledger's schema, once: which fields there are, in which order rows are written, which
// class needs which, and each value's format. The validator (validate.ts), the fast reader's
// known keys (fast.ts), the renderer's field order (render.ts) and the JSON Schema editors use
// (schema/ledger.schema.json, written from `ledgerJsonSchema` by scripts/sync-schema.mjs, kept
// identical by __tests__/ledger.schema.test.ts) all come from here.
//
// Pure data and functions with no runtime import: scripts/sync-schema.mjs loads this file alone.
import type { LedgerClass, LedgerRow } from '../types.js';

/**
 * What a field's value must be (each a non-empty string):
 * text — any; digest — `sha256:` + 64 lowercase hex; date — a real YYYY-MM-DD date;
 * file / folder — a canonical repository-relative path (pathRules.ts; a folder may end with
 * one `/`); class / proposed-class — one of the classes / of PROPOSABLE_CLASSES.
 */
export type FieldFormat =
  'text' | 'digest' | 'date' | 'file' | 'folder' | 'class' | 'proposed-class';

/** A field a row may carry: a property of LedgerRow besides the reader's positions. */
export type RowField = Exclude<keyof LedgerRow, 'line' | 'column' | 'keyOffsets' | 'keyColumns'>;

export interface FieldSpec {
  readonly name: RowField;
  /** Which rows carry it: every row, a class's rows (required there), or any row that wants it. */
  readonly on: 'every' | LedgerClass | 'optional';
  readonly format: FieldFormat;
  /** One sentence for the JSON Schema's description (and editors' hover text). */
  readonly about: string;
  /** What docs/ledger.md's class table says of the value, when its format does not say it. */
  readonly hint?: string;
  /** The value may also be a list of two or more distinct values of its format. */
  readonly list?: true;
}

/** The classes, in the order they are listed, each with what it means. */
export const CLASS_SPECS: readonly { readonly name: LedgerClass; readonly about: string }[] = [
  { name: 'locked_fixture', about: "a golden file's bytes are the contract." },
  {
    name: 'property',
    about: 'an invariant checked over a seeds folder that may only grow.',
  },
  { name: 'quarantine', about: 'a parked test; a pass on it is rejected.' },
  { name: 'draft', about: 'added by an agent, waiting for a human to promote it.' },
];

/** The fields of a row, in the order rows are written. */
export const FIELD_SPECS: readonly FieldSpec[] = [
  {
    name: 'id',
    on: 'every',
    format: 'text',
    about:
      "The runner's own test id (for pytest: what `pytest --collect-only -q` prints), or `FILE::*`: a file row, classing every test of FILE that has no row of its own, locked to FILE's bytes.",
  },
  { name: 'class', on: 'every', format: 'class', about: '' }, // described by CLASS_SPECS
  {
    name: 'digest',
    on: 'locked_fixture',
    format: 'digest',
    about:
      "sha256 of the artifact's bytes (`ledger-gate digest PATH`); of a list or glob, the set's digest (`ledger-gate digest --set PATH…`).",
  },
  {
    name: 'artifact',
    on: 'locked_fixture',
    format: 'file',
    list: true,
    about:
      'The golden file whose bytes the digest is of (a file: no trailing /), or several: a glob (`*` within a segment, `**` across segments) or a list of paths and globs, digested as one set; a file row has none (its file is its artifact) or a list of its file and its snapshot files. `MODULE.py#doctest:NAME` locks the examples of one doctest of the module, as pytest names it, not the module bytes.',
  },
  {
    name: 'invariant',
    on: 'property',
    format: 'text',
    about: "The property's name; it may not silently change.",
    hint: 'a name',
  },
  {
    name: 'seeds',
    on: 'property',
    format: 'folder',
    about: 'The folder of seed inputs; it must hold at least one file.',
  },
  {
    name: 'opened',
    on: 'quarantine',
    format: 'date',
    about: 'When the test was quarantined (YYYY-MM-DD).',
  },
  { name: 'reason', on: 'quarantine', format: 'text', about: 'Why the test is quarantined.' },
  { name: 'owner', on: 'quarantine', format: 'text', about: 'Who answers for the quarantine.' },
  { name: 'source', on: 'draft', format: 'text', about: 'Who added the draft (e.g. agent).' },
  {
    name: 'proposed_class',
    on: 'draft',
    format: 'proposed-class',
    about: 'The class a human may promote the draft to (`ledger-gate promote ID`).',
  },
  {
    name: 'skip',
    on: 'optional',
    format: 'text',
    about:
      "Any class: why this row's test is expected to skip (e.g. windows-only). A skip on a row without it is rejected.",
  },
];

/** The ledger's top-level fields, in the order they are written. */
export const TOP_FIELDS: readonly string[] = [
  'version',
  'rules',
  'gaming_result',
  'gaming_allow',
  'rows',
];

/** The top-level fields every ledger must have (`rules` is optional). */
export const REQUIRED_TOP_FIELDS: readonly string[] = ['version', 'rows'];

export const LEDGER_CLASSES: readonly LedgerClass[] = CLASS_SPECS.map((c) => c.name);

/** The classes a draft may be promoted to (a draft may carry their fields ahead of time). */
export const PROPOSABLE_CLASSES: readonly LedgerClass[] = ['property', 'locked_fixture'];

export const ROW_FIELDS: readonly string[] = FIELD_SPECS.map((f) => f.name);

/** Fields each class must carry (besides `id` and `class`). */
export const REQUIRED_FIELDS: Readonly<Record<LedgerClass, readonly string[]>> = (() => {
  const out = {} as Record<LedgerClass, readonly string[]>;
  for (const c of LEDGER_CLASSES) out[c] = FIELD_SPECS.filter((f) => f.on === c).map((f) => f.name);
  return out;
})();

/** Fields any row may carry: `skip` says why its test is expected to skip. */
export const OPTIONAL_FIELDS: readonly string[] = FIELD_SPECS.filter(
  (f) => f.on === 'optional',
).map((f) => f.name);

/** Fields a row of this class may carry: its own, plus (for a draft) those of the class it proposes. */
export function allowedFields(cls: LedgerClass, proposed?: string): Set<string> {
  const s = new Set(['id', 'class', ...REQUIRED_FIELDS[cls], ...OPTIONAL_FIELDS]);
  if (cls === 'draft') {
    const targets = PROPOSABLE_CLASSES.includes(proposed as LedgerClass)
      ? [proposed as LedgerClass]
      : PROPOSABLE_CLASSES;
    for (const t of targets) for (const f of REQUIRED_FIELDS[t]) s.add(f);
  }
  return s;
}

/** A file row's id, `FILE::*` with no `::` in FILE (file-rows.ts's isFileRowId). */
const FILE_ROW_PATTERN = '^(?:[^:]|:(?!:))+::\\*$';

/** The digest format, as the validator and the JSON Schema state it. */
export const DIGEST_PATTERN = '^sha256:[0-9a-f]{64}$';
// JSON Schema cannot count a month's days; the validator also checks the date is real.
const DATE_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';
// pathRules.ts's lexical rule, as JSON Schema patterns (__tests__/paths.canonical.test.ts
// holds the two equal); symlinks leading out of the repository only lint can see.
const PATH_REFUSED = [
  '^/',
  '^[A-Za-z]:',
  '\\\\',
  '\\u0000',
  '%(2[eEfF]|5[cC]|00)',
  '(^|/)\\.\\.?(/|$)',
  '//',
];

type Json = { [k: string]: unknown };

function fieldSchema(f: FieldSpec): Json {
  if (!f.list) return valueSchema(f);
  const { description, ...one } = valueSchema(f);
  return {
    description,
    oneOf: [one, { type: 'array', minItems: 2, uniqueItems: true, items: one }],
  };
}

function valueSchema(f: FieldSpec): Json {
  const description = f.about;
  switch (f.format) {
    case 'text':
      return { description, $ref: '#/$defs/text' };
    case 'digest':
      return { description, type: 'string', pattern: DIGEST_PATTERN };
    case 'date':
      return { description, type: 'string', pattern: DATE_PATTERN };
    case 'file':
      return { description, allOf: [{ $ref: '#/$defs/path' }, { not: { pattern: '/$' } }] };
    case 'folder':
      return { description, $ref: '#/$defs/path' };
    case 'class':
      return {
        description: CLASS_SPECS.map((c) => `${c.name}: ${c.about}`).join(' '),
        enum: LEDGER_CLASSES,
      };
    case 'proposed-class':
      return { description, enum: PROPOSABLE_CLASSES };
  }
}

/** `if` a row's `key` is `value`. */
const when = (key: string, value: string): Json => ({
  required: [key],
  properties: { [key]: { const: value } },
});

function classRule(cls: LedgerClass): Json {
  // The class's own fields first, then a draft's borrowed ones, then the optional ones.
  const own = new Set(['id', 'class', ...REQUIRED_FIELDS[cls]]);
  const borrowed = ROW_FIELDS.filter((f) => allowedFields(cls).has(f) && !own.has(f));
  const then: Json = {
    required: REQUIRED_FIELDS[cls],
    propertyNames: {
      enum: [...own, ...borrowed.filter((f) => !OPTIONAL_FIELDS.includes(f)), ...OPTIONAL_FIELDS],
    },
  };
  if (cls === 'locked_fixture') {
    // A file row (FILE::*) is locked to FILE itself: its `artifact` is implied, or a list
    // holding FILE and its snapshots (CONTRACT §2 "Snapshots"); any other row needs one.
    then.required = REQUIRED_FIELDS[cls].filter((f) => f !== 'artifact');
    then.if = { properties: { id: { pattern: FILE_ROW_PATTERN } } };
    then.then = { properties: { artifact: { type: 'array', minItems: 2 } } };
    then.else = { required: ['artifact'] };
  }
  if (cls === 'draft') {
    // A draft carries only its proposed class's fields, not another's.
    const proposable = LEDGER_CLASSES.filter((c) => PROPOSABLE_CLASSES.includes(c));
    then.allOf = proposable.map((p) => ({
      if: when('proposed_class', p),
      then: {
        propertyNames: {
          not: { enum: proposable.filter((o) => o !== p).flatMap((o) => REQUIRED_FIELDS[o]) },
        },
      },
    }));
  }
  return { if: when('class', cls), then };
}

/** The ledger's JSON Schema (draft 2020-12); `id` is its URL at the major tag (project.ts). */
export function ledgerJsonSchema(id: string): Json {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: id,
    title: 'ledger-gate ledger (tests/ledger.yaml)',
    description:
      'Every test a pull request cites as evidence needs a row here. `ledger-gate lint` is the authority; this schema gives editors the same rules, except the file-system checks.',
    type: 'object',
    additionalProperties: false,
    required: REQUIRED_TOP_FIELDS,
    properties: {
      version: { description: 'The ledger format: always 1.', const: 1 },
      rules: {
        description:
          'The class rules `ledger-gate init` used (`ID_GLOB=locked_fixture:PATH|{file}` or `ID_GLOB=property:INVARIANT:SEEDS_DIR`, first match wins): `ledger-gate update` classes a new passing test by them. Advice for the upkeep commands; the gate judges rows only.',
        type: 'array',
        items: {
          type: 'string',
          pattern: '^.+=(locked_fixture:.+|property:[^:]+:.+)$',
        },
      },
      gaming_result: {
        description:
          "What a gaming shape in the lines an agent's commit adds to production code is (`production-gaming-shape`, docs/gaming-shapes.md): `review` (the default: an approval on the head admits it) or `reject`. Read from the base's ledger: a change cannot relax it for itself.",
        enum: ['review', 'reject'],
      },
      gaming_allow: {
        description:
          "Gaming shapes a team allows on some paths, each `SHAPE=PATH_GLOB` (e.g. `process-exit=src/cli.py`: a CLI's `sys.exit`). Read from the base's ledger.",
        type: 'array',
        items: { type: 'string', pattern: '^[a-z][a-z-]{1,40}=\\S.*$' },
      },
      rows: {
        description:
          'One row per test id, or per test file: a file row `FILE::*` (class locked_fixture, no artifact: the file is its own, or a list of the file and its snapshots) classes every test of FILE that has no row of its own.',
        type: 'array',
        items: { $ref: '#/$defs/row' },
      },
    },
    $defs: {
      text: { type: 'string', minLength: 1, pattern: '\\S' },
      path: {
        description:
          'A path relative to the repository root in its one canonical spelling: / separators, no empty, `.` or `..` segment (a folder may end with one /); it may not be absolute or climb out of the repository.',
        type: 'string',
        minLength: 1,
        not: { anyOf: PATH_REFUSED.map((pattern) => ({ pattern })) },
      },
      row: {
        type: 'object',
        additionalProperties: false,
        required: ['id'],
        properties: Object.fromEntries(FIELD_SPECS.map((f) => [f.name, fieldSchema(f)])),
        allOf: [
          ...LEDGER_CLASSES.map(classRule),
          {
            if: { properties: { id: { pattern: FILE_ROW_PATTERN } } },
            then: { properties: { class: { const: 'locked_fixture' } } },
          },
          {
            // Without a class: `skip:` alone under a file row, inheriting its lock (CONTRACT §2).
            if: { not: { required: ['class'] } },
            then: {
              required: ['id', 'skip'],
              propertyNames: { enum: ['id', 'skip'] },
              properties: {
                id: { pattern: '^(?:[^:]|:(?!:))+::', not: { pattern: FILE_ROW_PATTERN } },
              },
            },
          },
        ],
      },
    },
  };
}

/** What docs/ledger.md's class table says of a value of each format. */
const FORMAT_HINTS: Partial<Record<FieldFormat, string>> = {
  digest: '`sha256:` + 64 lowercase hex',
  date: 'a real date, `YYYY-MM-DD`',
  file: 'file',
  folder: 'folder',
  'proposed-class': PROPOSABLE_CLASSES.map((c) => `\`${c}\``).join(' or '),
};

/** docs/ledger.md's table of classes and their fields, as Markdown (scripts/sync-schema.mjs). */
export function ledgerClassTable(): string {
  const lines = ['| class | required fields | may also carry |', '|---|---|---|'];
  for (const cls of LEDGER_CLASSES) {
    const required = FIELD_SPECS.filter((f) => f.on === cls).map((f) => {
      const one = f.hint ?? FORMAT_HINTS[f.format];
      const hint = one && f.list ? `${one}, glob or list` : one;
      return hint ? `\`${f.name}\` (${hint})` : `\`${f.name}\``;
    });
    // Only a draft may carry another class's fields: those of the class it proposes.
    const borrows = cls === 'draft' ? 'the fields of its proposed class' : '—';
    lines.push(`| \`${cls}\` | ${required.join(', ')} | ${borrows} |`);
  }
  return lines.join('\n') + '\n';
}
