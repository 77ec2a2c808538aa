// `ledger-gate promote ID… [--artifact P | --invariant N --seeds D]`: turn agents' drafts into
// the class each proposes, refusing while a field that class requires is missing. An ID may be
// an id glob over the ledger's draft rows.
import { parseArgs } from 'node:util';
import { setRows } from '../ledger/edit.js';
import { parseLedger } from '../ledger/parse.js';
import type { RowFields } from '../ledger/render.js';
import { ledgerFile, readFacts, editLedger, repoPath, runCommand } from './upkeep.js';
import { GateError } from '../types.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { PROMOTE } from './tables.js';
import { expandIds } from './options.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('promote', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: PROMOTE.options,
    });
    if (positionals.length === 0) {
      throw new UsageError('promote needs at least one ID (or id glob)');
    }
    const at = placeOf(io);
    const root = at.root;
    const file = ledgerFile(at, values.ledger);
    return editLedger(
      file,
      io,
      async (text) => {
        const ledger = parseLedger(text, file.shown).ledger;
        const drafts = (ledger?.rows ?? []).filter((r) => r.class === 'draft').map((r) => r.id);
        const ids = expandIds(positionals, drafts, `of a draft row in ${file.shown}`);
        const edits = new Map<string, RowFields>();
        for (const id of ids) edits.set(id, await promoted(id));
        const announce = [...edits].map(
          ([id, f]) => `${file.shown}: promoted ${id}: draft → ${f.class}`,
        );
        return { text: setRows(text, edits).text, announce };

        async function promoted(id: string): Promise<RowFields> {
          const row = ledger?.byId.get(id);
          if (!row) throw new GateError(`no row for ${JSON.stringify(id)}`, file.shown);
          if (row.class !== 'draft') {
            throw new GateError(
              `${id} is a ${row.class} row, not a draft: nothing to promote`,
              file.shown,
              row.line,
              row.column,
            );
          }
          const target = row.proposed_class;
          if (target === 'locked_fixture') {
            if (values.invariant !== undefined || values.seeds !== undefined) {
              throw new UsageError(
                `${id} is proposed as locked_fixture: give --artifact, not --invariant/--seeds`,
              );
            }
            const given = values.artifact ?? row.artifact;
            if (given === undefined) {
              throw new GateError(
                `refusing to promote ${id} to locked_fixture: no artifact (give --artifact PATH)`,
                file.shown,
                row.line,
                row.column,
              );
            }
            const artifact =
              values.artifact !== undefined ? repoPath(root, given, '--artifact', at.cwd) : given;
            // The digest is always of the bytes as they are now, whatever the draft proposed.
            const digest = (await readFacts(root, [artifact], [])).get(artifact)!;
            if (row.digest !== undefined && row.digest !== digest) {
              io.stderr(
                `note: the draft proposed ${row.digest}; locking the current bytes, ${digest}\n`,
              );
            }
            return { class: 'locked_fixture', digest, artifact, skip: row.skip };
          } else if (target === 'property') {
            if (values.artifact !== undefined) {
              throw new UsageError(
                `${id} is proposed as property: give --invariant and --seeds, not --artifact`,
              );
            }
            const invariant = values.invariant ?? row.invariant;
            const given = values.seeds ?? row.seeds;
            const missing = [
              invariant === undefined ? '--invariant NAME' : '',
              given === undefined ? '--seeds DIR' : '',
            ].filter(Boolean);
            if (missing.length > 0) {
              throw new GateError(
                `refusing to promote ${id} to property: missing ${missing.join(' and ')}`,
                file.shown,
                row.line,
                row.column,
              );
            }
            const seeds =
              values.seeds !== undefined ? repoPath(root, given!, '--seeds', at.cwd) : given!;
            await readFacts(root, [], [seeds]);
            return { class: 'property', invariant: invariant!, seeds, skip: row.skip };
          } else {
            throw new GateError(
              `${id} has no valid proposed_class (run ledger-gate lint)`,
              file.shown,
              row.line,
              row.column,
            );
          }
        }
      },
      { dryRun: values['dry-run'] },
    );
  });
}
