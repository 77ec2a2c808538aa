// Plain data shared by the pure core (ledger, junit, decision, report) and the adapters.

export type Status = 'pass' | 'fail' | 'error' | 'skip';
export type Result = 'admit' | 'review' | 'reject' | 'info';
export type Decision = 'admit' | 'review' | 'reject';
export type LedgerClass = 'locked_fixture' | 'property' | 'quarantine' | 'draft';
export type Expect = 'all' | 'ran-files';

/** The gate's only error type: a one-line message that names the file and place. */
export class GateError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'GateError';
  }

  /** `file:line:col: message`, on one line. */
  get oneLine(): string {
    const where = [this.file, this.line, this.column].filter((x) => x !== undefined).join(':');
    return (where ? `${where}: ${this.message}` : this.message).replace(/[\r\n]+/g, ' ');
  }
}

// ---------------------------------------------------------------- ledger

export interface LedgerRow {
  id: string;
  class: LedgerClass;
  digest?: string;
  artifact?: string;
  invariant?: string;
  seeds?: string;
  opened?: string;
  reason?: string;
  owner?: string;
  source?: string;
  proposed_class?: string;
  /** Why the row's test is expected to skip (any class); a skip without it rejects. */
  skip?: string;
  /**
   * Written without `class` (only `skip:`) under its file's row: class, digest and artifact
   * are the file row's (CONTRACT §2), so an edit of the file re-locks one line.
   */
  inherits?: true;
  /** 1-based line of the row's `- id:` (or of the row's first key). */
  line: number;
  /**
   * Each key the row writes, in the order written, and its line as an offset from `line`: one
   * object shared by the rows of one layout (ledger/key-lines.ts; read with keyLine()).
   */
  keyOffsets: Readonly<Record<string, number>>;
  /** 1-based column of the row's keys (block-mapping keys share one column). */
  column?: number;
  /** 1-based column of each key, only when a key is not at `column` (flow layouts). */
  keyColumns?: Record<string, number>;
}

export interface Ledger {
  file: string;
  /** The class rules `init` used (`rules:`), for `update`; the gate judges rows only. */
  rules?: string[];
  rows: LedgerRow[];
  byId: Map<string, LedgerRow>;
  /** `gaming_result:` (§3 "Gaming shapes"): what a gaming-shape finding is; read from the base's ledger. */
  gamingResult?: 'review' | 'reject';
  /** `gaming_allow:` entries `SHAPE=PATH_GLOB`: one shape allowed on matching paths; the base's. */
  gamingAllow?: { shape: string; glob: string }[];
}

/** A validation error: always names file, line and column (1-based). */
export interface LedgerIssue {
  message: string;
  file: string;
  line: number;
  column: number;
}

export interface LedgerParse {
  /** Present when the structure could be read, even if `errors` is non-empty. */
  ledger?: Ledger;
  errors: LedgerIssue[];
}

// ---------------------------------------------------------------- reports

/** One `<testcase>` as read from one report file, before it is mapped to an id. */
export interface RawCase {
  name: string;
  classname?: string;
  /** The `file` attribute (pytest xunit1, jest-junit with addFileAttribute, …) or the suite's file. */
  file?: string;
  /** 1-based line, when the report carries one (pytest xunit1's is 0-based and converted). */
  line?: number;
  status: Status;
  /** Failures or errors recorded as reruns/flaky attempts inside this case (Surefire, pytest-rerunfailures). */
  flakyAttempts: number;
  /** The report file this case came from. */
  report: string;
  /**
   * What the status alone does not say: `xfail` (pytest's expected failure, status skip),
   * `todo` (a test not written yet, status skip), or pytest's collection outcomes for a
   * whole module (`collection-skipped`, `collection-error`), which are not tests.
   */
  outcome?: CaseOutcome;
  /** The reason or error the runner gave, on one line (collection outcomes, xfail). */
  detail?: string;
}

export type CaseOutcome = 'xfail' | 'todo' | 'collection-skipped' | 'collection-error';

/** A pytest module skipped or broken at collection: not a test, but a fact about its tests. */
export interface CollectionOutcome {
  kind: 'collection-skipped' | 'collection-error';
  /** The module as pytest names it (`tests.pkg.test_mod`): its file path, dotted. */
  module: string;
  /** The module's repo-relative file, when the report says it. */
  file?: string;
  /** The skip reason, or the error's first line. */
  detail: string;
  report: string;
}

