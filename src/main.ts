// The action: inputs → event → check run (in progress) → runGate → approval → publish
// (check run, or workflow-command annotations when the token may not write checks) → outputs
// → step result per fail-on. One catch: any error fails the step with one line, never a pass.
import { mkdir, mkdtemp, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as core from '@actions/core';
import { readEvent, type EventFacts } from './adapters/github/event.js';
import * as git from './adapters/git/git.js';
import {
  CheckRun,
  createOctokit,
  repoFromEnv,
  runUrl,
  type Conclusion,
  type Octokit,
  type Repo,
} from './adapters/github/client.js';
import { findApprover, pullFacts } from './adapters/github/approvals.js';
import { apiChange } from './adapters/github/fallback.js';
import { downloadArtifact, findPullOfRun, insideArtifact } from './adapters/github/workflow-run.js';
import { applyApproval } from './decision/approve.js';
import { runGate, type GateOutcome } from './gate.js';
import { readInputs, type ActionInputs, type FailOn } from './inputs.js';
import { planAnnotations, type Annotation } from './report/annotations.js';
import { logLine, text } from './report/escape.js';
import { testCounts } from './report/groups.js';
import { jsonChunks } from './report/json.js';
import type { LinkBase } from './report/links.js';
import { JOB_SUMMARY_MAX_BYTES, renderSummary } from './report/summary.js';
import { GateError, type ChangeSource, type Decision, type Report } from './types.js';

/** A check run's summary and text are limited to 65535 characters; bytes are never fewer. */
const CHECK_SUMMARY_MAX = 65535;
/** GitHub shows at most 10 error and 10 warning workflow-command annotations per step. */
const COMMAND_ANNOTATIONS_PER_LEVEL = 10;

export function conclusionOf(decision: Decision, failOn: FailOn): Conclusion {
  if (failOn === 'never') return 'neutral';
  return decision === 'admit' ? 'success' : decision === 'review' ? 'action_required' : 'failure';
}

export function stepFails(decision: Decision, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  if (failOn === 'reject') return decision === 'reject';
  return decision !== 'admit';
}

function titleOf(report: Report): string {
  const c = report.counts;
  return `${report.decision}: ${c.reject} reject, ${c.review} review, ${c.admit} admit, ${c.info} info (${c.cases} test cases)`;
}

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let check: CheckRun | null = null;
  const details = runUrl(env);
  let cleanup = async (): Promise<void> => undefined;
  try {
    const inputs = readInputs();
    let event = readEvent(env, inputs.baseRef);
    if (event.workflowRun && !inputs.artifact) {
      throw new GateError(
        "input artifact is empty: on workflow_run the reports come from the triggering run's artifact; name it",
      );
    }
    const repo = repoFromEnv(env);
    const octokit = await createOctokit(inputs.token, env);
    const workspace = env.GITHUB_WORKSPACE || process.cwd();

    check = await CheckRun.start(octokit, repo, inputs.checkName, event.headSha, details);
    const sameName = sameNameAsJob(inputs.checkName, env.GITHUB_JOB);
    if (sameName) core.warning(sameName);
    let where: { cwd: string; junit: string[]; collected?: string; collectedRoot?: string } = {
      cwd: workspace,
      junit: inputs.junit,
      collected: inputs.collected,
    };
    if (event.workflowRun) {
      const prepared = await fromWorkflowRun(octokit, repo, event, inputs, workspace, env);
      ({ event, where, cleanup } = prepared);
    }
    const { cwd } = where;
    const notes = [...event.notes];
    if (sameName) notes.push(sameName);
    if (!check) {
      notes.push(
        'the token may not write checks (a fork, or no checks: write): results go to workflow-command annotations and this summary',
      );
    }

    const outcome = await runGate({
      cwd,
      ledger: inputs.ledger,
      junit: where.junit,
      collected: where.collected,
      collectedRoot: where.collectedRoot,
      base: event.base,
      head: 'HEAD',
      production: inputs.production,
      goldens: inputs.goldens,
      testPaths: inputs.testPaths,
      harnessPaths: inputs.harnessPaths,
      draftPaths: inputs.draftPaths,
      expect: inputs.expect,
      agentAuthors: inputs.agentAuthors,
      author: 'auto',
      prAuthor: event.pr?.author,
      prAuthorType: event.pr?.authorType,
      allowFetch: true,
      changeSource: () => chooseChangeSource(octokit, repo, event, cwd, inputs.baseRef),
      quarantineMaxAgeDays: inputs.quarantineMaxAgeDays,
    });
    notes.push(...outcome.notes);

    const report = await approve(outcome.report, octokit, repo, event, inputs, notes);
    const final: GateOutcome = { ...outcome, report, notes };
    // Links in the summary point at the ledger line and test file at the head commit.
    const links = {
      server: env.GITHUB_SERVER_URL || 'https://github.com',
      repository: env.GITHUB_REPOSITORY ?? '',
      sha: event.headSha,
    };
    await publish(final, inputs, check, details, links);

    const reportPath = path.join(env.RUNNER_TEMP || workspace, 'ledger-gate-report.json');
    await mkdir(path.dirname(reportPath), { recursive: true });
    await writeJson(reportPath, report);
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

    logFindings(report);
    if (stepFails(report.decision, inputs.failOn)) {
      core.setFailed(
        `ledger-gate: ${report.decision} (fail-on: ${inputs.failOn}); see the job summary`,
      );
    }
  } catch (e) {
    const line =
      e instanceof GateError ? e.oneLine : `unexpected error: ${String(e).split('\n')[0]}`;
    // A required check left in progress would block the merge with no reason given.
    if (check) await check.fail(`ledger-gate could not decide: ${text(line)}`, details);
    core.setFailed(`ledger-gate: ${logLine(line)}`);
  } finally {
    await cleanup();
  }
}

