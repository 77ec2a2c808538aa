// The reports' worker the action starts before the gate (src/action/early-reports.ts): the gate
// takes its answer only for exactly the job it makes itself, ends the worker otherwise, and
// the report is the same either way. A worker that fails is the usual fallback note.
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { earlyReportsFor, startEarlyReports } from '../src/action/early-reports.js';
import type { Begun } from '../src/action/begin.js';
import { runGate, type GateOptions } from '../src/gather/gate.js';
import { sameJob, type EarlyReports } from '../src/gather/reports.js';
import { writeBigRun } from './support/big-run.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
afterEach(() => void delete process.env.LEDGER_GATE_WORKER_SCRIPT);

const JUNIT = ['reports/*.xml'];

/** A run with findings that need the reports. */
function bigRun(): string {
  const dir = writeBigRun({ cases: 3000, failing: [7], unrowed: [2] });
  dirs.push(dir);
  return dir;
}

const gate = (cwd: string, more: Partial<GateOptions> = {}) =>
  runGate({
    cwd,
    ledger: 'tests/ledger.yaml',
    junit: JUNIT,
    head: 'HEAD',
    production: [],
    goldens: [],
    expect: 'all',
    agentAuthors: [],
    author: 'human',
    ...more,
  });

/** The early reports, watched: whether the gate took the answer, whether it ended the worker. */
async function watched(dir: string) {
  const early = startEarlyReports(dir, JUNIT, undefined);
  expect(early).toBeDefined();
  const seen = { taken: false, stopped: false };
  const spy: EarlyReports = {
    job: early!.job,
    get packed() {
      seen.taken = true;
      return early!.packed;
    },
    stop: () => {
      seen.stopped = true;
      early!.stop();
    },
  };
  return { spy, seen };
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    stdio: 'pipe',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: cwd },
  });

describe('the reports read while the action loads', () => {
  test('the same job: its answer is taken, and the report is the one the gate reads itself', async () => {
    const dir = bigRun();
    const own = await gate(dir);
    expect(own.report.decision).toBe('reject');
    const { spy, seen } = await watched(dir);
    const early = await gate(dir, { earlyReports: spy });
    expect(seen).toEqual({ taken: true, stopped: false });
    expect(early.report).toEqual(own.report);
    expect(early.notes).toEqual(own.notes);
    expect(early.tests).toEqual(own.tests);
  });

  test('a base-junit file the junit glob matches: the lists differ, the worker is ended, the report is the same', async () => {
    const dir = bigRun();
    copyFileSync(path.join(dir, 'reports/junit.xml'), path.join(dir, 'reports/base.xml'));
    const more = { baseJunit: ['reports/base.xml'] };
    const own = await gate(dir, more);
    const { spy, seen } = await watched(dir);
    const listed = await spy.job;
    expect(listed?.files.map((f) => f.shown)).toEqual(['reports/base.xml', 'reports/junit.xml']);
    const early = await gate(dir, { ...more, earlyReports: spy });
    expect(seen).toEqual({ taken: false, stopped: true });
    expect(early.report).toEqual(own.report);
    expect(early.notes).toEqual(own.notes);
  });

  test('a report file the change ships: not read, the worker is ended, the report is the same', async () => {
    const dir = bigRun();
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '-A', '--', '.', ':!reports');
    git(dir, 'commit', '-q', '-m', 'base');
    git(dir, 'checkout', '-q', '-b', 'change');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'the agent ships its own report');
    const more = { base: 'main' };
    const own = await gate(dir, more);
    expect(JSON.stringify(own.report)).toContain('report-in-change');
    const { spy, seen } = await watched(dir);
    const early = await gate(dir, { ...more, earlyReports: spy });
    expect(seen).toEqual({ taken: false, stopped: true });
    expect(early.report).toEqual(own.report);
    expect(early.notes).toEqual(own.notes);
  });

  test('a worker that dies after it listed: the reports are read here, with the fallback note as today', async () => {
    const dir = bigRun();
    const own = await gate(dir);
    // A worker that says the very list the gate makes, then dies before its answer.
    const first = startEarlyReports(dir, JUNIT, undefined);
    const job = await first?.job;
    first?.stop();
    expect(job?.files).toHaveLength(1);
    const script = path.join(dir, 'dying-worker.mjs');
    writeFileSync(
      script,
      `import { parentPort } from 'node:worker_threads';\n` +
        `parentPort.postMessage({ listed: ${JSON.stringify(job)} });\n` +
        `setTimeout(() => process.exit(3), 50);\n`,
    );
    process.env.LEDGER_GATE_WORKER_SCRIPT = script;
    const { spy, seen } = await watched(dir);
    const early = await gate(dir, { earlyReports: spy });
    expect(seen.taken).toBe(true);
    expect(early.report).toEqual(own.report);
    const note = early.notes.filter((n) => !own.notes.includes(n));
    expect(note).toEqual([
      'the worker thread failed (the worker thread exited with 3): reading the reports ran on the main thread',
    ]);
  });

  test('a worker that fails before it lists: nothing to offer, the gate reads them itself', async () => {
    const dir = bigRun();
    const own = await gate(dir);
    process.env.LEDGER_GATE_WORKER_SCRIPT = path.join(dir, 'no-such-worker.js');
    const early = startEarlyReports(dir, JUNIT, undefined);
    expect(await early?.job).toBeUndefined();
    const again = await gate(dir, { earlyReports: early });
    expect(again.report).toEqual(own.report);
    expect(again.notes).toEqual(own.notes);
  });

  test('not started on a workflow_run: its reports are not in the workspace yet', () => {
    const begun = {
      inputs: { junit: JUNIT },
      event: { workflowRun: { id: 1 } },
      workspace: bigRun(),
    } as unknown as Begun;
    expect(earlyReportsFor(begun)).toBeUndefined();
  });

  test('the list the worker read is the one the gate makes: files, problems, collected', async () => {
    const dir = bigRun();
    const junit = ['reports/*.xml', 'absent/*.xml'];
    const early = startEarlyReports(dir, junit, 'collected.txt');
    const listed = await early?.job;
    early?.stop();
    expect(listed).toEqual({
      root: dir,
      files: [{ path: path.join(dir, 'reports/junit.xml'), shown: 'reports/junit.xml' }],
      problems: [{ file: 'absent/*.xml', message: 'no report file matches this pattern' }],
      collected: 'collected.txt',
    });
  });
});

describe('sameJob', () => {
  const job = {
    root: '/r',
    files: [
      { path: '/r/a.xml', shown: 'a.xml' },
      { path: '/r/b.xml', shown: 'b.xml' },
    ],
    problems: [{ file: 'c/*.xml', message: 'no report file matches this pattern' }],
    collected: 'collected.txt',
  };
  test('equal only when every part the reading depends on is', () => {
    expect(sameJob(job, { ...job, files: [...job.files], problems: [...job.problems] })).toBe(true);
    const differ = [
      { root: '/s' },
      { files: [...job.files].reverse() },
      { files: job.files.slice(0, 1) },
      { files: [job.files[0], { path: '/r/b.xml', shown: '/r/b.xml' }] },
      { problems: [] },
      { problems: [{ ...job.problems[0], line: 1 }] },
      { collected: undefined },
      { collectedRoot: '/tmp/artifact' },
    ];
    for (const d of differ) {
      expect(sameJob(job, { ...job, ...d })).toBe(false);
      expect(sameJob({ ...job, ...d }, job)).toBe(false);
    }
  });
});
