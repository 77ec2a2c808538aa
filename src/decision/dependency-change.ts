// `dependency-change` (CONTRACT §3 "Dependencies"): an agent's commit that only moves registry
// versions of a manifest's dependencies (a bump, an added or removed package), with the lock
// files of its folder, is a review naming each package old → new; an approval on the head
// admits it. Runtime dependencies and test tooling alike: what a package loads is judged by a
// human, not by its section. Anything more in a manifest (a path, git or tarball spec, a
// script, an override, a test-settings key, unparseable text) and a lock file changed with no
// reviewed manifest edit whose added sources are not all on the registry stay
// `agent-write-outside`, with the reason. Judged where the write boundary is on and the file
// is outside it, per commit, over paths the change as a whole changes. Pure.
import type { Change, CommitChanges, DependencyMove, Finding } from '../types.js';
import { dependencyFile, manifestOf, sameFolder } from './dependencies.js';
import { short, VERB } from './evidence.js';
import { finding, NO_CASE } from './finding.js';
import { isOff, type WriteBoundary } from './production-paths.js';

export interface DependencyOutcome {
  findings: Finding[];
  /** The paths judged here: the write boundary leaves them to these findings. */
  judged: Set<string>;
}

/** Moves shown per finding; the rest are counted. */
const SHOWN = 12;

interface Edit {
  commit: CommitChanges;
  verb: string;
  moves: DependencyMove[];
  needsManifest: boolean;
}

const said = (e: { commit: CommitChanges; verb: string }) =>
  `${short(e.commit.sha)} ${e.verb} it (${e.commit.why})`;

const version = (v: string | null) => (v === null ? '(none)' : v === '' ? '""' : v);

/** `lodash 4.17.20 → 4.17.21`, `+left-pad ^1.3.0`, `-request ^2.88.0`; each package once. */
export function describeMoves(moves: readonly DependencyMove[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of moves) {
    const line =
      m.from === null
        ? `+${m.name} ${version(m.to)} (${m.section})`
        : m.to === null
          ? `-${m.name} ${version(m.from)} (${m.section})`
          : `${m.name} ${version(m.from)} → ${version(m.to)} (${m.section})`;
    if (!seen.has(line)) out.push(line);
    seen.add(line);
  }
  if (out.length === 0) return 'no version moves (the same data)';
  return (
    out.slice(0, SHOWN).join(', ') + (out.length > SHOWN ? `, and ${out.length - SHOWN} more` : '')
  );
}

/**
 * `inside(path)`: the production paths, the draft paths, the ledger, and paths another rule
 * already judges (a `package.json#jest` edit is `agent-harness-edit`'s).
 */
export function dependencyChanges(
  change: Change,
  boundary: WriteBoundary | undefined,
  inside: (path: string) => boolean,
): DependencyOutcome {
  const judged = new Set<string>();
  if (boundary === undefined || isOff(boundary)) return { findings: [], judged };
  const net = new Set(change.changed.map((c) => c.path));
  const edits = new Map<string, Edit[]>();
  const problems = new Map<string, string[]>();
  for (const commit of change.commits ?? []) {
    if (!commit.agent) continue;
    for (const c of commit.paths) {
      const d = c.dependencies;
      if (d === undefined || !net.has(c.path) || inside(c.path)) continue;
      const verb = VERB[c.status];
      if (d.problem !== undefined) {
        const line = `${said({ commit, verb })}: ${d.problem}`;
        problems.set(c.path, [...(problems.get(c.path) ?? []), line]);
      } else {
        const e = { commit, verb, moves: d.moves, needsManifest: d.needsManifest === true };
        edits.set(c.path, [...(edits.get(c.path) ?? []), e]);
      }
    }
  }
  const findings: Finding[] = [];
  const reject = (path: string, lines: string[]) => {
    judged.add(path);
    findings.push(
      finding('agent-write-outside', {
        ...NO_CASE,
        message: `${path}: more than registry dependency versions: ${lines.slice(0, 3).join('; ')}${lines.length > 3 ? `; and ${lines.length - 3} more commit(s)` : ''}`,
        file: path,
      }),
    );
  };
  for (const [path, lines] of problems) reject(path, lines);
  // Manifests whose every agent edit moved registry versions only: each a review.
  const reviewed = [...edits.keys()].filter(
    (p) => !problems.has(p) && !edits.get(p)!.some((e) => e.needsManifest) && isManifest(p),
  );
  const carried = new Map<string, string[]>();
  for (const [path, list] of edits) {
    if (problems.has(path) || reviewed.includes(path)) continue;
    // A lock file: carried by its folder's reviewed manifest, else reviewed alone when it
    // could be read whole (package-lock.json), else outside.
    const owner = reviewed.find(
      (m) => sameFolder(m, path) && manifestOf(path).includes(dependencyFile(m)!),
    );
    if (owner !== undefined) {
      carried.set(owner, [...(carried.get(owner) ?? []), path]);
      judged.add(path);
    } else if (!list.some((e) => e.needsManifest)) reviewed.push(path);
    else
      reject(
        path,
        list.map(
          (e) => `${said(e)}: a lock file edit beside no reviewed manifest dependency change`,
        ),
      );
  }
  for (const path of reviewed) {
    judged.add(path);
    const list = edits.get(path)!;
    const locks = carried.get(path) ?? [];
    const moves = list.flatMap((e) => e.moves);
    const commits = list.map(said);
    findings.push(
      finding('dependency-change', {
        ...NO_CASE,
        message: `${path}: ${describeMoves(moves)}${locks.length > 0 ? `; with ${locks.join(', ')}` : ''}: ${commits.slice(0, 3).join('; ')}${commits.length > 3 ? `; and ${commits.length - 3} more commit(s)` : ''}`,
        file: path,
        accepts: `the dependencies of ${path}${locks.length > 0 ? ` and ${locks.join(', ')}` : ''} as the head has them`,
      }),
    );
  }
  return { findings, judged };
}

const isManifest = (p: string) => {
  const k = dependencyFile(p);
  return k === 'package.json' || k === 'pyproject' || k === 'requirements';
};
