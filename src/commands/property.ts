// `ledger-gate property ID --invariant NAME --seeds DIR`: make ID a property test whose
// seeds folder (which must hold at least one file) may only grow.
import { parseArgs } from 'node:util';
import { setRow } from '../ledger/edit.js';
import {
  ledgerFile,
  ledgerRows,
  readFacts,
  editLedger,
  readRun,
  repoPath,
  requireKnown,
  RUN_OPTIONS,
  runCommand,
} from './upkeep.js';
import { UsageError, type CommandIO } from './io.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('property', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        ledger: { type: 'string' },
        invariant: { type: 'string' },
        seeds: { type: 'string' },
        ...RUN_OPTIONS,
      },
    });
    if (positionals.length !== 1) {
      throw new UsageError(
        'usage: property ID --invariant NAME --seeds DIR [--junit GLOB | --collected FILE] [--new] [--ledger FILE]',
      );
    }
    if (values.invariant === undefined || values.invariant.trim() === '') {
      throw new UsageError('property needs --invariant NAME');
    }
    if (values.seeds === undefined) throw new UsageError('property needs --seeds DIR');
    const [id] = positionals;
    const root = io.cwd;
    const file = ledgerFile(root, values.ledger);
    const seeds = repoPath(root, values.seeds, '--seeds');
    const invariant = values.invariant;
    return editLedger(file, io, async (text) => {
      const rows = new Map(ledgerRows(text, file).map((r) => [r.id, r]));
      const testRun = await readRun(root, values.junit, values.collected);
      requireKnown([id], testRun, new Set(rows.keys()), values.new, file);
      await readFacts(root, [], [seeds]);
      const skip = rows.get(id)?.skip; // an expected skip is about the test, not its class
      const edit = setRow(text, id, { class: 'property', invariant, seeds, skip });
      const what = edit.text === text ? 'unchanged' : edit.added ? 'added' : 'updated';
      const announce = [`${file.shown}: ${what} ${id}: property ${invariant}, seeds ${seeds}`];
      return { text: edit.text, announce };
    });
  });
}