/**
 * workflow_run: the pull request the run was for, its reports from the run's artifact, and its
 * head checked out into a worktree of the base checkout, read as data (nothing of it runs).
 * From here on the gate judges exactly what it would on the pull_request event.
 */
async function fromWorkflowRun(
  octokit: Octokit,
  repo: Repo,
  event: EventFacts,
  inputs: ActionInputs,
  workspace: string,
  env: NodeJS.ProcessEnv,
) {
  const run = event.workflowRun!;
  const top = await git.topLevel(workspace);
  if (top === null) {
    throw new GateError(
      "workflow_run mode needs the base repository checked out (actions/checkout): the pull request's head is fetched into it",
    );
  }
  const pull = await findPullOfRun(octokit, repo, run, event.headSha);
  const notes = [...event.notes, `pull request #${pull.number}`];
  if (pull.headSha !== event.headSha) {
    notes.push(
      `pull request #${pull.number} has moved on to ${pull.headSha.slice(0, 12)}; this check is for the run's head ${event.headSha.slice(0, 12)}`,
    );
  }
  // Never inside the workspace: the artifact must not replace a file a later step runs.
  const temp = env.RUNNER_TEMP || tmpdir();
  await mkdir(temp, { recursive: true });
  const artifact = await downloadArtifact(octokit, repo, run.id, inputs.artifact!, temp);
  notes.push(`reports from the artifact ${JSON.stringify(inputs.artifact)} of run ${run.id}`);

  await git.fetchPullHead(top, pull.number, event.headSha);
  const head = await mkdtemp(path.join(temp, 'ledger-gate-head-'));
  await git.addWorktree(top, head, event.headSha);
  return {
    event: {
      ...event,
      base: event.base ?? pull.baseSha,
      pr: {
        number: pull.number,
        author: pull.author,
        authorType: pull.authorType,
        headSha: event.headSha,
      },
      notes,
    },
    where: {
      cwd: head,
      junit: inputs.junit.map((g) => insideArtifact(artifact, 'junit', g)),
      collected:
        inputs.collected === undefined
          ? undefined
          : insideArtifact(artifact, 'collected', inputs.collected),
      collectedRoot: artifact,
    },
    cleanup: () => git.removeWorktree(top, head),
  };
}

/**
 * Where the change comes from, chosen once, when the gate first asks: git when the clone has
 * the range's commits (a shallow clone is deepened first), else the API for the same range
 * (the pull request's own endpoints when the range is the pull request's, compare for a
 * base-ref), else one line saying why neither can answer. No API call when git can answer.
 */
async function chooseChangeSource(
  octokit: Octokit,
  repo: Repo,
  event: EventFacts,
  cwd: string,
  baseRef: string | undefined,
): Promise<ChangeSource> {
  // One base for both; git's head is the checkout (HEAD), the API's the pull request's head sha.
  const base = event.base!;
  let gitError: GateError;
  try {
    if ((await git.topLevel(cwd)) === null) throw new GateError('the workspace is not a git clone');
    return await git.gitChange(cwd, base, 'HEAD', true);
  } catch (e) {
    if (!(e instanceof GateError)) throw e;
    gitError = e;
  }
  const head = event.pr?.headSha;
  if (!head) throw gitError;
  // The API knows the repository's branches, not this clone's remote-tracking names.
  const range = { base: baseRef === undefined ? base : apiRef(base), head };
  try {
    return await apiChange(
      octokit,
      repo,
      range,
      baseRef === undefined ? event.pr!.number : undefined,
    );
  } catch (e) {
    if (!(e instanceof GateError)) throw e;
    throw new GateError(`${gitError.message}; the GitHub API cannot answer either: ${e.message}`);
  }
}

