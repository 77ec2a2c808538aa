// A line diff printed as `diff -U0` hunks: what `update` shows of the edit it makes. Ledger
// edits rewrite, drop and append lines but never reorder them, and every row's `- id:` line
// is unique: so lines found once in each text anchor the two in order, and only the short
// stretches between anchors are compared line by line (a longest common subsequence).

/** The hunks turning `a` into `b`, as `diff -U0` prints them (no file header). */
export function unifiedDiff(a: string, b: string): string[] {
  const x = a.split('\n');
  const y = b.split('\n');
  const kept: [number, number][] = [];
  let i = 0;
  let j = 0;
  for (const [ai, bj] of [...anchors(x, y), [x.length, y.length] as [number, number]]) {
    for (const [pi, pj] of common(x.slice(i, ai), y.slice(j, bj))) kept.push([i + pi, j + pj]);
    if (ai < x.length) kept.push([ai, bj]);
    i = ai + 1;
    j = bj + 1;
  }
  const out: string[] = [];
  i = 0;
  j = 0;
  for (const [ki, kj] of [...kept, [x.length, y.length] as [number, number]]) {
    if (ki > i || kj > j) {
      out.push(`@@ -${range(i + 1, ki - i)} +${range(j + 1, kj - j)} @@`);
      for (let k = i; k < ki; k++) out.push(`-${x[k]}`);
      for (let k = j; k < kj; k++) out.push(`+${y[k]}`);
    }
    i = ki + 1;
    j = kj + 1;
  }
  return out;
}

/** `start,count` as diff writes it: the count left out when 1; the line before when 0. */
function range(start: number, count: number): string {
  if (count === 1) return `${start}`;
  return `${count === 0 ? start - 1 : start},${count}`;
}

/** Lines found exactly once in each text, in the order both have them. */
function anchors(x: string[], y: string[]): [number, number][] {
  const once = (lines: string[]) => {
    const at = new Map<string, number>();
    for (let k = 0; k < lines.length; k++) at.set(lines[k], at.has(lines[k]) ? -1 : k);
    return at;
  };
  const ax = once(x);
  const ay = once(y);
  const out: [number, number][] = [];
  let last = -1;
  for (let k = 0; k < x.length; k++) {
    if (ax.get(x[k]) !== k) continue;
    const other = ay.get(x[k]);
    if (other === undefined || other < 0 || other <= last) continue;
    out.push([k, other]);
    last = other;
  }
  return out;
}

/** A longest common subsequence of two short stretches, as index pairs. */
function common(a: string[], b: string[]): [number, number][] {
  // Beyond this size (no anchors in a long stretch) the stretch is shown as replaced.
  if (a.length * b.length > 1_000_000) return [];
  const w = b.length + 1;
  const len = new Uint32Array((a.length + 1) * w);
  for (let p = a.length - 1; p >= 0; p--)
    for (let q = b.length - 1; q >= 0; q--)
      len[p * w + q] =
        a[p] === b[q]
          ? len[(p + 1) * w + q + 1] + 1
          : Math.max(len[(p + 1) * w + q], len[p * w + q + 1]);
  const out: [number, number][] = [];
  for (let p = 0, q = 0; p < a.length && q < b.length;) {
    if (a[p] === b[q]) out.push([p++, q++]);
    else if (len[(p + 1) * w + q] >= len[p * w + q + 1]) p++;
    else q++;
  }
  return out;
}
