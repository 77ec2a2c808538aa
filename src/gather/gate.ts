// The gate as one call: read the ledger, the reports and the change, then decide().
// Shared by the CLI (`ledger-gate check`) and the action; both only add their own I/O around it.
import { lstat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PREFETCH_LEDGER_BYTES, fileFacts, prefetchFileFacts } from '../adapters/fs/file-facts.js';
import { defaultLedger } from '../adapters/fs/default-ledger.js';
import { goldensAfterReports, oneWorker } from '../adapters/fs/goldens-after-reports.js';
import { expandReports } from '../adapters/fs/report-globs.js';
import { findShipped } from '../adapters/fs/report-origin-facts.js';
import { LIMITS, decodeCapped, leavesRepo, readCapped } from '../adapters/fs/safe-read.js';
import { fallbackNote } from '../worker/client.js';
import { attributeRows } from './attribution.js';
import { judgeAuthorship, parsePatterns, type Authorship } from '../decision/authorship.js';
import { decide } from '../decision/decide.js';
import { judgeDraftRun, type DraftRun } from '../decision/draft-run.js';
import { NO_LEDGER, addFixes, type FixContext } from '../decision/fix.js';
import { reportFix } from '../decision/report-fix.js';
import { changedTests } from './base-tests.js';
import { addAgentDiffs } from './agent-diffs.js';
import { EvidencePaths, type EvidenceSettings } from '../decision/evidence.js';
import {
  DEFAULT_DRAFT_PATHS,
  DEFAULT_HARNESS_PATHS,
  DEFAULT_TEST_PATHS,
  globsOf,
} from '../decision/evidence-paths.js';
import { commitFacts } from './evidence-commits.js';
import { writeBoundary } from './write-boundary.js';
import { inertDocs } from './inert-docs.js';
import { addDependencyEdits } from './dependency-edits.js';
import { productionPaths, type Production } from './production.js';
import { pathSet } from '../decision/production-paths.js';
import type { HarnessResolution } from '../harness/resolve.js';
import { quarantineWarnings } from '../decision/quarantine.js';
import { checkLedgerPaths } from '../adapters/fs/ledger-paths.js';
import { rowFor } from '../ledger/file-rows.js';
import { parseLedgerLazily } from '../ledger/parse-lazily.js';
import { gatherReports } from './reports.js';
import { expandDrafts, readDraftReport } from './draft-report.js';
import { addStronger, expandStronger, type StrongerOptions } from './stronger-evidence.js';
import type { MutationOptions } from './mutation-evidence.js';
import type { ConductOptions } from './conduct-evidence.js';
import {
  GateError,
  type Change,
  type ChangedPath,
  type ChangeSource,
  type GateWarning,
  type Expect,
  type Ledger,
  type LedgerIssue,
  type Report,
  type TestResult,
} from '../types.js';

