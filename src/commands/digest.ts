// `ledger-gate digest PATH…`: `sha256:<hex>  PATH` per file, hashed in chunks by the same
// reader the gate uses (regular files only: symlinks, folders, FIFOs and devices are refused).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { artifactFacts, hashFile } from '../adapters/fs/file-facts.js';
import { goldenLabel, isGlob } from '../ledger/golden-set.js';
import { artifactArg, repoPath, runCommand } from './upkeep.js';
import { doctestArtifact, parseDoctestArtifact } from '../ledger/doctest-artifact.js';
import { GateError } from '../types.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { DIGEST } from './tables.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('digest', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: DIGEST.options,
    });
    if (positionals.length === 0) throw new UsageError('usage: digest PATH…');
    // A set's digest covers its members' repo-relative paths, so it is read from the root.
    if (values.set === true || positionals.some(isGlob)) {
      const root = placeOf(io).root;
      const key = artifactArg(root, positionals, io.cwd);
      const fact = (await artifactFacts(root, [key])).get(key);
      if (fact?.digest === undefined) {
        io.stderr(`ledger-gate digest: ${goldenLabel(key)}: ${fact?.problem ?? 'unreadable'}\n`);
        return 1;
      }
      io.stdout(`${fact.digest}  ${goldenLabel(key)}\n`);
      return 0;
    }
    let status = 0;
    for (const p of positionals) {
      const doctest = parseDoctestArtifact(p);
      if (doctest !== undefined) {
        // A doctest's digest is of its examples (CONTRACT §2), its module named from the root.
        const root = placeOf(io).root;
        const key = doctestArtifact(repoPath(root, doctest.file, p, io.cwd), doctest.name);
        const fact = (await artifactFacts(root, [key])).get(key);
        if (fact?.digest === undefined) {
          io.stderr(`ledger-gate digest: ${p}: ${fact?.problem ?? 'unreadable'}\n`);
          status = 1;
        } else io.stdout(`${fact.digest}  ${p}\n`);
        continue;
      }
      try {
        io.stdout(`${await hashFile(path.resolve(io.cwd, p))}  ${p}\n`);
      } catch (e) {
        if (!(e instanceof GateError)) throw e;
        io.stderr(`ledger-gate digest: ${p}: ${e.message}\n`);
        status = 1;
      }
    }
    return status;
  });
}
