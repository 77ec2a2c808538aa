// The gate's stronger evidence (docs/stronger-evidence.md): the base run and the hold-out set,
// read here (the I/O) and judged by decision/base-run.ts and decision/holdout.ts (pure). Their
// findings join the report's; the base run's pairing is written onto each finding of a test.
import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import { expandReports, type ReportFile } from '../adapters/fs/report-globs.js';
import { findShipped } from '../adapters/fs/report-origin-facts.js';
import { judgeBaseRun } from '../decision/base-run.js';
import { refinalize } from '../decision/finalize.js';
import { judgeHoldout } from '../decision/holdout.js';
import { gatherReports, parseReports } from './reports.js';
import type {
  Change,
  ChangedPath,
  Finding,
  Ledger,
  RawCase,
  Report,
  TestResult,
} from '../types.js';

export interface StrongerOptions {
  /** Reports of the head's tests run on the base's production code. */
  baseJunit?: string[];
  /** Reports of the hold-out suite. */
  holdoutJunit?: string[];
  /** The key of the hold-out cases' opaque ids (required with holdoutJunit). */
  holdoutKey?: string;
  /** passes-without-change rejects, and no-failing-test is judged. */
  requireFailToPass?: boolean;
}

export interface StrongerSets {
  base?: { files: ReportFile[]; problems: { file: string; message: string }[] };
  holdout?: { files: ReportFile[]; unmatched: number };
  /** Absolute paths of every base and hold-out file: never read as the head's reports. */
  taken: Set<string>;
}

const given = (l: string[] | undefined) => (l && l.some((g) => g.trim() !== '') ? l : undefined);

export async function expandStronger(root: string, o: StrongerOptions): Promise<StrongerSets> {
  const taken = new Set<string>();
  const out: StrongerSets = { taken };
  const b = given(o.baseJunit);
  if (b) {
    const e = await expandReports(root, b);
    out.base = { files: e.files, problems: e.problems };
    for (const f of e.files) taken.add(f.path);
  }
  const h = given(o.holdoutJunit);
  if (h) {
    const e = await expandReports(root, h);
    out.holdout = { files: e.files, unmatched: e.problems.length };
    for (const f of e.files) taken.add(f.path);
  }
  return out;
}

export interface StrongerContext {
  root: string;
  collected?: string;
  collectedRoot?: string;
  headFiles: ReportFile[];
  headTests: TestResult[];
  changed?: ChangedPath[];
  change?: Change;
  ledger?: Ledger;
  ledgerFile: string;
  isProduction: (p: string) => boolean;
  productionGiven: boolean;
  notes: string[];
}

/** The report with the base run's and the hold-out set's findings added (unchanged without). */
export async function addStronger(
  report: Report,
  sets: StrongerSets,
  o: StrongerOptions,
  ctx: StrongerContext,
): Promise<Report> {
  if (!sets.base && !sets.holdout) return report;
  const extra: Finding[] = [];
  if (sets.base) {
    const j = judgeBaseRun({
      base: await readBase(sets.base, ctx),
      head: ctx.headTests,
      ledger: ctx.ledger,
      change: ctx.change,
      ledgerFile: ctx.ledgerFile,
      isProduction: ctx.isProduction,
      productionGiven: ctx.productionGiven,
      requireFailToPass: o.requireFailToPass ?? false,
    });
    for (const f of report.findings) {
      const p = f.id === null ? undefined : j.pairing(f.id);
      if (p !== undefined) f.base_run = p;
    }
    report.admits?.pair(j.pairing);
    for (const f of j.findings) {
      const p = f.id === null ? undefined : j.pairing(f.id);
      if (p !== undefined) f.base_run = p;
      extra.push(f);
    }
    ctx.notes.push(...j.notes);
  }
  if (sets.holdout) {
    const j = judgeHoldout(await readHoldout(sets.holdout, ctx), o.holdoutKey ?? '');
    extra.push(...j.findings);
    ctx.notes.push(j.note);
  }
  return refinalize(report, [...report.findings, ...extra]);
}

async function readBase(set: NonNullable<StrongerSets['base']>, ctx: StrongerContext) {
  const shipped = ctx.changed ? await findShipped(ctx.root, set.files, undefined, ctx.changed) : [];
  const dropped = new Set(shipped.map((s) => s.file));
  const files = set.files.filter((f) => !dropped.has(f.shown));
  const read = await gatherReports({
    root: ctx.root,
    files,
    problems: set.problems,
    collected: ctx.collected,
    collectedRoot: ctx.collectedRoot,
  });
  return {
    tests: read.tests,
    unmapped: read.unmapped.length,
    collection: read.collection,
    problems: read.reportProblems,
    identical: await identical(files, ctx.headFiles),
    shipped: shipped.map((s) => ({ file: s.file, message: `base run: ${s.message}` })),
  };
}

/** Base files with the bytes of a head file (sizes first: only equal sizes are hashed). */
async function identical(base: ReportFile[], head: ReportFile[]): Promise<[string, string][]> {
  const size = (f: ReportFile) =>
    lstat(f.path).then(
      (s) => (s.isFile() ? s.size : -1),
      () => -1,
    );
  const digest = (f: ReportFile) =>
    readFile(f.path).then(
      (b) => createHash('sha256').update(b).digest('hex'),
      () => undefined,
    );
  const headBySize = new Map<number, ReportFile[]>();
  for (const h of head) {
    const n = await size(h);
    if (n < 0) continue;
    headBySize.set(n, [...(headBySize.get(n) ?? []), h]);
  }
  const out: [string, string][] = [];
  for (const b of base) {
    const same = headBySize.get(await size(b));
    if (!same) continue;
    const d = await digest(b);
    for (const h of same) {
      if (d !== undefined && (await digest(h)) === d) {
        out.push([b.shown, h.shown]);
        break;
      }
    }
  }
  return out;
}

/** The hold-out cases, read without mapping (they have no ledger rows); no reason is kept. */
async function readHoldout(set: NonNullable<StrongerSets['holdout']>, ctx: StrongerContext) {
  const shipped = ctx.changed ? await findShipped(ctx.root, set.files, undefined, ctx.changed) : [];
  const dropped = new Set(shipped.map((s) => s.file));
  const files = set.files.filter((f) => !dropped.has(f.shown));
  const parsed = await parseReports({ root: ctx.root, files, problems: [] });
  const cases: Pick<RawCase, 'name' | 'classname' | 'status' | 'flakyAttempts'>[] = [];
  for (const r of parsed.reports)
    for (const c of r.cases)
      cases.push({
        name: c.name,
        classname: c.classname,
        status: c.status,
        flakyAttempts: c.flakyAttempts,
      });
  return {
    cases,
    files: set.files.length,
    unmatched: set.unmatched,
    unreadable: parsed.reportProblems.length,
    shipped: shipped.length,
  };
}
