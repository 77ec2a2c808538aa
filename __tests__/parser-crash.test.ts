// The parser in one long run (src/adapters/code/grammars.ts): a real file parsed and read again
// and again in one process, the way the gate reads every changed file of a run. On Node 20 this
// segfaulted the process (V8's inlined calls into the WASM runtime) before the loader turned
// that inlining off; the run is a child, so a crash is its exit signal, not the test runner's.
import { describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { keepWasmCallsOutOfLine } from '../src/adapters/code/grammars.js';

const repo = path.resolve(import.meta.dirname, '..');

describe('the parser in one long run', () => {
  test('a real 2,500-line Python file parsed and read 30 times in one process ends normally', async () => {
    const script = [
      "import { readFileSync } from 'node:fs';",
      "import { parserFor } from './src/adapters/code/grammars.ts';",
      "import { scanTree } from './src/code/scan.ts';",
      "const text = readFileSync('__fixtures__/parser-crash/more.py', 'utf8');",
      'const added = text.split("\\n").map((_, i) => i + 1);',
      "const parse = await parserFor('python');",
      'let read = 0;',
      'for (let i = 0; i < 30; i++) {',
      '  const tree = parse(text);',
      "  try { if (!scanTree('python', tree.rootNode, added, undefined, 'more_itertools/more.py').problem) read++; }",
      '  finally { tree.delete(); }',
      '}',
      'process.stdout.write(`read ${read}`);',
    ].join('\n');
    const child = spawn(
      process.execPath,
      ['--import', './scripts/worker-ts-hooks.mjs', '--input-type=module', '-e', script],
      { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const [code, signal] = await new Promise<[number | null, string | null]>((r) =>
      child.on('close', (c, s) => r([c, s])),
    );
    expect({ code, signal, out, err }).toEqual({ code: 0, signal: null, out: 'read 30', err: '' });
  }, 120_000);

  test('the inlining is turned off only on the V8 versions known to have the flag', () => {
    expect(keepWasmCallsOutOfLine('9.4.146.26-node.26')).toBe(false);
    expect(keepWasmCallsOutOfLine('14.0.1')).toBe(false);
    expect(keepWasmCallsOutOfLine('not a version')).toBe(false);
    expect(keepWasmCallsOutOfLine(process.versions.v8)).toBe(
      Number(process.versions.v8.split('.')[0]) <= 13,
    );
  });
});
