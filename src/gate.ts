// The gate as one call: read the ledger, the reports and the change, then decide().
// Shared by the CLI (`ledger-gate check`) and the action; both only add their own I/O around it.
import type { ChangedPath, Change, Expect, Report } from './types.js';

/** Where git cannot answer (no history, a job without the PR's code), the action supplies the change from the API. */
export interface ChangeFallback {
  /** Shown in the summary, e.g. `pulls.listFiles`. */
  source: string;
  baseSha: string;
  changedPaths(): Promise<ChangedPath[]>;
  /** The ledger's text at the base sha, or null when the base has none. */
  baseLedgerText(path: string): Promise<string | null>;
  /** Commit authors and messages between the base and the head, for agent authorship; null when unknown. */
  commits(): Promise<{ name: string; email: string; message: string }[] | null>;
}

export interface GateOptions {
  /** The repository root: the ledger, artifacts and seeds are read below it. */
  cwd: string;
  /** Repo-relative path of the ledger. Default `tests/ledger.yaml`. */
  ledger: string;
  /** Report globs, relative to cwd or absolute. */
  junit: string[];
  /** Output of `pytest --collect-only -q`, relative to cwd or absolute. */
  collected?: string;
  /** Base ref or sha to diff against; without it the diff rules are skipped and `notes` says so. */
  base?: string;
  head: string;
  production: string[];
  goldens: string[];
  expect: Expect;
  agentAuthors: string[];
  author: 'auto' | 'agent' | 'human';
  /** The pull request author's login, when known (the action). */
  prAuthor?: string;
  /** May git fetch to deepen a shallow clone until the merge base is found. */
  allowFetch?: boolean;
  fallback?: ChangeFallback;
  /** Quarantine rows older than this many days become warnings. */
  quarantineMaxAgeDays?: number;
  now?: Date;
}

/** A warning that does not change the decision (old quarantine rows). */
export interface GateWarning {
  message: string;
  file: string;
  line: number;
}

export interface GateOutcome {
  report: Report;
  /** One-line facts for the summary: which base, where the change came from, what was skipped. */
  notes: string[];
  warnings: GateWarning[];
  change?: Change;
}

export async function runGate(_options: GateOptions): Promise<GateOutcome> {
  throw new Error('runGate: not built yet');
}
