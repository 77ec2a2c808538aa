import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseLedger, parseLedgerWith } from '../src/ledger/parse.js';
import { parseLedgerLazily } from '../src/ledger/parse-lazily.js';
import type { LedgerParse } from '../src/types.js';
import { keyLine, keyLines } from '../src/ledger/key-lines.js';

const F = 'tests/ledger.yaml';
const D = 'sha256:' + '9f3c'.repeat(16);

/** Parses with both readers; when the fast one recognises the text, both must agree exactly. */
function both(text: string): { parsed: LedgerParse; fast: boolean } {
  const viaYaml = parseLedgerWith(text, F, 'yaml')!;
  const viaFast = parseLedgerWith(text, F, 'fast');
  if (viaFast !== null) expect(viaFast).toEqual(viaYaml);
  expect(parseLedger(text, F)).toEqual(viaYaml);
  return { parsed: viaYaml, fast: viaFast !== null };
}

/** `line:col message` of each error, for compact expectations. */
function errs(p: LedgerParse): string[] {
  return p.errors.map((e) => `${e.line}:${e.column} ${e.message}`);
}

const CONTRACT = `version: 1
rows:
  - id: tests/test_parse.py::test_header_roundtrip
    class: locked_fixture
    digest: ${D}
    artifact: tests/goldens/header.bin        # repo-relative file; the digest is of its bytes
  - id: tests/test_parse.py::test_length_never_negative
    class: property
    invariant: non_negative_length             # a name; may not silently change
    seeds: tests/properties/seeds/length/      # repo-relative folder, must hold ≥1 file
  - id: tests/test_parse.py::test_concurrent_reload
    class: quarantine
    opened: 2026-09-10                         # a date
    reason: order-dependent on module import cache
    owner: human                               # required: a quarantine without owner is a parked failure
  - id: tests/test_parse.py::test_agent_added_prefix_strip
    class: draft
    source: agent
    proposed_class: property                   # property | locked_fixture
`;

describe('parseLedger: the contract example', () => {
  it('reads every row, field and line through the fast reader', () => {
    const { parsed, fast } = both(CONTRACT);
    expect(fast).toBe(true);
    expect(parsed.errors).toEqual([]);
    const rows = parsed.ledger!.rows;
    expect(rows.map((r) => [r.id, r.class, r.line, r.column])).toEqual([
      ['tests/test_parse.py::test_header_roundtrip', 'locked_fixture', 3, 5],
      ['tests/test_parse.py::test_length_never_negative', 'property', 7, 5],
      ['tests/test_parse.py::test_concurrent_reload', 'quarantine', 11, 5],
      ['tests/test_parse.py::test_agent_added_prefix_strip', 'draft', 16, 5],
    ]);
    expect(rows[0]).toMatchObject({ digest: D, artifact: 'tests/goldens/header.bin' });
    expect(rows[1]).toMatchObject({
      invariant: 'non_negative_length',
      seeds: 'tests/properties/seeds/length', // stored canonical: no trailing `/`
    });
    expect(rows[2]).toMatchObject({
      opened: '2026-09-10',
      reason: 'order-dependent on module import cache',
      owner: 'human',
    });
    expect(rows[3]).toMatchObject({ source: 'agent', proposed_class: 'property' });
    expect(keyLines(rows[2])).toEqual([
      ['id', 11],
      ['class', 12],
      ['opened', 13],
      ['reason', 14],
      ['owner', 15],
    ]);
    expect(parsed.ledger!.byId.get('tests/test_parse.py::test_concurrent_reload')).toBe(rows[2]);
  });

  it('reads the expected-skip reason on any class, with its line', () => {
    const text = CONTRACT.replace(
      'owner: human ',
      'owner: human\n    skip: windows-only # why it skips\n',
    );
    const { parsed, fast } = both(text);
    expect(fast).toBe(true);
    expect(parsed.errors).toEqual([]);
    const row = parsed.ledger!.byId.get('tests/test_parse.py::test_concurrent_reload')!;
    expect(row.skip).toBe('windows-only');
    expect(keyLine(row, 'skip')).toBe(16);
    expect(parsed.ledger!.rows[0].skip).toBeUndefined();
  });
});

