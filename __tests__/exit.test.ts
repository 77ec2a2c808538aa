// The action's end (src/adapters/actions/exit.ts): the process ends naturally once nothing is
// left to run, with its exit code and its log whole (4 MiB through a pipe to a slow reader),
// not through process.exit(), which can deadlock Node's shutdown (nodejs/node#54918); and a
// handle left open cannot hold it: the watchdog ends it, saying so.
import { describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');

/** Runs `body` after endNaturally's import in a Node child; its exit code, output and time. */
async function run(
  body: string[],
): Promise<{ code: number | null; out: string; err: string; ms: number }> {
  const script = ["import { endNaturally } from './src/adapters/actions/exit.ts';", ...body].join(
    '\n',
  );
  const child = spawn(
    process.execPath,
    ['--import', './scripts/worker-ts-hooks.mjs', '--input-type=module', '-e', script],
    { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  // A slow reader: the pipe fills, and the writer must wait for it.
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    child.stdout.pause();
    setTimeout(() => child.stdout.resume(), 1);
  });
  const started = Date.now();
  const code = await new Promise<number | null>((r) => child.on('close', r));
  return { code, out, err, ms: Date.now() - started };
}

const LOG = [
  "const line = 'x'.repeat(1023) + '\\n';",
  'for (let i = 0; i < 4096; i++) process.stdout.write(line);',
  "process.stderr.write('last words\\n');",
  'process.exitCode = 3;',
];

describe('endNaturally', () => {
  test('the process ends as Node ends it, at once, with every line and its exit code', async () => {
    const r = await run([
      ...LOG,
      // Emitted only when the loop runs dry, never on process.exit().
      "process.once('beforeExit', () => process.stderr.write('natural end\\n'));",
      'endNaturally(60_000);',
    ]);
    expect(r.code).toBe(3);
    expect(r.out).toBe('x'.repeat(1023).concat('\n').repeat(4096));
    expect(r.err).toContain('last words\nnatural end\n');
    expect(r.ms).toBeLessThan(30_000); // not the watchdog's minute: it holds nothing open
  }, 40_000);

  test('a handle left open does not hold it: the watchdog ends it, says so, keeps the code', async () => {
    const r = await run([
      ...LOG,
      // A timer that would keep a natural exit waiting for a minute.
      'setTimeout(() => {}, 60_000);',
      'endNaturally(500);',
    ]);
    expect(r.code).toBe(3);
    expect(r.out.length).toBe(4096 * 1024 + r.out.split('\n').at(-2)!.length + 1);
    expect(
      r.out.endsWith(
        '::warning::ledger-gate: the run was done but something held the process open: ended\n',
      ),
    ).toBe(true);
    expect(r.err).toContain('last words');
    expect(r.ms).toBeGreaterThanOrEqual(500);
    expect(r.ms).toBeLessThan(30_000);
  }, 40_000);
});
