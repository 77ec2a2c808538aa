// The facts the evidence rules judge (CONTRACT §3 "Evidence paths"): each commit of the
// change with its authorship and its own changed paths, and, for shared configs and
// workflows, what the commit did inside them. Read from git; the API fallback has no
// per-commit files, so there every changed path takes the change's authorship (fail closed).
import { agentMatcher, agentSign, type Authorship } from '../decision/authorship.js';
import { pinsOnly, settingsOf } from '../decision/evidence-content.js';
import type { EvidencePaths } from '../decision/evidence.js';
import type {
  ChangeSource,
  ChangedPath,
  CommitChanges,
  CommitInfo,
  CommitPathChange,
} from '../types.js';

/** At most this many file versions are read to compare settings; past it, whole files count. */
const MAX_READS = 400;

export interface CommitFactsInput {
  src: ChangeSource;
  commits: CommitInfo[] | null;
  changed: ChangedPath[];
  /** The change's authorship: for the API fallback's one entry, and what `--author` sets. */
  change: Authorship;
  author: 'auto' | 'agent' | 'human';
  patterns: string[];
  paths: EvidencePaths;
}

export async function commitFacts(
  i: CommitFactsInput,
): Promise<{ commits: CommitChanges[]; perCommit: boolean }> {
  const byCommit =
    i.src.commitPaths && i.commits !== null ? await i.src.commitPaths().catch(() => null) : null;
  if (byCommit === null || i.commits === null) {
    const one = { sha: '', agent: i.change.agent, why: i.change.why, paths: i.changed };
    return { commits: [one], perCommit: false };
  }
  const isAgent = agentMatcher(i.patterns);
  const reads = { left: MAX_READS };
  const out: CommitChanges[] = [];
  // git lists the newest first; the rules and the summary read the commits in order.
  for (const c of [...i.commits].reverse()) {
    const who = authorOf(c, i.author, isAgent);
    const paths: CommitPathChange[] = [];
    for (const p of byCommit.get(c.sha) ?? []) paths.push(await content(i, c, p, reads));
    out.push({ sha: c.sha, agent: who.agent, why: who.why, paths });
  }
  return { commits: out, perCommit: true };
}

function authorOf(
  c: CommitInfo,
  author: CommitFactsInput['author'],
  isAgent: (who: string) => boolean,
): Authorship {
  if (author !== 'auto') return { agent: author === 'agent', why: `--author ${author}` };
  // A commit at a shallow clone's boundary: what it changed is not known, nor who it is.
  if (c.parents.length === 0) return { agent: true, why: 'its parent is not known' };
  const sign = agentSign(c, isAgent);
  return sign ? { agent: true, why: sign } : { agent: false, why: `author ${c.author.name}` };
}

/** What a commit did inside a keyed shared config (which keys) or a workflow (pins only?). */
async function content(
  i: CommitFactsInput,
  c: CommitInfo,
  p: ChangedPath,
  reads: { left: number },
): Promise<CommitPathChange> {
  const at = i.src.fileAt;
  const keys = i.paths.keyedEntries(p.path);
  const yaml = /\.ya?ml$/.test(p.path) && i.paths.harnessKeys(p.path) === 'whole';
  if (!at || (keys.length === 0 && !yaml)) return p;
  const need = 1 + c.parents.length;
  if (reads.left < need) return p; // unknown: the whole file counts
  reads.left -= need;
  const read = (sha: string) => at(sha, p.path).catch(() => undefined);
  const after = await read(c.sha);
  const before = await Promise.all(c.parents.map(read));
  if (after === undefined || before.includes(undefined)) return p;
  if (yaml) {
    // Line for line against the one parent; a merge's resolution is no bot's bump.
    const moved = c.parents.length === 1 && pinsOnly(before[0]!, after);
    return moved ? { ...p, pinsOnly: true } : p;
  }
  // A key changed when it differs from every parent (a merge that takes one side's value
  // wrote nothing).
  const settingsChanged = keys.filter((k) => {
    const now = settingsOf(p.path, k, after, 'after');
    return before.every((b) => settingsOf(p.path, k, b!, 'before') !== now);
  });
  return { ...p, settingsChanged };
}
