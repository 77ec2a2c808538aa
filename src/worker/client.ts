// The one worker thread the gate uses, started from src/worker/entry.ts with a typed job: the
// reports (read, parsed, mapped) or the file facts (golden digests, seed counts). Both bundles
// (dist/index.js, dist/cli/index.js) ship it as worker.js next to themselves; nothing runs
// from source text. When it cannot start or dies, the caller does the same work on its own
// thread and says so (OnFallback): a broken worker is a visible slowdown, never a silent one.
import type { FactsList, WorkerJob, WorkerResults } from './jobs.js';

/** Told what ran on the calling thread instead, and why the worker did not. */
export type OnFallback = (what: string, error: unknown) => void;

/**
 * The worker's script: worker.js next to the running bundle. Run from the TypeScript sources
 * (the tests), it is src/worker/entry.ts, loaded through scripts/worker-ts-hooks.mjs.
 * LEDGER_GATE_WORKER_SCRIPT names another script: the tests use it to make the worker fail.
 */
function workerScript(): { script: URL; execArgv?: string[] } {
  const given = process.env.LEDGER_GATE_WORKER_SCRIPT;
  if (given) return { script: new URL(given, `file://${process.cwd()}/`) };
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { script: near(FILES.bundled, here) };
  const hooks = near(FILES.hooks, here).href;
  return { script: near(FILES.source, here), execArgv: ['--import', hooks] };
}

// Never a literal in `new URL(…, import.meta.url)`: the bundler would copy it in as an asset.
const FILES = {
  bundled: './worker.js',
  source: './entry.ts',
  hooks: '../../scripts/worker-ts-hooks.mjs',
};
const near = (file: string, base: string) => new URL(file, base);

/**
 * Runs one job on a new worker thread, with this thread's heap limit. A job may send one
 * message before its result (the facts' shared list): `onList` is given it.
 */
export function onWorker<J extends WorkerJob>(
  job: J,
  onList?: (m: FactsList) => void,
): Promise<WorkerResults[J['kind']]> {
  const { script, execArgv } = workerScript();
  // Loaded with the first worker, synchronously (the worker starts where this call stands): a
  // run below the workers' thresholds (S) starts none, and its start loaded these for nothing.
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  return new Promise((resolve, reject) => {
    const w = new Worker(script, {
      workerData: job,
      execArgv,
      // The heap limit of this thread, so a hostile input gets no more room on the worker; the
      // young generation Node 20 gives a worker (Node 24 gives it 192 MB, four times as much:
      // the action's peak RSS at XL, 1115 -> 940-980 MiB with this, paired runs).
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb(), maxYoungGenerationSizeMb: 48 },
    });
    w.on('message', (m: WorkerResults[J['kind']] | FactsList) => {
      if ('list' in m) onList?.(m);
      else resolve(m);
    });
    w.once('error', reject);
    w.once('exit', (code) => reject(new Error(`the worker thread exited with ${code}`)));
  });
}

function heapLimitMb(): number {
  const { heap_size_limit } = process.getBuiltinModule('node:v8').getHeapStatistics();
  return Math.ceil(heap_size_limit / (1024 * 1024));
}

/** The summary's note for a fallback: what ran on the main thread, and the worker's error. */
export function fallbackNote(what: string, error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const why = [typeof e?.code === 'string' ? e.code : '', message.split('\n')[0]]
    .filter(Boolean)
    .join(': ')
    .slice(0, 200);
  return `the worker thread failed (${why}): ${what} ran on the main thread`;
}
