import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseDocument } from 'yaml';
import { dropRows, rewriteValue, setRow, setRows } from '../src/ledger/edit.js';
import { parseLedger, parseLedgerWith } from '../src/ledger/parse.js';
import { renderRow, renderScalar } from '../src/ledger/render.js';
import {
  allowedFields,
  PROPOSABLE_CLASSES,
  REQUIRED_FIELDS,
  ROW_FIELDS,
} from '../src/ledger/schema.js';
import type { LedgerClass } from '../src/types.js';

const D = 'sha256:' + 'ab'.repeat(32);

describe('renderScalar', () => {
  it('writes plain text only where it reads back as the same string', () => {
    expect(renderScalar('tests/a.py::test_x[1-2]')).toBe('tests/a.py::test_x[1-2]');
    expect(renderScalar('2026-09-10')).toBe('2026-09-10');
    for (const s of [
      'true',
      'null',
      '',
      '1',
      '0x10',
      '.inf',
      'a: b',
      'a #b',
      'x:',
      '- x',
      '[a]',
      "'q'",
      ' lead',
      'tab\there',
      '@x',
      '*x',
      '&x',
      '!x',
      '%x',
    ]) {
      expect(renderScalar(s)).toBe(JSON.stringify(s));
    }
  });

  it('round-trips any string as a row id through both readers', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (id) => {
        fc.pre(id.trim() !== '');
        const text = `version: 1\nrows:\n${renderRow(id, { class: 'draft', source: 'agent', proposed_class: 'property' }, 2).join('\n')}\n`;
        const parsed = parseLedger(text, 'L');
        expect(parsed.errors).toEqual([]);
        expect(parsed.ledger!.rows[0].id).toBe(id);
        expect(parseLedgerWith(text, 'L', 'yaml')!.ledger!.rows[0].id).toBe(id);
      }),
      { numRuns: 300 },
    );
  });

  it('writes a skip reason last and reads it back through both readers', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (skip) => {
        fc.pre(skip.trim() !== '');
        const lines = renderRow(
          't',
          { class: 'quarantine', skip, opened: '2026-01-02', reason: 'r', owner: 'o' },
          2,
        );
        expect(lines[lines.length - 1]).toMatch(/^ {4}skip: /);
        const text = `version: 1\nrows:\n${lines.join('\n')}\n`;
        for (const reader of ['fast', 'yaml'] as const) {
          const parsed = parseLedgerWith(text, 'L', reader);
          if (parsed === null) continue; // a quoted form only the yaml package reads
          expect(parsed.errors).toEqual([]);
          expect(parsed.ledger!.rows[0].skip).toBe(skip);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('rewriteValue', () => {
  it.each([
    ['    digest: sha256:old        # why', 'sha256:new', '    digest: sha256:new        # why'],
    ["    reason: 'it''s # not a comment'  # c", 'x', '    reason: x  # c'],
    ['    reason: "a \\" # b"', 'y: z', '    reason: "y: z"'],
    ['    owner: me\r', 'you', '    owner: you\r'],
  ])('%s', (line, value, expected) => {
    expect(rewriteValue(line, 'digest', value)).toBe(expected);
  });
});

describe('setRow', () => {
  const base = `version: 1\nrows:\n- id: a   # first\n  class: draft\n  source: agent\n  proposed_class: property\n# trailing\n`;

  it('edits in place at any indentation and keeps comments', () => {
    const { text, added } = setRow(base, 'a', { class: 'property', invariant: 'inv', seeds: 's/' });
    expect(added).toBe(false);
    expect(text).toBe(
      `version: 1\nrows:\n- id: a   # first\n  class: property\n  invariant: inv\n  seeds: s/\n# trailing\n`,
    );
  });

  it('appends after the last row, before trailing comments, at the rows indentation', () => {
    const { text, added } = setRow(base, 'b', {
      class: 'locked_fixture',
      digest: D,
      artifact: 'g.bin',
    });
    expect(added).toBe(true);
    expect(text).toBe(
      base.replace(
        '# trailing',
        `- id: b\n  class: locked_fixture\n  digest: ${D}\n  artifact: g.bin\n# trailing`,
      ),
    );
  });

  it('edits a layout only the yaml package reads, keeping comments and order', () => {
    const flow = `version: 1  # v\nrows:\n  - {id: a, class: draft, source: agent, proposed_class: property}  # flow row\n`;
    const { text } = setRow(flow, 'a', {
      class: 'quarantine',
      opened: '2026-01-02',
      reason: 'r',
      owner: 'o',
    });
    expect(text).toContain('# v');
    expect(text).toContain('# flow row');
    const row = parseLedger(text, 'L').ledger!.byId.get('a')!;
    expect(row).toMatchObject({
      class: 'quarantine',
      opened: '2026-01-02',
      reason: 'r',
      owner: 'o',
    });
    expect(row.source).toBeUndefined();
  });
});

describe('setRows, dropRows', () => {
  // A ledger of n draft rows with a comment line before every third row, each line tagged
  // with the row it belongs to (comments belong to none).
  const tagged = (n: number): [string | null, string][] => [
    [null, 'version: 1'],
    [null, 'rows:'],
    ...Array.from({ length: n }, (_, i): [string | null, string][] => [
      ...(i % 3 === 0 ? [[null, `  # before r${i}`] as [null, string]] : []),
      ...renderRow(`r${i}`, { class: 'draft', source: 'agent', proposed_class: 'property' }, 2).map(
        (l): [string, string] => [`r${i}`, l],
      ),
    ]).flat(),
    [null, '# end'],
    [null, ''],
  ];
  const ledger = (n: number): string =>
    tagged(n)
      .map(([, l]) => l)
      .join('\n');

  it('dropRows removes exactly the rows asked for and no other line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(fc.nat(11)), (n, picks) => {
        const ids = new Set(picks.filter((p) => p < n).map((p) => `r${p}`));
        fc.pre(ids.size < n);
        const out = dropRows(ledger(n), ids);
        const want = tagged(n)
          .filter(([row]) => row === null || !ids.has(row))
          .map(([, l]) => l)
          .join('\n');
        expect(out).toBe(want);
        expect(parseLedger(out, 'L').errors).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('setRows edits many rows and appends new ones in one pass, like setRow one by one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.array(fc.nat(11), { maxLength: 6 }),
        (n, picks) => {
          const text = ledger(n);
          const edits = new Map(
            [...new Set(picks)].map((p) => [
              `r${p}`,
              { class: 'locked_fixture' as const, digest: D, artifact: `g/${p}.bin` },
            ]),
          );
          let oneByOne = text;
          for (const [id, f] of edits) oneByOne = setRow(oneByOne, id, f).text;
          const r = setRows(text, edits);
          expect(r.text).toBe(oneByOne);
          expect(r.added).toEqual([...edits.keys()].filter((id) => Number(id.slice(1)) >= n));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('schema/ledger.schema.json', () => {
  const schema = JSON.parse(readFileSync('schema/ledger.schema.json', 'utf8'));

  it('states the same fields, classes and requirements as the validator', () => {
    const row = schema.$defs.row;
    expect(Object.keys(row.properties)).toEqual(ROW_FIELDS);
    expect(row.properties.class.enum).toEqual(Object.keys(REQUIRED_FIELDS));
    expect(row.properties.proposed_class.enum).toEqual(PROPOSABLE_CLASSES);
    for (const [cls, required] of Object.entries(REQUIRED_FIELDS)) {
      const rule = row.allOf.find(
        (r: { if: { properties: { class: { const: string } } } }) =>
          r.if.properties.class.const === cls,
      );
      // A locked_fixture's artifact is required of every row but a file row (FILE::*).
      expect([...rule.then.required, ...(rule.then.else?.required ?? [])]).toEqual(required);
      // Every field a row of the class may carry, `skip` included, and no other.
      expect([...rule.then.propertyNames.enum].sort()).toEqual(
        [...allowedFields(cls as LedgerClass)].sort(),
      );
    }
    expect(schema.properties.version.const).toBe(1);
    expect(schema.additionalProperties).toBe(false);
    expect(row.additionalProperties).toBe(false);
  });

  // ajv 6 (draft-07, present through eslint) checks the keywords used here, which draft-07 shares.
  const require = createRequire(import.meta.url);
  const Ajv = require('ajv');
  const ajv = new Ajv({ validateSchema: false, allErrors: true });
  const validate = ajv.compile({ ...schema, $schema: undefined });
  const check = (yaml: string): boolean =>
    validate(parseDocument(yaml, { version: '1.2' }).toJS()) as boolean;

  it.each([
    [
      'the contract example',
      readFileSync('__fixtures__/ledger/contract.yaml', 'utf8').replace('sha256:DIGEST', D),
      true,
    ],
    [
      'an unknown field',
      'version: 1\nrows:\n  - id: a\n    class: draft\n    source: agent\n    proposed_class: property\n    digets: x\n',
      false,
    ],
    [
      'a missing field',
      'version: 1\nrows:\n  - id: a\n    class: quarantine\n    opened: 2026-01-01\n    reason: r\n',
      false,
    ],
    [
      'a bad digest',
      'version: 1\nrows:\n  - id: a\n    class: locked_fixture\n    digest: sha256:ABC\n    artifact: a.bin\n',
      false,
    ],
    [
      'an absolute artifact',
      `version: 1\nrows:\n  - id: a\n    class: locked_fixture\n    digest: ${D}\n    artifact: /etc/passwd\n`,
      false,
    ],
    [
      'a climbing seeds path',
      'version: 1\nrows:\n  - id: a\n    class: property\n    invariant: i\n    seeds: ../x\n',
      false,
    ],
    [
      'a foreign field',
      `version: 1\nrows:\n  - id: a\n    class: property\n    invariant: i\n    seeds: s\n    digest: ${D}\n`,
      false,
    ],
    [
      'a draft with its proposed fields',
      `version: 1\nrows:\n  - id: a\n    class: draft\n    source: agent\n    proposed_class: locked_fixture\n    artifact: a.bin\n`,
      true,
    ],
    [
      'a draft with the other class fields',
      'version: 1\nrows:\n  - id: a\n    class: draft\n    source: agent\n    proposed_class: locked_fixture\n    seeds: s\n',
      false,
    ],
    [
      'an expected skip on a locked fixture',
      `version: 1\nrows:\n  - id: a\n    class: locked_fixture\n    digest: ${D}\n    artifact: a.bin\n    skip: windows-only\n`,
      true,
    ],
    [
      'an expected skip on a quarantine row',
      'version: 1\nrows:\n  - id: a\n    class: quarantine\n    opened: 2026-01-01\n    reason: r\n    owner: o\n    skip: py<3.12\n',
      true,
    ],
    [
      'an empty skip reason',
      'version: 1\nrows:\n  - id: a\n    class: property\n    invariant: i\n    seeds: s\n    skip: ""\n',
      false,
    ],
    ['version 2', 'version: 2\nrows: []\n', false],
    ['an unknown class', 'version: 1\nrows:\n  - id: a\n    class: golden\n', false],
  ])('%s: valid=%s', (_name, yaml, valid) => {
    expect(check(yaml)).toBe(valid);
    expect(parseLedger(yaml, 'L').errors.length === 0).toBe(valid);
  });
});
