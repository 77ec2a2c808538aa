// Which of a test file's snapshot patterns (src/ledger/snapshots.ts) are present in the
// working tree, for the commands that lock a file row to its file and its snapshots. A
// snapshot present but unreadable (a symlink, a folder in its place) counts as present, so
// the row's digest read fails closed on it instead of leaving it unlocked.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { isGlob } from '../../ledger/golden-set.js';
import { snapshotPatterns } from '../../ledger/snapshots.js';
import { artifactFacts } from './file-facts.js';

/** The snapshot patterns of `file` that name something here: a path that exists, a glob that matches. */
export async function presentSnapshots(root: string, file: string): Promise<string[]> {
  const patterns = snapshotPatterns(file);
  const globs = patterns.filter(isGlob);
  const facts = globs.length > 0 ? await artifactFacts(root, globs) : new Map();
  return patterns.filter((p) => {
    if (!isGlob(p)) return exists(path.join(root, p));
    const fact = facts.get(p);
    return fact !== undefined && fact.problem !== `${p} matches no file`;
  });
}

function exists(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}
