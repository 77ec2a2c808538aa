// The one worker thread the gate uses, started from src/worker/entry.ts with a typed job: the
// reports (read, parsed, mapped) or the file facts (golden digests, seed counts). Both bundles
// (dist/index.js, dist/cli/index.js) ship it as worker.js next to themselves; nothing runs
// from source text. When it cannot start or dies, the caller does the same work on its own
// thread and says so (OnFallback): a broken worker is a visible slowdown, never a silent one.
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import type { FactsList, WorkerJob, WorkerResults, WorkerSecondResults } from './jobs.js';

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
  return new Promise((resolve, reject) => {
    const w = spawn(job); // a throw here (workerData that cannot be cloned) rejects
    w.on('message', (m: WorkerResults[J['kind']] | FactsList) => {
      if ('list' in m) onList?.(m);
      else resolve(m);
    });
    onFailure(w, reject);
  });
}

/** `fail` is told when the worker throws or exits (after its answers it is a no-op). */
function onFailure(w: Worker, fail: (e: unknown) => void): void {
  w.once('error', fail);
  w.once('exit', (code) => fail(new Error(`the worker thread exited with ${code}`)));
}

/** A worker's two results: the first, then the second once it is sent what that part needs. */
export interface TwoResults<A, B> {
  first: Promise<A>;
  /** Posts `input` to the worker and gives its second result; rejects if it dies first. */
  second(input: unknown): Promise<B>;
}

/**
 * Runs a job that answers twice on one worker thread (the reports, then the goldens it takes
 * once told their list). Between its results the worker does not hold the process open: a
 * run that ends before it asks for the second part (a refusal, a throw) exits as it would
 * without one.
 */
export function onWorkerTwice<J extends WorkerJob>(
  job: J,
): TwoResults<WorkerResults[J['kind']], WorkerSecondResults[J['kind']]> {
  type B = WorkerSecondResults[J['kind']];
  const first = deferred<WorkerResults[J['kind']]>();
  const second = deferred<B>();
  second.promise.catch(() => undefined); // asked for later, or never
  let w: Worker;
  try {
    w = spawn(job);
  } catch (e) {
    first.reject(e);
    second.reject(e);
    return { first: first.promise, second: () => second.promise };
  }
  let asked = false;
  let answers = 0;
  w.on('message', (m: unknown) => {
    if (++answers === 1) {
      if (!asked) w.unref();
      first.resolve(m as WorkerResults[J['kind']]);
    } else second.resolve(m as B);
  });
  onFailure(w, (e) => {
    first.reject(e);
    second.reject(e);
  });
  return {
    first: first.promise,
    second(input) {
      asked = true;
      w.ref();
      w.postMessage(input);
      return second.promise;
    },
  };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function spawn(job: WorkerJob): Worker {
  const { script, execArgv } = workerScript();
  const { Worker } = builtin<typeof import('node:worker_threads')>('node:worker_threads');
  return new Worker(script, {
    workerData: job,
    execArgv,
    // The heap limit of this thread, so a hostile input gets no more room on the worker; the
    // young generation Node 20 gives a worker (Node 24 gives it 192 MB, four times as much:
    // the action's peak RSS at XL, 1115 -> 940-980 MiB with this, paired runs).
    resourceLimits: { maxOldGenerationSizeMb: heapLimitMb(), maxYoungGenerationSizeMb: 48 },
  });
}

function heapLimitMb(): number {
  const { heap_size_limit } = builtin<typeof import('node:v8')>('node:v8').getHeapStatistics();
  return Math.ceil(heap_size_limit / (1024 * 1024));
}

/**
 * A builtin loaded with the first worker, synchronously (the worker starts where it is asked
 * for): a run below the workers' thresholds (S) starts none, and loading these at its start
 * cost it ~4 ms. process.getBuiltinModule is Node 22.3 on; before it, a require does the same.
 */
function builtin<T>(id: string): T {
  return (process.getBuiltinModule?.(id) ?? createRequire(import.meta.url)(id)) as T;
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