export interface GateOptions extends StrongerOptions, MutationOptions, ConductOptions {
  /** The repository root: the ledger, artifacts and seeds are read below it. */
  cwd: string;
  /** Repo-relative path of the ledger (callers resolve the default: adapters/fs/default-ledger.ts). */
  ledger: string;
  /** Report globs, relative to cwd or absolute. */
  junit: string[];
  /** Output of `pytest --collect-only -q`, relative to cwd or absolute. */
  collected?: string;
  /** The folder `collected` must be inside; default the repository (cwd). */
  collectedRoot?: string;
  /**
   * The report globs (and collected list) as the fix commands show them, when the gate reads
   * them elsewhere: on workflow_run, the artifact's own paths, not the runner's temp folder.
   */
  shownRun?: { junit: string[]; collected?: string };
  /**
   * Report globs of the drafts' own run (a job apart): read for drafts only, never as
   * evidence (decision/draft-report.ts).
   */
  draftJunit?: string[];
  /** Report globs of the base commit's own run: the review entries name the tests a file adds, deletes, renames. */
  baseTests?: string[];
  /** Base ref or sha to diff against; without it the diff rules are skipped and `notes` says so. */
  base?: string;
  head: string;
  production: string[];
  goldens: string[];
  /** The evidence path sets (§3); each empty or absent list takes its documented default. */
  testPaths?: string[];
  harnessPaths?: string[];
  draftPaths?: string[];
  expect: Expect;
  agentAuthors: string[];
  author: 'auto' | 'agent' | 'human';
  /** The pull request author's login, when known (the action). */
  prAuthor?: string;
  /** The pull request author's account type (`User`, `Bot`), when known (the action). */
  prAuthorType?: string;
  /** May git fetch to deepen a shallow clone until the merge base is found. */
  allowFetch?: boolean;
  /**
   * Awaited once the workers are started, before the ledger is read (a long synchronous
   * stretch): the action's check-run request leaves meanwhile (Api.sent()).
   */
  beforeLedger?: () => Promise<void>;
  /**
   * Where the change comes from, chosen by the caller when the gate first asks (the action:
   * git, or the API where git cannot answer). Default: git over base..head.
   */
  changeSource?: () => Promise<ChangeSource>;
  /**
   * Where an agent's commits may write (globs, `!GLOB` excludes), beside the draft paths and
   * the ledger; unset: the production paths, given or derived from the base's tree
   * (gather/write-boundary.ts). Anything else an agent's commit touches is
   * `agent-write-outside` (§3); `**` turns it off.
   */
  agentWritePaths?: string[];
  /** How many report files the run must deliver (the shard count); fewer is `reports-missing`. */
  reportsExpected?: number;
  /**
   * The cores the gate plans its threads for (default `os.availableParallelism()`): on two or
   * fewer one worker reads the reports and then hashes goldens (goldens-after-reports.ts).
   */
  cores?: number;
  /** Quarantine rows older than this many days become warnings. */
  quarantineMaxAgeDays?: number;
  now?: Date;
  /** `--gaming reject`: gaming-shape findings reject instead of asking for review (§3). */
  gaming?: 'review' | 'reject';
}

export interface GateOutcome {
  report: Report;
  /** One-line facts for the summary: which base, where the change came from, what was skipped. */
  notes: string[];
  warnings: GateWarning[];
  change?: Change;
  /** The mapped test results (the summary's counts by status and links to test files). */
  tests: TestResult[];
  /** The change's ledger when valid (the summary groups fixture findings by golden). */
  ledger?: Ledger;
  /** What the findings' fixes were made from: the one command for several is made from it too. */
  fix: FixContext;
}

