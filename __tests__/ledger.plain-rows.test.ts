// The plain-row reader (src/ledger/plain-rows.ts, issue 45) reads a canonical row straight into
// its LedgerRow and declines anything else, which the line reader then reads as before. Held
// here to the line reader alone (`lines`) on generated and hostile ledgers: the same rows,
// their properties and key lines in the same order, the same errors, lines and columns, the
// same fallback to `yaml`; and the reader itself takes what it should and declines the rest.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { parseLedgerWith } from '../src/ledger/parse.js';
import { plainRows } from '../src/ledger/plain-rows.js';
import {
  isPlainPath,
  pathProblem,
  canonicalPath,
  canonicalSpelling,
} from '../src/ledger/pathRules.js';
import { globProblem } from '../src/ledger/golden-set.js';
import { parseDoctestArtifact } from '../src/ledger/doctest-artifact.js';
import { isDigest, LedgerValidator } from '../src/ledger/validate.js';
import { DIGEST_PATTERN } from '../src/ledger/schema.js';
import type { LedgerParse } from '../src/types.js';

const dir = '__fixtures__/properties/seeds';
const SEED = Number(
  process.env.FC_SEED ?? readFileSync(`${dir}/${readdirSync(dir).sort().at(-1)}`, 'utf8').trim(),
);

const D = (c: string) => 'sha256:' + c.repeat(64);

/** Everything a reader could tell apart: Maps as entries, key order kept, undefined shown. */
function shown(p: LedgerParse | null): string {
  return JSON.stringify(p, (_k, v: unknown) =>
    v instanceof Map ? ['Map', ...v] : v === undefined ? '<undefined>' : v,
  );
}

// Values: valid ones for each field, repeated often (the reader reuses repeats), and hostile
// ones (quoted, commented, nested, typed, empty, flow, odd characters, very long).
const valid: Record<string, string[]> = {
  id: ['t/a.py::x', 't/a.py::y', 't/b.py::x', 't/a.py::*', 'x', 't/a.py::z # c'],
  class: ['locked_fixture', 'property', 'quarantine', 'draft', 'locked_fixture # c'],
  digest: [D('a'), D('b'), D('A'), 'sha256:1'],
  artifact: [
    'g/one.bin',
    'g/two.bin',
    'g/*.bin',
    './g/one.bin',
    'm.py#doctest:m.f',
    '/abs',
    'a..b/c',
  ],
  invariant: ['holds', 'holds', 'sorted_0'],
  seeds: ['s/', 's', 's/one/', 'x/../s/', 's//', '../up/'],
  opened: ['2026-09-10', '2026-02-30', '2026-9-1'],
  reason: ['flaky', 'a: b', 'why # not'],
  owner: ['me', 'team-a'],
  source: ['agent'],
  proposed_class: ['property', 'locked_fixture', 'quarantine'],
  skip: ['windows-only', 'ci'],
};
const hostile = [
  "'quoted'",
  '"dq \\x41"',
  "'it''s'",
  '',
  '# only a comment',
  '[a, b]',
  '[g/one.bin, g/two.bin]',
  '{a: b}',
  '123',
  '1.5',
  'null',
  '~',
  'true',
  '- item',
  ': x',
  'x:',
  'a: b',
  '&anchor x',
  '*alias',
  '!tag x',
  '|',
  '\u00a0',
  'é/ü.bin',
  'x'.repeat(3000),
  'trailing   ',
];
const FIELDS = Object.keys(valid);
const fieldArb = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.constantFrom('idd', 'clas', 'Class', 'rows', 'version', 'x-y') },
);
const lineArb = fc.oneof(
  {
    weight: 10,
    arbitrary: fieldArb.chain((k) =>
      fc.constantFrom(...(valid[k] ?? ['v'])).map((v) => ({ k, v })),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fieldArb, fc.constantFrom(...hostile)).map(([k, v]) => ({ k, v })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '# a comment',
      '',
      '   ',
      '  # indented',
      '      deeper: x',
      '   odd: x',
      '\tkey: x',
      '- stray',
    ),
  },
);
// A row: usually a class's fields in any order, else anything.
const rowArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          ['class: locked_fixture', `digest: ${D('c')}`, 'artifact: g/one.bin'],
          ['class: property', 'invariant: holds', 'seeds: s/'],
          ['class: quarantine', 'opened: 2026-01-31', 'reason: flaky', 'owner: me'],
          [
            'class: draft',
            'source: agent',
            'proposed_class: property',
            'invariant: i',
            'seeds: s/',
          ],
        ),
        fc.constantFrom('t/a.py::x', 't/a.py::y', 't/c.py::q', 't/d.py::r'),
        fc.boolean(),
      )
      .map(([fields, id, skip]) =>
        [`id: ${id}`, ...fields, ...(skip ? ['skip: ci'] : [])].map((l) => {
          const i = l.indexOf(': ');
          return { k: l.slice(0, i), v: l.slice(i + 2) };
        }),
      ),
  },
  { weight: 2, arbitrary: fc.array(lineArb, { minLength: 1, maxLength: 6 }) },
);

