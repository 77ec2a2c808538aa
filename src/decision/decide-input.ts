// What decide() is given: plain facts the adapters gathered (no I/O here or in the rules).
import type {
  ArtifactFact,
  Change,
  CollectionOutcome,
  Expect,
  LedgerIssue,
  Ledger,
  ReportProblem,
  SeedsFact,
  TestResult,
  UnmappedCase,
} from '../types.js';
import type { DraftReport } from './draft-report.js';
import type { DraftRun } from './draft-run.js';
import type { EvidenceSettings } from './evidence.js';
import type { ShippedReport } from './report-origin.js';

export interface DecideInput {
  ledgerFile: string;
  /** The change's ledger; undefined when it could not be read at all. */
  ledger?: Ledger;
  ledgerErrors: LedgerIssue[];
  tests: TestResult[];
  unmapped: UnmappedCase[];
  reportProblems: ReportProblem[];
  /** Report files the change ships (report-origin.ts): not read, each a reject. */
  shippedReports?: ShippedReport[];
  /** pytest modules skipped or broken at collection (not tests). */
  collection?: CollectionOutcome[];
  /** Ids from the collected list, when given: each with a row must have a result (§3). */
  collected?: string[];
  /** Keyed by the row's repo-relative artifact path. */
  artifacts: Map<string, ArtifactFact>;
  /** Keyed by the row's repo-relative seeds folder. */
  seeds: Map<string, SeedsFact>;
  /** Absent without a base: the diff rules are skipped. */
  change?: Change;
  isProduction: (path: string) => boolean;
  /** Golden paths; by default every artifact a locked_fixture row names. */
  isGolden?: (path: string) => boolean;
  expect: Expect;
  /** The evidence path sets (§3); the evidence rules run when this and `change` are given. */
  evidence?: EvidenceSettings;
  /** What the harness resolvers could not follow in the base's files (§3): said, as info. */
  harnessUnresolved?: readonly { file: string; line?: number; what: string }[];
  /**
   * Whether the evidence run collects the draft paths, as the base's CI says
   * (decision/draft-run.ts); absent with a change: not known, so it may (fail closed).
   */
  draftRun?: DraftRun;
  /** The drafts' own run (`draft-junit`), read for drafts only (decision/draft-report.ts). */
  draftReport?: DraftReport;
  /** The report files the run had to deliver, and those that arrived (`reports-expected`). */
  reportsExpected?: { expected: number; arrived: string[] };
}
