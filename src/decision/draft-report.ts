// The drafts' own run (`draft-junit`, CONTRACT §3 "Drafts run apart"), read for drafts only.
// Its job runs the agent's drafts on a fresh runner, so its report is never evidence: a case
// of a draft row gets the usual draft rules, and anything else in it admits nothing. A case
// outside the draft paths means the report is not the drafts' run alone (a misconfigured glob,
// or a job that ran more): report-invalid, never evidence. A test a human promoted while its
// file still sits under the draft paths runs only here, so it is missing from the evidence:
// classified-missing, whose fix is to move the file. A missing or empty report, while there are
// drafts to run, fails closed: a run the drafts' job did not deliver judges nothing.
import picomatch from 'picomatch';
import { rowFor } from '../ledger/file-rows.js';
import type {
  CollectionOutcome,
  Finding,
  Ledger,
  LedgerRow,
  ReportProblem,
  TestResult,
  UnmappedCase,
} from '../types.js';
import { draftFolder } from './draft-run.js';
import { idPrefix } from './evidence.js';
import { shellQuote } from './fix.js';
import { finding, NO_CASE } from './finding.js';

/** The drafts' run as the gate read it (gather/draft-report.ts). */
export interface DraftReport {
  /** The `draft-junit` globs, as given. */
  globs: string[];
  tests: TestResult[];
  unmapped: UnmappedCase[];
  collection: CollectionOutcome[];
  /** Unreadable, hostile or refused files (a glob that matched nothing is in `unmatched`). */
  problems: ReportProblem[];
  /** The globs that matched no file. */
  unmatched: string[];
  /** A file under the draft paths in the checkout (what the drafts' job runs), if any. */
  draftFile?: string;
}

/** Where the draft cases' judgement comes from: decide()'s per-case rules, bound to its input. */
export interface DraftJudge {
  ledgerFile: string;
  draftPaths: readonly string[];
  /** With a valid ledger only: how a draft case is classed. Without one no case is judged. */
  classed?: {
    ledger: Ledger;
    /** The usual per-case judgement (judge-case.ts), marking the row seen. */
    judge: (t: TestResult) => Finding;
    /** Marks a row as judged, so missing-rows does not name it a second time. */
    seen: (row: LedgerRow) => void;
  };
}

const RUN = "the drafts' run (draft-junit)";

/** The findings of the drafts' own run. */
export function draftReportFindings(r: DraftReport, j: DraftJudge): Finding[] {
  const out: Finding[] = [];
  const invalid = (message: string, file?: string) =>
    out.push(finding('report-invalid', { ...NO_CASE, message: `${RUN}: ${message}`, file }));
  for (const p of r.problems) invalid(p.message, p.file);
  // A draft module skipped or broken at collection is a draft that ran and did not pass.
  const cases = r.tests.length + r.unmapped.length + r.collection.length;
  if (cases === 0) {
    const due = dueWhy(r, j.classed?.ledger);
    const what =
      r.unmatched.length > 0
        ? `no report file matches ${r.unmatched.join(', ')}`
        : 'no report holds any test case';
    // No drafts to run: the drafts' job wrote nothing, rightly.
    if (due !== undefined)
      invalid(`${what}, and ${due}: the drafts' job must deliver its report`, r.unmatched[0]);
    return out;
  }
  for (const g of r.unmatched) invalid('no report file matches this pattern', g);
  const isDraft = picomatch(
    j.draftPaths.filter((g) => g.trim() !== '' && !g.startsWith('!')),
    { dot: true },
  );
  const outside: TestResult[] = [];
  for (const t of r.tests) {
    const file = idPrefix(t.id);
    if (!isDraft(file)) {
      outside.push(t);
      continue;
    }
    // An invalid ledger classes nothing: ledger-invalid already rejects.
    if (j.classed === undefined) continue;
    const row = rowFor(j.classed.ledger, t.id);
    if (row !== undefined && row.class !== 'draft') {
      j.classed.seen(row);
      out.push(promoted(t, row, file, j));
      continue;
    }
    const f = j.classed.judge(t);
    f.message = `in the drafts' run: ${f.message}`;
    out.push(f);
  }
  if (outside.length > 0) {
    const first = outside[0];
    invalid(
      `${outside.length} case(s) outside the draft paths (${first.id} first): the drafts' report is read for drafts only, so they are not evidence; give the evidence run's reports as junit`,
      first.reports[0],
    );
  }
  for (const u of r.unmapped) {
    const c = u.case;
    out.push(
      finding('report-unmapped', {
        ...NO_CASE,
        status: c.status,
        message: `in the drafts' run: ${c.classname ? c.classname + ' ' : ''}${c.name}: ${u.reason}`,
        file: c.report,
      }),
    );
  }
  // A draft module that does not collect is a draft that does not pass: drafts are not
  // evidence either way. A module outside the draft paths is the report's fault.
  for (const o of r.collection)
    if (o.file === undefined || !isDraft(o.file))
      invalid(`module ${o.file ?? o.module} outside the draft paths: ${o.detail}`, o.report);
  return out;
}

/** Why the drafts' run had to deliver a report, or undefined when there is nothing to run. */
function dueWhy(r: DraftReport, ledger: Ledger | undefined): string | undefined {
  if (r.draftFile !== undefined) return `the checkout has drafts to run (${r.draftFile})`;
  const drafts = (ledger?.rows ?? []).filter((row) => row.class === 'draft').length;
  if (drafts > 0) return `the ledger holds ${drafts} draft row(s)`;
  return undefined;
}

/**
 * The fix for a classed test whose file the evidence run leaves out with the draft paths: the
 * file moved to the draft folder's parent (`tests/agent_drafts/x.py` → `tests/x.py`).
 */
export function moveOutFix(file: string, draftPaths: readonly string[]): string {
  const folder = draftPaths
    .map((g) => draftFolder(g))
    .find((d) => d !== null && file.startsWith(`${d}/`));
  const to =
    folder === undefined || folder === null
      ? '<a test folder outside the draft paths>'
      : shellQuote(
          `${folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/') + 1) : ''}${file.slice(folder.length + 1)}`,
        );
  return `git mv ${shellQuote(file)} ${to}   (out of the draft paths, which the evidence run leaves out; the row's id then names the new path)`;
}

/** A promoted draft's test, run only in the drafts' job: missing from the evidence. */
function promoted(t: TestResult, row: LedgerRow, file: string, j: DraftJudge): Finding {
  const f = finding('classified-missing', {
    id: t.id,
    status: null,
    class: row.class,
    message: `${t.status} in the drafts' run only: a ${row.class} row, but ${file} is still under the draft paths, which the evidence run leaves out, so the drafts' run is not evidence: move the file out of the draft paths`,
    file: j.ledgerFile,
    line: row.line,
  });
  f.fix = moveOutFix(file, j.draftPaths);
  return f;
}
