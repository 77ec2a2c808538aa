// The mutation pass's facts (docs/stronger-evidence.md#mutation), read here and judged by
// src/mutation/judge.ts (pure): the reports (`mutation-report` globs; one the change ships is
// not read), the head's bytes of each file they mutate, the judged lines (git blame over
// base..head: the head lines the agent's commits wrote, or every changed line under
// `mutation-scope: change`), and the ids of the tests that may kill a mutant.
import path from 'node:path';
import { expandReports, type ReportFile } from '../adapters/fs/report-globs.js';
import { findShipped } from '../adapters/fs/report-origin-facts.js';
import { LIMITS, leavesRepo, readCapped } from '../adapters/fs/safe-read.js';
import { refinalize } from '../decision/finalize.js';
import { finding, NO_CASE } from '../decision/finding.js';
import type { EvidenceSettings } from '../decision/evidence.js';
import { parseAddedLines } from '../code/added-lines.js';
import { codeLanguageOf } from '../code/language.js';
import { repoPath } from '../junit/map.js';
import { admissibility } from '../mutation/admissible.js';
import { judgeMutation } from '../mutation/judge.js';
import { parseMutationReport, type MutationReport } from '../mutation/report.js';
import { kinds } from './evidence-gaming.js';
import { gatherReports } from './reports.js';
import type { Change, ChangeSource, Finding, Ledger, Report, TestResult } from '../types.js';

export type MutationScope = 'agent' | 'change';

export interface MutationOptions {
  /** mutation-testing-elements JSON reports (globs). */
  mutationReport?: string[];
  /** Whose changed lines are judged; default agent. */
  mutationScope?: MutationScope;
  /** mutant-survived rejects instead of asking for review. */
  requireKilledMutants?: boolean;
}

/** A mutation report's size cap: 100,000 mutants take some 40 MB. */
export const MUTATION_REPORT_BYTES = 512 * 1024 * 1024;
/** Files both agents and humans wrote that are blamed at most; past it, the rest asks for review. */
export const MAX_BLAMED_FILES = 2000;

const given = (l: string[] | undefined) => (l && l.some((g) => g.trim() !== '') ? l : undefined);

/** The report files, expanded first: none of them is ever read as a JUnit report. */
export async function expandMutation(
  root: string,
  o: MutationOptions,
): Promise<{ files: ReportFile[]; problems: { file: string; message: string }[] } | undefined> {
  const g = given(o.mutationReport);
  return g ? expandReports(root, g) : undefined;
}

export interface MutationContext {
  root: string;
  src?: ChangeSource;
  change?: Change;
  ledger?: Ledger;
  ledgerFile: string;
  production: string[];
  evidence: EvidenceSettings;
  headTests: TestResult[];
  /** The hold-out set's report files, when one is given: its passing cases may kill mutants. */
  holdoutFiles?: ReportFile[];
  notes: string[];
}

export async function addMutation(
  report: Report,
  set: NonNullable<Awaited<ReturnType<typeof expandMutation>>>,
  o: MutationOptions,
  ctx: MutationContext,
): Promise<Report> {
  const found: Finding[] = [];
  const invalid = (file: string, message: string) =>
    found.push(finding('report-invalid', { ...NO_CASE, file, message }));
  for (const p of set.problems) invalid(p.file, `mutation report: ${p.message}`);
  const { change, src } = ctx;
  const done = () => refinalize(report, [...report.findings, ...found]);
  if (!change || !src) {
    invalid('mutation-report', 'the mutation pass needs a base: the judged lines are the change’s');
    return done();
  }
  // A report the change ships is the agent's word on its own tests: not read.
  const shipped = await findShipped(ctx.root, set.files, undefined, change.changed);
  const dropped = new Set(shipped.map((s) => s.file));
  for (const s of shipped)
    found.push(
      finding('report-in-change', {
        ...NO_CASE,
        file: s.file,
        message: `mutation report: ${s.message}`,
      }),
    );
  const reports: { file: string; report: MutationReport }[] = [];
  for (const f of set.files) {
    if (dropped.has(f.shown)) continue;
    let text: string;
    try {
      text = await readCapped(f.path, MUTATION_REPORT_BYTES, f.shown);
    } catch (e) {
      invalid(f.shown, `mutation report ${f.shown}: ${(e as Error).message}`);
      continue;
    }
    const r = parseMutationReport(text);
    if ('error' in r) invalid(f.shown, `mutation report ${f.shown}: ${r.error}`);
    else reports.push({ file: f.shown, report: r });
  }
  if (set.files.length > 0 && reports.length === 0 && found.length === 0)
    invalid('mutation-report', 'no mutation report could be read');

  const judged = await judgedLines(change, src, o.mutationScope ?? 'agent', ctx);
  for (const u of judged.unread)
    found.push(
      finding('mutant-survived', {
        ...NO_CASE,
        file: u.file,
        line: 1,
        message: `${u.file}: its judged lines could not be read (${u.why}), so its mutants were not judged`,
      }),
    );
  if (o.requireKilledMutants)
    for (const f of found) if (f.rule === 'mutant-survived') f.result = 'reject';

  const head = await headTexts(ctx.root, reports);
  const holdout = await holdoutIds(ctx);
  const known = new Set<string>(ctx.headTests.map((t) => t.id));
  for (const r of ctx.ledger?.rows ?? []) known.add(r.id);
  for (const r of change.baseLedger?.ledger?.rows ?? []) known.add(r.id);
  for (const h of holdout) known.add(h);
  const base = change.baseLedger?.errors.length === 0 ? change.baseLedger.ledger : undefined;
  const j = judgeMutation({
    reports,
    judged: judged.lines,
    repoPath: (key) => repoPath(key, ctx.root),
    headText: (p) => head.get(p) ?? null,
    known,
    inadmissible: admissibility({ base, head: ctx.ledger, changed: change.changed, holdout }),
    requireKilled: o.requireKilledMutants ?? false,
  });
  found.push(...j.findings);
  ctx.notes.push(...j.notes);
  return done();
}

