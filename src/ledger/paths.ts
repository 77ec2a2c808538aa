// The path rules that need the file system's answers: an `artifact` or `seeds` path must not
// resolve, through symlinks (a symlinked parent folder included), to a place outside the
// repository. Paths are walked one segment at a time as the OS would (so `link/..` is the link
// target's parent, not the link's folder); a path that does not exist yet is not an error here
// — the gate reports it as fixture-missing / property-seeds-empty. The walk is pure: what a
// path is on disk comes from a PathLookup (adapters/fs/ledger-paths.ts gives the real one).
import { artifactFile } from './doctest-artifact.js';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Ledger, LedgerIssue, LedgerRow } from '../types.js';
import { globBase, goldenPatterns, isGlob, isGoldenSet } from './golden-set.js';
import { isPlainPath, pathProblem } from './pathRules.js';
import { keyLine } from './key-lines.js';

/** What the walk asks of the file system. */
export interface PathLookup {
  /** Is `p` a symlink? null when it does not exist. */
  isSymlink(p: string): boolean | null;
  /** The real path of `p`; throws when it cannot be resolved (absent, dangling, a loop). */
  realpath(p: string): string;
  /** Where the symlink `p` points, as written. */
  readlink(p: string): string;
  /**
   * True when folder `dir` (real) is known to hold no symlink, so no entry of it is one;
   * false when that is not known (ask isSymlink).
   */
  holdsNoSymlink?(dir: string): boolean;
}

/** Rows whose artifact or seeds path resolves outside `root` (a real path). */
export function outsideRepo(ledger: Ledger, root: string, fs: PathLookup): LedgerIssue[] {
  const issues: LedgerIssue[] = [];
  const cache = new Map<string, string | null>();
  // Many rows share a golden or a seeds folder: each distinct path is resolved and judged
  // once, kept as where it leads outside the repository, or null (inside, or not followed).
  // The validator gives rows of one path one string, so most look-ups reuse its hash.
  const outside = new Map<string, string | null>();
  const rootDir = root.endsWith(sep) ? root : root + sep;
  const inside = (real: string): boolean => real === root || real.startsWith(rootDir);
  const whole = (p: string): string | null => {
    let real = outside.get(p);
    if (real === undefined) {
      // Lexical problems are parse errors, reported there.
      const to = pathProblem(p) !== null ? null : walkReal(root, p, fs, cache);
      real = to === null || inside(to) ? null : to;
      outside.set(p, real);
    }
    return real;
  };
  // A plain path (most are: a golden or seeds folder in a folder many share) leads outside
  // only if its folder does or it is itself a symlink: its folder is walked once, and the
  // path costs one question to the lookup, not a walk and a Map entry of its own.
  const folders = new Map<string, string | null>();
  // Per field, the last path and its verdict: rows in a row often name one seeds folder.
  const lastPath = ['', ''];
  const lastReal: Array<string | null> = [null, null];
  const leadsTo = (f: number, p: string): string | null => {
    if (p === lastPath[f]) return lastReal[f];
    const plain = p.endsWith('/') ? p.slice(0, -1) : p;
    let real: string | null;
    if (!isPlainPath(plain)) real = whole(p);
    else {
      const slash = plain.lastIndexOf('/');
      const dir = slash < 0 ? '' : plain.slice(0, slash);
      let dirReal = folders.get(dir);
      if (dirReal === undefined) {
        dirReal = dir === '' ? root : walkReal(root, dir, fs, cache);
        if (!inside(dirReal)) dirReal = null;
        folders.set(dir, dirReal);
      }
      real =
        dirReal === null ||
        (fs.holdsNoSymlink?.(dirReal) !== true &&
          fs.isSymlink((dirReal.endsWith(sep) ? dirReal : dirReal + sep) + plain.slice(slash + 1)))
          ? whole(p)
          : null;
    }
    lastPath[f] = p;
    lastReal[f] = real;
    return real;
  };
  const check = (row: LedgerRow, field: 'artifact' | 'seeds', p: string) => {
    const real = leadsTo(field === 'seeds' ? 1 : 0, p);
    if (real === null) return;
    issues.push({
      message: `${field} '${p}' resolves outside the repository (through a symlink, to ${real})`,
      file: ledger.file,
      line: keyLine(row, field) ?? row.line,
      column: row.keyColumns?.[field] ?? row.column ?? 1,
    });
  };
  for (const row of ledger.rows) {
    const artifact = row.artifact;
    if (artifact !== undefined) {
      // Each listed golden, and each glob's folder (what it matches is checked as it is read).
      if (isGoldenSet(artifact))
        for (const q of goldenPatterns(artifact))
          check(row, 'artifact', isGlob(q) ? globBase(q) : q);
      else check(row, 'artifact', artifactFile(artifact));
    }
    if (row.seeds !== undefined) check(row, 'seeds', row.seeds);
  }
  return issues;
}

/** Where `p` (relative to `root`, which must be real) leads: real as far as it exists, lexical after. */
export function walkReal(
  root: string,
  p: string,
  fs: PathLookup,
  cache = new Map<string, string | null>(),
): string {
  let cur = root;
  const segs = p.split('/').filter((s) => s !== '' && s !== '.');
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i];
    if (seg === '..') {
      cur = dirname(cur);
      continue;
    }
    const next = join(cur, seg);
    let real = cache.get(next);
    if (real === undefined) {
      real = existingReal(next, fs);
      cache.set(next, real);
    }
    if (real === null) {
      // Absent from here on: the rest cannot be followed, so it is joined as written.
      return join(next, ...segs.slice(i + 1));
    }
    cur = real;
  }
  return cur;
}

/** The real path of `p`, whose parent folder is already real; null when `p` does not exist. */
function existingReal(p: string, fs: PathLookup): string | null {
  const symlink = fs.isSymlink(p);
  if (symlink === null) return null;
  // Not a symlink below a real parent: already real (one lstat, not a realpath walk from /).
  if (!symlink) return p;
  try {
    return fs.realpath(p);
  } catch {
    // A dangling symlink: where it points is still where a later write or restore lands.
    return longestRealPrefix(resolve(dirname(p), fs.readlink(p)), fs);
  }
}

/** realpath of the longest existing prefix of an absolute path, with the rest joined as written. */
function longestRealPrefix(abs: string, fs: PathLookup): string {
  const rest: string[] = [];
  let cur = abs;
  for (;;) {
    try {
      return join(fs.realpath(cur), ...rest.reverse());
    } catch {
      const parent = dirname(cur);
      if (parent === cur) return abs;
      rest.push(basename(cur));
      cur = parent;
    }
  }
}
