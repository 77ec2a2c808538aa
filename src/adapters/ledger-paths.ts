// The ledger's path rules against the real file system: ledger/paths.ts walks, this answers
// its questions with lstat, realpath and readlink.
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { outsideRepo, walkReal, type PathLookup } from '../ledger/paths.js';
import type { Ledger, LedgerIssue } from '../types.js';

const DISK: PathLookup = {
  isSymlink(p) {
    try {
      return lstatSync(p).isSymbolicLink();
    } catch {
      return null;
    }
  },
  realpath: (p) => realpathSync(p),
  readlink: (p) => readlinkSync(p),
};

/** Rows whose artifact or seeds path resolves, through a symlink, outside the repository. */
export function checkLedgerPaths(ledger: Ledger, repoRoot: string): LedgerIssue[] {
  return outsideRepo(ledger, realpathSync(repoRoot), DISK);
}

/** Where `p` (relative to `root`, which must be real) leads: real as far as it exists, lexical after. */
export function resolveReal(root: string, p: string): string {
  return walkReal(root, p, DISK);
}
