// Where the ledger lives when no --ledger (or `ledger` input) says: in the repository's test
// folder. `tests/` if it exists, else `test/`, else `spec/` (RSpec's), else `tests/` (which
// `init` then creates). One rule for init, check, lint, every upkeep command, the fixes they
// print and the action, so they never look in two places. Pin it with --ledger / `ledger:`
// where a change could add the folder that would come first.
import { statSync } from 'node:fs';
import path from 'node:path';

/** The test folders the default looks in, in order. */
export const TEST_FOLDERS: readonly string[] = ['tests', 'test', 'spec'];

/** Built from parts: a constant path would make the bundler copy matching files into dist/. */
const NAME = ['ledger', 'yaml'].join('.');

/** The default ledger of the repository at `root`, repo-relative (`test/ledger.yaml`). */
export function defaultLedger(root: string): string {
  for (const dir of TEST_FOLDERS) {
    if (isFolder(path.join(root, dir))) return `${dir}/${NAME}`;
  }
  return `${TEST_FOLDERS[0]}/${NAME}`;
}

/** Every place a default ledger may be (a nested project's root holds one of them). */
export function defaultLedgerCandidates(): string[] {
  return TEST_FOLDERS.map((dir) => `${dir}/${NAME}`);
}

function isFolder(p: string): boolean {
  try {
    // A symlinked folder counts: git checks it out as a link, but the ledger read refuses
    // what leaves the repository anyway.
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
