// One commit's diff, for the gaming-shape scan: `git show -U0` with no context, no colour, no
// external diff or textconv driver, a merge as its dense combined diff (only what the merge
// itself wrote). Read up to a byte cap: past it git is stopped and the caller is told, so a
// huge commit costs at most the cap and is never taken as scanned (src/gather/evidence-gaming.ts).
import { spawn } from 'node:child_process';
import { GateError } from '../../types.js';

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export function addedLinesOf(
  cwd: string,
  sha: string,
  maxBytes: number,
): Promise<{ text: string; capped: boolean }> {
  if (!SHA.test(sha)) return Promise.reject(new GateError(`not a commit sha: ${sha.slice(0, 80)}`));
  const args = [
    '-c',
    'core.quotePath=false',
    'show',
    '--no-color',
    '--no-ext-diff',
    '--no-textconv',
    '--no-renames',
    '--submodule=short',
    '--diff-merges=dense-combined',
    '--format=',
    '-U0',
    sha,
    '--',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let capped = false;
    let err = '';
    child.stdout.on('data', (b: Buffer) => {
      if (capped) return;
      if (size + b.length > maxBytes) {
        chunks.push(b.subarray(0, maxBytes - size));
        size = maxBytes;
        capped = true;
        child.kill();
        return;
      }
      chunks.push(b);
      size += b.length;
    });
    child.stderr.on('data', (b: Buffer) => {
      if (err.length < 400) err += b.toString('utf8');
    });
    child.on('error', (e) =>
      reject(new GateError(`git show ${sha.slice(0, 12)} failed: ${e.message}`)),
    );
    child.on('close', (code) => {
      if (!capped && code !== 0) {
        reject(
          new GateError(`git show ${sha.slice(0, 12)} failed: ${err.trim().split('\n')[0] ?? ''}`),
        );
        return;
      }
      let text = Buffer.concat(chunks).toString('utf8');
      // A cut diff ends mid-line: that line is not read.
      if (capped) text = text.slice(0, text.lastIndexOf('\n') + 1);
      resolve({ text, capped });
    });
  });
}
