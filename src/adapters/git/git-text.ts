// A git command's stdout as one utf8 string, through child_process.execFile, for the readers
// that want the text whole or a GateError (blame.ts, diff-text.ts, index-state.ts). Its own
// module, not git.ts: git.ts imports blame.ts and diff-text.ts.
import { execFile } from 'node:child_process';
import { GateError } from '../../types.js';

export interface GitTextOptions {
  /** Bytes of stdout past which git is stopped and the call fails (execFile's maxBuffer). */
  maxBuffer: number;
  /** Variables set over process.env. */
  env?: Record<string, string>;
}

/**
 * `git ARGS` in cwd: its stdout, or a GateError `WHAT failed: …` with the first line of its
 * stderr (else of the error: git not found, the output past maxBuffer).
 */
export function gitText(
  cwd: string,
  args: string[],
  what: string,
  { maxBuffer, env }: GitTextOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, encoding: 'utf8', maxBuffer, ...(env ? { env: { ...process.env, ...env } } : {}) },
      (error, stdout, stderr) => {
        if (error) {
          const why = String(stderr).trim().split('\n')[0] || error.message.split('\n')[0];
          reject(new GateError(`${what} failed: ${why}`));
        } else resolve(stdout);
      },
    );
  });
}
