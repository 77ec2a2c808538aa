// Two threads taking turns on one list (src/adapters/fs/shared-goldens.ts): here two takers on
// one counter, interleaved as the worker and the main thread would be; every item is taken
// exactly once, and a taker that comes late finds nothing left.
import { describe, expect, test } from '@jest/globals';
import { sharedCounter, takeTurns } from '../src/adapters/fs/shared-goldens.js';

const digestOf = (rel: string) => ({ digest: `sha256:${rel}` });

describe('takeTurns', () => {
  test('two takers share a list: each item once, by one of them', () => {
    const list = Array.from({ length: 25 }, (_, i) => `g${i}`);
    const counter = sharedCounter();
    const a = takeTurns(counter, list, digestOf);
    const b = takeTurns(counter, list, digestOf);
    const byA: number[] = [];
    const byB: number[] = [];
    // Uneven turns: a takes two for each of b's.
    for (let done = false; !done;) {
      const x = a.next();
      const y = a.next();
      const z = b.next();
      for (const r of [x, y]) if (!r.done) byA.push(r.value[0]);
      if (!z.done) byB.push(z.value[0]);
      done = Boolean(x.done && y.done && z.done);
    }
    expect(byA.length).toBeGreaterThan(byB.length);
    expect(byB.length).toBeGreaterThan(0);
    expect([...byA, ...byB].sort((p, q) => p - q)).toEqual(list.map((_, i) => i));
    expect([...takeTurns(counter, list, digestOf)]).toEqual([]);
  });

  test('each fact is the one of the item at its index', () => {
    const list = ['a/x.bin', 'b/y.bin'];
    expect([...takeTurns(sharedCounter(), list, digestOf)]).toEqual([
      [0, { digest: 'sha256:a/x.bin' }],
      [1, { digest: 'sha256:b/y.bin' }],
    ]);
  });
});