// [name, text, expected errors as `line:col message` (regex sources), reader expected]
type Case = [string, string, string[], 'fast' | 'yaml'];

const fixtureRow = (id: string, indent = '  '): string =>
  `${indent}- id: ${id}\n${indent}  class: locked_fixture\n${indent}  digest: ${D}\n${indent}  artifact: a.bin\n`;

const CASES: Case[] = [
  // layouts the fast reader knows
  [
    'an expected skip on every class',
    `version: 1\nrows:\n${fixtureRow('a')}    skip: windows-only\n  - id: b\n    class: property\n    invariant: i\n    skip: "needs: a GPU"\n    seeds: s/\n  - id: c\n    class: quarantine\n    opened: 2026-09-10\n    reason: r\n    owner: o\n    skip: 'py<3.12'\n  - id: d\n    class: draft\n    source: agent\n    proposed_class: property\n    skip: x\n`,
    [],
    'fast',
  ],
  [
    'an empty skip reason',
    `version: 1\nrows:\n${fixtureRow('a')}    skip: ''\n`,
    ["7:5 field 'skip' is empty"],
    'fast',
  ],
  [
    'a skip that is not a string',
    `version: 1\nrows:\n${fixtureRow('a')}    skip: true\n`,
    ["7:5 field 'skip' must be a string, found boolean true"],
    'fast',
  ],
  ['rows at column 1', `version: 1\nrows:\n${fixtureRow('a', '')}`, [], 'fast'],
  [
    'leading document marker and comments',
    `---  # hi\n# top\nversion: 1 # v\n\nrows:   # r\n  # between\n${fixtureRow('a')}  # end\n`,
    [],
    'fast',
  ],
  [
    'CRLF line ends',
    `version: 1\r\nrows:\r\n${fixtureRow('a').replace(/\n/g, '\r\n')}`,
    [],
    'fast',
  ],
  [
    'wide dash spacing',
    `version: 1\nrows:\n  -   id: a\n      class: draft\n      source: agent\n      proposed_class: property\n`,
    [],
    'fast',
  ],
  [
    'quoted scalars',
    `version: 1\nrows:\n  - id: "t.py::test[\\u00e9\\t\\x41 \\"q\\"]"\n    class: 'draft'\n    source: 'it''s'   # c\n    proposed_class: "property"\n`,
    [],
    'fast',
  ],
  [
    'plain scalars with # and :: inside',
    `version: 1\nrows:\n  - id: t.py::C::test[a#1-x:y]\n    class: draft\n    source: a#b # comment\n    proposed_class: property\n`,
    [],
    'fast',
  ],
  [
    'rows: with nothing is not a list',
    'version: 1\nrows:\n',
    ['2:1 `rows` must be a list of rows, found nothing'],
    'fast',
  ],
  [
    'version 2',
    `version: 2\nrows:\n${fixtureRow('a')}`,
    ['1:1 unsupported ledger version number 2'],
    'fast',
  ],
  [
    'version as a string',
    `version: "1"\nrows:\n${fixtureRow('a')}`,
    ["1:1 unsupported ledger version '1'"],
    'fast',
  ],
  [
    'missing version and rows',
    'other: x\n',
    ['1:1 unknown top-level field', '1:1 missing `version: 1`', '1:1 missing `rows:`'],
    'fast',
  ],
  [
    'rows a scalar',
    'version: 1\nrows: all\n',
    ["2:1 `rows` must be a list of rows, found 'all'"],
    'fast',
  ],
  [
    'duplicate id at its second occurrence',
    `version: 1\nrows:\n${fixtureRow('a')}${fixtureRow('b')}${fixtureRow('a')}`,
    ["11:5 duplicate id 'a' \\(first at line 3\\)"],
    'fast',
  ],
  [
    'unknown class',
    'version: 1\nrows:\n  - id: a\n    class: golden\n',
    ["4:5 unknown class 'golden'"],
    'fast',
  ],
  ['missing class', 'version: 1\nrows:\n  - id: a\n', ["3:5 row 'a' has no `class`"], 'fast'],
  [
    'missing id',
    'version: 1\nrows:\n  - class: draft\n    source: agent\n    proposed_class: property\n',
    ['3:5 row has no `id`'],
    'fast',
  ],
  [
    'missing fields for each class, on the row line',
    'version: 1\nrows:\n  - id: a\n    class: locked_fixture\n  - id: b\n    class: property\n  - id: c\n    class: quarantine\n  - id: d\n    class: draft\n',
    [
      "3:5 row 'a' \\(class locked_fixture\\) is missing field 'digest'",
      "3:5 .*missing field 'artifact'",
      "5:5 .*missing field 'invariant'",
      "5:5 .*missing field 'seeds'",
      "7:5 .*missing field 'opened'",
      "7:5 .*missing field 'reason'",
      "7:5 .*missing field 'owner'",
      "9:5 .*missing field 'source'",
      "9:5 .*missing field 'proposed_class'",
    ],
    'fast',
  ],
  [
    'unknown top-level field',
    `version: 1\nrowz: []\nrows:\n${fixtureRow('a')}`,
    ["2:1 unknown top-level field 'rowz'; did you mean 'rows'\\?"],
    'yaml',
  ],
  [
    'typo in a row',
    `version: 1\nrows:\n  - id: a\n    class: locked_fixture\n    digets: ${D}\n    artifact: a.bin\n`,
    ["3:5 .*missing field 'digest'", "5:5 unknown field 'digets'; did you mean 'digest'\\?"],
    'fast',
  ],
  [
    'wrong types',
    'version: 1\nrows:\n  - id: 12\n    class: quarantine\n    opened: 2026-09-10\n    reason: true\n    owner: ~\n',
    [
      "3:5 field 'id' must be a string, found number 12",
      "6:5 field 'reason' must be a string, found boolean true",
      "7:5 field 'owner' must be a string, found nothing",
    ],
    'fast',
  ],
  [
    'yes and no are strings in YAML 1.2',
    'version: 1\nrows:\n  - id: yes\n    class: quarantine\n    opened: "2026-09-10"\n    reason: no\n    owner: off\n',
    [],
    'fast',
  ],
  [
    'numbers in every core form are not strings',
    'version: 1\nrows:\n  - id: 0x1F\n    class: draft\n    source: .inf\n    proposed_class: 1e3\n',
    [
      "3:5 field 'id' must be a string, found number 31",
      "5:5 field 'source' must be a string, found number Infinity",
      "6:5 field 'proposed_class' must be a string, found number 1000",
    ],
    'fast',
  ],
  [
    'empty string',
    'version: 1\nrows:\n  - id: a\n    class: quarantine\n    opened: 2026-09-10\n    reason: ""\n    owner: me\n',
    ["6:5 field 'reason' is empty"],
    'fast',
  ],
  [
    'impossible date',
    'version: 1\nrows:\n  - id: a\n    class: quarantine\n    opened: 2026-02-30\n    reason: r\n    owner: me\n',
    ["5:5 opened '2026-02-30' is not a real date"],
    'fast',
  ],
  [
    'short date',
    'version: 1\nrows:\n  - id: a\n    class: quarantine\n    opened: 2026-9-1\n    reason: r\n    owner: me\n',
    ["5:5 opened '2026-9-1' is not a real date"],
    'fast',
  ],
  [
    'uppercase digest',
    `version: 1\nrows:\n  - id: a\n    class: locked_fixture\n    digest: ${D.toUpperCase()}\n    artifact: a.bin\n`,
    ['5:5 digest .* is not `sha256:` followed by 64 lowercase hex digits'],
    'fast',
  ],
  [
    'short digest',
    `version: 1\nrows:\n  - id: a\n    class: locked_fixture\n    digest: sha256:abc\n    artifact: a.bin\n`,
    ['5:5 digest'],
    'fast',
  ],
  [
    'md5 digest',
    `version: 1\nrows:\n  - id: a\n    class: locked_fixture\n    digest: md5:${'a'.repeat(32)}\n    artifact: a.bin\n`,
    ['5:5 digest'],
    'fast',
  ],
  [
    'absolute artifact',
    `version: 1\nrows:\n  - id: a\n    class: locked_fixture\n    digest: ${D}\n    artifact: /etc/passwd\n`,
    ["6:5 artifact '/etc/passwd' is absolute"],
    'fast',
  ],
  [
    'drive-letter artifact',
    `version: 1\nrows:\n  - id: a\n    class: locked_fixture\n    digest: ${D}\n    artifact: "C:/x"\n`,
    ['6:5 artifact .* is absolute'],
    'fast',
  ],
  [
    'climbing seeds',
    'version: 1\nrows:\n  - id: a\n    class: property\n    invariant: i\n    seeds: tests/../../x\n',
    ["6:5 seeds 'tests/../../x' climbs out of the repository"],
    'fast',
  ],
  [
    'dot-dot that stays inside: not canonical, the canonical spelling suggested',
    'version: 1\nrows:\n  - id: a\n    class: property\n    invariant: i\n    seeds: tests/../seeds\n',
    ["6:5 seeds 'tests/../seeds' is not in canonical form .*; write 'seeds'$"],
    'fast',
  ],
  [
    'backslash',
    'version: 1\nrows:\n  - id: a\n    class: property\n    invariant: i\n    seeds: tests\\..\\..\\x\n',
    ['6:5 seeds .* contains a backslash'],
    'fast',
  ],
  [
    'URL-encoded traversal',
    'version: 1\nrows:\n  - id: a\n    class: property\n    invariant: i\n    seeds: "%2e%2e/x"\n',
    ['6:5 seeds .* URL-encoded'],
    'fast',
  ],
  [
    'NUL in a path',
    'version: 1\nrows:\n  - id: a\n    class: property\n    invariant: i\n    seeds: "a\\0b"\n',
    ["6:5 seeds 'a\\\\u0000b' contains a NUL"],
    'fast',
  ],
  [
    'invalid proposed_class',
    'version: 1\nrows:\n  - id: a\n    class: draft\n    source: agent\n    proposed_class: quarantine\n',
    ["6:5 proposed_class 'quarantine' must be one of property, locked_fixture"],
    'fast',
  ],
  [
    'draft carrying its proposed class fields',
    `version: 1\nrows:\n  - id: a\n    class: draft\n    source: agent\n    proposed_class: locked_fixture\n    artifact: a.bin\n    digest: ${D}\n`,
    [],
    'fast',
  ],
  [
    'draft carrying another class fields',
    'version: 1\nrows:\n  - id: a\n    class: draft\n    source: agent\n    proposed_class: locked_fixture\n    invariant: i\n',
    ["7:5 field 'invariant' does not belong to a draft proposed as locked_fixture"],
    'fast',
  ],
  [
    'field of another class',
    `version: 1\nrows:\n  - id: a\n    class: quarantine\n    opened: 2026-01-01\n    reason: r\n    owner: o\n    digest: ${D}\n`,
    ["8:5 field 'digest' does not belong to class quarantine"],
    'fast',
  ],
  [
    'duplicate field in a row',
    'version: 1\nrows:\n  - id: a\n    id: b\n    class: draft\n    source: agent\n    proposed_class: property\n',
    ["4:5 duplicate field 'id' in one row \\(first at line 3\\)"],
    'fast',
  ],
  [
    'duplicate top-level key',
    `version: 1\nversion: 1\nrows:\n${fixtureRow('a')}`,
    ["2:1 duplicate top-level field 'version'"],
    'fast',
  ],
  [
    '__proto__ in a row',
    'version: 1\nrows:\n  - id: a\n    __proto__: x\n    class: draft\n    source: agent\n    proposed_class: property\n',
    ["4:5 unknown field '__proto__'"],
    'fast',
  ],
  [
    '__proto__ at the top',
    `__proto__: {polluted: 1}\nversion: 1\nrows:\n${fixtureRow('a')}`,
    ["1:1 unknown top-level field '__proto__'"],
    'yaml',
  ],
  [
    'a row that is not a mapping',
    'version: 1\nrows:\n  - just a string\n',
    ["3:5 a row must be a mapping of fields \\(`- id: …`\\), found 'just a string'"],
    'yaml',
  ],
  ['the ledger as a list', '- id: a\n', ['1:1 the ledger must be a mapping'], 'yaml'],
  ['an empty file', '', ['1:1 the ledger is empty'], 'fast'],
  ['only comments', '# nothing\n\n', ['1:1 the ledger is empty'], 'fast'],
  // layouts only the yaml reader knows
  ['flow list of rows', 'version: 1\nrows: []\n', [], 'yaml'],
  [
    'flow row',
    'version: 1\nrows:\n  - {id: a, class: draft, source: agent, proposed_class: property}\n',
    [],
    'yaml',
  ],
  [
    'quoted keys',
    'version: 1\n"rows":\n  - "id": a\n    class: draft\n    source: agent\n    proposed_class: property\n',
    [],
    'yaml',
  ],
  [
    'block scalar',
    'version: 1\nrows:\n  - id: a\n    class: quarantine\n    opened: 2026-01-01\n    reason: |\n      two\n      lines\n    owner: o\n',
    [],
    'yaml',
  ],
  [
    'multi-line plain scalar',
    'version: 1\nrows:\n  - id: a\n    class: quarantine\n    opened: 2026-01-01\n    reason: one\n      two\n    owner: o\n',
    [],
    'yaml',
  ],
  [
    'row starting on the next line',
    'version: 1\nrows:\n  -\n    id: a\n    class: draft\n    source: agent\n    proposed_class: property\n',
    [],
    'yaml',
  ],
  [
    'tab indentation',
    'version: 1\nrows:\n\t- id: a\n',
    ['3:1 Tabs are not allowed as indentation', "3:4 row 'a' has no `class`"],
    'yaml',
  ],
  [
    'unclosed quote',
    'version: 1\nrows:\n  - id: "a\n    class: draft\n',
    ["3:5 row 'a class: draft' has no `class`", '5:1 Missing closing "quote'],
    'yaml',
  ],
  [
    'anchor and alias',
    `version: 1\nrows:\n  - &row\n    id: a\n    class: draft\n    source: agent\n    proposed_class: property\n  - *row\n`,
    ['4:5 anchor &row is refused', '8:5 alias \\*row is refused', '8:5 a row must be a mapping'],
    'yaml',
  ],
  [
    'alias bomb',
    'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\nversion: 1\nrows: []\n',
    [
      '1:1 unknown top-level field',
      '1:7 anchor &a is refused',
      '2:1 unknown',
      '2:7 anchor &b',
      '2:8 alias \\*a',
      '.*',
    ],
    'yaml',
  ],
  [
    'binary tag',
    'version: 1\nrows:\n  - id: !!binary dGVzdA==\n    class: draft\n    source: agent\n    proposed_class: property\n',
    [
      "3:5 field 'id' must be a string",
      '3:18 tag tag:yaml.org,2002:binary is refused',
      '3:18 a value of an unsupported type',
    ],
    'yaml',
  ],
  [
    'custom tag',
    'version: !thing 1\nrows: []\n',
    ["1:1 unsupported ledger version '1'", '1:17 tag !thing is refused'],
    'yaml',
  ],
  [
    'merge key',
    `version: 1\nrows:\n  - <<: {class: draft, source: agent, proposed_class: property}\n    id: a\n`,
    ["3:5 unknown field '<<'", "3:5 row 'a' has no `class`"],
    'yaml',
  ],
  [
    'several documents',
    `version: 1\nrows: []\n---\nversion: 1\nrows: []\n`,
    ['3:1 several YAML documents'],
    'yaml',
  ],
  [
    'a second document marker',
    `---\nversion: 1\nrows: []\n---\n`,
    ['4:1 several YAML documents'],
    'yaml',
  ],
  [
    '%YAML 1.1',
    `%YAML 1.1\n---\nversion: 1\nrows:\n  - id: a\n    class: quarantine\n    opened: 2026-09-10\n    reason: r\n    owner: yes\n`,
    ['1:1 %YAML 1.1 is refused'],
    'yaml',
  ],
];

