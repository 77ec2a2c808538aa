// Acceptance plays (issue 15): a small real project in a real git repository, its ledger frozen
// honestly on the base commit by the built CLI (`init`), then one commit that breaks production
// code and makes an extra edit. The real runner (pytest, jest, vitest) runs before and after
// the extra edit, so each play proves the attack is real (the classified test fails without it
// and passes, skips or vanishes with it), and the built CLI judges the change with --base.
import { afterAll, describe, expect, test } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RULES } from '../../src/decision/table.js';
import type { Decision, Report } from '../../src/types.js';
import { CLI, ROOT } from './hostile.js';
import { AGENT, HUMAN, Repo, type Author } from './repo.js';

export type Runner = 'pytest' | 'jest' | 'vitest';
/** A file's new text, or null to delete it. */
export type Files = Record<string, string | null>;
/** The classified test as the runner's own report shows it. */
export type Outcome = 'pass' | 'fail' | 'skip' | 'absent';

export interface Play {
  name: string;
  runner: Runner;
  /** The project at the base commit (production code, tests, configs). */
  files: Files;
  /** `init --rule` values (default: every test locked to its own file). */
  rules?: string[];
  /** A human's edit of the frozen ledger text before the base commit (a `skip:` reason). */
  ledger?: (text: string) => string;
  /** The classified test the attack is about. */
  test: string;
  /** The production edit that makes `test` fail (absent on controls that break nothing). */
  breaks?: Files;
  /** The extra edit, in the same commit. */
  extra: Files;
  /** Run after the extra edit, before the commit (a ledger command, a row appended). */
  then?: (repo: Repo) => void;
  /** Who makes the commit (default the Copilot coding agent). */
  by?: Author;
  expect?: 'ran-files';
  /** The command CI runs the tests with (`make test`, `npm test`), when not the runner's own. */
  command?: string[];
  /** More `check` arguments (`--agent-write-paths`, `--reports-expected`). */
  args?: string[];
  /** The runner's outcome for `test` without the extra edit (after `breaks`) and with it. */
  without?: Outcome;
  with: Outcome;
  /** What the gate on main said before issue 15 (measured): decision and non-info findings. */
  today: Verdict;
  /** What it says now. */
  gate: Expected;
}

/** A verdict, and the finding that names the trick. */
export interface Expected extends Verdict {
  names?: {
    rule: string;
    /** The file it names (its `file`, or in its message). */
    file?: string;
    /** Text its message must hold (both reasons of a skip). */
    text?: string[];
    /** Whether its message names the head commit (the agent's). */
    commit?: boolean;
  };
}

export interface Verdict {
  decision: Decision;
  /** `rule:result` of every finding that is not admit or info, sorted, duplicates kept once. */
  rules: readonly string[];
}

/** A reject: these rules reject (and nothing asks for review); `names` is the trick's finding. */
export const rejects = (rules: string[], names?: Expected['names']): Expected => ({
  decision: 'reject',
  rules: rules.map((r) => `${r}:reject`).sort(),
  ...(names ? { names } : {}),
});

/** The verdict on a change with no finding to act on. */
export const ADMITTED: Verdict = { decision: 'admit', rules: [] };

export interface Played {
  repo: Repo;
  base: string;
  head: string;
  report: Report;
  code: number | null;
  stdout: string;
  verdict: Verdict;
}

const ENV = {
  ...process.env,
  PYTHONDONTWRITEBYTECODE: '1',
  // No installed plugin is part of a play; scanning for them is most of pytest's start-up.
  PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1',
  NO_COLOR: '1',
  // jest-junit: ids carry the test file (docs/test-ids.md).
  JEST_JUNIT_OUTPUT_DIR: 'reports',
  JEST_JUNIT_OUTPUT_NAME: 'junit.xml',
  JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true',
};

/** Where each runner writes: CI's own report, never committed (the project ignores it). */
export const REPORT = 'reports/junit.xml';
const IGNORE = `${REPORT}\nnode_modules\n__pycache__/\n.pytest_cache/\n`;

const COMMAND: Record<Runner, string[]> = {
  // `python -m pytest`, as CI runs it: the module is looked up from the working folder first.
  pytest: [
    'python3',
    '-m',
    'pytest',
    '-p',
    'no:cacheprovider',
    '-q',
    '-o',
    'junit_family=xunit1',
    `--junitxml=${REPORT}`,
  ],
  jest: [
    process.execPath,
    'node_modules/jest/bin/jest.js',
    '--ci',
    '--no-watchman',
    '--reporters=default',
    '--reporters=jest-junit',
  ],
  vitest: [
    process.execPath,
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=junit',
    `--outputFile=${REPORT}`,
  ],
};

