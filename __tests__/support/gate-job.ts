// The gate job of a workflow `ledger-gate setup` wrote, run as GitHub's runner runs it: its
// step's inputs as the workflow gives them (the downloaded reports' folder made `junitDir`),
// the action bundle under Node 24, a pull_request event for head onto base, the fake GitHub.
import { expect } from '@jest/globals';
import { parse } from 'yaml';
import { MAJOR_TAG, REPOSITORY } from '../../src/project.js';
import { pullRequest7, type FakeGitHub } from './fake-github.js';
import { cleanupRun, node24, runAction, type ActionRun } from './fake-github-runner.js';

export interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
export interface Workflow {
  on: { push?: { branches: string[] } };
  jobs: Record<string, { steps: Step[]; strategy?: { matrix: { shard: number[] } } }>;
}

export const readWorkflow = (text: string) => parse(text) as Workflow;

/**
 * The gate step's inputs, the downloaded reports' folder replaced by `junitDir` and the drafts'
 * by `draftsDir` (default a folder beside it that does not exist: a run with no drafts).
 */
export function gateInputs(
  w: Workflow,
  junitDir: string,
  draftsDir = `${junitDir}-no-drafts`,
): Record<string, string> {
  const step = w.jobs.gate.steps.find((s) => s.uses === `${REPOSITORY}@${MAJOR_TAG}`)!;
  return Object.fromEntries(
    Object.entries(step.with ?? {}).map(([k, v]) => [
      k,
      v
        .replaceAll('${{ runner.temp }}/junit', junitDir)
        .replaceAll('${{ runner.temp }}/drafts', draftsDir),
    ]),
  );
}

export function runGateJob(
  gh: FakeGitHub,
  w: Workflow,
  o: { workspace: string; junitDir: string; head: string; base: string },
): Promise<ActionRun> {
  return runAction({
    node: node24().bin,
    workspace: o.workspace,
    eventName: 'pull_request',
    event: pullRequest7(gh, { head: o.head, base: o.base }),
    apiUrl: gh.url,
    inputs: gateInputs(w, o.junitDir),
  });
}

/** The gate job on a production-free change: it must post a successful check run, admitting. */
export async function expectGateJobAdmits(
  gh: FakeGitHub,
  w: Workflow,
  o: { workspace: string; junitDir: string; head: string; base: string },
  cleanup: (() => void)[],
): Promise<void> {
  const r = await runGateJob(gh, w, o);
  cleanup.push(() => cleanupRun(r));
  expect(r.stderr).toBe('');
  expect(r.outputs.decision).toBe('admit');
  expect(Number(r.outputs.admitted)).toBeGreaterThan(0);
  expect(gh.onlyCheckRun()).toMatchObject({
    name: 'ledger-gate',
    head_sha: o.head,
    conclusion: 'success',
  });
  expect(r.code).toBe(0);
}
