// The action: inputs → event → check run (in progress) → runGate → approval → publish
// (check run, or workflow-command annotations when the token may not write checks) → outputs
// → step result per fail-on. One catch: any error fails the step with one line, never a pass.
// Each stage past the gate has a room in src/action/: workflow-run (the reports and head of a
// workflow_run), change-source (git or the API), approval, publish, outputs.
import * as core from './adapters/actions/runner.js';
import { defaultLedger } from './adapters/fs/default-ledger.js';
import { runUrl, type CheckRun } from './adapters/github/client.js';
import { begin, settled, type Beginning } from './action/begin.js';
import { approve } from './action/approval.js';
import { logFindings, stepFails, writeOutputs } from './action/outputs.js';
import { publish } from './action/publish.js';
import type { Where } from './action/workflow-run.js';
import { runGate, type GateOutcome } from './gather/gate.js';
import { runOf } from './conduct/report.js';
import { logLine, text } from './report/escape.js';
import { GateError } from './types.js';

/**
 * The whole run. `beginning` is the first stage (action/begin.ts: the inputs, the event and the
 * check run's creation sent) when the entry already ran it before loading this module.
 */
export async function run(
  env: NodeJS.ProcessEnv = process.env,
  beginning: Beginning = begin(env),
): Promise<void> {
  let check: CheckRun | null = null;
  // The check run's creation, settled (never rejected): it runs while the gate works.
  let starting: Promise<PromiseSettledResult<CheckRun | null>> | undefined;
  const details = runUrl(env);
  let cleanup = async (): Promise<void> => undefined;
  try {
    if (!beginning.ok) throw beginning.error;
    const { repo, api, workspace } = beginning.begun;
    let { inputs, event } = beginning.begun;
    ({ starting } = beginning.begun);
    const sameName = sameNameAsJob(inputs.checkName, env.GITHUB_JOB);
    if (sameName) core.warning(sameName);
    let where: Where = {
      cwd: workspace,
      junit: inputs.junit,
      collected: inputs.collected,
      baseJunit: inputs.baseJunit,
      holdoutJunit: inputs.holdoutJunit,
      mutationReport: inputs.mutationReport,
      draftJunit: inputs.draftJunit,
      conduct: inputs.conduct,
      conductRun: runOf(env),
    };
    // Loaded only where needed, as the git adapter below: a run without a base never starts
    // git, and neither brings @actions/exec and its builtins into the start-up.
    if (event.workflowRun) {
      const { fromWorkflowRun } = await import('./action/workflow-run.js');
      const prepared = await fromWorkflowRun(api, repo, event, inputs, workspace, env);
      ({ event, where, cleanup } = prepared);
    }
    const { cwd } = where;
    // No ledger input: the test folder's ledger of the checkout judged (init's default too).
    if (!inputs.ledger) inputs = { ...inputs, ledger: defaultLedger(cwd) };
    const notes = [...event.notes];
    if (sameName) notes.push(sameName);
    const gated = runGate({
      cwd,
      ledger: inputs.ledger,
      junit: where.junit,
      collected: where.collected,
      collectedRoot: where.collectedRoot,
      shownRun: where.shownRun,
      base: event.base,
      head: 'HEAD',
      production: inputs.production,
      goldens: inputs.goldens,
      testPaths: inputs.testPaths,
      harnessPaths: inputs.harnessPaths,
      draftPaths: inputs.draftPaths,
      agentWritePaths: inputs.agentWritePaths,
      reportsExpected: inputs.reportsExpected,
      expect: inputs.expect,
      gaming: inputs.gaming,
      agentAuthors: inputs.agentAuthors,
      author: 'auto',
      prAuthor: event.pr?.author,
      prAuthorType: event.pr?.authorType,
      allowFetch: true,
      beforeLedger: () => api.sent(),
      changeSource: async () =>
        (await import('./action/change-source.js')).chooseChangeSource(
          api,
          repo,
          event,
          cwd,
          inputs.baseRef,
        ),
      quarantineMaxAgeDays: inputs.quarantineMaxAgeDays,
      baseJunit: where.baseJunit,
      holdoutJunit: where.holdoutJunit,
      holdoutKey: inputs.holdoutKey,
      requireFailToPass: inputs.requireFailToPass,
      mutationReport: where.mutationReport,
      draftJunit: where.draftJunit,
      mutationScope: inputs.mutationScope,
      requireKilledMutants: inputs.requireKilledMutants,
      conduct: where.conduct,
      conductRun: where.conductRun,
    });
    // Both settled before either error is thrown, the check run's first: a token that cannot
    // create it says so, whatever the gate met meanwhile.
    const [checkOf, outcomeOf] = await Promise.all([starting, settled(gated)]);
    if (checkOf.status === 'rejected') throw checkOf.reason;
    check = checkOf.value;
    if (outcomeOf.status === 'rejected') throw outcomeOf.reason;
    const outcome = outcomeOf.value;
    if (!check) {
      notes.push(
        'the token may not write checks (a fork, or no checks: write): results go to workflow-command annotations and this summary',
      );
    }
    notes.push(...outcome.notes);

    const report = await approve(outcome.report, api, repo, event, inputs, notes);
    const final: GateOutcome = { ...outcome, report, notes };
    // Links in the summary point at the ledger line and test file at the head commit.
    const links = {
      server: env.GITHUB_SERVER_URL || 'https://github.com',
      repository: env.GITHUB_REPOSITORY ?? '',
      sha: event.headSha,
    };
    await publish(final, inputs, check, details, links);

    await writeOutputs(final, check, env.RUNNER_TEMP || workspace, inputs.jsonReport);

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
    if (!check && starting) {
      const s = await starting;
      if (s.status === 'fulfilled') check = s.value;
    }
    if (check) await check.fail(`ledger-gate could not decide: ${text(line)}`, details);
    core.setFailed(`ledger-gate: ${logLine(line)}`);
  } finally {
    await cleanup();
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
