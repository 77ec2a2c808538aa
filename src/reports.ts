// The reports half of the gate: report files (and the collected list) → one TestResult per
// test id, and every problem. Large report sets run on the worker thread (src/worker/entry.ts), so
// that on two cores they overlap with reading the ledger; results cross back as columns, not
// 100k objects.
import { lstat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ReportFile } from './adapters/fs/report-globs.js';
import { LIMITS, inside, leavesRepo, readCapped, readCappedSync } from './adapters/fs/safe-read.js';
import { onWorker, startWorker, type OnFallback } from './worker/client.js';
import type { PackedReports, ReportsJob, ReportsPart, ReportsRead } from './worker/jobs.js';
import { parseCollected } from './junit/collected.js';
import { caseMapper, mergeParts } from './junit/map.js';
import { unpackTests } from './junit/packed.js';
import { parseReportText } from './junit/jest-json.js';
import { GateError, type ParsedReport, type ReportProblem } from './types.js';

/** The report files parsed and the collected list read, each refusal kept as a problem. */
export interface ReportsParsed {
  reports: ParsedReport[];
  collected?: string[];
  reportProblems: ReportProblem[];
}

/**
 * Reads and parses the report files and the collected list, with every containment check:
 * the one reading step of `check` (readReports) and of the upkeep commands (their --junit and
 * --collected run).
 */
export async function parseReports(job: ReportsJob): Promise<ReportsParsed> {
  const reports: ParsedReport[] = [];
  const { collectedProblem, ...read } = await eachReport(job, (r) => reports.push(r));
  if (collectedProblem !== undefined) read.reportProblems.push(collectedProblem);
  return { reports, ...read };
}

/**
 * parseReports, handing each report to `onReport` as it is parsed instead of keeping them:
 * the collected list is read first (mapping needs it), its problem still listed last.
 */
async function eachReport(
  job: ReportsJob,
  onReport: (report: ParsedReport, collected: string[] | undefined) => void,
): Promise<Omit<ReportsParsed, 'reports'> & { collectedProblem?: ReportProblem }> {
  const { root } = job;
  const reportProblems: ReportProblem[] = [...job.problems];
  const read = job.sync ? readCappedSync : readCapped;
  let collected: string[] | undefined;
  let collectedProblem: ReportProblem | undefined;
  if (job.collected !== undefined) {
    const shown = job.collected;
    try {
      // Like the ledger, the list must be in the repository (or in the artifact folder the gate
      // unpacked itself, in workflow_run mode): it is quoted when it is wrong.
      const home = job.collectedRoot ?? root;
      const where = job.collectedRoot === undefined ? 'the repository' : 'the artifact';
      if (!inside(path.resolve(home), path.resolve(root, job.collected)))
        throw new GateError(`is outside ${where}: refused (write the list inside it)`);
      if (await leavesRepo(home, path.resolve(root, job.collected)))
        throw new GateError(`resolves outside ${where} through a symlinked folder: refused`);
      collected = parseCollected(
        await read(path.resolve(root, job.collected), LIMITS.collectedBytes, shown),
        shown,
      );
    } catch (e) {
      collectedProblem = asProblem(e, shown);
    }
  }
  for (const f of job.files) {
    let report: ParsedReport;
    try {
      report = parseReportText(await read(f.path, LIMITS.reportBytes, f.shown), f.shown);
    } catch (e) {
      reportProblems.push(asProblem(e, f.shown));
      continue;
    }
    onReport(report, collected);
  }
  return { collected, reportProblems, collectedProblem };
}

/** The reports, read and mapped here, each report mapped as soon as it is parsed. */
export async function readReports(job: ReportsJob): Promise<ReportsRead> {
  const { mapper, collectedProblem, ...rest } = await mapReports(job);
  if (collectedProblem !== undefined) rest.reportProblems.push(collectedProblem);
  return { ...mapper.done(), ...rest };
}

/** readReports with the tests as columns: the reports worker's answer. */
export async function readPackedReports(job: ReportsJob): Promise<PackedReports> {
  const { mapper, collectedProblem, ...rest } = await mapReports(job);
  if (collectedProblem !== undefined) rest.reportProblems.push(collectedProblem);
  return { ...mapper.packed(), ...rest };
}

/**
 * One part of the reports, read and mapped as far as a part can be: its merge state, and the
 * mapper, whose ids a later part's worker looks up the earlier part's in (matchIds).
 */
export async function readReportsPart(
  job: ReportsJob,
): Promise<{ part: ReportsPart; matchIds: (ids: string, lengths: Int32Array) => Int32Array }> {
  const { mapper, ...rest } = await mapReports(job);
  return { part: { ...rest, state: mapper.state() }, matchIds: mapper.matchIds };
}

