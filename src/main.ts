import * as core from '@actions/core';

export async function run(): Promise<void> {
  core.setFailed('ledger-gate: the action is not built yet');
}
