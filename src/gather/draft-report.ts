// The drafts' own run (`draft-junit`): its report files found and read with the evidence's
// reader, never as evidence (decision/draft-report.ts judges them). Beside them, whether the
// checkout has drafts to run at all: with none, the drafts' job rightly writes no report.
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { expandReports, type ReportFile } from '../adapters/fs/report-globs.js';
import { findShipped } from '../adapters/fs/report-origin-facts.js';
import type { DraftReport } from '../decision/draft-report.js';
import type { ChangedPath } from '../types.js';
import { gatherReports } from './reports.js';

const NO_MATCH = 'no report file matches this pattern';

export interface DraftFiles {
  globs: string[];
  files: ReportFile[];
  unmatched: string[];
  problems: { file: string; message: string }[];
}

/** The draft report files (undefined when `draft-junit` is not given). */
export async function expandDrafts(
  root: string,
  globs: string[] | undefined,
): Promise<DraftFiles | undefined> {
  const given = (globs ?? []).filter((g) => g.trim() !== '');
  if (given.length === 0) return undefined;
  const e = await expandReports(root, given);
  return {
    globs: given,
    files: e.files,
    unmatched: e.problems.filter((p) => p.message === NO_MATCH).map((p) => p.file),
    problems: e.problems.filter((p) => p.message !== NO_MATCH),
  };
}

/** The drafts' run read and mapped (a report file the change ships is refused, not read). */
export async function readDraftReport(
  root: string,
  set: DraftFiles,
  draftPaths: readonly string[],
  changed: ChangedPath[] | undefined,
): Promise<DraftReport> {
  const shipped = changed ? await findShipped(root, set.files, undefined, changed) : [];
  const dropped = new Set(shipped.map((s) => s.file));
  const read = await gatherReports({
    root,
    files: set.files.filter((f) => !dropped.has(f.shown)),
    problems: [...set.problems, ...shipped.map((s) => ({ file: s.file, message: s.message }))],
  });
  const out: DraftReport = {
    globs: set.globs,
    tests: read.tests,
    unmapped: read.unmapped,
    collection: read.collection,
    problems: read.reportProblems,
    unmatched: set.unmatched,
  };
  const draftFile = await firstDraft(root, draftPaths);
  if (draftFile !== undefined) out.draftFile = draftFile;
  return out;
}

/**
 * A file under the draft paths in the checkout: what the drafts' job runs, if any. A folder
 * kept by a `.gitkeep` or an empty `__init__.py` holds nothing to run: no report is due, so an
 * honest project with an empty draft folder is not rejected. Any file with content is due.
 */
async function firstDraft(
  root: string,
  draftPaths: readonly string[],
): Promise<string | undefined> {
  const include = draftPaths.filter((g) => g.trim() !== '' && !g.startsWith('!'));
  if (include.length === 0) return undefined;
  const found = await glob(include, {
    cwd: root,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: draftPaths.filter((g) => g.startsWith('!')).map((g) => g.slice(1)),
  });
  for (const f of found.sort()) if (!(await holdsNothing(path.join(root, f)))) return f;
  return undefined;
}

/** A placeholder: `.gitkeep`/`.keep`, or a file of whitespace only (read up to 4 KiB). */
async function holdsNothing(file: string): Promise<boolean> {
  const name = path.basename(file);
  if (name === '.gitkeep' || name === '.keep') return true;
  try {
    const s = await lstat(file); // a link or a device is no placeholder (and never read)
    if (!s.isFile() || s.size > 4096) return false;
    return (await readFile(file, 'utf8')).trim() === '';
  } catch {
    return false; // unreadable: count it, fail closed
  }
}
