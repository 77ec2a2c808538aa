// The change's diff as `git diff -U0` text, for `ledger-gate targets` (the head's line numbers
// of every added or changed line). No colour, external diff, textconv or rename detection.
import { execFile } from 'node:child_process';
import { GateError } from '../../types.js';

export function diffText(cwd: string, from: string, to: string): Promise<string> {
  const args = [
    '-c',
    'core.quotePath=false',
    'diff',
    '--no-color',
    '--no-ext-diff',
    '--no-textconv',
    '--no-renames',
    '-U0',
    from,
    to,
    '--',
  ];
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (e, out, err) => {
        if (e)
          reject(
            new GateError(
              `git diff ${from} ${to} failed: ${(err || e.message).trim().split('\n')[0]}`,
            ),
          );
        else resolve(out);
      },
    );
  });
}
