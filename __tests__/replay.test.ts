// The replay (issue 16's acceptance): a real pytest project and a real jest project, each with
// a real history of its own (support/replay-history.ts), frozen with `init` (one rule for the
// golden tests; the rest by init's default), then each commit judged against its
// parent with the real suite run at every commit. Every honest commit must reach review or
// admit with at most one upkeep command (`update`), a ledger diff of at most one row per
// changed test file or golden (plus added and removed exact-id rows), and review findings on
// no file the commit did not change; every agent trick on top of it must still reject.
// Each commit is judged twice: as written (no hook), then made again with the pre-commit
// hook's re-lock in it (`ledger-gate hook run`, issue 37); the numbers count CI cycles and
// commands per honest commit both ways, and the agents' clones run the hook too.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { run as check } from '../src/commands/check.js';
import { run as hook } from '../src/commands/hook.js';
import { run as init } from '../src/commands/init.js';
import { run as update } from '../src/commands/update.js';
import { contractValue } from '../src/decision/ledger-change.js';
import { isFileRowId, rowFor, testFile } from '../src/ledger/file-rows.js';
import { parseLedger } from '../src/ledger/parse.js';
import type { Report } from '../src/types.js';
import {
  HISTORY,
  INITIAL,
  JEST_HISTORY,
  JEST_INITIAL,
  type Edit,
  type Step,
} from './support/replay-history.js';
import { AGENT, HUMAN, Repo, runIn } from './support/repo.js';

type Cmd = typeof check;
const NOW = new Date('2026-12-01T12:00:00Z');

let repo: Repo;

const call = (cmd: Cmd, ...argv: string[]) => runIn(repo.dir, cmd, argv, NOW);

const read = (p: string) => readFileSync(path.join(repo.dir, p), 'utf8');
function apply(edit: Edit | ((r: (p: string) => string) => Edit)): void {
  const files = typeof edit === 'function' ? edit(read) : edit;
  for (const [p, body] of Object.entries(files)) {
    if (body === null) repo.remove(p);
    else repo.write({ [p]: body });
  }
}

/** The real suite, one pytest run: xunit1 reports carry each case's file, so ids map alone. */
function pytest(): void {
  try {
    execFileSync(
      'python3',
      [
        '-m',
        'pytest',
        '-q',
        '-p',
        'no:cacheprovider',
        '-o',
        'junit_family=xunit1',
        '--junitxml=build/junit.xml',
      ],
      {
        cwd: repo.dir,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
        stdio: 'pipe',
      },
    );
  } catch (e) {
    // A failing suite still writes its report; the gate judges it.
    if ((e as { status?: number }).status !== 1) throw e;
  }
}

const JEST = path.join(process.cwd(), 'node_modules/jest/bin/jest.js');
const JEST_JUNIT = path.join(process.cwd(), 'node_modules/jest-junit');

/** The real suite, one jest run (from this repository's node_modules) with jest-junit's report. */
function jest(): void {
  try {
    execFileSync(
      process.execPath,
      [
        JEST,
        '--ci',
        '--no-watchman',
        '--cacheDirectory',
        'build/.jest-cache',
        '--rootDir',
        '.',
        '--reporters',
        'default',
        '--reporters',
        JEST_JUNIT,
      ],
      {
        cwd: repo.dir,
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          JEST_JUNIT_OUTPUT_DIR: 'build',
          JEST_JUNIT_OUTPUT_NAME: 'junit.xml',
          JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true',
        },
        stdio: 'pipe',
      },
    );
  } catch (e) {
    if ((e as { status?: number }).status !== 1) throw e;
  }
}

async function judge(): Promise<Report> {
  const r = await call(
    check,
    '--junit',
    'build/junit.xml',
    '--base',
    'HEAD~1',
    '--production',
    current.production,
    '--json',
    'build/report.json',
  );
  expect([0, 1, 3]).toContain(r.code);
  return JSON.parse(read('build/report.json')) as Report;
}

/** Shell words of a printed fix (bare or single-quoted, as the gate quotes them). */
function words(cmd: string): string[] {
  const out: string[] = [];
  for (const m of cmd.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g))
    out.push(m[1] !== undefined ? m[1].replaceAll(`'\\''`, "'") : m[2]);
  return out;
}

const UPKEEP: Record<string, Cmd> = { update };

