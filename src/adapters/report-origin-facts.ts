// The facts decision/report-origin.ts judges: each report file's place in the repository and
// size, each file the change adds, and the sha256 of only those whose sizes a report and an
// added file share (a change rarely adds a file the size of a report: nothing is hashed then).
import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  sharedSizes,
  shippedReports,
  type AddedFile,
  type ReportOrigin,
  type ShippedReport,
} from '../decision/report-origin.js';
import type { ChangedPath } from '../types.js';
import { inside } from './safe-read.js';
import type { ReportFile } from './report-globs.js';

/** A regular file's size, or undefined (absent, a symlink, a folder: refused elsewhere). */
async function sizeOf(abs: string): Promise<number | undefined> {
  return lstat(abs).then(
    (st) => (st.isFile() ? st.size : undefined),
    () => undefined,
  );
}

async function digestOf(abs: string): Promise<string | undefined> {
  return readFile(abs).then(
    (bytes) => 'sha256:' + createHash('sha256').update(bytes).digest('hex'),
    () => undefined,
  );
}

/**
 * Which of the report files (and the collected list) the change ships. `root` is the
 * repository as the head has it: its working tree holds each added file's bytes.
 */
export async function findShipped(
  root: string,
  files: ReportFile[],
  collected: string | undefined,
  changed: ChangedPath[],
): Promise<ShippedReport[]> {
  const top = path.resolve(root);
  const given: { abs: string; shown: string; kind: ReportOrigin['kind'] }[] = files.map((f) => ({
    abs: f.path,
    shown: f.shown,
    kind: 'report',
  }));
  if (collected !== undefined)
    given.push({ abs: path.resolve(root, collected), shown: collected, kind: 'collected' });
  const reports: (ReportOrigin & { abs: string })[] = [];
  for (const g of given) {
    const size = await sizeOf(g.abs);
    if (size === undefined) continue;
    const rel = path.relative(top, g.abs).split(path.sep).join('/');
    const r: ReportOrigin & { abs: string } = { ...g, size };
    if (inside(top, g.abs) && rel !== '') r.repoPath = rel;
    reports.push(r);
  }
  const added: AddedFile[] = [];
  for (const c of changed) {
    if (c.status !== 'A') continue;
    const size = await sizeOf(path.join(top, c.path));
    if (size !== undefined) added.push({ path: c.path, size });
  }
  const sizes = sharedSizes(reports, added);
  for (const x of [...reports, ...added]) {
    if (!sizes.has(x.size)) continue;
    const abs = 'abs' in x ? x.abs : path.join(top, x.path);
    x.digest = await digestOf(abs);
  }
  return shippedReports(reports, changed, added);
}
