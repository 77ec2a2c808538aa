// decide(): the decision table applied to plain facts. No I/O: the adapters gather the facts
// (ledger, mapped test results, artifact digests, seed counts, the change) and pass them in.
// The rules live by family: judge-case.ts (each result against its row), missing-rows.ts,
// ledger-change.ts and golden-no-bump.ts (the diff rules), finalize.ts (order and decision).
import { rowFor } from '../ledger/file-rows.js';
import { GoldenIndex } from '../ledger/golden-set.js';
import { parseDoctestArtifact } from '../ledger/doctest-artifact.js';
import picomatch from 'picomatch';
import type { Finding, Ledger, LedgerRow, Report, TestResult } from '../types.js';
import { AdmitColumns } from './admits.js';
import { ChangeFacts } from './change-facts.js';
import type { DecideInput } from './decide-input.js';
import { draftReportFindings } from './draft-report.js';
import { draftRunFindings } from './draft-run.js';
import { DEFAULT_DRAFT_PATHS } from './evidence-paths.js';
import { idPrefix, judgeEvidence } from './evidence.js';
import { gamingFindings } from './gaming-shape.js';
import { finalize } from './finalize.js';
import { finding, NO_CASE } from './finding.js';
import { NO_LEDGER } from './fix.js';
import { goldenNoBump } from './golden-no-bump.js';
import { caseFinding, collectionFinding, judgeCases, skippedModuleRows } from './judge-case.js';
import { ledgerChangeFindings } from './ledger-change.js';
import { missingRows } from './missing-rows.js';
import { reportsMissing } from './reports-expected.js';
import { insideOf, writeOutside } from './write-paths.js';
import { dependencyChanges } from './dependency-change.js';
import type { PathKind } from '../types.js';

/** Kinds the write boundary judges itself (the rest are their own rules' or inert). */
const OUTSIDE_KINDS: ReadonlySet<PathKind> = new Set(['production', 'other', 'dependencies']);

export type { DecideInput } from './decide-input.js';

export function decide(input: DecideInput): Report {
  const findings: Finding[] = [];
  const cases = input.tests.length + input.unmapped.length;

  for (const p of input.reportProblems) {
    findings.push(
      finding('report-invalid', { ...NO_CASE, message: p.message, file: p.file, line: p.line }),
    );
  }
  for (const r of input.shippedReports ?? [])
    findings.push(finding('report-in-change', { ...NO_CASE, message: r.message, file: r.file }));
  if (cases === 0 && input.reportProblems.length === 0) {
    findings.push(
      finding('report-invalid', { ...NO_CASE, message: 'no report holds any test case' }),
    );
  }
  if (input.reportsExpected)
    for (const f of reportsMissing(input.reportsExpected)) findings.push(f);
  for (const u of input.harnessUnresolved ?? []) {
    const message = `${u.file}${u.line === undefined ? '' : `:${u.line}`}: not followed: ${u.what}`;
    findings.push(
      finding('harness-unresolved', { ...NO_CASE, message, file: u.file, line: u.line }),
    );
  }
  for (const o of input.collection ?? []) findings.push(collectionFinding(o));
  for (const u of input.unmapped) {
    const c = u.case;
    const message = `${c.classname ? c.classname + ' ' : ''}${c.name}: ${u.reason}`;
    findings.push(
      finding('report-unmapped', { ...NO_CASE, status: c.status, message, file: c.report }),
    );
  }

  for (const issue of input.ledgerErrors) {
    findings.push(
      finding('ledger-invalid', {
        ...NO_CASE,
        message: issue.message,
        file: issue.file,
        // A file that does not exist has no line to point at.
        line: issue.message.startsWith(NO_LEDGER) ? undefined : issue.line,
      }),
    );
  }
  // A ledger that fails validation classifies nothing: no admit may come from it.
  const ledger = input.ledgerErrors.length === 0 ? input.ledger : undefined;
  const draftPaths = input.evidence?.draftPaths ?? DEFAULT_DRAFT_PATHS;
  const onlyDrafts = onlyDraftCases(input, ledger, draftPaths);
  if (onlyDrafts !== undefined) findings.push(onlyDrafts);
  const evidence = evidenceFindings(input, ledger);
  findings.push(...(evidence?.findings ?? []));
  if (input.change && input.evidence) {
    // A test, harness, golden or report path is its own rule's (one finding per trick); an
    // inert document is the agent's to write; a dependency file is dependency-change's.
    const judged = new Set(
      (evidence?.agentChanges ?? []).filter((a) => !OUTSIDE_KINDS.has(a.kind)).map((a) => a.path),
    );
    const { agentWritePaths: boundary, draftPaths } = input.evidence;
    if (boundary !== undefined) {
      const inside = insideOf(boundary, draftPaths, input.ledgerFile, judged);
      const deps = dependencyChanges(input.change, boundary, inside);
      findings.push(...deps.findings);
      for (const p of deps.judged) judged.add(p);
    }
    findings.push(...writeOutside(input.change, boundary, draftPaths, input.ledgerFile, judged));
  }
  if (input.change && input.evidence) {
    const classed = new Set(
      (ledger?.rows ?? []).filter((r) => r.class !== 'draft').map((r) => idPrefix(r.id)),
    );
    const drafts = draftRunFindings(
      evidence?.agentChanges,
      input.draftRun,
      input.tests,
      input.evidence.draftPaths,
      (p) => classed.has(p),
    );
    for (const f of drafts) findings.push(f);
  }
  if (input.change) findings.push(...gamingFindings(input.change));
  let admits: AdmitColumns | undefined; // the plain admits, as columns (decision/admits.ts)
  const facts = new ChangeFacts(input.change);
  const seen = new Set<LedgerRow>(); // rows with a result, by identity
  let judged: Finding[] = [];
  if (ledger) {
    admits = new AdmitColumns(input.tests, input.ledgerFile);
    judged = judgeCases(input.tests, ledger, input, facts, seen, admits);
    // A loop, not push(...judged): spreading a million findings overflows the call stack.
    for (const f of judged) findings.push(f);
  }
  // The drafts' own run. Without a valid ledger it classes nothing (ledger-invalid already
  // rejects), but its broken or missing report still rejects.
  if (input.draftReport)
    for (const f of draftReportFindings(input.draftReport, {
      ledgerFile: input.ledgerFile,
      draftPaths,
      classed: ledger && {
        ledger,
        judge: (t) => caseFinding(t, ledger, input, facts, seen),
        seen: (row) => seen.add(row),
      },
    }))
      findings.push(f);
  if (ledger) {
    skippedModuleRows(ledger, input, facts, seen, findings);
    // A changed harness can stop a file from running: then every row is expected.
    const expect = evidence?.harnessTouched ? 'all' : input.expect;
    missingRows(ledger, { ...input, expect }, seen, findings, draftPaths);
    if (input.change) {
      // A re-lock its golden's tests already put under review is that review's, not a second
      // entry: each golden (or file row's file) reviewed with the digest it was bumped to.
      const relocked = new Map<string, string>();
      for (const f of judged) {
        if (f.rule !== 'fixture-contract-change') continue;
        const row = rowFor(ledger, f.id!)!;
        relocked.set(row.artifact!, row.digest!);
      }
      ledgerChangeFindings(ledger, input.change, input.ledgerFile, relocked, findings);
      goldenNoBump(ledger, input, facts, findings);
    }
  }
  const report = finalize(findings, cases, admits);
  if (evidence?.agentChanges) report.agentChanges = evidence.agentChanges;
  return report;
}