function ledgerOf(
  rows: Array<Array<{ k: string; v: string } | string>>,
  o: { dash: number; key: number; eol: string; bom: boolean },
): string {
  const body = rows.flatMap((r) => {
    let first = true;
    return r.map((l) => {
      if (typeof l === 'string') return l;
      const lead = first
        ? `${' '.repeat(o.dash)}-${' '.repeat(o.key)}`
        : ' '.repeat(o.dash + 1 + o.key);
      first = false;
      return `${lead}${l.k}:${l.v === '' ? '' : ' '}${l.v}`;
    });
  });
  const text = ['version: 1', 'rows:', ...body, ''].join(o.eol);
  return (o.bom ? '\ufeff' : '') + text;
}

const layoutArb = fc.record({
  dash: fc.constantFrom(2, 2, 2, 0, 4),
  key: fc.constantFrom(1, 1, 1, 2),
  eol: fc.constantFrom('\n', '\n', '\r\n'),
  bom: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
});

describe('plain rows: the fast reader with them reads as it does without', () => {
  it('agrees with the line reader on generated and hostile ledgers', () => {
    let read = 0;
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 8 }),
        layoutArb,
        fc.boolean(),
        (rows, layout, base) => {
          const text = ledgerOf(rows, layout);
          const o = { normalisePaths: base };
          const fast = parseLedgerWith(text, 'l.yaml', 'fast', o);
          expect(shown(fast)).toBe(shown(parseLedgerWith(text, 'l.yaml', 'lines', o)));
          if (fast !== null) read++;
        },
      ),
      { seed: SEED, numRuns: 600 },
    );
    expect(read).toBeGreaterThan(200);
  });

  it('agrees on rows with control characters, tabs, a BOM, lone CRs and comments in between', () => {
    const base = [
      '  - id: t/a.py::x',
      '    class: locked_fixture',
      `    digest: ${D('a')}`,
      '    artifact: g/one.bin',
      '  - id: t/a.py::y',
      '    class: property',
      '    invariant: holds',
      '    seeds: s/',
    ];
    const inserts = [
      '\u0007',
      '\t',
      '\ufeff',
      '\r',
      '\u0085',
      '\u2028',
      '\ufffe',
      '#',
      ' #c',
      ': ',
      '\u00a0',
    ];
    for (let line = 0; line < base.length; line++)
      for (const ins of inserts)
        for (const at of [4, 10, -1]) {
          const rows = [...base];
          const l = rows[line];
          rows[line] = at < 0 ? l + ins : l.slice(0, at) + ins + l.slice(at);
          const text = ['version: 1', 'rows:', ...rows, ''].join('\n');
          expect(shown(parseLedgerWith(text, 'l.yaml', 'fast'))).toBe(
            shown(parseLedgerWith(text, 'l.yaml', 'lines')),
          );
        }
    const between = ['', '# note', '    # indented note', '      x: y', '    key: after a blank'];
    for (const b of between) {
      const text = ['version: 1', 'rows:', ...base.slice(0, 4), b, ...base.slice(4), ''].join('\n');
      expect(shown(parseLedgerWith(text, 'l.yaml', 'fast'))).toBe(
        shown(parseLedgerWith(text, 'l.yaml', 'lines')),
      );
    }
  });

  it('agrees on the layout this tool writes, every value of it replaced by a hostile one, in every layout', () => {
    // The rows CANONICAL reads by one match: each of their values swapped for one the line
    // reader declines, reads otherwise or refuses, in each indentation and line ending.
    const rows = [
      ['id: t/a.py::x', 'class: locked_fixture', `digest: ${D('a')}`, 'artifact: g/one.bin'],
      ['id: t/a.py::y', 'class: property', 'invariant: holds', 'seeds: s/'],
    ];
    const values = [
      ...hostile,
      't/a.py::*',
      't/a.py::x',
      'x #c',
      'x#c',
      'x ',
      ' x',
      'a:b',
      '- x',
      '-x',
      '? x',
      'é',
      '\u3000x',
      'x\u3000',
      '../up/',
      './g/one.bin',
      'g/*.bin',
      'm.py#doctest:m.f',
    ];
    let checked = 0;
    for (const layout of [
      { dash: 2, key: 1, eol: '\n', bom: false },
      { dash: 0, key: 1, eol: '\n', bom: false },
      { dash: 4, key: 2, eol: '\n', bom: false },
      { dash: 2, key: 1, eol: '\r\n', bom: false },
    ])
      for (let r = 0; r < rows.length; r++)
        for (let f = 0; f < 4; f++)
          for (const value of values) {
            const changed = rows.map((row, i) =>
              row.map((l, k) => {
                const [key, v] = l.split(': ');
                return { k: key, v: i === r && k === f ? value : v };
              }),
            );
            const text = ledgerOf([...changed, changed[1]], layout);
            expect(shown(parseLedgerWith(text, 'l.yaml', 'fast'))).toBe(
              shown(parseLedgerWith(text, 'l.yaml', 'lines')),
            );
            checked++;
          }
    expect(checked).toBe(4 * 2 * 4 * values.length);
  });

  it('keeps the first of two rows with one id and reports the second as the line reader does', () => {
    const row = (id: string) => [
      `  - id: ${id}`,
      '    class: property',
      '    invariant: i',
      '    seeds: s/',
    ];
    const text = ['version: 1', 'rows:', ...row('a::x'), ...row('a::y'), ...row('a::x'), ''].join(
      '\n',
    );
    const fast = parseLedgerWith(text, 'l.yaml', 'fast')!;
    expect(fast.errors.map((e) => [e.line, e.message])).toEqual([
      [11, "duplicate id 'a::x' (first at line 3)"],
    ]);
    expect(fast.ledger!.byId.get('a::x')!.line).toBe(3);
    expect(shown(fast)).toBe(shown(parseLedgerWith(text, 'l.yaml', 'lines')));
  });
});

