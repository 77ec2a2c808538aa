// Several goldens per test (CONTRACT §2): a locked_fixture's `artifact` is one path, a glob, or
// a list of them, and its digest is then of the whole set. Pure: the file system's half (the
// walk and the reads) is in adapters/fs/file-facts.ts.
//
// A row keeps its artifact as one string, its key, so every rule that compares, groups or
// looks up goldens by artifact works unchanged: a plain path is its own key; a glob is its
// pattern; a list is its patterns, sorted and joined by NUL (no ledger path may hold one).
import { createHash } from 'node:crypto';

const SEP = '\0';

/** A `*` makes a pattern a glob: `*` within one segment, a `**` segment across any number. */
export function isGlob(pattern: string): boolean {
  return pattern.includes('*');
}

/** The key of a list of patterns (canonical paths or globs): sorted by their bytes, distinct. */
export function goldenKey(patterns: readonly string[]): string {
  return [...new Set(patterns)].sort(byBytes).join(SEP);
}

/** The patterns a key stands for (a plain path: itself). */
export function goldenPatterns(key: string): string[] {
  return key.includes(SEP) ? key.split(SEP) : [key];
}

/** Is the key a set (a glob or a list), whose digest is the set's, not one file's bytes? */
export function isGoldenSet(key: string): boolean {
  return key.includes(SEP) || isGlob(key);
}

/** The key as people read it: the patterns, comma-separated. */
export function goldenLabel(key: string): string {
  return key.includes(SEP) ? key.split(SEP).join(', ') : key;
}

/** Why a pattern cannot be a golden glob, or null (its path spelling is checked as any path's). */
export function globProblem(pattern: string): string | null {
  if (!isGlob(pattern)) return null; // a plain path, as most are: no split
  for (const seg of pattern.split('/'))
    if (seg.includes('**') && seg !== '**')
      return 'has `**` inside a segment; write it as a whole segment (`dir/**/name`)';
  return null;
}

/** Does the repo-relative path match the pattern? A plain pattern matches itself only. */
export function matchesPattern(pattern: string, path: string): boolean {
  if (!isGlob(pattern)) return pattern === path;
  let want = segmentsOf.get(pattern);
  if (want === undefined) {
    want = pattern.split('/');
    // A last `**` stands for one or more segments: any one segment, then any number.
    if (want[want.length - 1] === '**') want.splice(want.length - 1, 0, '*');
    segmentsOf.set(pattern, want);
  }
  return wildMatch(want, path.split('/'), '**', segmentMatches);
}

// A glob's segments, split once: a walk or an index asks one pattern of many paths.
const segmentsOf = new Map<string, string[]>();

/** Is the path one of the key's goldens (by name: whether it exists is the reader's concern)? */
export function inGoldenSet(key: string, path: string): boolean {
  if (!isGoldenSet(key)) return key === path;
  return goldenPatterns(key).some((p) => matchesPattern(p, path));
}

/** `*` within one segment. */
function segmentMatches(pattern: string, name: string): boolean {
  return wildMatch(pattern, name, '*', (a, b) => a === b);
}

/**
 * Wildcard matching without a regular expression, so no pattern a ledger holds can make it
 * backtrack for ever (`*a*a*a…` against a long name hangs a RegExp): the greedy walk that
 * goes back only to the last star, O(pattern × subject) steps. Any other item matches one.
 */
function wildMatch<T>(
  pattern: ArrayLike<T>,
  subject: ArrayLike<T>,
  star: T,
  same: (p: T, s: T) => boolean,
): boolean {
  let p = 0;
  let s = 0;
  let lastStar = -1;
  let mark = 0;
  while (s < subject.length) {
    if (p < pattern.length && pattern[p] === star) {
      lastStar = p++;
      mark = s;
    } else if (p < pattern.length && same(pattern[p], subject[s])) {
      p++;
      s++;
    } else if (lastStar >= 0) {
      p = lastStar + 1;
      s = ++mark;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === star) p++;
  return p === pattern.length;
}

/** The folder a glob's files are all below: its segments before the first wildcard ('' = root). */
export function globBase(pattern: string): string {
  const segs = pattern.split('/');
  const at = segs.findIndex((s) => s.includes('*'));
  return segs.slice(0, at < 0 ? segs.length - 1 : at).join('/');
}

/**
 * The digest of a set: sha256 over `PATH NUL HEX LF` for each member, sorted by its path's
 * UTF-8 bytes, where HEX is the sha256 of the member's bytes in lowercase hex (CONTRACT §2).
 * Members are `[path, 'sha256:<hex>']`.
 */
export function setDigest(members: readonly (readonly [string, string])[]): string {
  const h = createHash('sha256');
  for (const [p, d] of [...members].sort((a, b) => byBytes(a[0], b[0])))
    h.update(`${p}${SEP}${d.slice('sha256:'.length)}\n`);
  return 'sha256:' + h.digest('hex');
}

/** Compares strings by their UTF-8 bytes (git's order; JS's own compares UTF-16 units). */
export function byBytes(a: string, b: string): number {
  return a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/**
 * Which golden keys a path belongs to, over many rows: plain keys by a map look-up, the few
 * sets by matching. For the rules that ask "is this changed path a golden, and whose?".
 */
export class GoldenIndex {
  private readonly plain = new Set<string>();
  private readonly sets: string[] = [];

  constructor(keys: Iterable<string | undefined>) {
    const sets = new Set<string>();
    for (const k of keys) {
      if (k === undefined) continue;
      if (isGoldenSet(k)) sets.add(k);
      else this.plain.add(k);
    }
    this.sets = [...sets];
  }

  has(path: string): boolean {
    return this.plain.has(path) || this.sets.some((k) => inGoldenSet(k, path));
  }

  /** The keys the path is a golden of (its own, and every set it falls in). */
  keysOf(path: string): string[] {
    const out = this.plain.has(path) ? [path] : [];
    for (const k of this.sets) if (inGoldenSet(k, path)) out.push(k);
    return out;
  }
}
