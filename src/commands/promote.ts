// `ledger-gate promote ID [--artifact P | --invariant N --seeds D]`: turn an agent's draft
// into the class it proposes, refusing while a field that class requires is missing.
import { parseArgs } from 'node:util';
import { setRow } from '../ledger/edit.js';
import { parseLedger } from '../ledger/parse.js';
import type { RowFields } from '../ledger/render.js';
import { ledgerFile, readFacts, editLedger, repoPath, runCommand } from './upkeep.js';
import { GateError } from '../types.js';
import { UsageError, type CommandIO } from './io.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('promote', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        ledger: { type: 'string' },
        artifact: { type: 'string' },
        invariant: { type: 'string' },
        seeds: { type: 'string' },
      },
    });
    if (positionals.length !== 1) {
      throw new UsageError(
        'usage: promote ID [--artifact PATH | --invariant NAME --seeds DIR] [--ledger FILE]',
      );
    }
    const [id] = positionals;
    const root = io.cwd;
    const file = ledgerFile(root, values.ledger);
    return editLedger(file, io, async (text) => {
      const row = parseLedger(text, file.shown).ledger?.byId.get(id);
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
      let fields: RowFields;
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
          values.artifact !== undefined ? repoPath(root, given, '--artifact') : given;
        // The digest is always of the bytes as they are now, whatever the draft proposed.
        const digest = (await readFacts(root, [artifact], [])).get(artifact)!;
        if (row.digest !== undefined && row.digest !== digest) {
          io.stderr(
            `note: the draft proposed ${row.digest}; locking the current bytes, ${digest}\n`,
          );
        }
        fields = { class: 'locked_fixture', digest, artifact, skip: row.skip };
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
        const seeds = values.seeds !== undefined ? repoPath(root, given!, '--seeds') : given!;
        await readFacts(root, [], [seeds]);
        fields = { class: 'property', invariant: invariant!, seeds, skip: row.skip };
      } else {
        throw new GateError(
          `${id} has no valid proposed_class (run ledger-gate lint)`,
          file.shown,
          row.line,
          row.column,
        );
      }
      const announce = [`${file.shown}: promoted ${id}: draft → ${fields.class}`];
      return { text: setRow(text, id, fields).text, announce };
    });
  });
}
