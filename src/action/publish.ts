// What the action posts: the check run (or, when the token may not write checks,
// workflow-command annotations) and the job summary.
import * as core from '../adapters/actions/runner.js';
import type { CheckRun, Conclusion } from '../adapters/github/client.js';
import type { GateOutcome } from '../gather/gate.js';
import type { ActionInputs, FailOn, JsonReportWhen } from '../gather/inputs.js';
import { planAnnotations, type Annotation } from '../report/annotations.js';
import { groupFindings } from '../report/groups.js';
import { entriesLine } from '../report/headline.js';
import { rowFor } from '../ledger/file-rows.js';
import type { LinkBase } from '../report/links.js';
import { summaryRenderer } from '../report/summary.js';
import type { Decision, Report, RuleKey } from '../types.js';

/** GitHub shows at most 10 error and 10 warning workflow-command annotations per step. */
const COMMAND_ANNOTATIONS_PER_LEVEL = 10;

export function conclusionOf(decision: Decision, failOn: FailOn): Conclusion {
  if (failOn === 'never') return 'neutral';
  return decision === 'admit' ? 'success' : decision === 'review' ? 'action_required' : 'failure';
}

/**
 * The check run's title, what the pull request's checks list shows: the decision and what
 * there is to act on, per file with the tests in parentheses (`reject: To fix: 2 test files
 * (88 tests)`), else the counts.
 */
export function titleOf(report: Report, ledger?: GateOutcome['ledger']): string {
  const c = report.counts;
  // Only a rule with something to act on can be in the title (entriesLine reads acting groups
  // alone): grouping the rest was one more pass over 100,000 admitted findings at L.
  const acting = new Set<RuleKey>();
  for (const f of report.findings)
    if (f.result === 'reject' || f.result === 'review') acting.add(f.rule);
  const groups =
    acting.size === 0
      ? []
      : groupFindings(
          report.findings.filter((f) => acting.has(f.rule)),
          ledger ? (id) => rowFor(ledger, id)?.artifact : undefined,
        );
  const said = (['reject', 'review'] as const)
    .map((r) => entriesLine(groups, r))
    .filter((x) => x !== undefined);
  const title =
    said.length > 0
      ? `${report.decision}: ${said.join('; ')}`
      : `${report.decision}: ${c.reject} reject, ${c.review} review, ${c.admit} admit, ${c.info} info (${c.cases} test cases)`;
  // GitHub refuses a title over 255 characters; the headline is ours, but a label count is not bounded.
  return title.length <= 255 ? title : `${title.slice(0, 254)}…`;
}

/**
 * Whether the run writes its JSON report (`json-report`). `auto` writes it when a finding needs
 * action, where the summary's bound may leave findings only the report lists; an admit's
 * findings all admit, and the summary counts them: at 100,000 tests that report is ~30 MB
 * nobody reads, and writing it was a sixth of the run (docs/performance.md).
 */
export function writesJsonReport(decision: Decision, when: JsonReportWhen): boolean {
  return when === 'always' || (when === 'auto' && decision !== 'admit');
}

export async function publish(
  outcome: GateOutcome,
  inputs: ActionInputs,
  check: CheckRun | null,
  details: string,
  links: LinkBase,
): Promise<void> {
  const { report, warnings } = outcome;
  const plan = planAnnotations(report, warnings, {
    ledger: inputs.ledger,
    max: inputs.maxAnnotations,
  });
  const annotations = check ? plan.annotations : commandAnnotations(plan.annotations);
  const cut = plan.cut + (plan.annotations.length - annotations.length);
  const notes = [...outcome.notes];
  // The JSON report (report-path) holds every finding, when written; the run's page holds its artifact.
  const fullListing = {
    runUrl: details,
    notWritten: !writesJsonReport(report.decision, inputs.jsonReport),
  };
  if (cut > 0) {
    const why = check
      ? `max-annotations is ${inputs.maxAnnotations}`
      : 'GitHub shows at most 10 workflow-command annotations of each level per step';
    notes.push(
      `${cut} annotation${cut === 1 ? '' : 's'} not sent (${why}); the summary lists every finding it has room for, ` +
        (fullListing.notWritten
          ? 'and no JSON report was written to list them all (json-report)'
          : 'the JSON report all of them'),
    );
  }

  // Both summaries keep the default bound (SUMMARY_MAX_BYTES), far under GitHub's limits; the
  // findings are grouped once for both.
  const render = summaryRenderer({ ...outcome, notes });
  // The job summary is rendered and written while the check run's update is on its way; its
  // error, if any, is thrown once the summary is written.
  let completing: Promise<unknown> = Promise.resolve();
  if (check) {
    const summary = render({ links, fullListing });
    completing = check.complete(
      conclusionOf(report.decision, inputs.failOn),
      { title: titleOf(report, outcome.ledger), summary },
      annotations,
      details,
    );
  } else {
    for (const a of annotations) {
      const props = { title: a.title, file: a.path, startLine: a.start_line };
      if (a.annotation_level === 'failure') core.error(a.message, props);
      else core.warning(a.message, props);
    }
  }

  const [completed, written] = await Promise.allSettled([completing, jobSummary()]);
  if (completed.status === 'rejected') throw completed.reason;
  if (written.status === 'rejected') throw written.reason;

  async function jobSummary(): Promise<void> {
    if (!inputs.jobSummary) {
      core.info('job-summary is false: no job summary written');
    } else if (core.hasSummary()) {
      const checkRun = check ? { name: inputs.checkName, url: check.url } : undefined;
      await core.appendSummary(render({ links, checkRun, fullListing }));
    } else {
      core.info('GITHUB_STEP_SUMMARY is not set: no job summary written');
    }
  }
}

/** Workflow-command annotations: GitHub keeps at most 10 of each level per step. */
function commandAnnotations(all: Annotation[]): Annotation[] {
  const failures = all
    .filter((a) => a.annotation_level === 'failure')
    .slice(0, COMMAND_ANNOTATIONS_PER_LEVEL);
  const warnings = all
    .filter((a) => a.annotation_level !== 'failure')
    .slice(0, COMMAND_ANNOTATIONS_PER_LEVEL);
  return [...failures, ...warnings];
}
