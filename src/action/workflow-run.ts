// The action on workflow_run: the pull request the triggering run was for, its reports from
// that run's artifact, and its head checked out beside the base checkout.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventFacts } from '../adapters/github/event.js';
import * as git from '../adapters/git/git.js';
import type { Api, Repo } from '../adapters/github/client.js';
import {
  downloadArtifact,
  findPullOfRun,
  insideArtifact,
} from '../adapters/github/workflow-run.js';
import type { ActionInputs } from '../gather/inputs.js';
import { strongerArtifacts } from './stronger-artifacts.js';
import { GateError } from '../types.js';

/** Where the gate reads the change and its reports. */
export interface Where {
  cwd: string;
  junit: string[];
  collected?: string;
  collectedRoot?: string;
  /** The reports' globs as a developer gives them (the artifact's paths), for the commands. */
  shownRun?: { junit: string[]; collected?: string };
  /** The base run's and hold-out's globs (stronger-artifacts.ts on workflow_run). */
  baseJunit?: string[];
  holdoutJunit?: string[];
  mutationReport?: string[];
  /** The drafts' own run's globs (`draft-junit`), read for drafts only. */
  draftJunit?: string[];
  conduct?: string;
  /** The run whose tests are judged: a conduct report must be that run's. */
  conductRun?: { id: string; attempt?: string };
}

/**
 * workflow_run: the pull request the run was for, its reports from the run's artifact, and its
 * head checked out into a worktree of the base checkout, read as data (nothing of it runs).
 * From here on the gate judges exactly what it would on the pull_request event.
 */
export async function fromWorkflowRun(
  api: Api,
  repo: Repo,
  event: EventFacts,
  inputs: ActionInputs,
  workspace: string,
  env: NodeJS.ProcessEnv,
): Promise<{ event: EventFacts; where: Where; cleanup: () => Promise<void> }> {
  const run = event.workflowRun!;
  const top = await git.topLevel(workspace);
  if (top === null) {
    throw new GateError(
      "workflow_run mode needs the base repository checked out (actions/checkout): the pull request's head is fetched into it",
    );
  }
  const pull = await findPullOfRun(api, repo, run, event.headSha);
  const notes = [...event.notes, `pull request #${pull.number}`];
  if (pull.headSha !== event.headSha) {
    notes.push(
      `pull request #${pull.number} has moved on to ${pull.headSha.slice(0, 12)}; this check is for the run's head ${event.headSha.slice(0, 12)}`,
    );
  }
  // Never inside the workspace: the artifact must not replace a file a later step runs.
  const temp = env.RUNNER_TEMP || tmpdir();
  await mkdir(temp, { recursive: true });
  const artifact = await downloadArtifact(api, repo, run.id, inputs.artifact!, temp);
  notes.push(`reports from the artifact ${JSON.stringify(inputs.artifact)} of run ${run.id}`);
  const stronger = await strongerArtifacts(api, repo, run.id, inputs, artifact, temp, notes);

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
      shownRun: { junit: inputs.junit, collected: inputs.collected },
      conduct:
        inputs.conduct === undefined
          ? undefined
          : insideArtifact(artifact, 'conduct', inputs.conduct),
      conductRun: { id: String(run.id) },
      ...stronger,
    },
    cleanup: () => git.removeWorktree(top, head),
  };
}
