// The lines a commit adds, from `git show -U0 --format= --diff-merges=dense-combined` text
// (pure): the lines the parser's rules count (src/gather/evidence-gaming.ts), and the lines
// mutation evidence and `targets` ask about. A plain diff has one prefix column, a merge's combined diff one per parent; a line
// is in the commit's tree when no column says `-`, and added when some column says `+`. Read
// line by line in one pass: the file header (`+++ b/PATH`) is only read before a file's first
// hunk, so an added line that starts with `++` is never taken for one.

export interface AddedLine {
  path: string;
  /** 1-based line in the commit's version of the file. */
  line: number;
  text: string;
}

export function parseAddedLines(diff: string): AddedLine[] {
  const out: AddedLine[] = [];
  let path: string | null = null;
  let inHunk = false;
  let cols = 1;
  let line = 0;
  let pos = 0;
  const len = diff.length;
  while (pos < len) {
    let end = diff.indexOf('\n', pos);
    if (end < 0) end = len;
    const l = diff.slice(pos, end);
    pos = end + 1;
    if (l.startsWith('diff ')) {
      path = null;
      inHunk = false;
      continue;
    }
    if (!inHunk) {
      if (l.startsWith('+++ ')) path = headerPath(l.slice(4));
      else if (l.startsWith('@@')) ({ inHunk, cols, line } = hunk(l));
      continue;
    }
    if (l.startsWith('@@')) {
      ({ inHunk, cols, line } = hunk(l));
      continue;
    }
    if (l.startsWith('\\')) continue; // "\ No newline at end of file"
    const prefix = l.slice(0, cols);
    if (prefix.includes('-')) continue; // not in the commit's version
    if (path !== null && prefix.includes('+')) out.push({ path, line, text: l.slice(cols) });
    line++;
  }
  return out;
}

/** `@@ -a,b +c,d @@` or a merge's `@@@ -a,b -c,d +e,f @@@`: the prefix width and first line. */
function hunk(l: string): { inHunk: boolean; cols: number; line: number } {
  let ats = 0;
  while (l.charCodeAt(ats) === 64 /* @ */) ats++;
  const close = l.indexOf(' ' + '@'.repeat(ats), ats);
  const ranges = l.slice(ats, close < 0 ? l.length : close);
  const plus = ranges.lastIndexOf(' +');
  const start = plus < 0 ? NaN : parseInt(ranges.slice(plus + 2), 10);
  if (!(start >= 0)) return { inHunk: false, cols: 1, line: 0 };
  // `+c,0` (nothing added) names the line before; nothing of the hunk is in the new side then.
  return { inHunk: true, cols: ats - 1, line: start };
}

/** `b/PATH`, `"b/QUOTED"` or `/dev/null` (a deletion: nothing to scan). */
function headerPath(h: string): string | null {
  if (h === '/dev/null') return null;
  const raw = h.startsWith('"') ? unquote(h) : h.replace(/\t$/, '');
  if (raw === null) return null;
  return raw.startsWith('b/') ? raw.slice(2) : raw;
}

/** git's C-style quoting of a path (`"b/a\tb"`, octal escapes for bytes). */
function unquote(q: string): string | null {
  if (!q.endsWith('"') || q.length < 2) return null;
  const bytes: number[] = [];
  const body = q.slice(1, -1);
  const SIMPLE: Record<string, number> = {
    n: 10,
    t: 9,
    '"': 34,
    '\\': 92,
    a: 7,
    b: 8,
    f: 12,
    r: 13,
    v: 11,
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      for (const b of Buffer.from(c, 'utf8')) bytes.push(b);
      continue;
    }
    const n = body[++i];
    if (n !== undefined && n >= '0' && n <= '7') {
      bytes.push(parseInt(body.slice(i, i + 3), 8) & 255);
      i += 2;
    } else if (n !== undefined && SIMPLE[n] !== undefined) bytes.push(SIMPLE[n]);
    else return null;
  }
  return Buffer.from(bytes).toString('utf8');
}
