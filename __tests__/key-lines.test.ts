// A row's key lines (src/ledger/key-lines.ts): offsets from the row's line in one frozen object
// per layout, shared by the rows written that way, and read back as the lines the text has,
// by every reader (the plain rows, the line reader, `yaml`).
import { describe, expect, it } from '@jest/globals';
import { keyLine, keyLines } from '../src/ledger/key-lines.js';
import { parseLedger, parseLedgerWith } from '../src/ledger/parse.js';

const D = 'sha256:' + 'ab'.repeat(32);
const locked = (n: number) =>
  `  - id: t/a.py::t${n}\n    class: locked_fixture\n    digest: ${D}\n    artifact: g/${n}.bin\n`;
const property = (n: number) =>
  `  - id: t/b.py::p${n}\n    class: property\n    invariant: inv\n    seeds: s/\n`;

describe('key lines', () => {
  it('gives each key its line in the text, by every reader', () => {
    // Row 2 has a comment and a blank line between its keys: not a plain row.
    const text =
      'version: 1\nrows:\n' +
      locked(1) +
      '  - id: t/a.py::odd\n    class: quarantine\n    # why\n\n    opened: 2026-01-02\n    reason: r\n    owner: o\n' +
      property(2);
    for (const reader of ['fast', 'lines', 'yaml'] as const) {
      const rows = parseLedgerWith(text, 'l.yaml', reader)!.ledger!.rows;
      expect(rows.map((r) => keyLines(r))).toEqual([
        [
          ['id', 3],
          ['class', 4],
          ['digest', 5],
          ['artifact', 6],
        ],
        [
          ['id', 7],
          ['class', 8],
          ['opened', 11],
          ['reason', 12],
          ['owner', 13],
        ],
        [
          ['id', 14],
          ['class', 15],
          ['invariant', 16],
          ['seeds', 17],
        ],
      ]);
      expect(keyLine(rows[1], 'opened')).toBe(11);
      expect(keyLine(rows[1], 'digest')).toBeUndefined();
      // Only keys the row wrote: not what every object inherits.
      expect(keyLine(rows[1], 'constructor')).toBeUndefined();
      expect(keyLine(rows[1], 'toString')).toBeUndefined();
    }
  });

  it('shares one frozen object among the rows of one layout', () => {
    const rows = parseLedger(
      'version: 1\nrows:\n' + [1, 2, 3].map((n) => locked(n) + property(n)).join(''),
      'l.yaml',
    ).ledger!.rows;
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.keyOffsets)).size).toBe(2);
    expect(rows[0].keyOffsets).toBe(rows[2].keyOffsets);
    expect(rows[1].keyOffsets).toBe(rows[5].keyOffsets);
    expect(Object.isFrozen(rows[0].keyOffsets)).toBe(true);
    // A row that tried to move its keys could not move its neighbours'.
    expect(() => {
      (rows[0].keyOffsets as Record<string, number>).id = 9;
    }).toThrow(TypeError);
    expect(keyLine(rows[2], 'id')).toBe(rows[2].line);
  });

  it('interns the line reader’s layouts per parse, one per distinct layout', () => {
    // Blank lines make each odd row a layout of its own offsets; two rows share each.
    const odd = (n: number, gap: number) =>
      `  - id: t/q.py::q${n}\n    class: quarantine\n${'\n'.repeat(gap)}    opened: 2026-01-02\n    reason: r\n    owner: o\n`;
    const text = 'version: 1\nrows:\n' + [1, 2, 3, 4].map((n) => odd(n, n % 2 ? 1 : 2)).join('');
    const rows = parseLedger(text, 'l.yaml').ledger!.rows;
    expect(rows.map((r) => keyLine(r, 'opened')! - r.line)).toEqual([3, 4, 3, 4]);
    expect(new Set(rows.map((r) => r.keyOffsets)).size).toBe(2);
    // Another parse makes its own (nothing is kept between parses).
    const again = parseLedger(text, 'l.yaml').ledger!.rows;
    expect(again[0].keyOffsets).not.toBe(rows[0].keyOffsets);
    expect(again[0].keyOffsets).toEqual(rows[0].keyOffsets);
  });
});