export async function runGate(o: GateOptions): Promise<GateOutcome> {
  const notes: string[] = [];
  const root = o.cwd;
  const ledgerShown = o.ledger.split(path.sep).join('/');

  // A worker that cannot run is a note: the work it would have done ran here, more slowly.
  const fallbacks = new Set<string>();
  const onFallback = (what: string, e: unknown) => fallbacks.add(fallbackNote(what, e));

  // A large ledger's goldens are hashed from the start, by a worker that scans its text: before
  // the reports are listed and the change is read, which it needs neither of.
  // Where there are two cores, the reports' worker hashes them after the reports instead.
  const ledgerAbs = path.resolve(root, o.ledger);
  const large = (await fileSize(ledgerAbs)) >= PREFETCH_LEDGER_BYTES;
  const after =
    large && oneWorker(o.cores ?? availableParallelism())
      ? goldensAfterReports(root, ledgerAbs, onFallback)
      : undefined;
  const early = after
    ? after.early
    : large
      ? prefetchFileFacts(root, ledgerAbs, onFallback)
      : undefined;

  // With a base, the change's paths come first: a report file the change ships is not read
  // (report-in-change), so its cases count for nothing.
  const expanded = await expandReports(root, o.junit);
  // The base run's and the hold-out's files are never the head's evidence (stronger-evidence.ts).
  const stronger = await expandStronger(root, o);
  // So are the mutation reports (a JSON file matched by a JUnit glob too). Their reader, schema
  // check and judge load only with mutation-report (an ncc chunk): no start-up cost otherwise.
  // (expandMutation still decides whether the globs name anything.)
  const mutationReader = o.mutationReport?.length
    ? await import('./mutation-evidence.js')
    : undefined;
  const mutation = await mutationReader?.expandMutation(root, o);
  for (const f of mutation?.files ?? []) stronger.taken.add(f.path);
  // And the drafts' own run: read for drafts only (draft-report.ts).
  const draftFiles = await expandDrafts(root, o.draftJunit);
  for (const f of draftFiles?.files ?? []) stronger.taken.add(f.path);
  const src =
    o.base === undefined ? undefined : await (o.changeSource ? o.changeSource() : gitSource(o));
  const changed = await src?.changedPaths();
  const own = expanded.files.filter((f) => !stronger.taken.has(f.path));
  const shipped = changed ? await findShipped(root, own, o.collected, changed) : [];
  const dropped = new Set(shipped.map((s) => s.file));

  // Large report sets are read, parsed and mapped on the worker thread (src/worker/entry.ts), while
  // this thread reads the ledger: on two cores the two halves overlap.
  const job = {
    root,
    files: own.filter((f) => !dropped.has(f.shown)),
    problems: expanded.problems,
    collected: shipped.some((s) => s.kind === 'collected') ? undefined : o.collected,
    collectedRoot: o.collectedRoot,
  };
  const reportsP = gatherReports(job, onFallback, after);
  reportsP.catch(() => undefined); // awaited below; a throw before then must not go unhandled
  // The workers are started: what the caller waits for before this thread's long stretch of
  // reading (the action's check-run request leaving) now overlaps their work.
  await o.beforeLedger?.();

  // The change's ledger classifies the test cases. Goldens hash and seed folders are listed
  // (on a worker thread when there are many) while the paths are checked and reports parsed.
  const parsed = await readLedger(root, o.ledger, ledgerShown, early?.ledgerBytes());
  const { ledger } = parsed;
  const paths = factPaths(ledger);
  const factsP = fileFacts(root, paths.artifacts, paths.seeds, {
    early,
    onFallback,
  });
  factsP.catch(() => undefined);
  const ledgerErrors =
    ledger && parsed.errors.length === 0 ? checkLedgerPaths(ledger, root) : parsed.errors;

  const { tests, unmapped, reportProblems, collection, collected, dialects } = await reportsP;
  if (dialects.includes('jest-junit') && !dialects.includes('jest-json')) {
    notes.push(
      "jest-junit writes test.todo as a pass: give jest's --json results too (docs/test-ids.md)",
    );
  }

  const evidence = evidenceSettings(o);
  let change: Change | undefined;
  let harness: HarnessResolution | undefined;
  let draftRun: DraftRun | undefined;
  // The run's production paths, given or derived from the base: the allowlist's and
  // production-golden-no-bump's one set (production.ts).
  let production: Production | undefined;
  if (src !== undefined && changed !== undefined) {
    // The harness as the base's CI runs it, read from the base (src/harness/). Loaded only
    // here, as is the gaming-shape scan below: a run without a base never needs either.
    const { baseHarness } = await import('../harness/from-source.js');
    const h = await baseHarness(src);
    if (typeof h === 'string') notes.push(h);
    else {
      harness = h;
      evidence.reached = h.reach;
      notes.push(
        `harness: ${h.reach.length} path(s) reached from the base's CI and runner configs (${h.read} file(s) read), ${h.unresolved.length} not followed`,
      );
      // Whether the evidence run collects the drafts, from the same reading of the base's CI.
      draftRun = judgeDraftRun(h.runs, evidence.draftPaths);
      notes.push(
        `drafts: ${draftRun.collects ? 'run with the evidence' : 'run apart'}: ${draftRun.why}`,
      );
    }
    production = await productionPaths(o.production, src, evidence);
    evidence.agentWritePaths = writeBoundary(o, production, src, notes);
    change = await readChange(o, src, changed, ledgerShown, ledger, evidence, notes);
    notes.push(
      `compared with ${change.baseSha.slice(0, 12)} (merge base of ${o.base}); changed paths from ${change.source}: ${change.changed.length}`,
    );
    const perRow = change.rowAuthors
      ? '; ledger rows: each by the commit that last touched it'
      : '';
    notes.push(
      `authorship: ${change.agentAuthored ? 'agent' : 'human'} (${change.authorship})${perRow}`,
    );
    if (change.baseLedger === null)
      notes.push(`the base has no ${ledgerShown}: every non-draft row is new`);
    else if (change.baseLedger.errors.length > 0)
      notes.push(`the base ${ledgerShown} is invalid: every non-draft row is treated as new`);
  } else {
    // The evidence path rules are diff rules too (§3): skipped with them.
    notes.push('no base given: the diff rules and the base-ledger comparison were skipped');
  }

  const draftReport =
    draftFiles && (await readDraftReport(root, draftFiles, evidence.draftPaths, changed));
  if (draftReport)
    notes.push(
      `drafts' run (draft-junit): ${draftReport.tests.length} case(s) read for drafts only` +
        (draftReport.tests.length === 0 && draftReport.draftFile === undefined
          ? ', and the checkout has no drafts to run'
          : ''),
    );
  const facts = await factsP;
  const decided: Report = decide({
    ledgerFile: ledgerShown,
    ledger,
    ledgerErrors,
    tests,
    unmapped,
    reportProblems,
    shippedReports: shipped,
    collection,
    collected,
    artifacts: facts.artifacts,
    seeds: facts.seeds,
    change,
    isProduction: matcher(production?.globs ?? []) ?? (() => false),
    isGolden: matcher(o.goldens),
    expect: o.expect,
    evidence,
    harnessUnresolved: harness?.unresolved,
    draftRun,
    ...(draftReport ? { draftReport } : {}),
    reportsExpected:
      o.reportsExpected === undefined
        ? undefined
        : { expected: o.reportsExpected, arrived: job.files.map((f) => f.shown) },
  });
  const strong = await addStronger(decided, stronger, o, {
    root,
    collected: o.collected,
    collectedRoot: o.collectedRoot,
    headFiles: job.files,
    headTests: tests,
    changed,
    change,
    ledger: ledgerErrors.length === 0 ? ledger : undefined,
    ledgerFile: ledgerShown,
    isProduction: matcher(o.production) ?? (() => false),
    productionGiven: matcher(o.production) !== undefined,
    notes,
  });
  const mutated =
    !mutation || !mutationReader
      ? strong
      : await mutationReader.addMutation(strong, mutation, o, {
          root,
          src,
          change,
          ledger: ledgerErrors.length === 0 ? ledger : undefined,
          ledgerFile: ledgerShown,
          production: o.production,
          evidence,
          headTests: tests,
          holdoutFiles: stronger.holdout?.files,
          notes,
        });
  // What production code did in the run (the pytest recorder's report), judged on agent
  // lines; loaded only when a conduct report is configured, as the mutation pass is.
  const report =
    o.conduct === undefined
      ? mutated
      : await (
          await import('./conduct-evidence.js')
        ).addConduct(mutated, o, {
          root,
          src,
          change,
          ledger: ledgerErrors.length === 0 ? ledger : undefined,
          ledgerFile: ledgerShown,
          production: o.production,
          evidence,
          junitFiles: job.files,
        });
  if (o.expect === 'ran-files' && report.findings.some((f) => HARNESS_RULES.has(f.rule))) {
    notes.push(
      'a harness path changed: every row must have a result (expect: ran-files set aside)',
    );
  }
  // Each reject and review finding says the command that resolves it, from this run's inputs.
  const baseLedgerNow = change?.baseLedger?.ledger;
  const shown = o.shownRun ?? { junit: o.junit, collected: o.collected };
  const fix: FixContext = {
    junit: shown.junit,
    collected: shown.collected,
    ledger: ledgerShown,
    // A fix leaves out --ledger when the commands would find this ledger without it.
    defaultLedger: defaultLedger(root),
    base: o.base,
    // The row that classes the id (its file row included): the change's, else the base's.
    row: (id) =>
      (ledger && rowFor(ledger, id)) ?? (baseLedgerNow && rowFor(baseLedgerNow, id)) ?? undefined,
    isAdded: addedPaths(change),
  };
  addFixes(report.findings, fix);
  const oneFix = reportFix(report.findings, fix);
  if (oneFix !== undefined) report.fix = oneFix;
  // The lines an agent changed in test files and goldens: the summary shows them.
  await addAgentDiffs(report.agentChanges, src);
  const moved = await changedTests(root, o.baseTests, change, { tests, collected });
  if (moved.length > 0) report.test_changes = moved;
  if (production === undefined && change !== undefined) {
    notes.push(
      `no production paths: none given and ${change.source} cannot list the base's tree: production-golden-no-bump was not checked (set production-paths)`,
    );
  }
  notes.push(...fallbacks);
  return {
    report,
    notes,
    warnings: quarantineWarnings(ledger, ledgerShown, o.quarantineMaxAgeDays, o.now),
    change,
    tests,
    ledger: ledgerErrors.length === 0 ? ledger : undefined,
    fix,
  };
}

