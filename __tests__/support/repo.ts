// Real git repositories in temp folders, for tests of the diff rules and the CLI.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Author {
  name: string;
  email: string;
}
export const HUMAN: Author = { name: 'Dana Human', email: 'dana@example.com' };
export const AGENT: Author = {
  name: 'copilot-swe-agent[bot]',
  email: '198982749+Copilot@users.noreply.github.com',
};

export class Repo {
  readonly dir: string;

  constructor(prefix = 'ledger-gate-') {
    this.dir = mkdtempSync(path.join(tmpdir(), prefix));
    this.git('init', '-q', '-b', 'main');
    // Reports are the run's (report-in-change): the folders tests write them to are ignored,
    // as a real checkout ignores its build output, so no commit ships one.
    writeFileSync(path.join(this.dir, '.git/info/exclude'), 'build/\nreports/\n');
  }

  git(...args: string[]): string {
    return this.run('git', args);
  }

  private run(file: string, args: string[]): string {
    return execFileSync(file, args, {
      cwd: this.dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: this.dir, GIT_TERMINAL_PROMPT: '0' },
      // git's chatter ("Automatic merge went well…") stays out of a passing run's output; a
      // failing command still throws with its stderr in the message.
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  }

  write(files: Record<string, string | Buffer>): this {
    for (const [rel, body] of Object.entries(files)) {
      const abs = path.join(this.dir, rel);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, body);
    }
    return this;
  }

  remove(...rels: string[]): this {
    for (const rel of rels) rmSync(path.join(this.dir, rel), { recursive: true, force: true });
    return this;
  }

  /** Commits everything as `who`; a `committer` apart, as GitHub writes a bot's commits. */
  commit(message: string, who: Author = HUMAN, committer: Author = who): string {
    return this.commitWith(who, committer, '--allow-empty', '-m', message);
  }

  /** Folds the working tree into the last commit (its message and author kept). */
  amend(who: Author = HUMAN): string {
    return this.commitWith(who, who, '--amend', '--no-edit');
  }

  // One process started from this test worker (sh, which starts the three gits): every start
  // forks the worker, hundreds of MB, which costs more than the git it starts.
  private commitWith(who: Author, committer: Author, ...args: string[]): string {
    return this.sh(
      'git add -A && git "$@" && git rev-parse HEAD',
      '-c',
      `user.name=${committer.name}`,
      '-c',
      `user.email=${committer.email}`,
      'commit',
      '-q',
      `--author=${who.name} <${who.email}>`,
      ...args,
    )
      .trim()
      .split('\n')
      .pop()!;
  }

  /** A shell script run in the repository with `args` as "$@", as git() runs git. */
  private sh(script: string, ...args: string[]): string {
    return this.run('sh', ['-c', script, 'sh', ...args]);
  }

