// `ledger-gate check` run in-process on a real repository, as the git-backed check tests
// read it: the exit code, what it printed, the JSON report it wrote, and its findings.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli.js';
import type { Report } from '../../src/types.js';
import type { Repo } from './repo.js';

export interface Checked {
  code: number;
  stdout: string;
  stderr: string;
  /** The --json report; undefined (typed as present) when check wrote none. */
  report: Report;
  /** Each finding as `rule:id` (`-` for a finding without an id). */
  rules: string[];
}

/** `ledger-gate check --junit 'build/*.xml' --json FILE ARGS…` with the repository as cwd. */
export async function check(repo: Repo, ...args: string[]): Promise<Checked> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-check-'));
  try {
    const json = path.join(dir, 'report.json');
    let stdout = '';
    let stderr = '';
    const code = await main(['check', '--junit', 'build/*.xml', '--json', json, ...args], {
      cwd: repo.dir,
      stdout: (s) => void (stdout += s),
      stderr: (s) => void (stderr += s),
    });
    let report: Report | undefined;
    try {
      report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    } catch {
      report = undefined;
    }
    const rules = (report?.findings ?? []).map((f) => `${f.rule}:${f.id ?? '-'}`);
    return { code, stdout, stderr, report: report!, rules };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
