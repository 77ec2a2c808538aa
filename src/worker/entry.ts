// The worker thread's entry: dist/worker.js and dist/cli/worker.js (scripts/build.mjs bundles
// it next to each bundle). It runs one typed job (src/worker/client.ts) and posts the
// result back: the reports packed as columns, or the file facts.
import { parentPort, workerData } from 'node:worker_threads';
import { collectFacts } from '../adapters/fs/file-facts.js';
import type { WorkerJob } from './jobs.js';
import { readPackedReports } from '../gather/reports.js';

const job = workerData as WorkerJob;
if (job.kind === 'facts') {
  const list = (artifacts: string[]) => parentPort!.postMessage({ list: artifacts });
  parentPort!.postMessage(collectFacts(job.request, list));
} else {
  // Blocking reads: nothing else waits on this thread.
  const packed = await readPackedReports({ ...job.job, sync: true });
  const { ids, numbers } = packed.tests;
  const moved = [numbers.buffer as ArrayBuffer];
  if (typeof ids !== 'string') moved.push(ids.buffer as ArrayBuffer);
  parentPort!.postMessage(packed, moved);
}
