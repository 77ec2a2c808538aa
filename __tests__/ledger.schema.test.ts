// The ledger's schema is one table (src/ledger/schema.ts). schema/ledger.schema.json and
// docs/ledger.md's class table are written from it by scripts/sync-schema.mjs; these tests keep
// them identical to the table and show that the check notices a difference.
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseLedger } from '../src/ledger/parse.js';
import { orderedFields } from '../src/ledger/render.js';
import {
  FIELD_SPECS,
  LEDGER_CLASSES,
  ledgerClassTable,
  ledgerJsonSchema,
  REQUIRED_FIELDS,
  ROW_FIELDS,
} from '../src/ledger/schema.js';
import { SCHEMA_URL } from '../src/project.js';

const sync = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.resolve('scripts/sync-schema.mjs'), ...args], {
    cwd,
    encoding: 'utf8',
  });

/** Copies what sync-schema reads and writes into `dir`. */
function copy(dir: string, ...files: string[]): void {
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    cpSync(f, path.join(dir, f), { recursive: true });
  }
}

describe('schema/ledger.schema.json', () => {
  it('is the JSON Schema of the table in src/ledger/schema.ts', () => {
    const file = JSON.parse(readFileSync('schema/ledger.schema.json', 'utf8'));
    expect(file).toEqual(ledgerJsonSchema(SCHEMA_URL));
  });

  it('is written by scripts/sync-schema.mjs as it stands (sync-schema --check)', () => {
    const r = sync(process.cwd(), '--check');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('--check fails when the table and the file differ, and a run writes the table', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-schema-'));
    try {
      copy(
        dir,
        'package.json',
        '.prettierrc.json',
        'schema',
        'docs/ledger.md',
        'src/ledger/schema.ts',
      );
      // A field added to the table, as a later version might.
      const table = path.join(dir, 'src/ledger/schema.ts');
      writeFileSync(
        table,
        readFileSync(table, 'utf8').replace(
          "  { name: 'reason', on: 'quarantine',",
          "  { name: 'ticket', on: 'quarantine', format: 'text', about: 'The tracking issue.' },\n  { name: 'reason', on: 'quarantine',",
        ),
      );
      const stale = sync(dir, '--check');
      expect(stale.status).toBe(1);
      expect(stale.stderr).toBe(
        'schema/ledger.schema.json is out of date: run node scripts/sync-schema.mjs\n' +
          'docs/ledger.md is out of date: run node scripts/sync-schema.mjs\n',
      );
      expect(sync(dir).status).toBe(0);
      const written = JSON.parse(readFileSync(path.join(dir, 'schema/ledger.schema.json'), 'utf8'));
      expect(Object.keys(written.$defs.row.properties)).toContain('ticket');
      expect(written.$defs.row.allOf[2].then.required).toEqual([
        'opened',
        'ticket',
        'reason',
        'owner',
      ]);
      expect(readFileSync(path.join(dir, 'docs/ledger.md'), 'utf8')).toContain(
        '| `quarantine` | `opened` (a real date, `YYYY-MM-DD`), `ticket`, `reason`, `owner` | — |\n',
      );
      expect(sync(dir, '--check').status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes its $id from package.json's repository, as sync-readme does", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-schema-'));
    try {
      copy(dir, '.prettierrc.json', 'schema', 'src/ledger/schema.ts');
      const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
      writeFileSync(
        path.join(dir, 'package.json'),
        JSON.stringify({ ...pkg, repository: 'github:forker/gate-fork' }),
      );
      expect(sync(dir).status).toBe(0);
      const written = JSON.parse(readFileSync(path.join(dir, 'schema/ledger.schema.json'), 'utf8'));
      expect(written.$id).toBe(
        'https://raw.githubusercontent.com/forker/gate-fork/v1/schema/ledger.schema.json',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("docs/ledger.md's table of classes", () => {
  it('is the one the table in src/ledger/schema.ts renders', () => {
    const doc = readFileSync('docs/ledger.md', 'utf8');
    const m = /<!-- ledger-classes:start -->\n([\s\S]*?)<!-- ledger-classes:end -->/.exec(doc);
    expect(m).not.toBeNull();
    expect(m![1]).toBe(ledgerClassTable());
    expect(m![1]).toContain(
      '| `draft` | `source`, `proposed_class` (`property` or `locked_fixture`) | the fields of its proposed class |\n',
    );
  });
});

describe('the table drives the readers and the renderer', () => {
  it('writes fields in the order of the table', () => {
    const all = Object.fromEntries(ROW_FIELDS.map((f) => [f, 'x'])) as Record<string, string>;
    expect(orderedFields({ ...all, class: 'draft' })).toEqual(ROW_FIELDS.slice(1));
  });

  it("checks each value by its field's format, whatever the field is called", () => {
    const digestField = FIELD_SPECS.find((f) => f.format === 'digest')!.name;
    const dateField = FIELD_SPECS.find((f) => f.format === 'date')!.name;
    const read = parseLedger(
      [
        'version: 1',
        'rows:',
        '  - id: a',
        '    class: locked_fixture',
        `    ${digestField}: sha256:nothex`,
        '    artifact: tests/g.bin',
        '  - id: b',
        '    class: quarantine',
        `    ${dateField}: 2026-02-30`,
        '    reason: r',
        '    owner: o',
        '',
      ].join('\n'),
      'l.yaml',
    );
    expect(read.errors.map((e) => `${e.line}: ${e.message}`)).toEqual([
      `5: ${digestField} 'sha256:nothex' is not \`sha256:\` followed by 64 lowercase hex digits`,
      `9: ${dateField} '2026-02-30' is not a real date written YYYY-MM-DD`,
    ]);
  });

  it('requires of each class the fields the table gives it', () => {
    for (const cls of LEDGER_CLASSES) {
      const read = parseLedger(`version: 1\nrows:\n  - id: t\n    class: ${cls}\n`, 'l.yaml');
      expect(read.errors.map((e) => e.message)).toEqual(
        REQUIRED_FIELDS[cls].map((f) => `row 't' (class ${cls}) is missing field '${f}'`),
      );
    }
  });
});