/** Runs one printed fix from the repository root: git, or a ledger-gate upkeep command. */
async function follow(fix: string): Promise<void> {
  for (const part of fix.split(' && ')) {
    const [tool, sub, ...args] = words(part);
    if (tool === 'git') repo.git(sub, ...args);
    else if (tool === 'ledger-gate') {
      const cmd = UPKEEP[sub];
      if (cmd === undefined) throw new Error(`a trick's fix runs ledger-gate ${sub}: ${fix}`);
      await call(cmd, ...args);
    } else if (tool !== 'gh') throw new Error(`unexpected fix: ${fix}`);
  }
}

let followed = 0;

const runUpdate = (...more: string[]) =>
  call(update, '--junit', 'build/junit.xml', '--owner', 'maintainer', ...more);

/** Rows whose contract differs between two ledgers (added and removed included). */
function rowChanges(before: string, after: string) {
  const a = parseLedger(before, 'l').ledger!;
  const b = parseLedger(after, 'l').ledger!;
  let changed = 0;
  let exactAddedOrRemoved = 0;
  let besideFileRow = 0;
  for (const id of new Set([...a.byId.keys(), ...b.byId.keys()])) {
    const x = a.byId.get(id);
    const y = b.byId.get(id);
    if (contractValue(x) === contractValue(y)) continue;
    changed++;
    if ((!x || !y) && !isFileRowId(id)) exactAddedOrRemoved++;
    // An exact row locked to its own file beside the file row (a skip or a quarantine's
    // neighbour) repeats the file's digest: its re-lock is a second line for that file.
    else if (x && y && !isFileRowId(id) && y.artifact === testFile(id)) besideFileRow++;
  }
  return { changed, exactAddedOrRemoved, besideFileRow, ledger: b };
}

interface Measured {
  step: string;
  decision: string;
  upkeep: number;
  /** Without the pre-commit hook: CI cycles (1, or 2 after a reject) and commands typed. */
  cyclesBefore: number;
  commandsBefore: number;
  /** With it (`hook run` before the commit, as the installed hook runs it). */
  cycles: number;
  ledgerLines: number;
  rowsChanged: number;
  /** Of those, exact rows locked to their own file beside its file row, re-locked with it. */
  besideFileRow: number;
  filesChanged: number;
  reviewEntries: number;
}

interface Project {
  name: string;
  initial: Record<string, string>;
  history: Step[];
  /** Runs the real suite into build/junit.xml. */
  suite: () => void;
  /** `init --rule`s: the golden tests'. */
  rules: string[];
  production: string;
  /** Where its tests and goldens live. */
  tests: string;
}
let current: Project;

const PROJECTS: Project[] = [
  {
    name: 'pytest',
    initial: INITIAL,
    history: HISTORY,
    suite: pytest,
    rules: ['tests/test_fmt.py::test_table*golden=locked_fixture:tests/goldens/table.txt'],
    production: 'calc/**',
    tests: 'tests/',
  },
  {
    name: 'jest',
    initial: JEST_INITIAL,
    history: JEST_HISTORY,
    suite: jest,
    rules: ['__tests__/slug.test.js::slug golden*=locked_fixture:__tests__/goldens/slugs.txt'],
    production: 'src/**',
    tests: '__tests__/',
  },
];

test('the pytest history holds at least 30 commits', () => {
  expect(HISTORY.length).toBeGreaterThanOrEqual(30);
});