  branch(name: string): this {
    this.git('checkout', '-q', '-b', name);
    return this;
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export function sha256(body: string | Buffer): string {
  return 'sha256:' + createHash('sha256').update(body).digest('hex');
}

/** A ledger file from rows given as key/value maps, in the documented block layout. */
export function ledgerYaml(rows: Record<string, string>[]): string {
  const lines = ['version: 1', 'rows:'];
  for (const r of rows) {
    const [first, ...rest] = Object.entries(r);
    lines.push(`  - ${first[0]}: ${JSON.stringify(first[1])}`);
    for (const [k, v] of rest) lines.push(`    ${k}: ${JSON.stringify(v)}`);
  }
  return lines.join('\n') + '\n';
}

export interface CaseSpec {
  file: string;
  name: string;
  status?: 'pass' | 'fail' | 'error' | 'skip' | 'xfail';
  classname?: string;
}

/** A report as pytest writes it with junit_family=xunit1 (file attributes, 0-based lines). */
export function pytestXunit1(cases: CaseSpec[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const body = cases
    .map((c, i) => {
      const classname = c.classname ?? c.file.replace(/\.py$/, '').split('/').join('.');
      const open = `<testcase classname="${esc(classname)}" name="${esc(c.name)}" file="${esc(c.file)}" line="${i}" time="0.001"`;
      switch (c.status ?? 'pass') {
        case 'pass':
          return `    ${open} />`;
        case 'fail':
          return `    ${open}><failure message="assert 1 == 2">assert 1 == 2</failure></testcase>`;
        case 'error':
          return `    ${open}><error message="fixture broke">fixture broke</error></testcase>`;
        case 'skip':
          return `    ${open}><skipped type="pytest.skip" message="not today">not today</skipped></testcase>`;
        case 'xfail':
          return `    ${open}><skipped type="pytest.xfail" message="bug 12" /></testcase>`;
      }
    })
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<testsuites><testsuite name="pytest" errors="0" failures="0" skipped="0" tests="${cases.length}" time="0.1">\n${body}\n</testsuite></testsuites>\n`;
}

/** The scenario the CLI and action tests start from: one row of each class in tests/test_a.py. */
export const SCENARIO_FILE = 'tests/test_a.py';

export function scenarioRows(golden: string, opened: string): Record<string, string>[] {
  const F = SCENARIO_FILE;
  return [
    {
      id: `${F}::test_fixture`,
      class: 'locked_fixture',
      digest: sha256(golden),
      artifact: 'tests/goldens/a.txt',
    },
    {
      id: `${F}::test_property`,
      class: 'property',
      invariant: 'round_trips',
      seeds: 'tests/seeds/p/',
    },
    {
      id: `${F}::test_flaky_reload`,
      class: 'quarantine',
      opened,
      reason: 'order-dependent',
      owner: 'human',
    },
    { id: `${F}::test_agent_idea`, class: 'draft', source: 'agent', proposed_class: 'property' },
  ];
}

/** A run of the scenario in which every row is as its class expects (the quarantine and the draft fail). */
export function scenarioCases(): CaseSpec[] {
  const F = SCENARIO_FILE;
  return [
    { file: F, name: 'test_fixture' },
    { file: F, name: 'test_property' },
    { file: F, name: 'test_flaky_reload', status: 'fail' },
    { file: F, name: 'test_agent_idea', status: 'fail' },
  ];
}

/** The golden bytes the scenario's fixture row is locked to (scenarioBase). */
export const SCENARIO_GOLDEN = 'golden bytes v1\n';

/**
 * The base the git-backed check plays start from, committed on `main` with branch `change`
 * checked out: the scenario's ledger, golden, seeds and test file, `production` (by default one
 * Python file), a run of the scenario in build/junit.xml, and `extra`. The repository is added to
 * `repos`, which the caller cleans up.
 */
export function scenarioBase(
  repos: Repo[],
  extra: Record<string, string> = {},
  production: Record<string, string> = { 'src/lib.py': 'def f():\n    return 1\n' },
): Repo {
  const repo = new Repo();
  repos.push(repo);
  repo.write({
    'tests/ledger.yaml': ledgerYaml(scenarioRows(SCENARIO_GOLDEN, '2026-09-10')),
    'tests/goldens/a.txt': SCENARIO_GOLDEN,
    'tests/seeds/p/one.json': '[1]\n',
    [SCENARIO_FILE]: 'def test_fixture():\n    pass\n',
    ...production,
    'build/junit.xml': pytestXunit1(scenarioCases()),
    ...extra,
  });
  repo.commit('base');
  repo.branch('change');
  return repo;
}

/** A command's run() in-process in `cwd`: its exit code and what it printed. */
export async function runIn(
  cwd: string,
  cmd: (
    argv: string[],
    io: { cwd: string; stdout: (s: string) => void; stderr: (s: string) => void; now?: Date },
  ) => Promise<number>,
  argv: string[],
  now?: Date,
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await cmd(argv, { cwd, stdout: (s) => (out += s), stderr: (s) => (err += s), now });
  return { code, out, err };
}