/** The head lines judged, by production file, ascending (the conduct pass judges these too). */
export async function judgedLines(
  change: Change,
  src: ChangeSource,
  scope: MutationScope,
  ctx: Pick<MutationContext, 'ledger' | 'production' | 'evidence' | 'ledgerFile'>,
): Promise<{ lines: Map<string, number[]>; unread: { file: string; why: string }[] }> {
  const lines = new Map<string, number[]>();
  const unread: { file: string; why: string }[] = [];
  const paths = kinds({
    ledger: ctx.ledger,
    baseLedger: change.baseLedger,
    production: ctx.production,
    evidence: ctx.evidence,
    ledgerFile: ctx.ledgerFile,
  });
  const agentShas = new Set((change.commits ?? []).filter((c) => c.agent).map((c) => c.sha));
  const files = change.changed.filter(
    (c) =>
      c.status !== 'D' &&
      codeLanguageOf(c.path) !== undefined &&
      ['production', 'other'].includes(paths.kind(c)),
  );
  if (scope === 'agent' && agentShas.size === 0) return { lines, unread };
  if (!src.rangeDiff || !src.lineCommits || !change.commits) {
    for (const c of files)
      unread.push({
        file: c.path,
        why: `${src.source} gives no per-line history; check out with fetch-depth: 0`,
      });
    return { lines, unread };
  }
  // One diff gives every changed head line; a file only agent commits wrote is all the
  // agent's, one only humans wrote is none of it. Only a file both wrote is blamed.
  const changedLines = new Map<string, number[]>();
  for (const a of parseAddedLines(await src.rangeDiff())) {
    const l = changedLines.get(a.path);
    if (l) l.push(a.line);
    else changedLines.set(a.path, [a.line]);
  }
  const writers = new Map<string, { agent: boolean; human: boolean }>();
  for (const c of change.commits)
    for (const p of c.paths) {
      const w = writers.get(p.path) ?? { agent: false, human: false };
      if (c.agent) w.agent = true;
      else w.human = true;
      writers.set(p.path, w);
    }
  let blamed = 0;
  for (const c of files) {
    const all = changedLines.get(c.path) ?? [];
    const w = writers.get(c.path) ?? { agent: false, human: false };
    let mine: number[];
    if (scope === 'change' || !w.human) mine = scope === 'change' || w.agent ? all : [];
    else if (!w.agent) mine = [];
    else if (blamed++ >= MAX_BLAMED_FILES) {
      unread.push({ file: c.path, why: `the pass blames at most ${MAX_BLAMED_FILES} files` });
      continue;
    } else {
      let by: Map<number, string>;
      try {
        by = await src.lineCommits(c.path);
      } catch (e) {
        unread.push({ file: c.path, why: (e as Error).message });
        continue;
      }
      mine = [];
      for (const [n, sha] of by) if (agentShas.has(sha)) mine.push(n);
    }
    if (mine.length > 0)
      lines.set(
        c.path,
        [...new Set(mine)].sort((a, b) => a - b),
      );
  }
  return { lines, unread };
}

/** The head's text of every file a report mutates (null: absent, outside, unreadable). */
async function headTexts(
  root: string,
  reports: { report: MutationReport }[],
): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const { report } of reports)
    for (const key of Object.keys(report.files)) {
      const p = repoPath(key, root);
      if (out.has(p)) continue;
      const abs = path.resolve(root, p);
      if (path.isAbsolute(p) || p.split('/').includes('..') || (await leavesRepo(root, abs))) {
        out.set(p, null);
        continue;
      }
      out.set(p, await readCapped(abs, LIMITS.artifactBytes, p).catch(() => null));
    }
  return out;
}

/** The ids of the hold-out cases that passed, read as the head's reports are. */
async function holdoutIds(ctx: MutationContext): Promise<Set<string>> {
  if (!ctx.holdoutFiles || ctx.holdoutFiles.length === 0) return new Set();
  const read = await gatherReports({ root: ctx.root, files: ctx.holdoutFiles, problems: [] });
  return new Set(read.tests.filter((t) => t.status === 'pass').map((t) => t.id));
}
