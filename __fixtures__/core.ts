// A mock of src/adapters/actions/runner.ts (the runner's inputs, outputs, summary and log) for
// in-process tests of src/main.ts, as actions/typescript-action mocks @actions/core:
// jest.unstable_mockModule(runner, () => core) before importing main.ts. Inputs are set with
// setInputs(); the job summary's text is kept in summaryText().
import type * as core from '../src/adapters/actions/runner.js';
import { jest } from '@jest/globals';

let inputs: Record<string, string> = {};
const written: string[] = [];

/** The action's inputs for the next run, as the runner would pass them (INPUT_*). */
export function setInputs(values: Record<string, string>): void {
  inputs = { ...values };
}

/** What run() wrote to the job summary, one entry per append. */
export function summaryText(): string[] {
  return [...written];
}

export const getInput = jest.fn<typeof core.getInput>((name) => inputs[name] ?? '');
// As the runner's: one entry a non-empty line, each trimmed.
export const getMultilineInput = jest.fn<typeof core.getMultilineInput>((name) =>
  (inputs[name] ?? '')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.trim()),
);
// As @actions/core's: YAML 1.2 core-schema booleans, anything else a TypeError.
export const getBooleanInput = jest.fn<typeof core.getBooleanInput>((name) => {
  const v = (inputs[name] ?? '').trim();
  if (['true', 'True', 'TRUE'].includes(v)) return true;
  if (['false', 'False', 'FALSE'].includes(v)) return false;
  throw new TypeError(`Input does not meet YAML 1.2 "Core Schema" specification: ${name}`);
});
export const group = jest.fn<typeof core.group>((_name, fn) => fn());
export const setOutput = jest.fn<typeof core.setOutput>();
export const setFailed = jest.fn<typeof core.setFailed>();
export const info = jest.fn<typeof core.info>();
export const warning = jest.fn<typeof core.warning>();
export const error = jest.fn<typeof core.error>();
export const setSecret = jest.fn<typeof core.setSecret>();

export const hasSummary = jest.fn<typeof core.hasSummary>(() => true);
export const appendSummary = jest.fn<typeof core.appendSummary>(async (text) => {
  written.push(text);
});

/** Clears the calls and the kept summary between tests. */
export function reset(): void {
  for (const f of [
    getInput,
    getMultilineInput,
    getBooleanInput,
    setOutput,
    setFailed,
    info,
    warning,
    error,
    setSecret,
  ])
    f.mockClear();
  hasSummary.mockClear();
  appendSummary.mockClear();
  written.length = 0;
  inputs = {};
}
