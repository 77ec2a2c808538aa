// Where an agent may write (CONTRACT §3 "Agent write paths"): a team that sets
// `agent-write-paths` says where its agents' commits may add, edit or delete files — the
// production code they fix — beside the draft paths and the ledger (where an agent appends its
// draft rows, judged by the ledger rules). Anything else an agent's commit touches, anywhere,
// is `agent-write-outside` (reject), naming the file and the commit. The strongest setting: no
// path list of harness or tests needs to be complete for it to hold.
import picomatch from 'picomatch';
import type { Change, Finding } from '../types.js';
import { short, VERB } from './evidence.js';
import { finding, NO_CASE } from './finding.js';

export function writeOutside(
  change: Change,
  writePaths: readonly string[] | undefined,
  draftPaths: readonly string[],
  ledgerFile: string,
): Finding[] {
  const globs = (writePaths ?? []).filter((g) => g.trim() !== '');
  if (globs.length === 0) return [];
  const inside = picomatch([...globs, ...draftPaths.filter((g) => g.trim() !== '')], { dot: true });
  const net = new Set(change.changed.map((c) => c.path));
  const byPath = new Map<string, string[]>();
  for (const commit of change.commits ?? []) {
    if (!commit.agent) continue;
    for (const c of commit.paths) {
      if (!net.has(c.path) || c.path === ledgerFile || inside(c.path)) continue;
      const said = `${short(commit.sha)} ${VERB[c.status]} it (${commit.why})`;
      byPath.set(c.path, [...(byPath.get(c.path) ?? []), said]);
    }
  }
  return [...byPath].map(([path, lines]) =>
    finding('agent-write-outside', {
      ...NO_CASE,
      message: `${path}: outside agent-write-paths (${globs.join(', ')}): ${lines.slice(0, 3).join('; ')}${lines.length > 3 ? `; and ${lines.length - 3} more commit(s)` : ''}`,
      file: path,
    }),
  );
}