export type Dialect =
  | 'pytest'
  | 'jest-junit'
  | 'jest-json'
  | 'vitest'
  | 'node'
  | 'mocha'
  | 'surefire'
  | 'go-junit-report'
  | 'phpunit'
  | 'rspec'
  | 'ctest'
  | 'bats'
  | 'playwright'
  | 'trx'
  | 'nunit'
  | 'xunit-net'
  | 'generic';

export interface ParsedReport {
  file: string;
  dialect: Dialect;
  /** True for a pytest report that carries `file` attributes (junit_family=xunit1). */
  pytestHasFile?: boolean;
  cases: RawCase[];
}

/** One distinct test id after mapping and merging every report. */
export interface TestResult {
  id: string;
  status: Status;
  /** Passed only after a recorded rerun or a mixed result across reports. */
  flaky: boolean;
  /** `xfail` or `todo` when the status is skip for that reason (see RawCase.outcome). */
  outcome?: 'xfail' | 'todo';
  /**
   * The distinct reasons its skipped cases gave (the report's `message`, normalised by
   * decision/skip-reason.ts; '' where a case gave none); absent when no case skipped.
   */
  skipReasons?: string[];
  /**
   * Same-named cases merged in one report (a dialect that records no reruns): the most in
   * one report, where, and every status they had. Each status is judged; the most severe
   * finding stands (a twin that passes a quarantine row rejects like one that fails a
   * locked row).
   */
  duplicates?: { count: number; report: string; statuses: Status[] };
  file?: string;
  line?: number;
  reports: string[];
}

export interface UnmappedCase {
  case: RawCase;
  /** Why: no collected id, or several. */
  reason: string;
  candidates: string[];
}

// ---------------------------------------------------------------- the change

export type ChangeStatus = 'A' | 'M' | 'D' | 'T';

export interface ChangedPath {
  path: string;
  status: ChangeStatus;
}

/** Facts about the change against the base; absent when no base was given. */
export interface Change {
  /** The commit the comparison was made against (merge base). */
  baseSha: string;
  changed: ChangedPath[];
  /** The ledger as it was at the base; null when the base had none. */
  baseLedger: LedgerParse | null;
  agentAuthored: boolean;
  /** Why the change counts as agent-authored (or not), for the summary. */
  authorship: string;
  /**
   * Per ledger row id, who made the row's change: the commit that last touched the row
   * (§3). A changed row missing here falls back to the change's own authorship.
   */
  rowAuthors?: Map<string, { agent: boolean; why: string }>;
  /** Where the changed paths came from, e.g. `git` or `pulls.listFiles`. */
  source: string;
  /**
   * Each commit's own changed paths with its authorship, oldest first (the evidence rules,
   * §3). Without per-commit files (the API fallback) one entry with sha '' holds every
   * changed path under the change's authorship.
   */
  commits?: CommitChanges[];
  /** The gaming shapes in the lines the agents' commits add (§3 "Gaming shapes"). */
  gaming?: GamingFacts;
  /**
   * The inert files (§3: documents, pictures, licences) the agents' commits changed that the
   * head has as regular, non-executable files without a shebang, or deletes: the agent's to
   * write. Absent (the API fallback): none is.
   */
  inert?: string[];
}

/** What the gaming-shape scan of the agents' added lines found (src/code/, read by src/gather/evidence-gaming.ts). */
export interface GamingFacts {
  hits: { shape: string; path: string; line: number; sha: string; why: string }[];
  /** What could not be scanned (a cap reached, an unreadable diff): each asks for review. */
  unscanned: string[];
  /** `--gaming reject` / the action's `gaming: reject`: a setting of the base's workflow. */
  result?: 'review' | 'reject';
}

/** One path one commit changed, with what the gate read of its content. */
export interface CommitPathChange {
  path: string;
  status: ChangeStatus;
  /**
   * For a path only `GLOB#KEY` harness entries match: the keys whose settings this commit
   * changed ([]: none, so no harness edit). Absent when unknown: the whole file counts.
   */
  settingsChanged?: string[];
  /** A YAML harness file whose edit only moves `uses:` pins, line for line. */
  pinsOnly?: boolean;
  /**
   * A dependency manifest or lock file an agent's commit changed: what it did to the
   * registry dependencies, or why it is more than that (src/decision/dependencies.ts).
   */
  dependencies?: DependencyEdit;
}

/** One package a commit moved: added (from null), removed (to null) or a new version. */
export interface DependencyMove {
  name: string;
  /** `devDependencies`, `project.dependencies`, `requirements`, `lock`, … */
  section: string;
  from: string | null;
  to: string | null;
}

/**
 * What a commit did to a dependency file: registry versions moved, or the problem that makes
 * it more than that (a path, git or tarball spec, a script, an override, unparseable text).
 * `needsManifest`: a lock file edit that stands only beside its manifest's reviewed edit.
 */
