// The sorted ledger's short cuts (issue 45): the validator skips its duplicate look-up for an
// id past every id before it, and rowFor tries the row after the last one found in a ledger
// whose rows are sorted. Both are pinned here to the plain Map answers, on sorted, shuffled
// and duplicated ids, cases in and out of order, unknown ids and ids under file rows.
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { FILE_ROW_SUFFIX, rowFor, testFile } from '../src/ledger/file-rows.js';
import { parseLedger } from '../src/ledger/parse.js';
import type { Ledger, LedgerRow } from '../src/types.js';
import { both, messages } from './support/readers.js';

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

/** The duplicate-id errors a plain first-seen Map gives, as `line message`. */
function plainDuplicates(ids: readonly string[]): string[] {
  const first = new Map<string, number>();
  const out: string[] = [];
  ids.forEach((id, i) => {
    const line = 3 + ids.slice(0, i).reduce((n, x) => n + (x.endsWith('::*') ? 3 : 4), 0);
    const at = first.get(id);
    if (at === undefined) first.set(id, line);
    else out.push(`${line}:5 duplicate id '${id}' (first at line ${at})`);
  });
  return out;
}

describe('a sorted ledger read and looked up without hashing every id', () => {
  test('duplicate ids are found as a first-seen Map finds them, sorted or not, by both readers', () => {
    fc.assert(
      fc.property(fc.array(idArb, { minLength: 1, maxLength: 30 }), fc.boolean(), (drawn, sort) => {
        const ids = sort ? [...drawn].sort() : drawn;
        const [fast, yaml] = both(ledgerText(ids));
        expect(messages(fast)).toEqual(plainDuplicates(ids));
        expect(messages(yaml)).toEqual(messages(fast));
        expect(fast.ledger!.rows.map((r) => r.id)).toEqual([...new Set(ids)]);
      }),
      RUNS,
    );
  });

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

  test('a row dropped from byId after parsing is no longer found (the short cut checks the size)', () => {
    const ids = ['t/a.py::x', 't/a.py::y', 't/b.py::x'];
    const ledger = parseLedger(ledgerText(ids), 'l.yaml').ledger!;
    expect(rowFor(ledger, 't/a.py::x')?.id).toBe('t/a.py::x');
    ledger.byId.delete('t/a.py::y');
    expect(rowFor(ledger, 't/a.py::y')).toBeUndefined();
    expect(rowFor(ledger, 't/b.py::x')?.id).toBe('t/b.py::x');
  });
});
