// Following a report's printed fixes as a maintainer would, for the tests that check no
// sequence of them blesses an agent's bytes (agent-fix.test.ts, golden-sets.test.ts).
import { main } from '../../src/cli.js';
import type { check } from './check.js';
import type { Repo } from './repo.js';

/** Shell words of a printed fix (bare or single-quoted, as shellQuote writes them). */
export function words(cmd: string): string[] {
  const out: string[] = [];
  const re = /'((?:[^']|'\\'')*)'|(\S+)/g;
  for (const m of cmd.matchAll(re))
    out.push(m[1] !== undefined ? m[1].replaceAll(`'\\''`, "'") : m[2]);
  return out;
}

/** Runs one printed fix as a maintainer would, from the repository root. */
export async function follow(repo: Repo, fix: string): Promise<void> {
  for (const part of fix.split(' && ')) {
    const [tool, ...args] = words(part.split('   (or:')[0]);
    if (tool === 'git') repo.git(...args);
    else if (tool === 'ledger-gate')
      await main(args, { cwd: repo.dir, stdout: () => undefined, stderr: () => undefined });
    // An approval or a pytest run is no edit of the tree.
  }
}

/**
 * Every fix the check printed: each finding's, the report's, the terminal's block of commands
 * at the top (an agent's one restore of every path among them) and its fix lines.
 */
export function printedFixes(r: Awaited<ReturnType<typeof check>>): string[] {
  const all = r.report.findings.map((x) => x.fix).filter((x): x is string => x !== undefined);
  if (r.report.fix !== undefined) all.push(r.report.fix);
  const lines = r.stdout.split('\n');
  // The block: a sentence ending in `:` under the decision, then one command a line.
  if (lines[1]?.endsWith(':'))
    for (const line of lines.slice(2)) {
      const m = /^ {4}(\S.*)$/.exec(line);
      if (!m) break;
      all.push(m[1].split('   # ')[0]);
    }
  for (const line of lines) {
    const m = /^\s+fix: (.*)$/.exec(line);
    if (m) all.push(m[1]);
  }
  return [...new Set(all)];
}
