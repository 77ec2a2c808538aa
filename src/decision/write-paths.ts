// Where an agent may write (CONTRACT §3 "Agent write paths"): the production code it fixes,
// beside the draft paths and the ledger (where an agent appends its draft rows, judged by the
// ledger rules). On by default: the production paths are `agent-write-paths` when a team
// sets it, else `production-paths`, else derived from the base's tree
// (production-paths.ts). Anything else an agent's commit touches, anywhere, is
// `agent-write-outside` (reject), naming the file and the commit: no path list of harness or
// tests needs to be complete for it to hold. `**` turns it off (weaker: the lists alone).
import type { Change, Finding } from '../types.js';
import { short, VERB } from './evidence.js';
import { finding, NO_CASE } from './finding.js';
import { isOff, pathSet, type WriteBoundary } from './production-paths.js';

export { isOff, type WriteBoundary };

/** Inside the boundary: the production paths, the draft paths, the ledger, and `judged`. */
export function insideOf(
  boundary: WriteBoundary,
  draftPaths: readonly string[],
  ledgerFile: string,
  judged: ReadonlySet<string>,
): (path: string) => boolean {
  const production = pathSet(boundary.globs) ?? (() => false);
  const draft = pathSet(draftPaths) ?? (() => false);
  return (p) => p === ledgerFile || production(p) || draft(p) || judged.has(p);
}

/**
 * `judged`: paths another evidence rule already judges for this change (an agent's test or
 * harness edit, a shipped report, an inert document, a dependency edit): one finding per
 * trick, and a bot's pin bump stays the review the harness rule makes of it.
 */
export function writeOutside(
  change: Change,
  boundary: WriteBoundary | undefined,
  draftPaths: readonly string[],
  ledgerFile: string,
  judged: ReadonlySet<string> = new Set(),
): Finding[] {
  if (boundary === undefined || isOff(boundary)) return [];
  const inside = insideOf(boundary, draftPaths, ledgerFile, judged);
  const net = new Set(change.changed.map((c) => c.path));
  const byPath = new Map<string, string[]>();
  for (const commit of change.commits ?? []) {
    if (!commit.agent) continue;
    for (const c of commit.paths) {
      if (!net.has(c.path) || inside(c.path)) continue;
      const said = `${short(commit.sha)} ${VERB[c.status]} it (${commit.why})`;
      byPath.set(c.path, [...(byPath.get(c.path) ?? []), said]);
    }
  }
  const shown = boundary.globs.filter((g) => !g.startsWith('!'));
  const list = shown.length === 0 ? 'none' : shown.slice(0, 6).join(', ');
  const more = shown.length > 6 ? `, and ${shown.length - 6} more` : '';
  return [...byPath].map(([path, lines]) =>
    finding('agent-write-outside', {
      ...NO_CASE,
      message: `${path}: outside the agent's write paths (${boundary.from}: ${list}${more}; the draft paths and the ledger): ${lines.slice(0, 3).join('; ')}${lines.length > 3 ? `; and ${lines.length - 3} more commit(s)` : ''}`,
      file: path,
    }),
  );
}
