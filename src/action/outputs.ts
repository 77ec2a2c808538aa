// What the action leaves for the steps after it: the JSON report and the outputs, the findings
// in the log, and the step's own result (fail-on).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import * as core from '../adapters/actions/runner.js';
import { writeJsonReport } from '../adapters/fs/json-report.js';
import type { CheckRun } from '../adapters/github/client.js';
import type { GateOutcome } from '../gather/gate.js';
import type { FailOn, JsonReportWhen } from '../gather/inputs.js';
import { logLine } from '../report/escape.js';
import { testCounts } from '../report/groups.js';
import type { Decision, Report } from '../types.js';
import { titleOf, writesJsonReport } from './publish.js';

/**
 * The report as a file (when `json-report` asks for it) and the action's outputs: the
 * decision, its counts and the test tally, where the JSON report is (empty when none was
 * written), and the check run (empty when none was posted).
 */
export async function writeOutputs(
  outcome: GateOutcome,
  check: CheckRun | null,
  dir: string,
  jsonReport: JsonReportWhen,
): Promise<void> {
  const { report } = outcome;
  let reportPath = '';
  if (writesJsonReport(report.decision, jsonReport)) {
    reportPath = path.join(dir, 'ledger-gate-report.json');
    await mkdir(path.dirname(reportPath), { recursive: true });
    await writeJsonReport(reportPath, report);
  }
  core.setOutput('decision', report.decision);
  core.setOutput('admitted', String(report.counts.admit));
  core.setOutput('review', String(report.counts.review));
  core.setOutput('rejected', String(report.counts.reject));
  core.setOutput('report-path', reportPath);
  const tally = testCounts(outcome.tests, report.counts.cases);
  core.setOutput('tests', String(tally.tests));
  core.setOutput('passed', String(tally.passed));
  core.setOutput('failed', String(tally.failed));
  core.setOutput('skipped', String(tally.skipped));
  core.setOutput('check-run-id', check ? String(check.id) : '');
  core.setOutput('check-url', check?.url ?? '');
}

export function stepFails(decision: Decision, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  if (failOn === 'reject') return decision === 'reject';
  return decision !== 'admit';
}

/** What needs action, in the log too; every line is made inert (logLine), nothing reads as a command. */
export function logFindings(report: Report): void {
  const LOG_MAX = 100;
  const acting = report.findings.filter((f) => f.result === 'reject' || f.result === 'review');
  for (const f of acting.slice(0, LOG_MAX)) {
    core.info(logLine(`${f.result} ${f.rule}${f.id ? ` ${f.id}` : ''}: ${f.message}`));
  }
  if (acting.length > LOG_MAX)
    core.info(`… and ${acting.length - LOG_MAX} more in the job summary`);
  core.info(logLine(`ledger-gate: ${titleOf(report)}`));
}
