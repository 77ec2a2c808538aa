// The action's first stage: its inputs, the event, the API client, and the check run's
// creation sent. The entry (src/index.ts) runs it before it loads the rest of the action (an
// ncc chunk holding the gate, the ledger, the decision and the reports), so the check run's
// round trip overlaps that load instead of following it. Only what the first request needs
// is imported here.
import * as core from '../adapters/actions/runner.js';
import {
  CheckRun,
  createClient,
  repoFromEnv,
  runUrl,
  type Api,
  type Repo,
} from '../adapters/github/client.js';
import { readEvent, type EventFacts } from '../adapters/github/event.js';
import { readInputs, type ActionInputs } from '../gather/inputs.js';
import { logLine, text } from '../report/escape.js';
import { GateError } from '../types.js';

export interface Begun {
  inputs: ActionInputs;
  event: EventFacts;
  repo: Repo;
  api: Api;
  workspace: string;
  /** The check run's creation, settled (never rejected): it runs while the gate works. */
  starting: Promise<PromiseSettledResult<CheckRun | null>>;
}

/** The first stage, or the error that ends the run (main.ts's catch says it in one line). */
export type Beginning = { ok: true; begun: Begun } | { ok: false; error: unknown };

export function begin(env: NodeJS.ProcessEnv): Beginning {
  try {
    const inputs = readInputs();
    const event = readEvent(env, inputs.baseRef);
    if (event.workflowRun && !inputs.artifact) {
      throw new GateError(
        "input artifact is empty: on workflow_run the reports come from the triggering run's artifact; name it",
      );
    }
    const repo = repoFromEnv(env);
    const api = createClient(inputs.token, env);
    // Settled at once, so its error can never go unhandled while the gate works.
    const starting = settled(
      CheckRun.start(api, repo, inputs.checkName, event.headSha, runUrl(env)),
    );
    const workspace = env.GITHUB_WORKSPACE || process.cwd();
    return { ok: true, begun: { inputs, event, repo, api, workspace, starting } };
  } catch (error) {
    return { ok: false, error };
  }
}

/** `p` as its settled result: never rejected, so awaiting it later leaves no error unhandled. */
export function settled<T>(p: Promise<T>): Promise<PromiseSettledResult<T>> {
  return Promise.allSettled([p]).then(([r]) => r);
}

/**
 * The rest of the action could not be loaded (a damaged dist/): the step fails with one line,
 * and the check run, already created, is completed as a failure rather than left in progress.
 */
export async function cannotLoad(
  beginning: Beginning,
  e: unknown,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const line = `could not load the action's code: ${String(e).split('\n')[0]}`;
  const started = beginning.ok ? await beginning.begun.starting : undefined;
  if (started?.status === 'fulfilled' && started.value)
    await started.value.fail(`ledger-gate could not decide: ${text(line)}`, runUrl(env));
  core.setFailed(`ledger-gate: ${logLine(line)}`);
}