// The gate's entry: the fast reader, then `yaml` loaded only when it declines; whichever
// reader reads it, the same rows, errors and positions as parseLedger.
describe('parseLedgerLazily: parseLedger, loading the fallback only when needed', () => {
  it.each(CASES)('%s', async (_name, text) => {
    expect(await parseLedgerLazily(text, F)).toEqual(parseLedger(text, F));
    const o = { normalisePaths: true };
    expect(await parseLedgerLazily(text, F, o)).toEqual(parseLedger(text, F, o));
  });
});

describe('parseLedger: validation, through both readers', () => {
  it.each(CASES)('%s', (_name, text, expected, reader) => {
    const { parsed, fast } = both(text);
    expect(fast).toBe(reader === 'fast');
    const got = errs(parsed);
    expect(got).toHaveLength(
      expected.length === 0 || !expected.includes('.*') ? expected.length : got.length,
    );
    expected.forEach((re, i) => expect(got[i]).toMatch(new RegExp('^' + re)));
    for (const e of parsed.errors) {
      expect(e.file).toBe(F);
      expect(e.message).not.toMatch(/[\r\n]/);
    }
  });

  it('keeps reading after an error: every problem is reported', () => {
    const text = `version: 3\nrows:\n  - id: a\n    class: golden\n  - id: b\n    class: locked_fixture\n    digest: nope\n    artifact: /abs\n  - id: a\n    class: draft\n`;
    const got = errs(both(text).parsed);
    expect(got).toEqual([
      '1:1 unsupported ledger version number 3; only `version: 1` is known',
      "4:5 unknown class 'golden' (expected locked_fixture, property, quarantine, draft)",
      "7:5 digest 'nope' is not `sha256:` followed by 64 lowercase hex digits",
      "8:5 artifact '/abs' is absolute; use a path relative to the repository root",
      "9:5 duplicate id 'a' (first at line 3)",
      "9:5 row 'a' (class draft) is missing field 'source'",
      "9:5 row 'a' (class draft) is missing field 'proposed_class'",
    ]);
  });

  it('a path named by many rows: checked once when sound, refused on every row when not', () => {
    const D = `sha256:${'a'.repeat(64)}`;
    const row = (id: string, artifact: string) =>
      `  - id: ${id}\n    class: locked_fixture\n    digest: ${D}\n    artifact: ${artifact}\n`;
    const text =
      'version: 1\nrows:\n' +
      row('a', 'g/x.bin') +
      row('b', 'g/./y.bin') +
      row('c', 'g/x.bin') +
      row('d', 'g/./y.bin');
    const { parsed } = both(text);
    expect(errs(parsed)).toEqual([
      "10:5 artifact 'g/./y.bin' is not in canonical form (one spelling per path, as git writes it); write 'g/y.bin'",
      "18:5 artifact 'g/./y.bin' is not in canonical form (one spelling per path, as git writes it); write 'g/y.bin'",
    ]);
    // The sound one is read the same for both rows.
    const sound = parseLedger('version: 1\nrows:\n' + row('a', 'g/x.bin') + row('c', 'g/x.bin'), F);
    expect(sound.ledger!.rows.map((r) => r.artifact)).toEqual(['g/x.bin', 'g/x.bin']);
  });

  it('keeps __proto__ out of every object it builds', () => {
    const text =
      'version: 1\nrows:\n  - id: __proto__\n    class: draft\n    source: agent\n    proposed_class: property\n    __proto__: {polluted: yes}\n';
    const { parsed } = both(text);
    expect(parsed.ledger!.byId.get('__proto__')?.class).toBe('draft');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed.ledger!.rows[0].keyOffsets)).toBe(Object.prototype);
    expect(Object.keys(parsed.ledger!.rows[0].keyOffsets)).toEqual([
      'id',
      'class',
      'source',
      'proposed_class',
    ]);
  });

  it('records key columns for a flow row, where keys do not share one column', () => {
    const { parsed } = both(
      'version: 1\nrows:\n  - {id: a, class: draft, source: agent, proposed_class: property}\n',
    );
    expect(parsed.ledger!.rows[0].column).toBe(5);
    expect(parsed.ledger!.rows[0].keyColumns).toEqual({
      id: 6,
      class: 13,
      source: 27,
      proposed_class: 42,
    });
  });
});

