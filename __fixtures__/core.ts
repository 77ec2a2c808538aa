// A mock of @actions/core for in-process tests of src/main.ts, as in actions/typescript-action:
// jest.unstable_mockModule('@actions/core', () => core) before importing main.ts. Inputs are
// set with setInputs(); the job summary's text is kept in summaryText().
import type * as core from '@actions/core';
import { jest } from '@jest/globals';

let inputs: Record<string, string> = {};
let summaryBuffer = '';
const written: string[] = [];

/** The action's inputs for the next run, as the runner would pass them (INPUT_*). */
export function setInputs(values: Record<string, string>): void {
  inputs = { ...values };
}

/** What run() wrote to the job summary, one entry per write(). */
export function summaryText(): string[] {
  return [...written];
}

export const getInput = jest.fn<typeof core.getInput>((name) => inputs[name] ?? '');
// As @actions/core: one entry a non-empty line, each trimmed.
export const getMultilineInput = jest.fn<typeof core.getMultilineInput>((name) =>
  (inputs[name] ?? '')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.trim()),
);
export const getBooleanInput = jest.fn<typeof core.getBooleanInput>(
  (name) => (inputs[name] ?? '').toLowerCase() === 'true',
);
export const setOutput = jest.fn<typeof core.setOutput>();
export const setFailed = jest.fn<typeof core.setFailed>();
export const info = jest.fn<typeof core.info>();
export const debug = jest.fn<typeof core.debug>();
export const warning = jest.fn<typeof core.warning>();
export const error = jest.fn<typeof core.error>();
export const notice = jest.fn<typeof core.notice>();

export const summary = {
  addRaw: jest.fn((text: string) => {
    summaryBuffer += text;
    return summary;
  }),
  write: jest.fn(async () => {
    written.push(summaryBuffer);
    summaryBuffer = '';
    return summary;
  }),
};

/** Clears the calls and the kept summary between tests. */
export function reset(): void {
  for (const f of [getInput, getMultilineInput, getBooleanInput, setOutput, setFailed, info, debug, warning, error, notice])
    f.mockClear();
  summary.addRaw.mockClear();
  summary.write.mockClear();
  summaryBuffer = '';
  written.length = 0;
  inputs = {};
}
