// The action's end (src/adapters/actions/exit.ts): the process ends at once (a pending timer
// does not hold it), with its exit code, and its log whole: 4 MiB through a pipe to a slow
// reader. (Linux writes a pipe synchronously; the flush it waits for matters on macOS and
// Windows runners, where pipes are asynchronous.)
import { describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');

describe('exitWhenFlushed', () => {
  test('every line written before it arrives, and the exit code is kept', async () => {
    const script = [
      "import { exitWhenFlushed } from './src/adapters/actions/exit.ts';",
      "const line = 'x'.repeat(1023) + '\\n';",
      'for (let i = 0; i < 4096; i++) process.stdout.write(line);',
      "process.stderr.write('last words\\n');",
      'process.exitCode = 3;',
      // A timer that would keep a natural exit waiting for a minute.
      'setTimeout(() => {}, 60_000);',
      'await exitWhenFlushed();',
    ].join('\n');
    const child = spawn(
      process.execPath,
      ['--import', './scripts/worker-ts-hooks.mjs', '--input-type=module', '-e', script],
      { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = 0;
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // A slow reader: the pipe fills, and the writer must wait for it.
    child.stdout.on('data', (d: Buffer) => {
      out += d.length;
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 1);
    });
    const started = Date.now();
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(3);
    expect(out).toBe(4096 * 1024);
    expect(err).toContain('last words');
    expect(Date.now() - started).toBeLessThan(30_000); // not the timer's minute
  }, 40_000);
});
