// The mapper's id table (src/junit/id-table.ts) held to a Map of strings, the way it replaced:
// the same slots in the same order, the same ids back, as bytes only when every id is Latin-1.
import { describe, expect, test } from '@jest/globals';
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { IdTable } from '../src/junit/id-table.js';

/** What the table must answer: first-seen slots from a Map. */
function reference(ids: string[]): { slots: number[]; distinct: string[] } {
  const seen = new Map<string, number>();
  const slots = ids.map((id) => {
    let s = seen.get(id);
    if (s === undefined) seen.set(id, (s = seen.size));
    return s;
  });
  return { slots, distinct: [...seen.keys()] };
}

function check(ids: string[], table: IdTable): void {
  const { slots, distinct } = reference(ids);
  expect(ids.map((id) => table.slotOf(id))).toEqual(slots);
  expect(table.size).toBe(distinct.length);
  expect(table.ids()).toEqual(distinct);
  expect(distinct.map((_, i) => table.length(i))).toEqual(distinct.map((id) => id.length));
  expect(table.text()).toBe(distinct.join(''));
  const bytes = table.latin1();
  if (distinct.some((id) => [...id].some((c) => c.charCodeAt(0) > 0xff))) {
    expect(bytes).toBeUndefined();
  } else {
    expect(Buffer.from(bytes!).toString('latin1')).toBe(distinct.join(''));
  }
}

// Few characters, so ids repeat; Latin-1 and wider ones, an unpaired surrogate, the empty id.
const idArb = fc
  .array(fc.constantFrom('a', 'b', ':', 'é', '\u00ff', '\0', '\u0100', '\ud800', '\u{1F600}'), {
    maxLength: 6,
  })
  .map((cs) => cs.join(''));

describe('the id table', () => {
  test('gives the slots, ids and text a Map of strings gives, on ids of any characters', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 60 }), (ids) => check(ids, new IdTable())),
      { numRuns: 500 },
    );
  });

  test('gives the same once a lookup probes too long (ids built to collide): a Map then', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 60 }), fc.nat(2), (ids, probes) =>
        check(ids, new IdTable(probes)),
      ),
      { numRuns: 500 },
    );
  });

  test('finds `${prefix}::${name}` given as its two parts as it finds the whole string', () => {
    // Each id is asked for whole or in parts, runs of one prefix among them.
    const askArb = fc.record({ prefix: idArb, name: idArb, whole: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(askArb, { maxLength: 60 }),
        fc.constantFrom(0, 1, 256),
        (asks, probes) => {
          const ids = asks.map((a) => `${a.prefix}::${a.name}`);
          const { slots } = reference(ids);
          const table = new IdTable(probes);
          expect(
            asks.map((a, i) =>
              a.whole ? table.slotOf(ids[i]) : table.slotOfPair(a.prefix, a.name),
            ),
          ).toEqual(slots);
          check(ids, table);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('gives the same when told how many ids may come, more or fewer than come', () => {
    // The mapper reserves a report's cases before adding them; a reservation only sizes.
    const batchArb = fc.record({ ids: fc.array(idArb, { maxLength: 30 }), told: fc.nat(3000) });
    fc.assert(
      fc.property(
        fc.array(batchArb, { maxLength: 4 }),
        fc.constantFrom(0, 256),
        (batches, probes) => {
          const table = new IdTable(probes);
          const ids = batches.flatMap((b) => b.ids);
          const { slots } = reference(ids);
          const got: number[] = [];
          for (const b of batches) {
            table.reserve(b.told);
            for (const id of b.ids) got.push(table.slotOf(id));
          }
          expect(got).toEqual(slots);
          check(ids, table);
        },
      ),
      { numRuns: 300 },
    );
    // Told too few, then ids far longer than the mean so far: the buffer still grows.
    const table = new IdTable();
    table.reserve(2000);
    const many = Array.from({ length: 4000 }, (_, i) =>
      i < 1000 ? `s${i}` : `${'long'.repeat(40)}${i}`,
    );
    for (const id of many) table.slotOf(id);
    expect(table.ids()).toEqual(many);

    // Told of millions, the first ids long: the plan is capped, the ids still all kept.
    const told = new IdTable();
    told.reserve(10_000_000);
    const long = Array.from({ length: 40 }, (_, i) => `${'x'.repeat(4000)}${i}`);
    for (const id of long) told.slotOf(id);
    expect(told.ids()).toEqual(long);
  });

  test('grows past its first buffers, a wide id late among many keeping every one', () => {
    const ids: string[] = [];
    for (let i = 0; i < 30000; i++) ids.push(`tests/pkg${i % 7}/m.test.js::case ${i % 20000} é`);
    ids.push('t::\u{1F600}', ...ids.slice(0, 50));
    check(ids.slice(0, 30000), new IdTable());
    check(ids, new IdTable());
    check(ids, new IdTable(0)); // flooded at its first collision
    // An id longer than the first buffer.
    check(['x'.repeat(70000), 'y', 'x'.repeat(70000)], new IdTable());
  });
});