/** `origin/release` and `refs/remotes/origin/release` name the branch `release` on GitHub. */
export function apiRef(ref: string): string {
  return ref.replace(/^(?:refs\/remotes\/)?origin\//, '');
}

/** Review findings become admit when an eligible human approved the pull request's head. */
async function approve(
  report: Report,
  octokit: Octokit,
  repo: Repo,
  event: EventFacts,
  inputs: ActionInputs,
  notes: string[],
): Promise<Report> {
  if (report.counts.review === 0) return report;
  if (!event.pr) {
    notes.push(`${event.name}: there is no pull request to approve, so review stays review`);
    return report;
  }
  let { author, headSha } = event.pr;
  if (headSha === undefined) {
    // merge_group: the approval is looked up on the pull request its head ref names.
    ({ author, headSha } = await pullFacts(octokit, repo, event.pr.number));
  }
  const answer = await findApprover(octokit, repo, event.pr.number, {
    headSha,
    prAuthor: author,
    agentAuthors: inputs.agentAuthors,
  });
  notes.push(...answer.passedOver);
  if (!answer.approver) {
    notes.push(`no eligible approval on ${headSha.slice(0, 12)}: review stays review`);
    return report;
  }
  notes.push(`approved by ${answer.approver} on ${headSha.slice(0, 12)}: review findings admitted`);
  return applyApproval(report, answer.approver);
}

async function publish(
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
  if (cut > 0) {
    const why = check
      ? `max-annotations is ${inputs.maxAnnotations}`
      : 'GitHub shows at most 10 workflow-command annotations of each level per step';
    notes.push(
      `${cut} annotation${cut === 1 ? '' : 's'} not sent (${why}); the summary lists every finding it has room for, the JSON report all of them`,
    );
  }

  if (check) {
    const summary = renderSummary({ ...outcome, notes }, { maxBytes: CHECK_SUMMARY_MAX, links });
    await check.complete(
      conclusionOf(report.decision, inputs.failOn),
      { title: titleOf(report), summary },
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

  if (!inputs.jobSummary) {
    core.info('job-summary is false: no job summary written');
  } else if (process.env.GITHUB_STEP_SUMMARY) {
    const checkRun = check ? { name: inputs.checkName, url: check.url } : undefined;
    await core.summary
      .addRaw(
        renderSummary(
          { ...outcome, notes },
          { maxBytes: JOB_SUMMARY_MAX_BYTES - 1024, links, checkRun },
        ),
      )
      .write();
  } else {
    core.info('GITHUB_STEP_SUMMARY is not set: no job summary written');
  }
}

/**
 * A job whose id is the check's name posts a check of that name too, on the same commit: two
 * checks, one name, and a required check that may be satisfied by the wrong one. GITHUB_JOB is
 * the job's id; a job's `name:` is not in the environment, so only the id can be compared.
 */
export function sameNameAsJob(checkName: string, job: string | undefined): string | undefined {
  if (!job || job.toLowerCase() !== checkName.toLowerCase()) return undefined;
  return `the job running this action is named ${JSON.stringify(job)}, as the check run (check-name): GitHub shows two checks of that name on the commit; rename the job or set check-name`;
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

/** What needs action, in the log too; every line is made inert (logLine), nothing reads as a command. */
function logFindings(report: Report): void {
  const LOG_MAX = 100;
  const acting = report.findings.filter((f) => f.result === 'reject' || f.result === 'review');
  for (const f of acting.slice(0, LOG_MAX)) {
    core.info(logLine(`${f.result} ${f.rule}${f.id ? ` ${f.id}` : ''}: ${f.message}`));
  }
  if (acting.length > LOG_MAX)
    core.info(`… and ${acting.length - LOG_MAX} more in the job summary`);
  core.info(logLine(`ledger-gate: ${titleOf(report)}`));
}

/** The JSON report, written a batch of findings at a time (it is 30 MB at 100k findings). */
async function writeJson(file: string, report: Report): Promise<void> {
  const out = await open(file, 'w');
  try {
    for (const chunk of jsonChunks(report)) await out.write(chunk);
  } finally {
    await out.close();
  }
}
