// `ledger-gate lint`: validate the ledger (paths included). Each problem on one line as
// `file:line:col: message`; exit 1 on any.
import { parseArgs } from 'node:util';
import {
  formatIssue,
  ledgerFile,
  ledgerProblems,
  readLedgerText,
  runCommand,
} from '../ledger/upkeep.js';
import { UsageError, type CommandIO } from './io.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('lint', io, async () => {
    const { positionals, values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { ledger: { type: 'string' } },
    });
    if (positionals.length > 0) throw new UsageError('usage: lint [--ledger FILE]');
    const file = ledgerFile(io.cwd, values.ledger);
    const { parsed, issues } = ledgerProblems(await readLedgerText(file), file, io.cwd);
    for (const i of issues) io.stdout(formatIssue(i) + '\n');
    if (issues.length > 0) {
      io.stderr(`${file.shown}: ${issues.length} problem${issues.length === 1 ? '' : 's'}\n`);
      return 1;
    }
    const rows = parsed.ledger!.rows;
    const by = new Map<string, number>();
    for (const r of rows) by.set(r.class, (by.get(r.class) ?? 0) + 1);
    const parts = ['locked_fixture', 'property', 'quarantine', 'draft'].map(
      (c) => `${by.get(c) ?? 0} ${c}`,
    );
    io.stdout(
      `${file.shown}: ok, ${rows.length} row${rows.length === 1 ? '' : 's'} (${parts.join(', ')})\n`,
    );
    return 0;
  });
}
