// The ledger's path rules against the real file system: ledger/paths.ts walks, this answers
// its questions with lstat, realpath and readlink.
import { lstatSync, readdirSync, readlinkSync, realpathSync, type Dirent } from 'node:fs';
import { basename, dirname } from 'node:path';
import { outsideRepo, walkReal, type PathLookup } from '../../ledger/paths.js';
import type { Ledger, LedgerIssue } from '../../types.js';

// A folder asked about this often is listed once (one readdir) instead of one lstat per entry:
// 5000 goldens in one folder cost ~40 ms of lstat calls, the listing a few.
const LIST_AFTER = 16;

/** A lookup for one check: it remembers folder listings, so it is not shared between calls. */
function diskLookup(): PathLookup {
  const asked = new Map<string, number>();
  const listed = new Map<string, Map<string, Dirent> | null>();
  // Listed folders without a symlink (most golden and seeds folders): nothing in them is one.
  const noSymlink = new Set<string>();
  const lstatIsSymlink = (p: string): boolean | null => {
    try {
      return lstatSync(p).isSymbolicLink();
    } catch {
      return null;
    }
  };
  return {
    isSymlink(p) {
      const dir = dirname(p);
      let list = listed.get(dir);
      if (list === undefined) {
        const n = (asked.get(dir) ?? 0) + 1;
        asked.set(dir, n);
        if (n < LIST_AFTER) return lstatIsSymlink(p);
        try {
          const dirents = readdirSync(dir, { withFileTypes: true });
          list = new Map(dirents.map((d) => [d.name, d]));
          if (!dirents.some((d) => d.isSymbolicLink())) noSymlink.add(dir);
        } catch {
          list = null; // unreadable (e.g. execute-only): lstat each entry as before
        }
        listed.set(dir, list);
      }
      // Not listed under that exact name (a case-insensitive file system may still find it): lstat.
      const entry = list?.get(basename(p));
      return entry === undefined ? lstatIsSymlink(p) : entry.isSymbolicLink();
    },
    holdsNoSymlink: (dir) => noSymlink.has(dir),
    realpath: (p) => realpathSync(p),
    readlink: (p) => readlinkSync(p),
  };
}

/** Rows whose artifact or seeds path resolves, through a symlink, outside the repository. */
export function checkLedgerPaths(ledger: Ledger, repoRoot: string): LedgerIssue[] {
  return outsideRepo(ledger, realpathSync(repoRoot), diskLookup());
}

/** Where `p` (relative to `root`, which must be real) leads: real as far as it exists, lexical after. */
export function resolveReal(root: string, p: string): string {
  return walkReal(root, p, diskLookup());
}
