// `ledger-gate drop ID…`: remove rows (a test deleted or renamed), keeping every other byte
// of the file. An ID may be an id glob over the ledger's ids. The gate still judges the
// deletion as a change to the ledger (§3).
import { parseArgs } from 'node:util';
import { dropRows } from '../ledger/edit.js';
import { ledgerFile, ledgerRows, nearest, editLedger, runCommand } from './upkeep.js';
import { GateError } from '../types.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { DROP } from './tables.js';
import { expandIds } from './options.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('drop', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: DROP.options,
    });
    if (positionals.length === 0) throw new UsageError('drop needs at least one ID (or id glob)');
    const file = ledgerFile(placeOf(io), values.ledger);
    return editLedger(
      file,
      io,
      async (text) => {
        const rows = ledgerRows(text, file);
        const have = new Set(rows.map((r) => r.id));
        const ids = new Set(expandIds(positionals, have, `with a row in ${file.shown}`));
        for (const id of ids) {
          if (!have.has(id)) {
            const near = nearest(id, have);
            throw new GateError(
              `no row for ${JSON.stringify(id)}${near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`}: nothing dropped`,
              file.shown,
            );
          }
        }
        const announce = rows
          .filter((r) => ids.has(r.id))
          .map((r) => `${file.shown}: dropped ${r.id} (${r.class})`);
        return { text: dropRows(text, ids), announce };
      },
      { dryRun: values['dry-run'] },
    );
  });
}
