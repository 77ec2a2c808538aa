// The run's production paths, computed once (CONTRACT §3 "Agent write paths"):
// `production-paths` as given, else derived from the base's tree (decision/production-paths.ts).
// The agent's write allowlist (write-boundary.ts) and `production-golden-no-bump` read this one
// set, so a workflow that names no production paths still has the golden rule checked.
// Undefined where none can be known: the change comes from the API (no tree to list).
import { deriveProductionPaths, pathSet } from '../decision/production-paths.js';
import type { EvidenceSettings } from '../decision/evidence.js';
import type { ChangeSource } from '../types.js';

export interface Production {
  /** Globs over repository paths; `!GLOB` excludes (pathSet reads them). */
  globs: string[];
  /** Shown in findings and notes: `production-paths`, `derived from the base <sha>`. */
  from: string;
  /** When derived: the base's file count, and the folders and root files taken. */
  derived?: { files: number; folders: string[]; rootFiles: string[] };
}

const nonEmpty = (l: string[] | undefined) => (l ?? []).filter((g) => g.trim() !== '');

export async function productionPaths(
  given: string[],
  src: ChangeSource,
  evidence: EvidenceSettings,
): Promise<Production | undefined> {
  const production = nonEmpty(given);
  if (production.length > 0) return { globs: production, from: 'production-paths' };
  let files: string[] | undefined;
  try {
    files = src.filesAt ? await src.filesAt(src.baseSha) : undefined;
  } catch {
    files = undefined;
  }
  if (files === undefined) return undefined;
  // A folder whose source files are all tests or harness is no production folder.
  const lists = [...evidence.testPaths, ...evidence.harnessPaths.filter((g) => !g.includes('#'))];
  const notCode = pathSet(lists) ?? (() => false);
  const d = deriveProductionPaths(files, notCode);
  return {
    globs: d.globs,
    from: `derived from the base ${src.baseSha.slice(0, 12)}`,
    derived: { files: files.length, folders: d.folders, rootFiles: d.rootFiles },
  };
}
