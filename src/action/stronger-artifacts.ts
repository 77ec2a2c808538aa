// workflow_run: the base run's and the hold-out's reports, from the triggering run's artifacts
// (`base-artifact`, `holdout-artifact`, `mutation-artifact`; default the reports' own `artifact`),
// and the drafts' own run's (`draft-artifact`), fetched the same way though it is no evidence. An artifact that
// cannot be had is no crash: its globs then match nothing, so the base set is report-invalid
// and the hold-out set holdout-missing, each a reject that says so.
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { Api, Repo } from '../adapters/github/client.js';
import { downloadArtifact, insideArtifact } from '../adapters/github/workflow-run.js';
import type { ActionInputs } from '../gather/inputs.js';
import { GateError } from '../types.js';

export async function strongerArtifacts(
  api: Api,
  repo: Repo,
  runId: number,
  inputs: ActionInputs,
  reports: string,
  temp: string,
  notes: string[],
): Promise<{
  baseJunit: string[];
  holdoutJunit: string[];
  mutationReport: string[];
  draftJunit: string[];
}> {
  const fetched = new Map<string, string>([[inputs.artifact!, reports]]);
  const folder = async (name: string, what: string, hidden: boolean): Promise<string> => {
    const have = fetched.get(name);
    if (have !== undefined) return have;
    let dir: string;
    try {
      dir = await downloadArtifact(api, repo, runId, name, temp);
      notes.push(`${what} from the artifact ${JSON.stringify(name)} of run ${runId}`);
    } catch (e) {
      if (!(e instanceof GateError)) throw e;
      // An empty folder: nothing matches, and the rules of the set say so.
      dir = await mkdtemp(path.join(temp, 'ledger-gate-none-'));
      notes.push(
        `${what}: the artifact ${JSON.stringify(name)} could not be had` +
          (hidden ? '' : ` (${e.oneLine})`),
      );
    }
    fetched.set(name, dir);
    return dir;
  };
  const baseJunit: string[] = [];
  if (inputs.baseJunit.length > 0) {
    const dir = await folder(inputs.baseArtifact ?? inputs.artifact!, 'base run', false);
    for (const g of inputs.baseJunit) baseJunit.push(insideArtifact(dir, 'base-junit', g));
  }
  const holdoutJunit: string[] = [];
  if (inputs.holdoutJunit.length > 0) {
    const dir = await folder(inputs.holdoutArtifact ?? inputs.artifact!, 'hold-out', true);
    for (const g of inputs.holdoutJunit) holdoutJunit.push(insideArtifact(dir, 'holdout-junit', g));
  }
  const mutationReport: string[] = [];
  if (inputs.mutationReport.length > 0) {
    const dir = await folder(
      inputs.mutationArtifact ?? inputs.artifact!,
      'mutation reports',
      false,
    );
    for (const g of inputs.mutationReport)
      mutationReport.push(insideArtifact(dir, 'mutation-report', g));
  }
  // A drafts' artifact that cannot be had matches nothing: draft-report.ts fails closed when
  // there were drafts to run.
  const draftJunit: string[] = [];
  if (inputs.draftJunit.length > 0) {
    const dir = await folder(inputs.draftArtifact ?? inputs.artifact!, "drafts' run", false);
    for (const g of inputs.draftJunit) draftJunit.push(insideArtifact(dir, 'draft-junit', g));
  }
  return { baseJunit, holdoutJunit, mutationReport, draftJunit };
}
