// A unified diff of two texts, line by line (pure): what `--dry-run` prints. Myers' O(ND)
// algorithm, so a one-row edit of a 100k-line ledger costs a few passes, not a quadratic
// table; past MAX_EDITS edits the changed middle is shown as one replaced block instead.

const MAX_EDITS = 4000;
const CONTEXT = 3;

type Op = { kind: ' ' | '-' | '+'; line: string };

/** `--- a` / `+++ b` and the hunks; '' when the texts are equal. */
export function lineDiff(before: string, after: string, a: string, b: string): string {
  if (before === after) return '';
  const x = splitLines(before);
  const y = splitLines(after);
  const ops = diffOps(x, y);
  const hunks: string[] = [];
  // Hunks: runs of changes with CONTEXT lines around them, joined when their contexts touch.
  let i = 0;
  while (i < ops.length) {
    if (ops[i].kind === ' ') {
      i++;
      continue;
    }
    let start = Math.max(0, i - CONTEXT);
    while (start < i && ops[start].kind !== ' ') start++;
    let end = i;
    for (;;) {
      while (end < ops.length && ops[end].kind !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next].kind === ' ' && next - end < 2 * CONTEXT) next++;
      if (next < ops.length && ops[next].kind !== ' ') end = next;
      else break;
    }
    const stop = Math.min(ops.length, end + CONTEXT);
    hunks.push(hunk(ops, start, stop));
    i = stop;
  }
  return `--- ${a}\n+++ ${b}\n${hunks.join('')}`;
}

function splitLines(s: string): string[] {
  if (s === '') return [];
  const lines = s.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function hunk(ops: Op[], start: number, stop: number): string {
  // Line numbers of the hunk's first line in each text: count what came before it.
  let oldLine = 1;
  let newLine = 1;
  for (let k = 0; k < start; k++) {
    if (ops[k].kind !== '+') oldLine++;
    if (ops[k].kind !== '-') newLine++;
  }
  let oldCount = 0;
  let newCount = 0;
  const body: string[] = [];
  for (let k = start; k < stop; k++) {
    const op = ops[k];
    if (op.kind !== '+') oldCount++;
    if (op.kind !== '-') newCount++;
    body.push(`${op.kind}${op.line}\n`);
  }
  const range = (line: number, n: number) =>
    `${n === 0 ? line - 1 : line}${n === 1 ? '' : `,${n}`}`;
  return `@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@\n${body.join('')}`;
}

/** The edit script from x to y: Myers' greedy forward search, then a walk back its trace. */
export function diffOps(x: readonly string[], y: readonly string[]): Op[] {
  // Common head and tail first: most edits touch a few rows in the middle.
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (
    tail < x.length - head &&
    tail < y.length - head &&
    x[x.length - 1 - tail] === y[y.length - 1 - tail]
  )
    tail++;
  const a = x.slice(head, x.length - tail);
  const b = y.slice(head, y.length - tail);
  const same = (l: string): Op => ({ kind: ' ', line: l });
  const middle = myers(a, b) ?? [
    ...a.map((l): Op => ({ kind: '-', line: l })),
    ...b.map((l): Op => ({ kind: '+', line: l })),
  ];
  return [...x.slice(0, head).map(same), ...middle, ...x.slice(x.length - tail).map(same)];
}

function myers(a: readonly string[], b: readonly string[]): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let px =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1]
          : v[offset + k - 1] + 1;
      let py = px - k;
      while (px < n && py < m && a[px] === b[py]) {
        px++;
        py++;
      }
      next[offset + k] = px;
      if (px >= n && py >= m) return backtrack(trace, a, b, offset, d, k);
    }
    v = next;
  }
  return undefined;
}

function backtrack(
  trace: Int32Array[],
  a: readonly string[],
  b: readonly string[],
  offset: number,
  dEnd: number,
  kEnd: number,
): Op[] {
  const ops: Op[] = [];
  let px = a.length;
  let py = b.length;
  let k = kEnd;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d];
    const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (px > (down ? prevX : prevX + 1) && py > (down ? prevY + 1 : prevY)) {
      ops.push({ kind: ' ', line: a[--px] });
      py--;
    }
    if (down) ops.push({ kind: '+', line: b[--py] });
    else ops.push({ kind: '-', line: a[--px] });
    k = prevK;
  }
  while (px > 0 && py > 0) {
    ops.push({ kind: ' ', line: a[--px] });
    py--;
  }
  return ops.reverse();
}
