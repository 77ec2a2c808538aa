// rowFor's short cut (issue 45): in a parsed ledger it tries the row after the last one found
// before hashing the case's id into byId. Pinned here to the plain Map answers, on sorted,
// shuffled and duplicated ids, one-line flow rows, cases in and out of order, unknown ids and
// ids under file rows, and a ledger edited after parsing.
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { FILE_ROW_SUFFIX, rowFor, testFile } from '../src/ledger/file-rows.js';
import { parseLedger } from '../src/ledger/parse.js';
import type { Ledger, LedgerRow } from '../src/types.js';

const dir = '__fixtures__/properties/seeds';
const SEED = Number(
  process.env.FC_SEED ?? readFileSync(`${dir}/${readdirSync(dir).sort().at(-1)}`, 'utf8').trim(),
);
const RUNS = { seed: SEED, numRuns: 200 };
const D1 = 'sha256:' + '1'.repeat(64);

// Few files and names, so draws repeat (duplicates) and sort in every order, `é` and `Z`
// included for code-unit order (`Z` < `a` < `é`).
const fileArb = fc.constantFrom('t/a.py', 't/b.py', 't/Z.py', 't/é.py');
const nameArb = fc.constantFrom('x', 'y', 'Yz', 'é1', '*');
const idArb = fc.tuple(fileArb, nameArb).map(([f, n]) => `${f}::${n}`);

/** A ledger of these ids, each row locked (a file row, `F::*`, to its file). */
function ledgerText(ids: readonly string[]): string {
  const rows = ids.flatMap((id) => [
    `  - id: '${id}'`,
    '    class: locked_fixture',
    `    digest: ${D1}`,
    ...(id.endsWith(FILE_ROW_SUFFIX) ? [] : ['    artifact: g/one.bin']),
  ]);
  return ['version: 1', rows.length === 0 ? 'rows: []' : 'rows:', ...rows, ''].join('\n');
}

/** What rowFor answered before the short cut: the id's own row, else its file row. */
function plainRowFor(ledger: Ledger, id: string): LedgerRow | undefined {
  const own = ledger.byId.get(id);
  if (own !== undefined) return own;
  return testFile(id) === '' ? undefined : ledger.byId.get(testFile(id) + FILE_ROW_SUFFIX);
}

describe('rowFor in a parsed ledger, looked up in the order of its rows', () => {
  test('rowFor answers as the Map does, for cases in order, out of order, unknown and under file rows', () => {
    const queryArb = fc.array(
      fc.oneof(
        idArb,
        fc.constantFrom('t/c.py::x', 'nofile', '::x', 't/a.py::'), // no row, no file row
        fc.nat(40).map((n) => ({ run: n })), // a run of the ledger's ids from row n on
      ),
      { maxLength: 25 },
    );
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 30 }), fc.boolean(), queryArb, (drawn, sort, qs) => {
        const ids = sort ? [...new Set(drawn)].sort() : drawn;
        const ledger = parseLedger(ledgerText(ids), 'l.yaml').ledger!;
        const asked = qs.flatMap((q) =>
          typeof q === 'string' ? [q] : ledger.rows.slice(q.run, q.run + 5).map((r) => r.id),
        );
        for (const id of asked) expect(rowFor(ledger, id)).toBe(plainRowFor(ledger, id));
        // Backwards too: every case out of order, its place found again each time.
        for (const id of [...asked].reverse())
          expect(rowFor(ledger, id)).toBe(plainRowFor(ledger, id));
        // A second ledger in between, and back: each keeps its own answers.
        const other = parseLedger(ledgerText(['t/a.py::x', 't/b.py::*']), 'o.yaml').ledger!;
        for (const id of asked) {
          expect(rowFor(other, id)).toBe(plainRowFor(other, id));
          expect(rowFor(ledger, id)).toBe(plainRowFor(ledger, id));
        }
      }),
      RUNS,
    );
  });

  test('rows written on one line (a flow list) are found as the Map finds them', () => {
    const text = [
      'version: 1',
      'rows: [{id: t/a.py::x, class: locked_fixture, digest: ' + D1 + ', artifact: g/one.bin},',
      '  {id: t/a.py::y, class: locked_fixture, digest: ' + D1 + ', artifact: g/one.bin},',
      '  {id: t/b.py::*, class: locked_fixture, digest: ' + D1 + '}]',
      '',
    ].join('\n');
    const ledger = parseLedger(text, 'l.yaml').ledger!;
    expect(ledger.rows).toHaveLength(3);
    for (const id of ['t/a.py::y', 't/a.py::x', 't/b.py::z', 't/a.py::y', 't/b.py::*', 'x'])
      expect(rowFor(ledger, id)).toBe(plainRowFor(ledger, id));
  });

  test('a row dropped from byId after parsing is no longer found (the short cut checks the size)', () => {
    const ids = ['t/a.py::x', 't/a.py::y', 't/b.py::x'];
    const ledger = parseLedger(ledgerText(ids), 'l.yaml').ledger!;
    expect(rowFor(ledger, 't/a.py::x')?.id).toBe('t/a.py::x');
    ledger.byId.delete('t/a.py::y');
    expect(rowFor(ledger, 't/a.py::y')).toBeUndefined();
    expect(rowFor(ledger, 't/b.py::x')?.id).toBe('t/b.py::x');
  });
});
