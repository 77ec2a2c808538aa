// One worker instead of two where there are two cores (issue 45, L): the goldens are hashed
// by the reports' worker once the reports are parsed, taking turns with the main thread once
// its ledger is parsed, instead of on a facts worker of their own. On two cores three threads
// share two cores, so a second worker's boot (~40 ms of CPU) and its scan of the ledger's text
// (~35 ms; the list comes from the parse here) are paid for in wall time; where a third core
// is free the facts worker hashes on it during the parse, so it stays (gather/gate.ts).
import type { ArtifactFact, SeedsFact } from '../../types.js';
import type { OnFallback, TwoResults } from '../../worker/client.js';
import type { GoldensAfter, GoldensList, GoldensTaken } from '../../worker/jobs.js';
import {
  FACTS,
  factReader,
  prefetchFileFacts,
  type EarlyFacts,
  type FileFacts,
  type Wanted,
} from './file-facts.js';
import { LIMITS } from './safe-read.js';
import { sharedCounter, takeTurns } from './shared-goldens.js';

/** Where the machine has this many cores or fewer, one worker reads the reports and hashes. */
export const ONE_WORKER_CORES = 2;

/** Whether the goldens go to the reports' worker: a choice of the caller's core count. */
export const oneWorker = (cores: number): boolean => cores <= ONE_WORKER_CORES;

/**
 * Reports up to this size share their worker with the goldens. Past it (XL: 154 MB of shards)
 * the worker's heap after the reports, garbage until its next full GC, would sit beside the
 * main thread's unpacking of the tests while it hashes, and the peak RSS is XL's binding
 * target; a second worker's boot is a small share of such a run.
 */
export const ONE_WORKER_REPORT_BYTES = 64 * 1024 * 1024;

/** The second part of the reports' worker, as gatherReports hands it over. */
export type GoldensPart = TwoResults<unknown, GoldensTaken>['second'];

export interface GoldensAfterReports {
  /** What the reports' worker is given along with the reports' job. */
  job: GoldensAfter;
  /** Reports larger than this get a worker of their own (ONE_WORKER_REPORT_BYTES). */
  maxReportBytes: number;
  /**
   * Said once the reports' place is chosen: the worker's second part, or undefined when the
   * reports are read on this thread (small ones), and a facts worker is started as before.
   */
  attach(second: GoldensPart | undefined): void;
  /** For fileFacts (`early`) and readLedger, as prefetchFileFacts' handle is. */
  early: EarlyFacts;
}

/**
 * The goldens of a large ledger, hashed on the reports' worker after the reports and here
 * after the parse. `ledgerAbs` is read by the parse itself (ledgerBytes() gives undefined), or
 * by prefetchFileFacts when the reports are read here.
 */
export function goldensAfterReports(
  root: string,
  ledgerAbs: string,
  onFallback?: OnFallback,
  // The counter both threads take from (tests watch it).
  share: SharedArrayBuffer = sharedCounter(),
): GoldensAfterReports {
  let attach!: (second: GoldensPart | undefined) => void;
  // Kept as well as resolved: finish hands the worker its list in the same turn as the parse
  // ends, not a turn later, when the reports' answer may have come first and the worker idles.
  let attached: GoldensPart | EarlyFacts | undefined;
  const chosen = new Promise<GoldensPart | EarlyFacts>((resolve) => {
    attach = (second) =>
      resolve((attached = second ?? prefetchFileFacts(root, ledgerAbs, onFallback)));
  });
  const finish = async (wanted: Wanted = NONE): Promise<FileFacts | undefined> => {
    const part = attached ?? (await chosen);
    if (typeof part !== 'function') return part.finish(wanted);
    const list = wanted.artifacts;
    const theirs = part({ root: wanted.root, artifacts: list } satisfies GoldensList).catch(
      (e: unknown) => {
        onFallback?.(FACTS, e);
        return undefined;
      },
    );
    // This thread's share waits one microtask: the gate first does its own synchronous work
    // after the parse (the paths' check) while the worker is still on the reports, and the
    // share still starts before the reports' answer (a task, not a microtask) is taken.
    await Promise.resolve();
    // The seeds here, while the worker may still be on the reports; then the goldens in turns.
    const read = factReader({ root: wanted.root, maxBytes: LIMITS.artifactBytes });
    const seeds = new Map<string, SeedsFact>();
    for (const rel of wanted.seeds) seeds.set(rel, read.seeds(rel));
    const artifacts = new Map<string, ArtifactFact>();
    for (const [i, fact] of takeTurns(share, list, read.artifact)) artifacts.set(list[i], fact);
    const taken = await theirs;
    for (const [k, v] of taken?.artifacts ?? []) artifacts.set(k, v);
    // A worker that died between its two results: the goldens it took are gathered here.
    for (const rel of list) if (!artifacts.has(rel)) artifacts.set(rel, read.artifact(rel));
    return { artifacts, seeds, on: taken ? 'worker' : 'main' };
  };
  let finished: Promise<FileFacts | undefined> | undefined;
  const early: EarlyFacts = {
    finish: (wanted) => (finished ??= finish(wanted)),
    ledgerBytes: () =>
      chosen.then((part) => (typeof part === 'function' ? undefined : part.ledgerBytes())),
  };
  const job = { share, maxBytes: LIMITS.artifactBytes };
  return { job, maxReportBytes: ONE_WORKER_REPORT_BYTES, attach, early };
}

/** Asked for nothing (a caller without the parse's paths): the worker is told so and ends. */
const NONE: Wanted = { root: '/', artifacts: [], seeds: [] };