describe('the plain-row reader itself', () => {
  const take = (text: string) => {
    const v = new LedgerValidator('l.yaml');
    const read = plainRows(v);
    const j = text.indexOf('- ') + 2;
    const cur = { hashAt: -1, colonAt: -1, rowEnd: 0 };
    const lines = read(text, j, text.lastIndexOf('\n', j) + 1, 1, cur);
    return { lines, cur, rows: v.rows, errors: v.errors };
  };
  const row = [
    '  - id: t/a.py::x',
    '    class: locked_fixture',
    `    digest: ${D('a')}`,
    '    artifact: g/one.bin',
  ];

  it('takes a canonical row, in any field order, with comments after values, and says where it ends', () => {
    for (const lines of [row, [row[0], row[3], row[1], row[2]], row.map((l) => l + '  # why')]) {
      const text = [...lines, '  - id: next', ''].join('\n');
      const got = take(text);
      expect(got.lines).toBe(4);
      expect(text.slice(got.cur.rowEnd)).toBe('  - id: next\n');
      expect(got.rows).toHaveLength(1);
      expect(got.rows[0].artifact).toBe('g/one.bin');
    }
  });

  it('reads a row in the layout this tool writes by one match, with no search along its lines', () => {
    // The line searches (`#`, `:`) are takeRow's: a row read without them was read by CANONICAL.
    // With a comment after a value, the same row is takeRow's, and the searches move.
    const property = [
      '  - id: t/a.py::y',
      '    class: property',
      '    invariant: i',
      '    seeds: s/',
    ];
    for (const lines of [row, property]) {
      const text = [...lines, '  - id: next', ''].join('\n');
      const got = take(text);
      expect(got.lines).toBe(4);
      expect(got.cur).toEqual({ hashAt: -1, colonAt: -1, rowEnd: text.indexOf('  - id: next') });
      expect(got.rows).toHaveLength(1);
      const commented = take(
        [...lines.slice(0, 3), lines[3] + ' # why', '  - id: next', ''].join('\n'),
      );
      expect(commented.lines).toBe(4);
      expect(commented.cur.colonAt).toBeGreaterThan(0);
      expect(commented.rows).toEqual(got.rows);
    }
  });

  it('declines every row the line reader must read (and leaves its searches as they were)', () => {
    const bad = [
      [row[0], '    class: "locked_fixture"', row[2], row[3]], // quoted
      [row[0], row[1], row[2], '    artifact: [g/a.bin, g/b.bin]'], // flow list
      [row[0], row[1], row[2]], // missing field
      [...row, '    invariant: i'], // a field its class does not carry
      [...row, '    class: locked_fixture'], // duplicate key
      [...row, '    colour: red'], // unknown key
      [row[0], row[1], '    digest: sha256:1', row[3]], // bad format
      [row[0], row[1], row[2], '    artifact: ./g/one.bin'], // not canonical
      ['  - id: t/a.py::*', row[1], row[2]], // a file row
      ['  - id: t/a.py::x', '    skip: ci'], // no class: inherits
      [...row, '', '    owner: after a blank line'], // the row goes on after a blank
      [row[0], '    class: locked_fixture: x', row[2], row[3]], // nested mapping
      [row[0], '    class:', row[2], row[3]], // empty
    ];
    for (const lines of bad) {
      const got = take([...lines, ''].join('\n'));
      expect(got.lines).toBe(0);
      expect(got.cur.hashAt).toBe(-1);
      expect(got.cur.colonAt).toBe(-1);
      expect(got.rows).toHaveLength(0);
      expect(got.errors).toEqual([]);
    }
  });

  it('reads the next row clean after a decline, with the searches where the decline found them', () => {
    // One reader for every row, as the line reader uses it: a declined row's fields must not
    // leak into the next, and its searches must be put back to where that row started.
    const v = new LedgerValidator('l.yaml');
    const read = plainRows(v);
    const declined = [...row, '    colour: red'];
    const next = ['  - id: t/b.py::y', '    class: property', '    invariant: i', '    seeds: s/'];
    const text = [...declined, ...next, ''].join('\n');
    const cur = { hashAt: 5, colonAt: 7, rowEnd: 0 };
    expect(read(text, 4, 0, 1, cur)).toBe(0);
    expect(cur).toEqual({ hashAt: 5, colonAt: 7, rowEnd: 0 });
    const at = text.indexOf(next[0]);
    expect(read(text, at + 4, at, declined.length + 1, cur)).toBe(4);
    expect(v.rows).toHaveLength(1);
    expect(Object.keys(v.rows[0])).toEqual([
      'id',
      'class',
      'line',
      'column',
      'keyOffsets',
      'invariant',
      'seeds',
    ]);
    expect(v.rows[0]).toMatchObject({ id: 't/b.py::y', line: declined.length + 1, seeds: 's' });
  });
});

