// The action's inputs of the stronger evidence (docs/stronger-evidence.md), read beside the
// others by src/gather/inputs.ts (which hands over its own list, boolean and artifact-name readers).
import * as core from '../adapters/actions/runner.js';
import { HOLDOUT_KEY_MIN } from '../decision/holdout.js';
import { GateError } from '../types.js';

export interface StrongerInputs {
  baseJunit: string[];
  requireFailToPass: boolean;
  baseArtifact?: string;
  holdoutJunit: string[];
  holdoutKey?: string;
  holdoutArtifact?: string;
  mutationReport: string[];
  mutationScope: 'agent' | 'change';
  requireKilledMutants: boolean;
  mutationArtifact?: string;
}

export function strongerInputs(
  list: (name: string) => string[],
  yesNo: (name: string, dflt: boolean) => boolean,
  artifactName: (name: string) => string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): StrongerInputs {
  const baseJunit = list('base-junit');
  const holdoutJunit = list('holdout-junit');
  const requireFailToPass = yesNo('require-fail-to-pass', false);
  if (requireFailToPass && baseJunit.length === 0)
    throw new GateError(
      'input require-fail-to-pass is true but base-junit is empty: give the base run it judges by',
    );
  let holdoutKey: string | undefined;
  if (holdoutJunit.length > 0) {
    holdoutKey = core.getInput('holdout-key') || env.LEDGER_GATE_HOLDOUT_KEY || '';
    // Masked in the log, whatever else prints it.
    if (holdoutKey !== '') core.setSecret(holdoutKey);
    if (holdoutKey.length < HOLDOUT_KEY_MIN)
      throw new GateError(
        `input holdout-key must be a secret of at least ${HOLDOUT_KEY_MIN} characters with holdout-junit: the hold-out cases are shown only by ids keyed with it`,
      );
  }
  const mutationReport = list('mutation-report');
  const scope = core.getInput('mutation-scope').trim() || 'agent';
  if (scope !== 'agent' && scope !== 'change')
    throw new GateError(
      `input mutation-scope must be agent or change, not ${JSON.stringify(scope)}`,
    );
  const requireKilledMutants = yesNo('require-killed-mutants', false);
  if (requireKilledMutants && mutationReport.length === 0)
    throw new GateError(
      'input require-killed-mutants is true but mutation-report is empty: give the mutation pass it judges by',
    );
  return {
    mutationReport,
    mutationScope: scope,
    requireKilledMutants,
    mutationArtifact: artifactName('mutation-artifact'),
    baseJunit,
    requireFailToPass,
    baseArtifact: artifactName('base-artifact'),
    holdoutJunit,
    holdoutKey,
    holdoutArtifact: artifactName('holdout-artifact'),
  };
}
