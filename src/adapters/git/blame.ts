// Which commit of base..head last wrote each line of a head file (the mutation pass's judged
// lines, src/gather/mutation-evidence.ts): `git blame --porcelain BASE..HEAD`, whose lines
// older than the base are given to a `boundary` commit and left out here. Lines are the
// head's own numbers, so they meet a mutation report's locations as they are.
import { GateError } from '../../types.js';
import { gitText } from './git-text.js';

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) \d+ (\d+)(?: \d+)?$/;

/** Head line → the commit in base..head that wrote it; lines from before the base are absent. */
export function changedLineCommits(
  cwd: string,
  base: string,
  head: string,
  file: string,
): Promise<Map<number, string>> {
  if (!SHA.test(base))
    return Promise.reject(new GateError(`not a commit sha: ${base.slice(0, 80)}`));
  const args = [
    '-c',
    'core.quotePath=false',
    'blame',
    '--porcelain',
    '--no-progress',
    `${base}..${head}`,
    '--',
    file,
  ];
  return gitText(cwd, args, `git blame ${file}`, { maxBuffer: 512 * 1024 * 1024 }).then(parseBlame);
}

export function parseBlame(out: string): Map<number, string> {
  const boundary = new Set<string>();
  const lines: [number, string][] = [];
  let sha = '';
  let pos = 0;
  while (pos < out.length) {
    let end = out.indexOf('\n', pos);
    if (end < 0) end = out.length;
    const l = out.slice(pos, end);
    pos = end + 1;
    if (l.startsWith('\t')) continue; // the line's text
    if (l === 'boundary') {
      boundary.add(sha);
      continue;
    }
    const m = HEADER.exec(l);
    if (m) {
      sha = m[1];
      lines.push([Number(m[2]), sha]);
    }
  }
  const out2 = new Map<number, string>();
  for (const [n, s] of lines) if (!boundary.has(s)) out2.set(n, s);
  return out2;
}
