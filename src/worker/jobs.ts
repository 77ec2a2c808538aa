// The worker's jobs and what each sends back: the one place their shapes are declared, so
// the client (client.ts), the entry (entry.ts) and the two halves that hand work to the
// worker (src/gather/reports.ts, adapters/fs/file-facts.ts) import them from here and never from
// each other: no import circle.
import type { ReportFile } from '../adapters/fs/report-globs.js';
import type {
  ArtifactFact,
  CollectionOutcome,
  Dialect,
  ReportProblem,
  SeedsFact,
  TestResult,
  UnmappedCase,
} from '../types.js';
import type { PackedTests } from '../junit/packed.js';

export interface ReportsJob {
  /** The repository root. */
  root: string;
  files: ReportFile[];
  /** Problems found while expanding the globs. */
  problems: ReportProblem[];
  /** The collected-ids file, as given. */
  collected?: string;
  /** The folder the collected list must be inside: the repository, unless the gate unpacked it. */
  collectedRoot?: string;
  /** Read with blocking calls (on a worker, where nothing else waits). */
  sync?: boolean;
}

export interface ReportsRead {
  tests: TestResult[];
  unmapped: UnmappedCase[];
  /** pytest modules skipped or broken at collection. */
  collection: CollectionOutcome[];
  /** The collected ids, when a collected list was given and read. */
  collected?: string[];
  /** The dialects of the reports read, each once. */
  dialects: Dialect[];
  reportProblems: ReportProblem[];
}

/** The reports as they cross from the worker: the tests as columns (junit/packed.ts). */
export type PackedReports = Omit<ReportsRead, 'tests'> & { tests: PackedTests };

export interface FactsRequest {
  /** Real path of the repository. */
  root: string;
  artifacts: string[];
  seeds: string[];
  /** Artifacts larger than this are refused, not hashed. */
  maxBytes: number;
  /**
   * Take the paths from these bytes of the ledger (plain values on `artifact:` / `seeds:`
   * lines): shared memory the main thread read them into, and parses them from.
   */
  scan?: Uint8Array;
  /** The artifacts are shared with the main thread, taken in turns on this counter. */
  share?: SharedArrayBuffer;
}

/** Sent by the facts worker before its result when it shares the artifacts: the list. */
export interface FactsList {
  list: string[];
}

export interface FactsResult {
  artifacts: [string, ArtifactFact][];
  seeds: [string, SeedsFact][];
}

export type WorkerJob =
  { kind: 'facts'; request: FactsRequest } | { kind: 'reports'; job: ReportsJob };

export interface WorkerResults {
  facts: FactsResult;
  reports: PackedReports;
}
