// `ledger-gate conduct --pytest|--node [--report FILE]`: the environment that turns on the
// shipped pytest or Node recorder (docs/conduct.md), as `NAME=value` lines for
// `>> "$GITHUB_ENV"`. The recorder is the action's file, beside the bundle
// (dist/cli/conduct/), never the repository's: the change under test cannot edit what
// records it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runCommand } from './upkeep.js';
import { UsageError, type CommandIO } from './io.js';
import { CONDUCT } from './tables.js';

export const PLUGIN_MODULE = 'ledger_gate_conduct';
/** The Node recorder: a CommonJS preload (NODE_OPTIONS=--require), beside the pytest one. */
export const NODE_PRELOAD = `${PLUGIN_MODULE}.cjs`;

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The recorder's folder: beside the bundle, else the sources'. */
export function pluginDir(): string {
  const places = [path.join(HERE, 'conduct'), path.join(HERE, '..', 'conduct', 'pytest')];
  for (const p of places) if (existsSync(path.join(p, `${PLUGIN_MODULE}.py`))) return p;
  throw new Error(`the pytest recorder is missing (looked in ${places.join(', ')})`);
}

/** The Node preload's path: beside the bundle, else the sources'. */
export function nodePreload(): string {
  const places = [path.join(HERE, 'conduct'), path.join(HERE, '..', 'conduct', 'node')];
  for (const p of places)
    if (existsSync(path.join(p, NODE_PRELOAD))) return path.join(p, NODE_PRELOAD);
  throw new Error(`the Node recorder is missing (looked in ${places.join(', ')})`);
}

/** The variables for jest or vitest: the preload first in NODE_OPTIONS (what was set is kept). */
export function nodeEnv(report: string, env: NodeJS.ProcessEnv, preload = nodePreload()): string[] {
  // NODE_OPTIONS splits on spaces; a path with one is quoted (no quote or backslash inside).
  if (/["\\]/.test(preload))
    throw new Error(`the Node recorder's path cannot be quoted: ${preload}`);
  const req = `--require ${/\s/.test(preload) ? `"${preload}"` : preload}`;
  return [
    `NODE_OPTIONS=${env.NODE_OPTIONS ? `${req} ${env.NODE_OPTIONS}` : req}`,
    `LEDGER_GATE_CONDUCT=${report}`,
  ];
}

/** The variables, given the environment they extend (PYTHONPATH, PYTEST_ADDOPTS are kept). */
export function pytestEnv(report: string, env: NodeJS.ProcessEnv, dir = pluginDir()): string[] {
  const join = (mine: string, theirs: string | undefined, sep: string) =>
    theirs ? `${mine}${sep}${theirs}` : mine;
  return [
    `PYTHONPATH=${join(dir, env.PYTHONPATH, path.delimiter)}`,
    `PYTEST_ADDOPTS=${join(`-p ${PLUGIN_MODULE}`, env.PYTEST_ADDOPTS, ' ')}`,
    `LEDGER_GATE_CONDUCT=${report}`,
  ];
}

export async function run(
  argv: string[],
  io: CommandIO,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  return runCommand('conduct', io, async () => {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: CONDUCT.options,
    });
    if (values.pytest === values.node)
      throw new UsageError('give one of --pytest or --node (jest)');
    const report = path.resolve(
      io.cwd,
      values.report ?? path.join(env.RUNNER_TEMP || '.', 'reports', 'conduct.jsonl'),
    );
    if (/[\n\r]/.test(report)) throw new UsageError('--report must be one line');
    const lines = values.node ? nodeEnv(report, env) : pytestEnv(report, env);
    io.stdout(lines.join('\n') + '\n');
    return 0;
  });
}
