// The reports read while the action loads (issue 45, S): the entry (src/index.ts) starts the
// reports' worker on what the inputs already say (the junit globs, the collected list, the
// workspace) once the check run's creation has left, so the worker's boot, its listing of the
// reports and the parse overlap loading and compiling the gate's chunk, which a worker started
// by the gate could not. The worker lists them itself (report-globs.ts, as the gate does), so
// nothing here waits for the globs' code. It is a speculation: the gate lists the reports too
// and takes this answer only for exactly the job the worker read (gather/reports.ts, sameJob),
// else ends the worker and reads them as it would have.
import { availableParallelism } from 'node:os';
import type { EarlyReports } from '../gather/reports.js';
import type { ReportsJob } from '../worker/jobs.js';
import { startWorker } from '../worker/client.js';
import type { Begun } from './begin.js';

/** The early reports for the first stage's inputs, where they can pay (startEarlyReports). */
export function earlyReportsFor(begun: Begun): EarlyReports | undefined {
  // On workflow_run the reports come from an artifact not yet downloaded, into another folder.
  if (begun.event.workflowRun) return undefined;
  return startEarlyReports(begun.workspace, begun.inputs.junit, begun.inputs.collected);
}

/**
 * The reports' worker started on the junit globs as given, or undefined where it cannot pay
 * (one core: the boot would take the main thread's own core). Never throws: the gate reads
 * the reports itself whatever happens here.
 */
export function startEarlyReports(
  root: string,
  junit: string[],
  collected: string | undefined,
): EarlyReports | undefined {
  if (availableParallelism() < 2) return undefined;
  try {
    let listed: (job: ReportsJob | undefined) => void = () => undefined;
    const job = new Promise<ReportsJob | undefined>((r) => (listed = r));
    const { result, stop } = startWorker(
      { kind: 'early-reports', globs: { root, junit, collected } },
      (m) => listed(m.listed),
    );
    // Awaited by the gate, or let go when it lists otherwise; a worker that failed before it
    // listed has no job to offer.
    result.catch(() => undefined).finally(() => listed(undefined));
    return { job, packed: result, stop };
  } catch {
    return undefined;
  }
}
