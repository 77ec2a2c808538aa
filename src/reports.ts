// The reports half of the gate: report files (and the collected list) → one TestResult per
// test id, and every problem. Large report sets run on the worker thread (src/worker/entry.ts), so
// that on two cores they overlap with reading the ledger; results cross back as columns, not
// 100k objects.
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { ReportFile } from './adapters/fs/report-globs.js';
import { LIMITS, inside, leavesRepo, readCapped, readCappedSync } from './adapters/fs/safe-read.js';
import { onWorker, type OnFallback } from './worker/client.js';
import type { PackedReports, PackedTests, ReportsJob, ReportsRead } from './worker/jobs.js';
import { parseCollected } from './junit/collected.js';
import { caseMapper } from './junit/map.js';
import { parseReportText } from './junit/jest-json.js';
import {
  GateError,
  type ParsedReport,
  type ReportProblem,
  type Status,
  type TestResult,
} from './types.js';

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
  const { root } = job;
  const dialects = new Set<ParsedReport['dialect']>();
  let mapper: ReturnType<typeof caseMapper> | undefined;
  const { collected, reportProblems } = await eachReport(job, (report, list) => {
    mapper ??= caseMapper({ collected: list, repoRoot: root });
    mapper.add(report);
    dialects.add(report.dialect);
  });
  mapper ??= caseMapper({ collected, repoRoot: root });
  const out: ReportsRead = { ...mapper.done(), reportProblems, dialects: [...dialects] };
  if (collected !== undefined) out.collected = collected;
  return out;
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

export function packReports(read: ReportsRead): PackedReports {
  return { ...read, tests: packTests(read.tests) };
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

const STATUSES: Status[] = ['pass', 'fail', 'error', 'skip'];
const OUTCOMES = [undefined, 'xfail', 'todo'] as const;
const PER_TEST = 11;

export function packTests(tests: TestResult[]): PackedTests {
  const files = new Table();
  const reports = new Table();
  const reasons = new Table();
  let size = 1 + tests.length * PER_TEST;
  for (const t of tests) size += t.reports.length + (t.skipReasons?.length ?? 0);
  const numbers = new Int32Array(size);
  numbers[0] = tests.length;
  const ids: string[] = [];
  let k = 1;
  for (const t of tests) {
    ids.push(t.id);
    numbers[k++] = t.id.length;
    numbers[k++] = STATUSES.indexOf(t.status);
    numbers[k++] = t.flaky ? 1 : 0;
    numbers[k++] = t.line === undefined ? 0 : t.line + 1;
    numbers[k++] = t.file === undefined ? 0 : files.index(t.file) + 1;
    numbers[k++] = t.reports.length;
    numbers[k++] = OUTCOMES.indexOf(t.outcome);
    numbers[k++] = t.duplicates?.count ?? 0;
    numbers[k++] = t.duplicates ? reports.index(t.duplicates.report) : 0;
    let bits = 0;
    for (const st of t.duplicates?.statuses ?? []) bits |= 1 << STATUSES.indexOf(st);
    numbers[k++] = bits;
    numbers[k++] = t.skipReasons?.length ?? -1;
  }
  for (const t of tests) {
    for (const r of t.reports) numbers[k++] = reports.index(r);
    for (const r of t.skipReasons ?? []) numbers[k++] = reasons.index(r);
  }
  return {
    ids: ids.join(''),
    files: files.list,
    reports: reports.list,
    reasons: reasons.list,
    numbers,
  };
}

export function unpackTests(p: PackedTests): TestResult[] {
  const n = p.numbers;
  const count = n[0];
  const tests: TestResult[] = new Array(count);
  let at = 0; // in p.ids
  let r = 1 + count * PER_TEST; // the next report index
  for (let i = 0, k = 1; i < count; i++, k += PER_TEST) {
    const id = p.ids.slice(at, (at += n[k]));
    // Exactly as long as it is: `[]` then push reserves 17 slots, 140 bytes a test at 1M.
    const reports =
      n[k + 5] === 1
        ? [p.reports[n[r++]]]
        : Array.from({ length: n[k + 5] }, () => p.reports[n[r++]]);
    const t: TestResult = { id, status: STATUSES[n[k + 1]], flaky: n[k + 2] === 1, reports };
    if (n[k + 10] >= 0) {
      t.skipReasons = [];
      for (let j = 0; j < n[k + 10]; j++) t.skipReasons.push(p.reasons[n[r++]]);
    }
    if (n[k + 4] !== 0) t.file = p.files[n[k + 4] - 1];
    if (n[k + 3] !== 0) t.line = n[k + 3] - 1;
    const outcome = OUTCOMES[n[k + 6]];
    if (outcome !== undefined) t.outcome = outcome;
    if (n[k + 7] !== 0) {
      const statuses = STATUSES.filter((_, b) => (n[k + 9] & (1 << b)) !== 0);
      t.duplicates = { count: n[k + 7], report: p.reports[n[k + 8]], statuses };
    }
    tests[i] = t;
  }
  return tests;
}

class Table {
  readonly list: string[] = [];
  private readonly at = new Map<string, number>();
  index(s: string): number {
    let i = this.at.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.at.set(s, i);
    }
    return i;
  }
}
