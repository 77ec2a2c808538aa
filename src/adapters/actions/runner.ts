// What the Actions runner reads from an action and what it reads back: the inputs (INPUT_*),
// the outputs and the job summary (the files GITHUB_OUTPUT and GITHUB_STEP_SUMMARY name), and
// the log with its workflow commands (::error::, ::add-mask::). The same formats as
// @actions/core 3, which the action used to load for them: that package brings an HTTP client
// (undici) along, a third of the action's start-up, for none of this.
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { EOL } from 'node:os';

const envName = (name: string) => `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;

/** An input as the runner passes it, trimmed; '' when not set. */
export function getInput(name: string): string {
  return (process.env[envName(name)] ?? '').trim();
}

/** An input's lines: empty lines dropped, each trimmed. */
export function getMultilineInput(name: string): string[] {
  return (process.env[envName(name)] ?? '')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.trim());
}

/** `%`, CR and LF escaped, so a message is one command line (the runner unescapes them). */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** A workflow command, written as one line of the log. */
function command(name: string, props: Record<string, string | number | undefined>, msg: string) {
  const list = Object.entries(props)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(',');
  process.stdout.write(`::${name}${list ? ' ' + list : ''}::${escapeData(msg)}${EOL}`);
}

export interface AnnotationProps {
  title?: string;
  file?: string;
  startLine?: number;
}

const annotation = (p: AnnotationProps = {}) => ({
  title: p.title,
  file: p.file,
  line: p.startLine,
});

export function info(message: string): void {
  process.stdout.write(message + EOL);
}

export function warning(message: string, props?: AnnotationProps): void {
  command('warning', annotation(props), message);
}

export function error(message: string, props?: AnnotationProps): void {
  command('error', annotation(props), message);
}

/** Fails the step (exit code 1 when the process ends) with an error line saying why. */
export function setFailed(message: string): void {
  process.exitCode = 1;
  error(message);
}

/** The runner masks the value in the rest of the log. */
export function setSecret(value: string): void {
  command('add-mask', {}, value);
}

/**
 * One output, appended to GITHUB_OUTPUT as a heredoc whose delimiter is random, so no value
 * can end it early and set another output.
 */
export function setOutput(name: string, value: string): void {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) {
    command('set-output', { name }, value);
    return;
  }
  const delimiter = `ghadelimiter_${randomUUID()}`;
  if (name.includes(delimiter) || value.includes(delimiter)) {
    throw new Error(`output ${name}: its value holds the delimiter`);
  }
  appendFileSync(file, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`);
}

/** Whether the runner gave this step a job summary file. */
export function hasSummary(): boolean {
  return Boolean(process.env.GITHUB_STEP_SUMMARY);
}

/** Appends Markdown to the job summary (hasSummary() first). */
export function appendSummary(markdown: string): void {
  appendFileSync(process.env.GITHUB_STEP_SUMMARY!, markdown);
}
