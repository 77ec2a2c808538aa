// `ledger-gate lock ID --artifact PATH`: make ID a locked_fixture of PATH's current bytes.
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
  return runCommand('lock', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { ledger: { type: 'string' }, artifact: { type: 'string' } },
    });
    if (positionals.length !== 1)
      throw new UsageError('usage: lock ID --artifact PATH [--ledger FILE]');
    if (values.artifact === undefined) throw new UsageError('lock needs --artifact PATH');
    const [id] = positionals;
    const root = io.cwd;
    const file = ledgerFile(root, values.ledger);
    const artifact = repoPath(root, values.artifact, '--artifact');
    const digest = (await readFacts(root, [artifact], [])).get(artifact)!;
    const text = await readLedgerText(file);
    const edit = setRow(text, id, { class: 'locked_fixture', digest, artifact });
    if (!writeLedger(edit.text, file, root, io)) return 1;
    const what = edit.text === text ? 'unchanged' : edit.added ? 'added' : 'updated';
    io.stdout(`${file.shown}: ${what} ${id}: locked_fixture, ${artifact} ${digest}\n`);
    return 0;
  });
}