/** The paths the change adds (the base has none of them), for a fix that gives one back. */
function addedPaths(change: Change | undefined): ((path: string) => boolean) | undefined {
  if (!change) return undefined;
  const added = new Set(change.changed.filter((c) => c.status === 'A').map((c) => c.path));
  return (path) => added.has(path);
}

async function fileSize(abs: string): Promise<number> {
  return lstat(abs).then(
    (st) => (st.isFile() ? st.size : 0),
    () => 0,
  );
}

async function readLedger(
  root: string,
  rel: string,
  shown: string,
  // The bytes the prefetch read (the same path, checks and cap), so they are read once.
  prefetched?: Promise<Buffer | undefined>,
): Promise<{ ledger?: Ledger; errors: LedgerIssue[] }> {
  const at = (message: string): LedgerIssue[] => [{ message, file: shown, line: 1, column: 1 }];
  if (path.isAbsolute(rel) || rel.split(/[\\/]/).includes('..')) {
    return { errors: at('the ledger path must be inside the repository') };
  }
  if (await leavesRepo(root, path.resolve(root, rel))) {
    return { errors: at('resolves outside the repository through a symlinked folder: refused') };
  }
  let text: string;
  try {
    const bytes = await prefetched;
    text = bytes
      ? decodeCapped(bytes, shown)
      : await readCapped(path.resolve(root, rel), LIMITS.ledgerBytes, shown);
  } catch (e) {
    if (!(e instanceof GateError)) return { errors: at(String(e)) };
    // No ledger at all is the root cause of everything else: say the next step, not line 1.
    if (e.message === 'no such file')
      return {
        errors: at(
          `${NO_LEDGER}: ${shown} does not exist; \`ledger-gate init\` freezes this run into one`,
        ),
      };
    // Where it has one (invalid UTF-8 names its byte's line and column), not line 1.
    const where = { line: e.line ?? 1, column: e.line === undefined ? 1 : (e.column ?? 1) };
    return { errors: [{ message: e.message, file: shown, ...where }] };
  }
  return parseLedgerLazily(text, shown);
}

