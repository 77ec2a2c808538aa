// editDistance, the one edit distance behind every "did you mean …?" (ledger keys, flags, ids),
// against the textbook full-matrix definitions: Levenshtein, and with swaps the optimal string
// alignment distance; with a cap, the exact value below it and "at least the cap" above.
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { editDistance } from '../src/ledger/distance.js';

const dir = '__fixtures__/properties/seeds';
const SEED = Number(
  process.env.FC_SEED ?? readFileSync(`${dir}/${readdirSync(dir).sort().at(-1)}`, 'utf8').trim(),
);

function reference(a: string, b: string, swaps: boolean): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (swaps && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

// Small alphabets make equal characters, swaps and near misses common.
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-', ':'), maxLength: 12 });

describe('editDistance', () => {
  test('known values', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('--jnuit', '--junit')).toBe(2);
    expect(editDistance('--jnuit', '--junit', { swaps: true })).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', { cap: 2 })).toBe(2);
  });

  test('equals the full-matrix definition, with and without swaps, and under a cap', () => {
    fc.assert(
      fc.property(word, word, fc.boolean(), fc.integer({ min: 1, max: 6 }), (a, b, swaps, cap) => {
        const exact = reference(a, b, swaps);
        expect(editDistance(a, b, { swaps })).toBe(exact);
        const capped = editDistance(a, b, { swaps, cap });
        if (exact < cap) expect(capped).toBe(exact);
        else expect(capped).toBeGreaterThanOrEqual(cap);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});
