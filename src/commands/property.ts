// `ledger-gate property ID --invariant NAME --seeds DIR`: make ID a property test whose
// seeds folder (which must hold at least one file) may only grow. An ID may be an id glob.
import { parseArgs } from 'node:util';
import { setRows } from '../ledger/edit.js';
import type { RowFields } from '../ledger/render.js';
import { ledgerFile, readFacts, editLedger, repoPath, runCommand, rowsAndIds } from './upkeep.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { PROPERTY } from './tables.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('property', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: PROPERTY.options,
    });
    if (positionals.length === 0) {
      throw new UsageError('property needs at least one ID (or id glob)');
    }
    if (values.invariant === undefined || values.invariant.trim() === '') {
      throw new UsageError('property needs --invariant NAME');
    }
    if (values.seeds === undefined) throw new UsageError('property needs --seeds DIR');
    const at = placeOf(io);
    const root = at.root;
    const file = ledgerFile(at, values.ledger);
    const seeds = repoPath(root, values.seeds, '--seeds', at.cwd);
    const invariant = values.invariant;
    return editLedger(
      file,
      io,
      async (text) => {
        const { rows, ids } = await rowsAndIds(text, file, at, positionals, values);
        await readFacts(root, [], [seeds]);
        const edits = new Map<string, RowFields>(
          // An expected skip is about the test, not its class: it stays.
          ids.map((id) => [id, { class: 'property', invariant, seeds, skip: rows.get(id)?.skip }]),
        );
        const edit = setRows(text, edits);
        const announce = ids.map((id) => {
          const old = rows.get(id);
          const what = !old
            ? 'added'
            : old.class === 'property' && old.invariant === invariant && old.seeds === seeds
              ? 'unchanged'
              : 'updated';
          return `${file.shown}: ${what} ${id}: property ${invariant}, seeds ${seeds}`;
        });
        return { text: edit.text, announce };
      },
      { dryRun: values['dry-run'] },
    );
  });
}