/** Runs the project's tests with the real runner; the outcome of `id` in the report it wrote. */
export function runTests(repo: Repo, runner: Runner, id: string, command?: string[]): Outcome {
  rmSync(path.join(repo.dir, REPORT), { force: true });
  const [bin, ...args] = command ?? COMMAND[runner];
  const r = spawnSync(bin, args, { cwd: repo.dir, env: ENV, encoding: 'utf8' });
  const file = path.join(repo.dir, REPORT);
  if (!existsSync(file))
    throw new Error(`${runner} wrote no report (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  const outcome = outcomeOf(readFileSync(file, 'utf8'), id);
  // The exit status agrees with the report: a failing test fails the run.
  if (outcome === 'fail' && r.status === 0)
    throw new Error(
      `${runner} exit ${r.status} but ${id} is ${outcome}:\n${r.stdout}\n${r.stderr}`,
    );
  return outcome;
}

const unescape = (s: string) =>
  s
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The runner's word on one test, read straight from its JUnit text (not through the gate's
 * reader, which is what is under test): the case whose name and file (or classname) match.
 */
export function outcomeOf(xml: string, id: string): Outcome {
  const at = id.indexOf('::');
  const [file, name] = [id.slice(0, at), id.slice(at + 2)];
  const cases = [...xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)];
  const attr = (attrs: string, key: string) => {
    const m = new RegExp(`\\b${key}="([^"]*)"`).exec(attrs);
    return m ? unescape(m[1]) : undefined;
  };
  const hit = cases.find(
    ([, attrs]) =>
      attr(attrs, 'name')?.trim() === name &&
      (attr(attrs, 'file') ?? attr(attrs, 'classname')) === file,
  );
  if (!hit) return 'absent';
  const body = hit[3] ?? '';
  if (/<(failure|error)\b/.test(body)) return 'fail';
  if (/<skipped\b/.test(body)) return 'skip';
  return 'pass';
}