/**
 * The distinct goldens of locked fixtures and seeds folders of properties, in one pass over the
 * rows: this thread's critical path at L (100,000 rows), where two passes built two arrays of
 * 50,000 mostly repeated paths for fileFacts to collapse again.
 */
function factPaths(ledger: Ledger | undefined): { artifacts: Set<string>; seeds: Set<string> } {
  const artifacts = new Set<string>();
  const seeds = new Set<string>();
  for (const r of ledger?.rows ?? []) {
    if (r.class === 'locked_fixture') {
      if (r.artifact !== undefined) artifacts.add(r.artifact);
    } else if (r.class === 'property' && r.seeds !== undefined) seeds.add(r.seeds);
  }
  return { artifacts, seeds };
}

const HARNESS_RULES = new Set(['agent-harness-edit', 'harness-change']);

/** The path sets as given, each empty one replaced by its default list. */
function evidenceSettings(o: GateOptions): EvidenceSettings {
  const given = (l: string[] | undefined, d: readonly string[]) =>
    l && l.some((g) => g.trim() !== '') ? l : [...d];
  return {
    testPaths: given(o.testPaths, globsOf(DEFAULT_TEST_PATHS)),
    harnessPaths: given(o.harnessPaths, globsOf(DEFAULT_HARNESS_PATHS)),
    draftPaths: given(o.draftPaths, DEFAULT_DRAFT_PATHS),
    reports: o.junit,
  };
}

