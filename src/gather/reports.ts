// The reports half of the gate: report files (and the collected list) → one TestResult per
// test id, and every problem. Large report sets run on the worker thread (src/worker/entry.ts), so
// that on two cores they overlap with reading the ledger; results cross back as columns, not
// 100k objects.
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { ReportFile } from '../adapters/fs/report-globs.js';
import {
  LIMITS,
  inside,
  leavesRepo,
  readCapped,
  readCappedSync,
} from '../adapters/fs/safe-read.js';
import { onWorker, type OnFallback } from '../worker/client.js';
import type { PackedReports, ReportsJob, ReportsRead } from '../worker/jobs.js';
import { parseCollected } from '../junit/collected.js';
import { caseMapper } from '../junit/map.js';
import { unpackTests } from '../junit/packed.js';
import { parseReportText } from '../junit/jest-json.js';
import { GateError, type ParsedReport, type ReportProblem } from '../types.js';

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
  const read = await eachReport(job, (r) => reports.push(r));
  return { reports, ...read };
}

/**
 * parseReports, handing each report to `onReport` as it is parsed instead of keeping them:
 * the collected list is read first (mapping needs it), its problem still listed last.
 */
async function eachReport(
  job: ReportsJob,
  onReport: (report: ParsedReport, collected: string[] | undefined) => void,
): Promise<Omit<ReportsParsed, 'reports'>> {
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
  if (collectedProblem !== undefined) reportProblems.push(collectedProblem);
  return { collected, reportProblems };
}

/** The reports, read and mapped here, each report mapped as soon as it is parsed. */
export async function readReports(job: ReportsJob): Promise<ReportsRead> {
  const { mapper, ...rest } = await mapReports(job);
  return { ...mapper.done(), ...rest };
}

/** readReports with the tests as columns: the reports worker's answer. */
export async function readPackedReports(job: ReportsJob): Promise<PackedReports> {
  const { mapper, ...rest } = await mapReports(job);
  return { ...mapper.packed(), ...rest };
}

async function mapReports(job: ReportsJob) {
  const { root } = job;
  const dialects = new Set<ParsedReport['dialect']>();
  let mapper: ReturnType<typeof caseMapper> | undefined;
  const { collected, reportProblems } = await eachReport(job, (report, list) => {
    mapper ??= caseMapper({ collected: list, repoRoot: root });
    mapper.add(report);
    dialects.add(report.dialect);
  });
  mapper ??= caseMapper({ collected, repoRoot: root });
  const rest: Omit<ReportsRead, 'tests' | 'unmapped' | 'collection'> = {
    reportProblems,
    dialects: [...dialects],
  };
  if (collected !== undefined) rest.collected = collected;
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
 * Starts reading the reports: on the worker thread when they are large, else here. If the
 * worker cannot run, here too, and `onFallback` is told why. Call it early and await it late.
 */
export async function gatherReports(
  job: ReportsJob,
  onFallback?: OnFallback,
): Promise<ReportsRead> {
  if ((await totalBytes(job.files)) < REPORT_WORKER_BYTES) return readReports(job);
  let packed: PackedReports;
  try {
    packed = await onWorker({ kind: 'reports', job });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new GateError('reading the reports exhausted the memory limit');
    }
    onFallback?.('reading the reports', e);
    return readReports(job); // the worker could not run: the same work, here
  }
  return { ...packed, tests: unpackTests(packed.tests) };
}

async function totalBytes(files: ReportFile[]): Promise<number> {
  const sizes = await Promise.all(
    files.map((f) =>
      lstat(f.path).then(
        (st) => (st.isFile() ? st.size : 0),
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}
