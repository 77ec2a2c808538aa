// `ledger-gate harness [--ref REF]`: the harness a commit's CI reaches (src/harness/), as
// `check --base REF` reads it from the base: each path (or npm-script key) with how it is
// reached, then what the resolvers could not follow. A team reads it to see what an agent may
// not touch, and what to add to `harness-paths` by hand.
import { parseArgs } from 'node:util';
import { resolveCommit, showFile, topLevel, treeFiles } from '../adapters/git/git.js';
import { resolveHarness } from '../harness/resolve.js';
import { GateError } from '../types.js';
import type { CommandIO } from './io.js';
import { HARNESS } from './tables.js';
import { runCommand } from './upkeep.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('harness', io, async () => {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: HARNESS.options,
    });
    const root = await topLevel(io.cwd);
    if (root === null) throw new GateError('not inside a git repository');
    const ref = values.ref ?? 'HEAD';
    const sha = await resolveCommit(root, ref);
    if (sha === null) throw new GateError(`no such commit: ${ref}`);
    const r = await resolveHarness({
      files: await treeFiles(root, sha),
      read: (p) => showFile(root, sha, p),
    });
    const out: string[] = [`harness reached at ${sha.slice(0, 12)} (${r.read} file(s) read):`];
    for (const x of [...r.reach].sort((a, b) =>
      (a.path + (a.key ?? '')).localeCompare(b.path + (b.key ?? '')),
    ))
      out.push(`  ${x.key === undefined ? x.path : `${x.path}#${x.key}`}    via ${x.via}`);
    out.push(
      r.unresolved.length === 0
        ? 'nothing left unfollowed'
        : `not followed (${r.unresolved.length}):`,
    );
    for (const u of r.unresolved)
      out.push(`  ${u.file}${u.line === undefined ? '' : `:${u.line}`}: ${u.what}`);
    io.stdout(`${out.join('\n')}\n`);
    return 0;
  });
}