/**
 * The evidence reports hold drafts only (a draft row, or a file under the draft paths): drafts
 * are not evidence, so nothing in them is, and a run of drafts alone must not pass (CONTRACT §3).
 */
function onlyDraftCases(
  input: DecideInput,
  ledger: Ledger | undefined,
  draftPaths: readonly string[],
): Finding | undefined {
  if (input.tests.length === 0 || input.unmapped.length > 0) return undefined;
  const globs = draftPaths.filter((g) => g.trim() !== '' && !g.startsWith('!'));
  const isDraft = globs.length > 0 ? picomatch(globs, { dot: true }) : () => false;
  const draft = (t: TestResult) =>
    isDraft(idPrefix(t.id)) || (ledger !== undefined && rowFor(ledger, t.id)?.class === 'draft');
  if (!input.tests.every(draft)) return undefined;
  return finding('report-invalid', {
    ...NO_CASE,
    message: `the evidence reports hold only drafts (${input.tests.length} case(s)): drafts are not evidence, so the run holds none`,
  });
}

/** The evidence path rules (decision/evidence.ts), over the change's commits. */
function evidenceFindings(input: DecideInput, ledger: Ledger | undefined) {
  if (!input.change || !input.evidence) return undefined;
  const base = input.change.baseLedger;
  const baseRows = base?.ledger && base.errors.length === 0 ? base.ledger.rows : [];
  const goldens = new GoldenIndex([...(ledger?.rows ?? []), ...baseRows].map((r) => r.artifact));
  const inert = new Set(input.change.inert ?? []);
  return judgeEvidence(input.change, input.evidence, {
    ledgerFile: input.ledgerFile,
    ledger,
    baseRows,
    isProduction: input.isProduction,
    isGolden: input.isGolden ?? ((p) => goldens.has(p)),
    examplesRewritten: doctestsRewritten(baseRows, input),
    isInert: inert.size > 0 ? (p) => inert.has(p) : undefined,
  });
}

/**
 * The modules whose locked examples the change rewrote: a base doctest row whose examples
 * now digest otherwise, or can no longer be read (fail closed: the module counts as a test).
 */
function doctestsRewritten(
  baseRows: readonly LedgerRow[],
  input: DecideInput,
): (path: string) => boolean {
  const modules = new Set<string>();
  for (const r of baseRows) {
    const d = r.artifact === undefined ? undefined : parseDoctestArtifact(r.artifact);
    if (d === undefined) continue;
    if (input.artifacts.get(r.artifact!)?.digest !== r.digest) modules.add(d.file);
  }
  return (p) => modules.has(p);
}
