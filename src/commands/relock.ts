// `ledger-gate relock PATH…`: after an honest edit of a golden, lock every row that names it
// to its current bytes in one command (a golden shared by 94 tests is one command, not 94).
import { parseArgs } from 'node:util';
import { setRows } from '../ledger/edit.js';
import { isFileRowId } from '../ledger/file-rows.js';
import type { RowFields } from '../ledger/render.js';
import { ledgerFile, ledgerRows, readFacts, editLedger, repoPath, runCommand } from './upkeep.js';
import { GateError } from '../types.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { RELOCK } from './tables.js';
import { goldenLabel, goldenPatterns, inGoldenSet } from '../ledger/golden-set.js';

/** Does the path given to relock select a row of this artifact (key)? */
function selects(key: string, given: string): boolean {
  return key === given || goldenPatterns(key).includes(given) || inGoldenSet(key, given);
}

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('relock', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: RELOCK.options,
    });
    if (positionals.length === 0) throw new UsageError('relock needs at least one PATH');
    const at = placeOf(io);
    const root = at.root;
    const file = ledgerFile(at, values.ledger);
    const artifacts = [...new Set(positionals.map((p) => repoPath(root, p, 'relock', at.cwd)))];
    return editLedger(
      file,
      io,
      async (text) => {
        // A row of `skip:` alone follows its file row's digest: it has none of its own to write.
        const rows = ledgerRows(text, file).filter(
          (r) => r.class === 'locked_fixture' && !r.inherits,
        );
        // A path selects the rows that name it, and those of every golden list or glob it is
        // in or written as (golden-set.ts): each such row is locked to its whole set again.
        const keys: string[] = [];
        for (const a of artifacts) {
          const of = rows.filter((r) => r.artifact !== undefined && selects(r.artifact, a));
          if (of.length === 0)
            throw new GateError(`no locked_fixture row names ${JSON.stringify(a)}`, file.shown);
          for (const r of of) if (!keys.includes(r.artifact!)) keys.push(r.artifact!);
        }
        const digests = await readFacts(root, keys, []);
        const edits = new Map<string, RowFields>();
        for (const r of rows) {
          const digest = digests.get(r.artifact!);
          if (digest !== undefined && digest !== r.digest)
            edits.set(r.id, {
              class: 'locked_fixture',
              digest,
              // A file row's artifact is its own file, implied and never written.
              artifact: isFileRowId(r.id) ? undefined : r.artifact,
              skip: r.skip,
            });
        }
        const announce = keys.map((k) => {
          const of = rows.filter((r) => r.artifact === k);
          const changed = of.filter((r) => edits.has(r.id)).length;
          return (
            `${file.shown}: ${goldenLabel(k)} ${digests.get(k)}: ${changed} row${changed === 1 ? '' : 's'} re-locked` +
            `, ${of.length - changed} already matched`
          );
        });
        return { text: setRows(text, edits).text, announce };
      },
      { dryRun: values['dry-run'] },
    );
  });
}
