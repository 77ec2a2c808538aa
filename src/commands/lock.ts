// `ledger-gate lock ID… --artifact PATH`: make each ID a locked_fixture of PATH's current
// bytes. `--artifact {file}` locks each test to its own source file (the id before `::`), a
// pytest doctest item to its own examples.
// An ID may be an id glob; a test that skips in the given run gets `skip:` with its reason,
// as `init` writes it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setRows } from '../ledger/edit.js';
import type { RowFields } from '../ledger/render.js';
import {
  artifactArg,
  ledgerFile,
  readFacts,
  editLedger,
  repoPath,
  runCommand,
  rowsAndIds,
} from './upkeep.js';
import { goldenLabel } from '../ledger/golden-set.js';
import { GateError } from '../types.js';
import { OWN_FILE } from '../ledger/rules.js';
import { frozenAs } from './frozen.js';
import { doctestItems } from './doctest-items.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { LOCK } from './tables.js';

/** The file a test id names: the part before its first `::`, as a repo-relative path. */
export function ownFile(root: string, id: string, what: string): string {
  const at = id.indexOf('::');
  if (at <= 0) {
    throw new UsageError(`${what}: ${JSON.stringify(id)} names no file (no \`::\` in the id)`);
  }
  const file = repoPath(root, id.slice(0, at), `${what}: the file of ${JSON.stringify(id)}`);
  // Ids from reports without file names (jest-junit without addFileAttribute) start with a
  // suite name instead: say so, rather than "no such file".
  if (!existsSync(path.join(root, file))) {
    throw new GateError(
      `${what}: ${JSON.stringify(id)} names ${JSON.stringify(file)}, which is not a file here (do the report's ids start with their test file? see docs/test-ids.md)`,
    );
  }
  return file;
}

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('lock', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: LOCK.options,
    });
    if (positionals.length === 0) throw new UsageError('lock needs at least one ID (or id glob)');
    const given = values.artifact ?? [];
    if (given.length === 0) throw new UsageError('lock needs --artifact PATH');
    if (given.length > 1 && given.includes(OWN_FILE))
      throw new UsageError(`--artifact ${OWN_FILE} stands alone: each test's own file`);
    const at = placeOf(io);
    const root = at.root;
    const file = ledgerFile(at, values.ledger);
    const fixed = given[0] === OWN_FILE ? undefined : artifactArg(root, given, at.cwd);
    // A literal id's own file is checked first: a usage error before the ledger is read.
    if (fixed === undefined)
      for (const a of positionals) if (!a.includes('*')) ownFile(root, a, '--artifact {file}');
    return editLedger(
      file,
      io,
      async (text) => {
        const found = await rowsAndIds(text, file, at, positionals, values);
        const { ids, rows: before, run: known } = found;
        // `{file}` of a pytest doctest item is its examples, not its module (CONTRACT §2).
        const doctests = fixed === undefined ? await doctestItems(root, ids) : new Map();
        const artifactOf = new Map(
          ids.map((id) => [
            id,
            fixed ?? doctests.get(id) ?? ownFile(root, id, '--artifact {file}'),
          ]),
        );
        const results = new Map(known?.tests.map((t) => [t.id, t]));
        const digests = await readFacts(root, [...new Set(artifactOf.values())], []);
        const edits = new Map<string, RowFields>(
          ids.map((id) => {
            const artifact = artifactOf.get(id)!;
            // An expected skip is about the test, not its class: it stays; a test that skips
            // in the given run gets the report's reason, as init writes it.
            const frozen = frozenAs(results.get(id));
            const skip =
              before.get(id)?.skip ?? (frozen && 'skip' in frozen ? frozen.skip : undefined);
            return [
              id,
              { class: 'locked_fixture', digest: digests.get(artifact)!, artifact, skip },
            ];
          }),
        );
        const announce = [...edits].map(([id, f]) => {
          const old = before.get(id);
          const what = !old
            ? 'added'
            : old.class === 'locked_fixture' &&
                old.digest === f.digest &&
                old.artifact === f.artifact &&
                old.skip === f.skip
              ? 'unchanged'
              : 'updated';
          return `${file.shown}: ${what} ${id}: locked_fixture, ${goldenLabel(f.artifact!)} ${f.digest}${f.skip ? `, skip: ${f.skip}` : ''}`;
        });
        return { text: setRows(text, edits).text, announce };
      },
      { dryRun: values['dry-run'] },
    );
  });
}
