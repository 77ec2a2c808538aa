// `ledger-gate lock ID… --artifact PATH`: make each ID a locked_fixture of PATH's current
// bytes. `--artifact {file}` locks each test to its own source file (the id before `::`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setRows } from '../ledger/edit.js';
import type { RowFields } from '../ledger/render.js';
import {
  ledgerFile,
  ledgerRows,
  readFacts,
  editLedger,
  readRun,
  repoPath,
  requireKnown,
  RUN_OPTIONS,
  runCommand,
} from './upkeep.js';
import { GateError } from '../types.js';
import { OWN_FILE } from '../ledger/rules.js';
import { UsageError, type CommandIO } from './io.js';

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
      options: { ledger: { type: 'string' }, artifact: { type: 'string' }, ...RUN_OPTIONS },
    });
    if (positionals.length === 0) {
      throw new UsageError(
        'usage: lock ID… --artifact PATH|{file} [--junit GLOB | --collected FILE] [--new] [--ledger FILE]',
      );
    }
    if (values.artifact === undefined) throw new UsageError('lock needs --artifact PATH');
    const ids = [...new Set(positionals)];
    const root = io.cwd;
    const file = ledgerFile(root, values.ledger);
    const artifactOf = new Map(
      ids.map((id) => [
        id,
        values.artifact === OWN_FILE
          ? ownFile(root, id, '--artifact {file}')
          : repoPath(root, values.artifact!, '--artifact'),
      ]),
    );
    return editLedger(file, io, async (text) => {
      const before = new Map(ledgerRows(text, file).map((r) => [r.id, r]));
      const known = await readRun(root, values.junit, values.collected);
      requireKnown(ids, known, new Set(before.keys()), values.new, file);
      const digests = await readFacts(root, [...new Set(artifactOf.values())], []);
      const edits = new Map<string, RowFields>(
        ids.map((id) => {
          const artifact = artifactOf.get(id)!;
          // An expected skip is about the test, not its class: it stays.
          const skip = before.get(id)?.skip;
          return [id, { class: 'locked_fixture', digest: digests.get(artifact)!, artifact, skip }];
        }),
      );
      const announce = [...edits].map(([id, f]) => {
        const old = before.get(id);
        const what = !old
          ? 'added'
          : old.class === 'locked_fixture' && old.digest === f.digest && old.artifact === f.artifact
            ? 'unchanged'
            : 'updated';
        return `${file.shown}: ${what} ${id}: locked_fixture, ${f.artifact} ${f.digest}`;
      });
      return { text: setRows(text, edits).text, announce };
    });
  });
}
