// The reports read while the action loads (issue 45, S): the entry (src/index.ts) starts the
// reports' worker on what the inputs already say (the junit globs, the collected list, the
// workspace) once the check run's creation has left, so the worker's boot and the parse overlap
// loading and compiling the gate's chunk, which a worker started by the gate could not. It is
// a speculation: the gate lists the reports itself and takes this answer only for exactly that
// job (gather/reports.ts, sameJob), else ends the worker and reads them as it would have.
import { availableParallelism } from 'node:os';
import { expandReports, reportBytes } from '../adapters/fs/report-globs.js';
import type { EarlyReports } from '../gather/reports.js';
import type { ReportsJob } from '../worker/jobs.js';
import { startWorker } from '../worker/client.js';
import type { Begun } from './begin.js';

/** Below this many bytes of reports a worker's boot costs more than the parse it moves. */
export const EARLY_REPORT_BYTES = 256 * 1024;

/** The early reports for the first stage's inputs, where they can pay (startEarlyReports). */
export function earlyReportsFor(begun: Begun): Promise<EarlyReports | undefined> {
  // On workflow_run the reports come from an artifact not yet downloaded, into another folder.
  if (begun.event.workflowRun) return Promise.resolve(undefined);
  return startEarlyReports(begun.workspace, begun.inputs.junit, begun.inputs.collected);
}

/**
 * The reports' worker started on the junit globs as given, or undefined where it cannot pay:
 * one core, small reports. Never throws: the gate reads the reports itself whatever happens
 * here.
 */
export async function startEarlyReports(
  root: string,
  junit: string[],
  collected: string | undefined,
): Promise<EarlyReports | undefined> {
  if (availableParallelism() < 2) return undefined;
  try {
    const { files, problems } = await expandReports(root, junit);
    if ((await reportBytes(files)) < EARLY_REPORT_BYTES) return undefined;
    const job: ReportsJob = { root, files, problems, collected };
    const { result, stop } = startWorker({ kind: 'reports', job });
    result.catch(() => undefined); // awaited by the gate, or let go when it lists otherwise
    return { job, packed: result, stop };
  } catch {
    return undefined;
  }
}
