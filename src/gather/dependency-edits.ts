// The facts `dependency-change` judges (CONTRACT §3 "Dependencies"): for each dependency
// manifest or lock file an agent's commit changed, its text at the commit's first parent and
// at the commit, read as data (src/decision/dependencies.ts). Only git can read a file at a
// commit; without it (the API fallback), or past the read cap, the edit is a problem: the
// write boundary rejects it as before (fail closed).
import { dependencyEdit, dependencyFile } from '../decision/dependencies.js';
import type { ChangeSource, CommitChanges, CommitInfo } from '../types.js';

/** At most this many file versions are read; past it, an edit is not read (a reject). */
const MAX_READS = 200;

export async function addDependencyEdits(
  src: ChangeSource,
  commits: readonly CommitInfo[] | null,
  facts: CommitChanges[],
): Promise<void> {
  const parents = new Map((commits ?? []).map((c) => [c.sha, c.parents]));
  let left = MAX_READS;
  for (const commit of facts) {
    if (!commit.agent) continue;
    for (const p of commit.paths) {
      if (dependencyFile(p.path) === undefined) continue;
      const parent = parents.get(commit.sha)?.[0];
      if (!src.fileAt || commit.sha === '' || parent === undefined) {
        p.dependencies = { problem: `${src.source} cannot read it at the commit` };
        continue;
      }
      if (left < 2) {
        p.dependencies = { problem: `not read: past ${MAX_READS} dependency file reads` };
        continue;
      }
      left -= 2;
      const [before, after] = await Promise.all([
        src.fileAt(parent, p.path).catch(() => undefined),
        src.fileAt(commit.sha, p.path).catch(() => undefined),
      ]);
      p.dependencies =
        before === undefined || after === undefined
          ? { problem: 'could not be read at the commit' }
          : dependencyEdit(p.path, before, after);
    }
  }
}