describe('isDigest, read by hand', () => {
  it('is the schema DIGEST_PATTERN', () => {
    const re = new RegExp(DIGEST_PATTERN);
    // Beside the ranges' edges: characters past ASCII, two of them a hex digit's code + 128.
    const hex = fc.constantFrom(
      ...[
        '0',
        '9',
        'a',
        'f',
        'g',
        'A',
        'F',
        '/',
        ':',
        '`',
        ' ',
        '\x7f',
        '\u00b0',
        '\u00e1',
        '\u0161',
      ],
    );
    const arb = fc.tuple(
      fc.constantFrom('sha256:', 'sha256', 'SHA256:', 'sha257:', ''),
      fc.array(hex, { minLength: 62, maxLength: 66 }),
      fc.constantFrom('', '\n', 'x'),
    );
    fc.assert(
      fc.property(arb, ([head, digits, tail]) => {
        const s = head + digits.join('') + tail;
        expect(isDigest(s)).toBe(re.test(s));
      }),
      { seed: SEED, numRuns: 3000 },
    );
    expect(isDigest(D('a'))).toBe(true);
    expect(isDigest(D('0').slice(0, -1) + 'g')).toBe(false);
  });
});

describe('isPlainPath, the screen before the path rules', () => {
  it('passes only paths every rule accepts as their own canonical form', () => {
    const ch = fc.constantFrom(
      'a',
      'Z',
      '0',
      '_',
      '-',
      '.',
      '/',
      '*',
      '#',
      ':',
      '%',
      '\\',
      ' ',
      'é',
    );
    fc.assert(
      fc.property(
        fc.array(ch, { minLength: 1, maxLength: 12 }).map((cs) => cs.join('')),
        (p) => {
          if (!isPlainPath(p)) return;
          expect(pathProblem(p)).toBeNull();
          expect(canonicalPath(p)).toBe(p);
          expect(canonicalSpelling('artifact', p)).toBeNull();
          expect(globProblem(p)).toBeNull();
          expect(parseDoctestArtifact(p)).toBeUndefined();
        },
      ),
      { seed: SEED, numRuns: 2000 },
    );
    for (const p of ['g/one.bin', 'a..b/c', 'tests/goldens/g00001.bin'])
      expect(isPlainPath(p)).toBe(true);
    for (const p of ['.git/x', 'a//b', 'a/', '/a', 'a/./b', 'C:x', 'a*b'])
      expect(isPlainPath(p)).toBe(false);
  });
});