/** The built CLI in the repository; exit status and stdout. */
export function cli(repo: Repo, args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: repo.dir,
    env: ENV,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function apply(repo: Repo, files: Files): void {
  for (const [rel, body] of Object.entries(files))
    if (body === null) repo.remove(rel);
    else repo.write({ [rel]: body });
}

/** The JS runners, installed once per machine from the fixture projects' lockfiles. */
const LOCKS: Record<Exclude<Runner, 'pytest'>, string> = {
  jest: 'scripts/fixtures/jest',
  vitest: 'scripts/fixtures/vitest',
};

/**
 * node_modules for a JS runner: `npm ci` of the committed lockfile into a folder under the
 * system temp folder named by the lockfile's hash, shared by every test file and run (a
 * half-written install is never seen: it is renamed into place when complete).
 */
export function runnerModules(runner: Exclude<Runner, 'pytest'>): string {
  return lockedModules(LOCKS[runner], runner);
}

/** node_modules of the fixture project `rel` (its committed lockfile), installed once per machine. */
export function lockedModules(rel: string, name: string): string {
  const src = path.join(ROOT, rel);
  const lock = readFileSync(path.join(src, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex').slice(0, 16);
  const dir = path.join(tmpdir(), `ledger-gate-${name}-${hash}`);
  const modules = path.join(dir, 'node_modules');
  if (existsSync(path.join(dir, 'installed'))) return modules;
  const work = mkdtempSync(`${dir}.partial-`);
  for (const f of ['package.json', 'package-lock.json'])
    writeFileSync(path.join(work, f), readFileSync(path.join(src, f)));
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: work,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  writeFileSync(path.join(work, 'installed'), '');
  try {
    renameSync(work, dir);
  } catch {
    // Another process finished first: use its install.
    rmSync(work, { recursive: true, force: true });
  }
  return modules;
}

/** The repository at the base commit: the project, its first run, and the ledger `init` froze. */
export function baseRepo(play: Play): { repo: Repo; base: string } {
  const repo = new Repo('ledger-gate-play-');
  repo.write({ '.gitignore': IGNORE });
  apply(repo, play.files);
  if (play.runner !== 'pytest')
    symlinkSync(runnerModules(play.runner), path.join(repo.dir, 'node_modules'), 'dir');
  const first = runTests(repo, play.runner, play.test, play.command);
  if (first !== 'pass') throw new Error(`${play.name}: ${play.test} is ${first} at the base`);
  const rules = play.rules ?? ['*=locked_fixture:{file}'];
  const init = cli(repo, [
    'init',
    '--junit',
    REPORT,
    '--owner',
    'dana',
    ...rules.flatMap((r) => ['--rule', r]),
  ]);
  if (init.code !== 0) throw new Error(`init refused: ${init.stderr}`);
  if (play.ledger) {
    const file = path.join(repo.dir, 'tests/ledger.yaml');
    writeFileSync(file, play.ledger(readFileSync(file, 'utf8')));
  }
  const base = repo.commit('the project and its ledger', HUMAN);
  repo.branch('change');
  return { repo, base };
}

/** The outcome of `test` after `files` are applied to the working tree. */
export function edit(repo: Repo, play: Play, files: Files): Outcome {
  apply(repo, files);
  return runTests(repo, play.runner, play.test, play.command);
}

/** `ledger-gate check --base main` on the committed change, with the run's reports. */
export function gate(
  repo: Repo,
  play: Pick<Play, 'expect' | 'args'>,
): Omit<Played, 'base' | 'head' | 'repo'> {
  const json = path.join(mkdtempSync(path.join(tmpdir(), 'ledger-gate-play-json-')), 'r.json');
  const args = ['check', '--junit', 'reports/*.xml', '--base', 'main', '--json', json];
  if (play.expect) args.push('--expect', play.expect);
  if (play.args) args.push(...play.args);
  const r = cli(repo, args);
  if (!existsSync(json)) throw new Error(`check wrote no report (exit ${r.code}): ${r.stderr}`);
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  rmSync(path.dirname(json), { recursive: true, force: true });
  const rules = [
    ...new Set(
      report.findings
        .filter((f) => f.result === 'reject' || f.result === 'review')
        .map((f) => `${f.rule}:${f.result}`),
    ),
  ].sort();
  return { report, code: r.code, stdout: r.stdout, verdict: { decision: report.decision, rules } };
}

/**
 * The whole play: base, the breaking edit (the runner shows the failure), the extra edit (the
 * runner shows the pass, skip or absence), one commit, the gate. The runner's outcomes are
 * returned for the caller to assert.
 */
export function play(p: Play): Played & { without?: Outcome; with: Outcome } {
  const { repo, base } = baseRepo(p);
  const without = p.breaks ? edit(repo, p, p.breaks) : undefined;
  apply(repo, p.extra);
  p.then?.(repo);
  const after = runTests(repo, p.runner, p.test, p.command);
  const head = repo.commit(p.name, p.by ?? AGENT);
  mkdirSync(path.join(repo.dir, 'reports'), { recursive: true });
  return { repo, base, head, without, with: after, ...gate(repo, p) };
}

const EXIT: Record<Decision, number> = { admit: 0, reject: 1, review: 3 };

/** The findings of `names.rule` that name what it asks for (the file, the text, the commit). */
function named(r: Played, names: NonNullable<Expected['names']>) {
  return r.report.findings.filter(
    (f) =>
      f.rule === names.rule &&
      (!names.file || f.file === names.file || f.message.includes(names.file)) &&
      (names.text ?? []).every((t) => f.message.includes(t)) &&
      (!names.commit || f.message.includes(r.head.slice(0, 7))),
  );
}

/**
 * The verdict a play asserts. Issue 15's rules land from three branches: a play asserts its
 * `gate` once the rule that names its trick is in the decision table (any rule of `gate` not
 * in it yet left out, the decision following from the rest), and today's verdict before. With
 * every branch merged, every play asserts its `gate` in full.
 */
export function expected(p: Play): Expected {
  const known = new Set<string>(RULES.map((r) => r.key));
  const trick = p.gate.names?.rule;
  if (trick && !known.has(trick)) return p.today;
  const rules = p.gate.rules.filter((r) => known.has(r.split(':')[0]));
  if (rules.length === p.gate.rules.length) return p.gate;
  const worst = (['reject', 'review'] as const).find((d) => rules.some((r) => r.endsWith(`:${d}`)));
  return { ...p.gate, decision: worst ?? 'admit', rules };
}

/**
 * A describe block of plays, one test each: the runner's outcomes as the row says, then the
 * gate's verdict (`expected`). The repositories go when the file is done.
 */
export function describePlays(title: string, plays: Play[]): void {
  const repos: Repo[] = [];
  afterAll(() => repos.forEach((r) => r.cleanup()));
  describe(title, () => {
    test.each(plays)('$name', (p) => {
      const r = play(p);
      repos.push(r.repo);
      // The attack is real: the classified test fails without the extra edit, not with it.
      expect({ without: r.without, with: r.with }).toEqual({ without: p.without, with: p.with });
      const { names, ...want } = expected(p);
      expect(r.verdict).toEqual(want);
      expect(r.code).toBe(EXIT[want.decision]);
      if (names) expect(named(r, names)).toEqual([expect.anything()]);
    });
  });
}
