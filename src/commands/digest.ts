// `ledger-gate digest PATH…`: `sha256:<hex>  PATH` per file, hashed in chunks by the same
// reader the gate uses (regular files only: symlinks, folders, FIFOs and devices are refused).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashFile } from '../adapters/fs/file-facts.js';
import { runCommand } from './upkeep.js';
import { GateError } from '../types.js';
import { UsageError, type CommandIO } from './io.js';
import { DIGEST } from './tables.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('digest', io, async () => {
    const { positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: DIGEST.options,
    });
    if (positionals.length === 0) throw new UsageError('usage: digest PATH…');
    let status = 0;
    for (const p of positionals) {
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
