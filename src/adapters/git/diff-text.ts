// The change's diff as `git diff -U0` text, for `ledger-gate targets` (the head's line numbers
// of every added or changed line). No colour, external diff, textconv or rename detection.
import { gitText } from './git-text.js';

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
  return gitText(cwd, args, `git diff ${from} ${to}`, { maxBuffer: 256 * 1024 * 1024 });
}
