// Reports are the run's, not the change's (CONTRACT §3 `report-in-change`): a report file the
// change itself ships is not evidence. Pure: the adapter (adapters/report-origin-facts.ts)
// gathers sizes and digests; this decides which files the gate must not read.
import type { ChangedPath } from '../types.js';

/** A report file (a `junit` match, or the collected list) as the gate found it. */
export interface ReportOrigin {
  /** As shown to users. */
  shown: string;
  /** Its path in the repository, `/`-separated, when it is inside it. */
  repoPath?: string;
  /** `collected` for the collected list, else a report. */
  kind: 'report' | 'collected';
  size: number;
  /** `sha256:<hex>`, read only when an added file has the same size. */
  digest?: string;
}

/** A file the change adds (git status A), with its bytes' size and digest at the head. */
export interface AddedFile {
  path: string;
  size: number;
  digest?: string;
}

export interface ShippedReport {
  /** The report file, as shown. */
  file: string;
  kind: 'report' | 'collected';
  message: string;
}

const HOW: Record<string, string> = { A: 'added', M: 'modified', T: 'retyped' };

/**
 * The report files this change ships: tracked at the head and added, modified or retyped by
 * the change (git reports a rename as a delete and an add), or with the bytes of a file the
 * change adds (a copy placed outside the checkout, as workflow_run's artifact is).
 */
export function shippedReports(
  reports: ReportOrigin[],
  changed: ChangedPath[],
  added: AddedFile[],
): ShippedReport[] {
  const status = new Map(changed.map((c) => [c.path, c.status]));
  const out: ShippedReport[] = [];
  for (const r of reports) {
    const what = r.kind === 'collected' ? 'collected list' : 'report file';
    const s = r.repoPath === undefined ? undefined : status.get(r.repoPath);
    const copy =
      r.digest === undefined
        ? undefined
        : added.find((a) => a.size === r.size && a.digest === r.digest);
    let why: string | undefined;
    if (s !== undefined && s !== 'D') why = `is ${HOW[s]} by this change`;
    else if (copy !== undefined) why = `has the bytes of ${copy.path}, a file this change adds`;
    if (why === undefined) continue;
    out.push({
      file: r.shown,
      kind: r.kind,
      message: `${what} ${r.shown} ${why}: a report the change ships is not evidence, and none of it was read`,
    });
  }
  return out;
}

/** The sizes worth hashing: those a report and an added file share. */
export function sharedSizes(reports: { size: number }[], added: { size: number }[]): Set<number> {
  const mine = new Set(reports.map((r) => r.size));
  return new Set(added.map((a) => a.size).filter((s) => mine.has(s)));
}