async function mapReports(job: ReportsJob) {
  const { root } = job;
  const dialects = new Set<ParsedReport['dialect']>();
  let mapper: ReturnType<typeof caseMapper> | undefined;
  const { collected, reportProblems, collectedProblem } = await eachReport(job, (report, list) => {
    mapper ??= caseMapper({ collected: list, repoRoot: root });
    mapper.add(report);
    dialects.add(report.dialect);
  });
  mapper ??= caseMapper({ collected, repoRoot: root });
  const rest: Omit<ReportsPart, 'state'> = { reportProblems, dialects: [...dialects] };
  if (collected !== undefined) rest.collected = collected;
  if (collectedProblem !== undefined) rest.collectedProblem = collectedProblem;
  return { mapper, ...rest };
}

function asProblem(e: unknown, file: string): ReportProblem {
  if (e instanceof GateError)
    return { file: e.file ?? file, line: e.line, message: e.message.replace(/[\r\n]+/g, ' ') };
  return { file, message: `unreadable: ${String(e).split('\n')[0]}` };
}

/** Below this many bytes of reports, starting a worker costs more than it saves. */
export const REPORT_WORKER_BYTES = 2 * 1024 * 1024;

/**
 * From this many bytes of reports, two workers read them, a part each (inTwoParts). Below it
 * the ledger's parse on this thread is what the run waits for, and a third busy thread on two
 * cores slows it: measured at L50 (15 MB in 50 files) 2.6 → 2.8 s; at XL (155 MB) 12.4 → 11.5 s.
 */
export const REPORT_PARTS_BYTES = 32 * 1024 * 1024;

/**
 * Starts reading the reports: on the worker thread when they are large, else here. If the
 * worker cannot run, here too, and `onFallback` is told why. Call it early and await it late.
 */
export async function gatherReports(
  job: ReportsJob,
  onFallback?: OnFallback,
): Promise<ReportsRead> {
  const sizes = await fileSizes(job.files);
  if (sizes.reduce((a, b) => a + b, 0) < REPORT_WORKER_BYTES) return readReports(job);
  const bytes = sizes.reduce((a, b) => a + b, 0);
  const parts =
    bytes >= REPORT_PARTS_BYTES && availableParallelism() >= 2 ? halves(job, sizes) : undefined;
  try {
    if (parts !== undefined) return await inTwoParts(parts);
    const packed = await onWorker({ kind: 'reports', job });
    return { ...packed, tests: unpackTests(packed.tests) };
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new GateError('reading the reports exhausted the memory limit');
    }
    onFallback?.('reading the reports', e);
    return readReports(job); // a worker could not run: the same work, here
  }
}

/**
 * The report files in two parts of about equal bytes, in order, the glob problems with the
 * first; undefined when they cannot be split (one file, or two files shown by one name, which
 * one mapper reads as one report).
 */
export function halves(job: ReportsJob, sizes: number[]): [ReportsJob, ReportsJob] | undefined {
  if (job.files.length < 2 || new Set(job.files.map((f) => f.shown)).size < job.files.length)
    return undefined;
  const total = sizes.reduce((a, b) => a + b, 0);
  let cut = 1;
  for (let bytes = sizes[0]; cut < job.files.length - 1 && bytes + sizes[cut] <= total / 2; cut++)
    bytes += sizes[cut];
  return [
    { ...job, files: job.files.slice(0, cut) },
    { ...job, files: job.files.slice(cut), problems: [] },
  ];
}

/**
 * The reports read by two workers at once, one part each, merged here exactly as one mapper
 * reading every file in order would have. The second worker, done with its part, is sent the
 * first part's ids and finds which of them it saw too (its id map is already built).
 */
export async function inTwoParts([first, second]: [ReportsJob, ReportsJob]): Promise<ReportsRead> {
  const a = startWorker({ kind: 'reports-part', job: first, later: false });
  const b = startWorker({ kind: 'reports-part', job: second, later: true });
  try {
    const pa = await a.result;
    b.post({ ids: pa.state.ids, lengths: pa.state.idLengths });
    const pb = await b.result;
    const mapped = mergeParts(pa.state, pb.state, pb.match!);
    const reportProblems = [...pa.reportProblems, ...pb.reportProblems];
    if (pa.collectedProblem !== undefined) reportProblems.push(pa.collectedProblem);
    const out: ReportsRead = {
      ...mapped,
      reportProblems,
      dialects: [...new Set([...pa.dialects, ...pb.dialects])],
    };
    if (pa.collected !== undefined) out.collected = pa.collected;
    return out;
  } finally {
    void a.terminate();
    void b.terminate();
  }
}

async function fileSizes(files: ReportFile[]): Promise<number[]> {
  return Promise.all(
    files.map((f) =>
      lstat(f.path).then(
        (st) => (st.isFile() ? st.size : 0),
        () => 0,
      ),
    ),
  );
}
