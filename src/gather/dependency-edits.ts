// The facts `dependency-change` judges (CONTRACT §3 "Dependencies"): for each dependency
// manifest or lock file an agent's commit changed, its text at the commit's parents and at
// the commit, read as data (src/decision/dependencies.ts). Only git can read a file at a
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
      const from = parents.get(commit.sha) ?? [];
      if (!src.fileAt || commit.sha === '' || from.length === 0) {
        p.dependencies = { problem: `${src.source} cannot read it at the commit` };
        continue;
      }
      if (left < 1 + from.length) {
        p.dependencies = { problem: `not read: past ${MAX_READS} dependency file reads` };
        continue;
      }
      left -= 1 + from.length;
      const read = (sha: string) => src.fileAt!(sha, p.path).catch(() => undefined);
      const [after, ...before] = await Promise.all([read(commit.sha), ...from.map(read)]);
      if (after === undefined || before.includes(undefined)) {
        p.dependencies = { problem: 'could not be read at the commit' };
        continue;
      }
      // A merge wrote what differs from every parent: against the side that only lacks the
      // dependency moves it is a bump; against the other, that side's own edits would show.
      const edits = before.map((b) => dependencyEdit(p.path, b!, after));
      p.dependencies = edits.find((e) => e.problem === undefined) ?? edits[0];
    }
  }
}
