// The goldens' list shared by the worker that hashes them and the main thread once it has
// nothing else to do: each takes the next index from one counter (Atomics over a
// SharedArrayBuffer), so every golden is hashed once, by whichever thread is free. At L the
// main thread finished the ledger ~0.1 s before the worker finished the goldens, and waited.
import type { ArtifactFact } from '../../types.js';

/** A counter both threads can take from: the memory to pass in FactsRequest.share. */
export function sharedCounter(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

/** Facts of the list's items this thread took, by index, until the list is used up. */
export function* takeTurns(
  counter: SharedArrayBuffer,
  list: string[],
  fact: (rel: string) => ArtifactFact,
): Generator<[number, ArtifactFact]> {
  const next = new Int32Array(counter);
  for (;;) {
    const i = Atomics.add(next, 0, 1);
    if (i >= list.length) return;
    yield [i, fact(list[i])];
  }
}
