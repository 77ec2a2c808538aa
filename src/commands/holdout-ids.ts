// `ledger-gate holdout-ids --junit GLOB`: the lookup table from the gate's opaque hold-out ids
// to the cases, for the hold-out job's own log (never the gate's outputs: it names the cases).
import { parseArgs } from 'node:util';
import { expandReports } from '../adapters/fs/report-globs.js';
import { HOLDOUT_KEY_MIN, holdoutId } from '../decision/holdout.js';
import { neutralise } from '../report/escape.js';
import { parseReports } from '../gather/reports.js';
import { UsageError, type CommandIO } from './io.js';
import { HOLDOUT_IDS } from './tables.js';

export async function run(
  argv: string[],
  io: CommandIO,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: HOLDOUT_IDS.options,
  });
  if (!v.junit?.length) throw new UsageError('holdout-ids needs at least one --junit GLOB');
  const key = env.LEDGER_GATE_HOLDOUT_KEY ?? '';
  if (key.length < HOLDOUT_KEY_MIN)
    throw new UsageError(
      `holdout-ids needs the gate's key (at least ${HOLDOUT_KEY_MIN} characters) in LEDGER_GATE_HOLDOUT_KEY`,
    );
  const expanded = await expandReports(io.cwd, v.junit);
  const read = await parseReports({
    root: io.cwd,
    files: expanded.files,
    problems: expanded.problems,
  });
  for (const r of read.reports)
    for (const c of r.cases)
      io.stdout(
        `${holdoutId(key, c)}  ${c.status}  ${neutralise(c.classname ?? '')}  ${neutralise(c.name)}\n`,
      );
  for (const p of read.reportProblems)
    io.stderr(`ledger-gate holdout-ids: ${neutralise(`${p.file}: ${p.message}`)}\n`);
  return read.reportProblems.length > 0 ? 1 : 0;
}
