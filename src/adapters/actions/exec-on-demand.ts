// Stands in for @actions/exec wherever it is imported (tsconfig.json `paths`, which ncc's
// resolver applies to every import, node_modules' included). @actions/core's `platform`
// export imports it, which put it, @actions/io, child_process and assert into every run's
// start, though only the git adapter (a chunk loaded with a base) runs a process. The real
// package is loaded on the first call: reached by its file, since its exports map offers no
// subpath and its name is this stand-in's. jest loads the real one by name (no `paths`).
import type { ExecOptions, ExecOutput } from '../../../node_modules/@actions/exec/lib/exec.js';

const real = () => import('../../../node_modules/@actions/exec/lib/exec.js');

export async function exec(
  commandLine: string,
  args?: string[],
  options?: ExecOptions,
): Promise<number> {
  return (await real()).exec(commandLine, args, options);
}

export async function getExecOutput(
  commandLine: string,
  args?: string[],
  options?: ExecOptions,
): Promise<ExecOutput> {
  return (await real()).getExecOutput(commandLine, args, options);
}
