// The agent's write boundary for one run (CONTRACT §3 "Agent write paths"): `agent-write-paths`
// as given, else `production-paths`, else the production paths derived from the base's tree
// (decision/production-paths.ts). Only git can list the base's tree; where the change comes
// from the API, no production path is known and every agent write outside the draft paths and
// the ledger is outside (fail closed), and a note says how to name them.
import { isOff, type WriteBoundary } from '../decision/write-paths.js';
import type { ChangeSource } from '../types.js';
import type { Production } from './production.js';

const nonEmpty = (l: string[] | undefined) => (l ?? []).filter((g) => g.trim() !== '');

/** How many globs a note shows before `and N more`. */
const SHOWN = 8;

/** `production`: the run's production paths (production.ts), undefined when none are known. */
export function writeBoundary(
  o: { agentWritePaths?: string[] },
  production: Production | undefined,
  src: ChangeSource,
  notes: string[],
): WriteBoundary {
  const given = nonEmpty(o.agentWritePaths);
  if (given.length > 0) {
    const b = { globs: given, from: 'agent-write-paths' };
    if (isOff(b))
      notes.push(
        "agent-write-paths '**': the agent's write allowlist is off; only the test and harness path lists judge where an agent writes (weaker)",
      );
    return b;
  }
  if (production === undefined) {
    notes.push(
      `agent write paths: ${src.source} cannot list the base's tree, so no production path could be derived: an agent's write outside the draft paths and the ledger is agent-write-outside; set production-paths or agent-write-paths, or check out with history (fetch-depth: 0)`,
    );
    return { globs: [], from: `no production paths (${src.source} cannot list the base's tree)` };
  }
  const derived = production.derived;
  if (derived === undefined) return { globs: production.globs, from: production.from };
  const base = src.baseSha.slice(0, 12);
  const shown = [...derived.folders.map((f) => `${f}/**`), ...derived.rootFiles];
  const tail =
    "with the draft paths and the ledger, an agent's commit may write nowhere else (set production-paths or agent-write-paths to say otherwise)";
  // A tree with files but no production folder (all tests, docs or manifests; or source kept
  // in a folder named like a test one) says so in words, not as a count followed by "none".
  if (shown.length === 0) {
    notes.push(
      `agent write paths: none of the ${derived.files} file(s) in the base ${base}'s tree is production code (a source file outside test, harness, golden, docs, CI, vendor and build folders), so no production path was derived; ${tail}`,
    );
    return { globs: production.globs, from: production.from };
  }
  const list =
    shown.slice(0, SHOWN).join(', ') +
    (shown.length > SHOWN ? `, and ${shown.length - SHOWN} more` : '');
  notes.push(
    `agent write paths: production paths derived from the base ${base}'s tree (${derived.files} file(s)): ${list}; less test-like folders, dotfiles, manifests and task-runner files; ${tail}`,
  );
  return { globs: production.globs, from: production.from };
}