describe.each(PROJECTS)('replay: a $name project frozen with init, then its history', (project) => {
  const measured: Measured[] = [];
  beforeAll(() => {
    repo = new Repo(`replay-${project.name}-`);
    current = project;
  });
  afterAll(() => repo.cleanup());

  test('init freezes a ledger that admits its own run', async () => {
    repo.write(project.initial);
    repo.commit('the project');
    project.suite();
    const r = await call(
      init,
      '--junit',
      'build/junit.xml',
      '--owner',
      'maintainer',
      ...project.rules.flatMap((rule) => ['--rule', rule]),
    );
    expect(r.code).toBe(0);
    repo.commit('tests/ledger.yaml: frozen by ledger-gate init');
    const report = await judge();
    expect(report.decision).toBe('review'); // the new ledger's rows, added by a human
    expect(report.findings.filter((f) => f.result === 'reject')).toEqual([]);
    expect(report.findings.filter((f) => f.result === 'review').map((f) => f.rule)).toEqual(
      expect.arrayContaining(['ledger-contract-change']),
    );
  });

  test.each(project.history.map((s, i) => [i + 1, s.message, s] as const))(
    '%i. %s',
    async (_n, message, step) => {
      apply(step.edit);
      repo.commit(message, HUMAN);
      project.suite();
      // Without the hook: the commit as written is CI's first cycle; a reject costs an
      // `update` and a second cycle.
      const unhooked = (await judge()).decision === 'reject';
      // With it: the commit taken back and made again with the pre-commit hook's re-lock of
      // the staged test files and goldens in it (hook.test.ts / hook-e2e.test.ts run the
      // installed hook itself), then judged: the cycle the human gets.
      repo.git('reset', '-q', '--soft', 'HEAD~1');
      const hooked = await call(hook, 'run');
      expect([hooked.code, hooked.err]).toEqual([0, '']);
      repo.commit(message, HUMAN);
      let report = await judge();
      let upkeep = 0;
      if (report.decision === 'reject') {
        // Follow-the-fix: the one command the report prints (its top-level fix) is run as
        // printed, with the `--rule` a maintainer adds for a new golden test.
        expect([message, report.fix]).toEqual([
          message,
          expect.stringMatching(/^ledger-gate update /),
        ]);
        const u = await call(update, ...words(report.fix!).slice(2), ...(step.update ?? []));
        expect(u.err).toBe('');
        expect(u.code).toBe(0);
        repo.amend(HUMAN);
        upkeep = 1;
        report = await judge();
      }
      const rejects = report.findings.filter((f) => f.result === 'reject');
      expect(rejects.map((f) => `${f.rule} ${f.id}: ${f.message}`)).toEqual([]);
      expect(['admit', 'review']).toContain(report.decision);

      // The ledger diff: one row per changed test file or golden, plus exact rows added or removed.
      const names = repo
        .git('diff', '--no-renames', '--name-only', 'HEAD~1', 'HEAD')
        .split('\n')
        .filter(Boolean);
      const files = names.filter(
        (p) =>
          p.startsWith(current.tests) && p !== 'tests/ledger.yaml' && !p.endsWith('__init__.py'),
      );
      const before = repo.git('show', 'HEAD~1:tests/ledger.yaml');
      const rows = rowChanges(before, read('tests/ledger.yaml'));
      expect(rows.changed).toBeLessThanOrEqual(
        files.length + rows.exactAddedOrRemoved + rows.besideFileRow,
      );
      const [added, removed] = repo
        .git('diff', '--numstat', 'HEAD~1', 'HEAD', '--', 'tests/ledger.yaml')
        .split('\t')
        .map(Number);
      // Review findings are about the files the commit changed.
      const review = report.findings.filter((f) => f.result === 'review');
      const fileOf = (id: string | null) => {
        if (id === null) return '';
        const row = rowFor(rows.ledger, id);
        return row?.artifact ?? testFile(id);
      };
      // (a row's own test file or the golden it locks: an added row may lock an unchanged golden)
      for (const f of review)
        expect([
          f.id,
          files.includes(fileOf(f.id)) || files.includes(testFile(f.id ?? '')),
        ]).toEqual([f.id, true]);
      // One changed file is one entry: every review finding on a file is of one rule, so the
      // reviewer reads one line for it (the summary's entries are per rule and file).
      // A row added or deleted (a new skip row, a dropped test) is a contract change of its own.
      const baseIds = new Set(parseLedger(before, 'l').ledger!.byId.keys());
      const addedOrDeleted = (id: string | null) =>
        id !== null && baseIds.has(id) !== rows.ledger.byId.has(id);
      const rulesOf = new Map<string, Set<string>>();
      for (const f of review) {
        const file = fileOf(f.id);
        if (f.rule === 'ledger-contract-change' && addedOrDeleted(f.id)) {
          rulesOf.set(file, rulesOf.get(file) ?? new Set());
          continue;
        }
        rulesOf.set(file, (rulesOf.get(file) ?? new Set()).add(f.rule));
      }
      for (const [file, keys] of rulesOf) expect([file, ...keys].length).toBeLessThanOrEqual(2);
      const entries = rulesOf.size;
      expect(entries).toBeLessThanOrEqual(files.length);
      measured.push({
        step: message,
        decision: report.decision,
        upkeep,
        cyclesBefore: unhooked ? 2 : 1,
        commandsBefore: unhooked ? 1 : 0,
        cycles: 1 + upkeep,
        ledgerLines: (added || 0) + (removed || 0),
        rowsChanged: rows.changed,
        besideFileRow: rows.besideFileRow,
        filesChanged: files.length,
        reviewEntries: entries,
      });

      for (const trick of step.tricks ?? []) {
        repo.git('checkout', '-q', '-b', 'agent');
        try {
          apply(trick.edit);
          project.suite();
          if (trick.update) await runUpdate();
          // The agent's clone has the pre-commit hook too: it re-locks what the agent staged.
          repo.git('add', '-A');
          expect((await call(hook, 'run')).code).toBe(0);
          repo.commit(`agent: ${trick.name}`, AGENT);
          const judged = await judge();
          expect([trick.name, judged.decision]).toEqual([trick.name, 'reject']);
          // A maintainer who follows every printed fix gives back the agent's test and
          // ledger edits: nothing the agent wrote is locked, and the change still rejects.
          expect(judged.fix).toBeUndefined();
          for (const fix of new Set(judged.findings.map((f) => f.fix)))
            if (fix !== undefined) await follow(fix);
          expect([
            trick.name,
            repo.git('diff', '--name-only', 'main', '--', current.tests, 'tests/ledger.yaml'),
          ]).toEqual([trick.name, '']);
          expect([trick.name, (await judge()).decision]).toEqual([trick.name, 'reject']);
          followed++;
        } finally {
          repo.git('checkout', '-q', '-f', 'main');
          repo.git('branch', '-q', '-D', 'agent');
        }
      }
    },
  );

  test('the numbers', () => {
    expect(measured.length).toBe(project.history.length);
    const total = (k: keyof Measured) => measured.reduce((n, m) => n + (m[k] as number), 0);
    const max = (k: keyof Measured) => Math.max(...measured.map((m) => m[k] as number));
    const cycles = `CI cycles per honest commit without the hook ${total('cyclesBefore')} (max ${max('cyclesBefore')}), with it ${total('cycles')} (max ${max('cycles')}); commands typed without it ${total('commandsBefore')} (max ${max('commandsBefore')}), with it ${total('upkeep')} (max ${max('upkeep')})`;
    const line = `replay (${project.name}): ${measured.length} commits; ${cycles}; ${total('upkeep')} upkeep commands (update), ${measured.filter((m) => m.decision === 'admit').length} admit / ${measured.filter((m) => m.decision === 'review').length} review, ledger diff ${total('ledgerLines')} lines for ${total('rowsChanged')} rows (${total('besideFileRow')} of them exact rows re-locked beside their file row) over ${total('filesChanged')} changed test files and goldens, ${total('reviewEntries')} review entries; ${followed} agent tricks still rejected after every printed fix was followed`;
    // A header names each column; the cells are padded under it.
    const columns: [string, (m: Measured) => string][] = [
      ['decision', (m) => m.decision],
      ['cycles (no hook)', (m) => `${m.cycles} (${m.cyclesBefore})`],
      ['upkeep', (m) => String(m.upkeep)],
      ['ledger lines', (m) => String(m.ledgerLines)],
      ['rows/files', (m) => `${m.rowsChanged}/${m.filesChanged}`],
      ['review entries', (m) => String(m.reviewEntries)],
      ['commit', (m) => m.step],
    ];
    const row = (cells: string[]) =>
      '  ' +
      cells.map((c, i) => (i < cells.length - 1 ? c.padEnd(columns[i][0].length) : c)).join('  ');
    process.stdout.write(
      [
        line,
        row(columns.map(([name]) => name)),
        ...measured.map((m) => row(columns.map(([, cell]) => cell(m)))),
      ].join('\n') + '\n',
    );
    expect(measured.every((m) => m.upkeep <= 1)).toBe(true);
    // The hook never costs a cycle, and saves one wherever it can.
    expect(measured.every((m) => m.cycles <= m.cyclesBefore)).toBe(true);
    expect(total('cycles')).toBeLessThan(total('cyclesBefore'));
  });
});
