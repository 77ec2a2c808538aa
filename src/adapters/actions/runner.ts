// What the Actions runner reads from an action and what it reads back, through @actions/core
// (the toolkit every action runs): inputs, outputs, the job summary, annotations, masking,
// setFailed and log groups. This file is the action's one door to it, so a test can mock
// the runner in one place (__fixtures__/core.ts) and the action names only what it uses.
import * as core from '@actions/core';

export type AnnotationProps = Pick<core.AnnotationProperties, 'title' | 'file' | 'startLine'>;

/** An input as the runner passes it, trimmed; '' when not set. */
export const getInput = (name: string): string => core.getInput(name);

/** An input's lines: empty lines dropped, each trimmed. */
export const getMultilineInput = (name: string): string[] => core.getMultilineInput(name);

/** A YAML 1.2 core-schema boolean (true/True/TRUE, false/False/FALSE); anything else throws. */
export const getBooleanInput = (name: string): boolean => core.getBooleanInput(name);

export const info = (message: string): void => core.info(message);
export const warning = (message: string, props?: AnnotationProps): void =>
  core.warning(message, props);
export const error = (message: string, props?: AnnotationProps): void => core.error(message, props);

/** Fails the step (exit code 1 when the process ends) with an error line saying why. */
export const setFailed = (message: string): void => core.setFailed(message);

/** The runner masks the value in the rest of the log. */
export const setSecret = (value: string): void => core.setSecret(value);

/** One output (GITHUB_OUTPUT, as a heredoc with a random delimiter no value can end early). */
export const setOutput = (name: string, value: string): void => core.setOutput(name, value);

/** A foldable group in the log around `fn`'s lines. */
export const group = <T>(name: string, fn: () => Promise<T>): Promise<T> => core.group(name, fn);

/** Whether the runner gave this step a job summary file. */
export function hasSummary(): boolean {
  return Boolean(process.env.GITHUB_STEP_SUMMARY);
}

/** Appends Markdown to the job summary (hasSummary() first). */
export async function appendSummary(markdown: string): Promise<void> {
  // write() appends the buffer to the file, then empties it.
  await core.summary.addRaw(markdown).write();
}
