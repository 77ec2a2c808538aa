// The worker thread's entry: dist/worker.js and dist/cli/worker.js (scripts/build.mjs bundles
// it next to each bundle). It runs one typed job (src/worker/client.ts) and posts the
// result back: the reports packed as columns, or the file facts.
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { collectFacts } from '../adapters/fs/file-facts.js';
import type { WorkerJob } from './jobs.js';
import { readPackedReports, readReportsPart } from '../reports.js';

const job = workerData as WorkerJob;
if (job.kind === 'facts') {
  parentPort!.postMessage(collectFacts(job.request));
} else if (job.kind === 'reports-part') {
  const { part, matchIds } = await readReportsPart({ ...job.job, sync: true });
  if (job.later) {
    const [earlier] = (await once(parentPort!, 'message')) as [
      { ids: string; lengths: Int32Array },
    ];
    part.match = matchIds(earlier.ids, earlier.lengths);
  }
  const columns = Object.values(part.state.columns).map((c) => c.buffer as ArrayBuffer);
  parentPort!.postMessage(part, [...columns, part.state.idLengths.buffer as ArrayBuffer]);
} else {
  // Blocking reads: nothing else waits on this thread.
  const packed = await readPackedReports({ ...job.job, sync: true });
  parentPort!.postMessage(packed, [packed.tests.numbers.buffer as ArrayBuffer]);
}
