// `ledger-gate relock PATH…`: after an honest edit of a golden, lock every row that names it
// to its current bytes in one command (a golden shared by 94 tests is one command, not 94).
import { artifactFile, isDoctestArtifact } from '../ledger/doctest-artifact.js';
import { parseArgs } from 'node:util';
import { setRows } from '../ledger/edit.js';
import { isFileRowId, testFile } from '../ledger/file-rows.js';
import { resnapshot } from './snapshot-lock.js';
import type { RowFields } from '../ledger/render.js';
import {
  ledgerFile,
  ledgerRows,
  readFacts,
  editLedger,
  repoPath,
  runCommand,
  type LedgerFile,
} from './upkeep.js';
import { GateError, type LedgerRow } from '../types.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { RELOCK } from './tables.js';
import { goldenLabel, goldenPatterns, inGoldenSet } from '../ledger/golden-set.js';

/** Does the path given to relock select a row of this artifact (key)? */
function selects(key: string, given: string): boolean {
  return (
    key === given ||
    goldenPatterns(key).includes(given) ||
    inGoldenSet(key, given) ||
    // A doctest's examples are in its module: the module selects each of its doctest rows.
    (isDoctestArtifact(key) && artifactFile(key) === given)
  );
}

/** The rows relock writes: locked_fixture rows with a digest of their own. */
export function lockableRows(text: string, file: LedgerFile): LedgerRow[] {
  // A row of `skip:` alone follows its file row's digest: it has none of its own to write.
  return ledgerRows(text, file).filter((r) => r.class === 'locked_fixture' && !r.inherits);
}

/**
 * The artifact keys of the rows a path selects: those that name it, and those of every golden
 * list or glob it is in or written as (golden-set.ts): each such row is locked to its whole set.
 */
export function keysSelectedBy(rows: readonly LedgerRow[], given: string): string[] {
  const keys: string[] = [];
  for (const r of rows)
    if (r.artifact !== undefined && selects(r.artifact, given) && !keys.includes(r.artifact))
      keys.push(r.artifact);
  return keys;
}

/** The ledger text with every row of `keys` locked to its digest, and a line per key. */
export function relockEdit(
  text: string,
  file: LedgerFile,
  rows: readonly LedgerRow[],
  keys: readonly string[],
  digests: ReadonlyMap<string, string>,
): { text: string; announce: string[]; changed: number } {
  const edits = new Map<string, RowFields>();
  for (const r of rows) {
    const digest = digests.get(r.artifact!);
    if (digest !== undefined && digest !== r.digest)
      edits.set(r.id, {
        class: 'locked_fixture',
        digest,
        // A file row's artifact is its own file, implied and not written, unless it holds
        // the file's snapshots too (snapshot-lock.ts).
        artifact: isFileRowId(r.id) && r.artifact === testFile(r.id) ? undefined : r.artifact,
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
  return { text: setRows(text, edits).text, announce, changed: edits.size };
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
        // A snapshot path re-derives its test file's set first: `jest -u` may have written
        // or deleted one since the row was locked.
        const { rows, keysOf } = await resnapshot(root, lockableRows(text, file), artifacts);
        const keys: string[] = [];
        for (const a of artifacts) {
          const of = [...(keysOf.get(a) ?? []), ...keysSelectedBy(rows, a)];
          if (of.length === 0)
            throw new GateError(`no locked_fixture row names ${JSON.stringify(a)}`, file.shown);
          for (const k of of) if (!keys.includes(k)) keys.push(k);
        }
        const digests = await readFacts(root, keys, []);
        const { text: after, announce } = relockEdit(text, file, rows, keys, digests);
        return { text: after, announce };
      },
      { dryRun: values['dry-run'] },
    );
  });
}