// Values that probe quoting, core-schema typing and comments.
const scalarText = fc.oneof(
  fc.constantFrom(
    'a',
    'true',
    'True',
    'yes',
    'null',
    '~',
    '',
    '0x1F',
    '0o17',
    '017',
    '1e3',
    '.5',
    '-1',
    '+2.',
    '.inf',
    '.NaN',
    '2026-09-10',
    'a#b',
    'a # b',
    "it's",
    'say "hi"',
    'x: y',
    'x:',
    '-x',
    '- x',
    ':x',
    '?x',
    '[a]',
    '{a}',
    '&a',
    '*a',
    '!a',
    '|',
    '>',
    '%',
    '@',
    '`',
    'é',
    'a\\b',
    't.py::T::test[1-2]',
    ' lead',
    'trail ',
    'tests/../x',
  ),
  fc.string({ maxLength: 8 }),
);
const rendered = fc
  .tuple(scalarText, fc.constantFrom('plain', 'single', 'double'), fc.boolean())
  .map(([s, style, comment]) => {
    const v =
      style === 'plain' ? s : style === 'single' ? `'${s.replace(/'/g, "''")}'` : JSON.stringify(s);
    return v + (comment ? '  # c' : '');
  });
const fieldName = fc.constantFrom(
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
  'skip',
  'digets',
  'x-y',
);