/** A glob list's path set (`!GLOB` excludes), undefined when empty. */
function matcher(globs: string[]): ((p: string) => boolean) | undefined {
  return pathSet(globs);
}

/**
 * The default source (the CLI's): git over base..head. Loaded only with a base: it pulls in
 * child_process and @actions/exec, and start-up time counts.
 */
async function gitSource(o: GateOptions): Promise<ChangeSource> {
  const git = await import('../adapters/git/git.js');
  return git.gitChange(o.cwd, o.base!, o.head, o.allowFetch ?? false);
}

/** The change against the base, every answer from one source over one range. */
async function readChange(
  o: GateOptions,
  src: ChangeSource,
  changed: ChangedPath[],
  ledgerShown: string,
  ledger: Ledger | undefined,
  evidence: EvidenceSettings,
  notes: string[],
): Promise<Change> {
  const patterns = parsePatterns(o.agentAuthors);
  const [baseText, commits] = await Promise.all([src.baseLedgerText(ledgerShown), src.commits()]);
  // The base's paths are normalised to their canonical form (it may predate that rule): the
  // diff rules compare them with the change's rows and git's paths.
  const baseLedger =
    baseText === null
      ? null
      : await parseLedgerLazily(baseText, `${ledgerShown}@base`, { normalisePaths: true });
  let rowAuthors: Map<string, Authorship> | null | undefined;
  if (src.ledgerVersions && commits && o.author === 'auto' && ledger) {
    const at = { ...src.ledgerVersions, ledgerPath: ledgerShown, patterns };
    rowAuthors = await attributeRows(at, commits, baseLedger, ledger).catch(() => null);
  }
  const who =
    o.author !== 'auto'
      ? { agent: o.author === 'agent', why: `--author ${o.author}` }
      : rowAuthors === null
        ? { agent: true, why: 'the ledger rows could not be attributed to commits' }
        : judgeAuthorship(commits, { login: o.prAuthor, type: o.prAuthorType }, patterns);
  const paths = new EvidencePaths(evidence, {
    ledgerFile: ledgerShown,
    ledger,
    baseRows: baseLedger?.ledger?.rows ?? [],
    isProduction: () => false,
    isGolden: () => false,
  });
  const facts = await commitFacts({
    src,
    commits,
    changed,
    change: who,
    author: o.author,
    patterns,
    paths,
  });
  // Inert documents and dependency edits: what the write boundary leaves to the agent or to
  // review (§3), read before the gaming scan, which classes paths by the same kinds.
  const inert = await inertDocs(src, facts.commits, changed, evidence, notes);
  await addDependencyEdits(src, commits, facts.commits);
  const { readGaming } = await import('./evidence-gaming.js');
  const gaming = await readGaming(
    {
      src,
      ...facts,
      changed,
      evidence,
      ledgerFile: ledgerShown,
      ledger,
      baseLedger,
      production: o.production,
      result: o.gaming,
    },
    notes,
  );
  if (!facts.perCommit) {
    notes.push(
      `evidence paths: ${src.source} gives no per-commit files, so every changed path takes the change's authorship (${who.agent ? 'agent' : 'human'}) and shared configs count whole; check out with history (fetch-depth: 0) so git can answer per commit`,
    );
  }
  return {
    baseSha: src.baseSha,
    changed,
    baseLedger,
    agentAuthored: who.agent,
    authorship: who.why,
    rowAuthors: rowAuthors ?? undefined,
    source: src.source,
    commits: facts.commits,
    ...(gaming ? { gaming } : {}),
    ...(inert ? { inert } : {}),
  };
}
