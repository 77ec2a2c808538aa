// Edit distance, for "did you mean …?" suggestions: a ledger key, a command-line flag, a test
// id. Pure and shared: one implementation for every place that suggests a nearest name.

export interface DistanceOptions {
  /** A swap of two neighbouring characters counts as one edit (typed flags), not two. */
  swaps?: boolean;
  /** Stop early: once every alignment has reached `cap`, `cap` is returned (long ids). */
  cap?: number;
}

/**
 * Insertions, deletions and substitutions between `a` and `b` (Levenshtein), plus swaps of
 * neighbours with `swaps` (optimal string alignment). With `cap`, any value ≥ `cap` means "at
 * least `cap`".
 */
export function editDistance(a: string, b: string, o: DistanceOptions = {}): number {
  const cap = o.cap ?? Infinity;
  let before: number[] = []; // row i - 2, for swaps
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let prevLow = 0;
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let low = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (o.swaps && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2] + 1);
      cur[j] = d;
      low = Math.min(low, d);
    }
    // Every later cell comes from this row (or, with swaps, the one before it) plus ≥ 0 edits.
    if (low >= cap && (!o.swaps || prevLow >= cap)) return cap;
    [before, prev, prevLow] = [prev, cur, low];
  }
  return prev[b.length];
}