describe('parseLedger: both readers agree on generated ledgers', () => {
  it('gives the same rows and errors whenever the fast reader accepts the text', () => {
    const row = fc.array(
      fc.tuple(
        fieldName,
        fc.oneof(rendered, fc.constantFrom('draft', 'quarantine', 'property', 'locked_fixture', D)),
      ),
      { minLength: 1, maxLength: 6 },
    );
    let fastCount = 0;
    fc.assert(
      fc.property(fc.array(row, { maxLength: 5 }), fc.constantFrom('', '  '), (rows, indent) => {
        const body = rows
          .map((r) =>
            r.map(([k, v], i) => `${indent}${i === 0 ? '- ' : '  '}${k}: ${v}`).join('\n'),
          )
          .join('\n');
        const text = `version: 1\nrows:\n${body}\n`;
        const viaFast = parseLedgerWith(text, F, 'fast');
        if (viaFast !== null) {
          fastCount++;
          expect(viaFast).toEqual(parseLedgerWith(text, F, 'yaml'));
        }
      }),
      { numRuns: 400 },
    );
    expect(fastCount).toBeGreaterThan(50);
  });
});

describe('isIsoDate', () => {
  it('accepts real dates only, leap years included', async () => {
    const { isIsoDate } = await import('../src/ledger/validate.js');
    expect(['2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01'].map(isIsoDate)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      [
        '2026-02-29',
        '1900-02-29',
        '2026-04-31',
        '2026-13-01',
        '2026-00-10',
        '2026-01-00',
        '2026-1-01',
        '26-01-01',
        '2026-01-01T00:00',
      ].map(isIsoDate),
    ).toEqual(Array(9).fill(false));
  });
});
