// `ledger-gate property ID --invariant NAME --seeds DIR`: make ID a property test whose
// seeds folder (which must hold at least one file) may only grow.
import { parseArgs } from 'node:util';
import { setRow } from '../ledger/edit.js';
import {
  ledgerFile,
  readFacts,
  readLedgerText,
  repoPath,
  runCommand,
  writeLedger,
} from '../ledger/upkeep.js';
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
      },
    });
    if (positionals.length !== 1) {
      throw new UsageError('usage: property ID --invariant NAME --seeds DIR [--ledger FILE]');
    }
    if (values.invariant === undefined || values.invariant.trim() === '') {
      throw new UsageError('property needs --invariant NAME');
    }
    if (values.seeds === undefined) throw new UsageError('property needs --seeds DIR');
    const [id] = positionals;
    const root = io.cwd;
    const file = ledgerFile(root, values.ledger);
    const seeds = repoPath(root, values.seeds, '--seeds');
    await readFacts(root, [], [seeds]);
    const text = await readLedgerText(file);
    const edit = setRow(text, id, { class: 'property', invariant: values.invariant, seeds });
    if (!writeLedger(edit.text, file, root, io)) return 1;
    const what = edit.text === text ? 'unchanged' : edit.added ? 'added' : 'updated';
    io.stdout(`${file.shown}: ${what} ${id}: property ${values.invariant}, seeds ${seeds}\n`);
    return 0;
  });
}
