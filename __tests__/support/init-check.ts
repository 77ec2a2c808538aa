// One report of a runner that cannot run here, frozen by `init` in a fresh folder, then judged
// by `check`: the one-command adoption every reader's real reports must admit on.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run as check } from '../../src/commands/check.js';
import { run as init } from '../../src/commands/init.js';

/** `init` then `check` on `dir/file`: their exit codes and what check printed on stderr. */
export async function initThenCheck(
  dir: string,
  file: string,
): Promise<{ init: number; check: number; stderr: string }> {
  const repo = mkdtempSync(join(tmpdir(), 'init-check-'));
  try {
    mkdirSync(join(repo, 'build'));
    mkdirSync(join(repo, 'tests'));
    writeFileSync(join(repo, 'build', file), readFileSync(`${dir}/${file}`));
    writeFileSync(join(repo, 'tests/golden.txt'), 'golden\n');
    const io = {
      cwd: repo,
      stdout: () => {},
      stderr: () => {},
      now: new Date('2026-11-29T12:00:00Z'),
    };
    const junit = ['--junit', `build/${file}`];
    const frozen = await init(
      [...junit, '--owner', 'qa', '--rule', '*=locked_fixture:tests/golden.txt'],
      io,
    );
    let stderr = '';
    const judged = await check(junit, { ...io, stderr: (s) => (stderr += s) });
    return { init: frozen, check: judged, stderr };
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}