export type DependencyEdit =
  { moves: DependencyMove[]; needsManifest?: true; problem?: undefined } | { problem: string };

/** A commit of the change: who made it, and the paths it changed. */
export interface CommitChanges {
  /** '' for the API fallback's one entry that stands for the whole change. */
  sha: string;
  agent: boolean;
  why: string;
  paths: CommitPathChange[];
}

export type PathKind =
  | 'production'
  | 'tests'
  | 'drafts'
  | 'harness'
  | 'goldens'
  | 'ledger'
  | 'reports'
  | 'docs'
  | 'dependencies'
  | 'other';

/** A path the change's agent commits changed, by kind (the summary's first section). */
export interface AgentChange {
  kind: PathKind;
  path: string;
  /** Its status in the last agent commit that changed it. */
  status: ChangeStatus;
  /** Those commits, short shas, oldest first (none for the API fallback). */
  commits: string[];
  /**
   * For a test file or golden: the lines the change altered, base to head, as a small bounded
   * diff (src/decision/changed-lines.ts), for the summary; absent when unread (no git, binary,
   * too large). Not in the JSON report.
   */
  lines?: ChangedLines;
}

/** A bounded line diff: hunk headers (`@@ -8 +8 @@`) and `-`/`+` lines, the rest counted. */
export interface ChangedLines {
  lines: string[];
  /** Changed lines left out (past the hunk, line or byte caps). */
  cut: number;
}

// ---------------------------------------------------------------- the file system, as facts

export interface ArtifactFact {
  /** `sha256:<hex>` of the bytes, when readable. */
  digest?: string;
  /** Why it could not be read (absent, not a regular file, …). */
  problem?: string;
}

export interface SeedsFact {
  files: number;
  problem?: string;
}

// ---------------------------------------------------------------- findings and the report

export type RuleKey =
  | 'fixture-unchanged'
  | 'fixture-digest-mismatch'
  | 'fixture-contract-change'
  | 'fixture-missing'
  | 'property-seeded'
  | 'property-seeds-empty'
  | 'property-seeds-shrunk'
  | 'quarantine-pass'
  | 'quarantine-fail'
  | 'quarantine-removed'
  | 'draft-pass'
  | 'draft-not-passing'
  | 'unclassified'
  | 'classified-fail'
  | 'classified-skip'
  | 'expected-skip'
  | 'classified-missing'
  | 'flaky-pass'
  | 'production-golden-no-bump'
  | 'ledger-contract-change'
  | 'ledger-agent-edit'
  | 'ledger-invalid'
  | 'agent-test-edit'
  | 'agent-harness-edit'
  | 'draft-in-evidence-run'
  | 'harness-change'
  | 'collection-skipped'
  | 'collection-error'
  | 'report-unmapped'
  | 'report-invalid'
  | 'report-in-change'
  | 'agent-write-outside'
  | 'dependency-change'
  | 'harness-unresolved'
  | 'reports-missing'
  | 'production-gaming-shape'
  | 'production-conduct'
  | 'passes-without-change'
  | 'no-failing-test'
  | 'holdout-fail'
  | 'holdout-missing'
  | 'mutant-survived';

/**
 * A test's two runs paired (a base run given, docs/stronger-evidence.md): how it did on the
 * base's production code, then on the head's. `unknown` when the base set is invalid.
 */
export type BasePairing =
  | 'fail-to-pass'
  | 'pass-to-pass'
  | 'pass-to-fail'
  | 'fail-to-fail'
  | 'skip-on-base'
  | 'absent-on-base'
  | 'unknown';

export interface Finding {
  rule: RuleKey;
  result: Result;
  id: string | null;
  status: Status | null;
  class: LedgerClass | null;
  message: string;
  file?: string;
  line?: number;
  approved_by?: string;
  /** On a review finding: the ledger row, as the head has it, that an approval accepts. */
  accepts?: string;
  /** On a reject or review finding: the command that resolves it, for a human (decision/fix.ts). */
  fix?: string;
  /** With a base run: the finding's test paired across the base and head runs. */
  base_run?: BasePairing;
  /** On mutant-survived: the line's mutants no admissible test killed (src/mutation/). */
  mutants?: MutantNote[];
}

/** A mutant of a mutation report, as a mutant-survived finding lists it. */
export interface MutantNote {
  /** The report's own id of the mutant. */
  id: string;
  mutator: string;
  replacement: string | null;
  status: string;
  /** Why it does not count: `survived: no test failed`, `killed only by … (a draft)`. */
  why: string;
}

