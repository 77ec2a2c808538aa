// The lines a change altered in one file, as a small bounded diff (pure): what a reviewer of an
// agent's test or golden edit needs to see (`- expect(x).toBe('3d')` / `+ … '2d'`), never the
// whole file. No context lines (the hunk header says where), a few hunks of a few lines each,
// each line clipped, the whole capped in bytes; what is left out is counted.
import { diffOps } from '../ledger/line-diff.js';
import type { ChangedLines } from '../types.js';

export interface LineCaps {
  hunks: number;
  /** Changed lines shown per hunk. */
  perHunk: number;
  /** Characters shown of one line. */
  lineChars: number;
  /** UTF-8 bytes of the shown lines, headers included. */
  bytes: number;
}

export const LINE_CAPS: LineCaps = { hunks: 3, perHunk: 6, lineChars: 160, bytes: 1200 };

/** The diff of `before` to `after`; undefined when they are the same text. */
export function changedLines(
  before: string,
  after: string,
  caps: LineCaps = LINE_CAPS,
): ChangedLines | undefined {
  if (before === after) return undefined;
  const ops = diffOps(split(before), split(after));
  const out: string[] = [];
  let used = 0;
  let cut = 0;
  let hunks = 0;
  let oldLine = 1;
  let newLine = 1;
  for (let i = 0; i < ops.length;) {
    if (ops[i].kind === ' ') {
      oldLine++;
      newLine++;
      i++;
      continue;
    }
    // One hunk: a run of `-` and `+` lines with no unchanged line between them.
    const start = i;
    while (i < ops.length && ops[i].kind !== ' ') i++;
    const run = ops.slice(start, i);
    const olds = run.filter((o) => o.kind === '-').length;
    const news = run.length - olds;
    const head = `@@ -${range(oldLine, olds)} +${range(newLine, news)} @@`;
    oldLine += olds;
    newLine += news;
    const shown = run.slice(0, caps.perHunk).map((o) => o.kind + clipLine(o.line, caps.lineChars));
    const size = [head, ...shown].reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    if (hunks >= caps.hunks || used + size > caps.bytes) {
      cut += run.length;
      continue;
    }
    out.push(head, ...shown);
    used += size;
    hunks++;
    cut += run.length - shown.length;
  }
  return { lines: out, cut };
}

function split(s: string): string[] {
  if (s === '') return [];
  const lines = s.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** Git's hunk range: the first line and the count (the line before, for none). */
function range(line: number, n: number): string {
  return `${n === 0 ? line - 1 : line}${n === 1 ? '' : `,${n}`}`;
}

function clipLine(line: string, max: number): string {
  const points = Array.from(line);
  return points.length <= max ? line : points.slice(0, max - 1).join('') + '…';
}