export interface Counts {
  cases: number;
  admit: number;
  review: number;
  reject: number;
  info: number;
}

/** The plain admits of a decision, kept as columns (src/decision/admits.ts). */
export interface PlainAdmits {
  readonly length: number;
  /** How many admits of a rule. */
  countOf(rule: RuleKey): number;
  /** The rules with an admit, in table order. */
  rules(): RuleKey[];
  /** One rule's admits, in the order they were found, each made as a finding when read. */
  findingsOf(rule: RuleKey): Iterable<Finding>;
  /** Notes a base run's pairing on the admit of each test it pairs (stronger evidence). */
  pair(pairing: (id: string) => BasePairing | undefined): void;
}

export interface Report {
  version: 1;
  decision: Decision;
  counts: Counts;
  /** Every finding but the plain admits, sorted (decision/finalize.ts). */
  findings: Finding[];
  /**
   * The plain admits (`fixture-unchanged`, `property-seeded`) as columns, not findings
   * (decision/admits.ts): counted in `counts`, listed by the JSON report. Absent in a report
   * built by hand, which then holds every finding in `findings`.
   */
  admits?: PlainAdmits;
  /** What the agents' commits changed, by kind; absent when no commit is an agent's. */
  agentChanges?: AgentChange[];
  /** The one command that resolves every upkeep finding (decision/report-fix.ts), when there is one. */
  fix?: string;
  /** Per touched test file: the tests the change adds, deletes and renames (decision/test-changes.ts). */
  test_changes?: TestChanges[];
}

/** What a change did to one test file's tests, by id (renamed: `[from, to]`). */
export interface TestChanges {
  file: string;
  added: string[];
  deleted: string[];
  renamed: [string, string][];
}

/**
 * Where the change's facts come from: git, or the GitHub API where git cannot answer. One
 * source answers every question about one range (changed paths, commits, the base's ledger),
 * so the three can never describe different changes.
 */
export interface ChangeSource {
  /** Shown in the summary: `git`, or the API endpoints used. */
  source: string;
  /** The range as asked: the base (ref or sha) and the head. */
  range: { base: string; head: string };
  /** The merge base of the range: the paths, commits and base ledger are counted from it. */
  baseSha: string;
  changedPaths(): Promise<ChangedPath[]>;
  /** The commits in the range, for agent authorship; null when unknown (an agent's, §3). */
  commits(): Promise<CommitInfo[] | null>;
  /** The ledger's text at the merge base, or null when the base has none. */
  baseLedgerText(path: string): Promise<string | null>;
  /**
   * Where the ledger's version at each commit can be read (per-row attribution, §3): git only.
   * Absent for the API, which has no per-commit ledger: rows take the change's authorship.
   */
  ledgerVersions?: { cwd: string; head: string };
  /** Each commit's own changed paths, by sha (the evidence rules): git only. */
  commitPaths?(): Promise<Map<string, ChangedPath[]>>;
  /** A file's text at a commit, null when absent (shared configs, workflows): git only. */
  fileAt?(sha: string, path: string): Promise<string | null>;
  /** Every file path of a commit's tree (the harness the base reaches): git only. */
  filesAt?(sha: string): Promise<string[]>;
  /** The tree modes of paths at a commit (`100644`, `100755`, `120000`): git only. */
  modesAt?(sha: string, paths: readonly string[]): Promise<Map<string, string>>;
  /** A commit's diff as `git show -U0` gives it, read up to `maxBytes` (gaming shapes): git only. */
  addedLines?(sha: string, maxBytes: number): Promise<{ text: string; capped: boolean }>;
  /** Head line → the commit of the range that wrote it, older lines absent (mutation pass): git only. */
  lineCommits?(path: string): Promise<Map<number, string>>;
  /** The range's whole diff as `git diff -U0` gives it (mutation pass): git only. */
  rangeDiff?(): Promise<string>;
}

/** A report file the gate could not use, or a pattern that matched nothing. */
export interface ReportProblem {
  file: string;
  message: string;
  line?: number;
}

/** A git identity: `Name <email>`. */
export interface Identity {
  name: string;
  email: string;
}

/** One commit of the change, as git (or the API fallback) reports it. */
export interface CommitInfo {
  sha: string;
  /** Parent shas; empty for a root or a shallow clone's boundary (then nothing is known of it). */
  parents: string[];
  author: Identity;
  committer: Identity;
  /** The values of its `Co-authored-by` trailers, as git's trailer parser reads them. */
  coAuthors: Identity[];
}

/** A warning that does not change the decision (old quarantine rows). */
export interface GateWarning {
  message: string;
  file: string;
  line: number;
}
