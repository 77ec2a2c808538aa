// One worker instead of two where there are two cores (adapters/fs/goldens-after-reports.ts):
// the reports' worker goes on to hash goldens, in turns with this thread, once told their list.
// Both ways run here whatever the machine's cores (the gate's `cores`), on real files and the
// real worker (src/worker/entry.ts from source); a worker that dies between its two results is
// a real one, ended by the script that wraps it.
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileFacts } from '../src/adapters/fs/file-facts.js';
import {
  goldensAfterReports,
  oneWorker,
  type GoldensAfterReports,
} from '../src/adapters/fs/goldens-after-reports.js';
import { LIMITS } from '../src/adapters/fs/safe-read.js';
import { sharedCounter } from '../src/adapters/fs/shared-goldens.js';
import { gatherReports, readReports } from '../src/gather/reports.js';
import { fallbackNote, onWorkerTwice } from '../src/worker/client.js';
import { judgeRun, padToPrefetch, writeBigRun } from './support/big-run.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
afterEach(() => void delete process.env.LEDGER_GATE_WORKER_SCRIPT);

const sha = (s: string) => `sha256:${createHash('sha256').update(s).digest('hex')}`;

const judge = (cwd: string, cores: number) => judgeRun(cwd, { cores });

/** A run whose reports go to a worker (over 2 MiB) and whose ledger is large, in a temp folder. */
function largeRun(): string {
  const dir = writeBigRun({ cases: 20_000, mismatched: [3, 150, 9_999], failing: [7] });
  dirs.push(dir);
  padToPrefetch(path.join(dir, 'tests/ledger.yaml'));
  return dir;
}

/**
 * The reports and facts gathered through `after` as the gate gathers them, held to the same
 * read on this thread; gives the ledger's bytes the handle read and both facts.
 */
async function bothWays(
  dir: string,
  wanted: { artifacts: string[]; seeds: string[] },
  after: GoldensAfterReports,
  onFallback: (what: string, e: unknown) => void,
) {
  const reports = gatherReports(reportsJob(dir), onFallback, after);
  const bytes = await after.early.ledgerBytes();
  const facts = await fileFacts(dir, wanted.artifacts, wanted.seeds, {
    early: after.early,
    onFallback,
  });
  expect(await reports).toEqual(await readReports(reportsJob(dir)));
  const here = await fileFacts(dir, wanted.artifacts, wanted.seeds, { worker: false });
  expect(facts.artifacts).toEqual(here.artifacts);
  return { bytes, facts, here };
}

/** `n` goldens below `dir`/g, a missing one and a folder of seeds: what the parse would ask. */
function goldens(dir: string, n: number) {
  mkdirSync(path.join(dir, 'g'), { recursive: true });
  mkdirSync(path.join(dir, 's'), { recursive: true });
  writeFileSync(path.join(dir, 's/one'), '1');
  const artifacts = Array.from({ length: n }, (_, i) => `g/g${i}.txt`);
  artifacts.forEach((rel, i) => writeFileSync(path.join(dir, rel), `golden ${i}\n`));
  return { root: realpathSync(dir), artifacts: [...artifacts, 'g/absent.txt'], seeds: ['s'] };
}

const reportsJob = (dir: string) => ({
  root: dir,
  files: [{ path: path.join(dir, 'reports/junit.xml'), shown: 'reports/junit.xml' }],
  problems: [],
});

/** A worker script that runs the real entry and dies once it is sent the goldens' list. */
function dyingAfterReports(dir: string): string {
  const script = path.join(dir, 'dies-between.mjs');
  const src = (rel: string) => JSON.stringify(new URL(rel, import.meta.url).href);
  writeFileSync(
    script,
    [
      "import { parentPort, workerData } from 'node:worker_threads';",
      // Takes three goldens off the shared counter, as if it had hashed them, and dies unanswered.
      'parentPort.once("message", () => {',
      '  Atomics.add(new Int32Array(workerData.goldens.share), 0, 3);',
      '  process.exit(7);',
      '});',
      `await import(${src('../scripts/worker-ts-hooks.mjs')});`,
      `await import(${src('../src/worker/entry.ts')});`,
      '',
    ].join('\n'),
  );
  return script;
}

describe('one worker where there are two cores', () => {
  test('the choice: one worker on two cores or fewer, two where a third thread has a core', () => {
    expect([1, 2, 3, 4, 64].map(oneWorker)).toEqual([true, true, false, false, false]);
  });

  test("the gate's report and notes are the same with one worker and with two", async () => {
    const dir = largeRun();
    const two = await judge(dir, 4);
    expect(two.report.decision).toBe('reject');
    expect(two.report.findings.map((f) => f.rule)).toEqual(
      expect.arrayContaining(['classified-fail', 'fixture-digest-mismatch']),
    );
    const one = await judge(dir, 2);
    expect(one.report).toEqual(two.report);
    expect(one.notes).toEqual(two.notes);
    expect(one.tests).toEqual(two.tests);
  });

  test('small reports on two cores: read here, and the facts worker runs as before', async () => {
    const dir = writeBigRun({ cases: 2_000, mismatched: [3, 150], failing: [7] });
    dirs.push(dir);
    padToPrefetch(path.join(dir, 'tests/ledger.yaml'));
    const two = await judge(dir, 4);
    expect(two.report.decision).toBe('reject');
    const one = await judge(dir, 2);
    expect(one.report).toEqual(two.report);
    expect(one.notes).toEqual(two.notes);
  });

  test("the reports' worker, sent the list, hashes every golden this thread leaves it", async () => {
    const dir = largeRun();
    const wanted = goldens(dir, 50);
    const share = sharedCounter();
    const worker = onWorkerTwice({
      kind: 'reports',
      job: { ...reportsJob(dir), sync: true },
      goldens: { share, maxBytes: LIMITS.artifactBytes },
    });
    expect((await worker.first).tests.numbers.length).toBeGreaterThan(0);
    // This thread takes no turn: the worker takes them all, and answers with their facts.
    const taken = await worker.second({ root: wanted.root, artifacts: wanted.artifacts });
    const here = await fileFacts(dir, wanted.artifacts, [], { worker: false });
    expect(new Map(taken.artifacts)).toEqual(here.artifacts);
    expect(taken.artifacts).toHaveLength(51);
    expect(Atomics.load(new Int32Array(share), 0)).toBeGreaterThanOrEqual(51);
  });

  test('through gatherReports and fileFacts: the same reports and facts as on this thread', async () => {
    const dir = largeRun();
    const wanted = goldens(dir, 300);
    const notes: string[] = [];
    const onFallback = (what: string, e: unknown) => notes.push(fallbackNote(what, e));
    const after = goldensAfterReports(dir, path.join(dir, 'tests/ledger.yaml'), onFallback);
    const { bytes, facts } = await bothWays(dir, wanted, after, onFallback);
    // The parse reads the ledger itself: no bytes were read for a scan.
    expect(bytes).toBeUndefined();
    expect(facts.seeds).toEqual(new Map([['s', { files: 1 }]]));
    expect(facts.artifacts.get('g/g299.txt')).toEqual({ digest: sha('golden 299\n') });
    expect(facts.on).toBe('worker');
    expect(notes).toEqual([]);
  });

  test('reports past maxReportBytes keep a worker of their own, and the facts worker runs', async () => {
    const dir = largeRun();
    const wanted = goldens(dir, 30);
    const notes: string[] = [];
    const onFallback = (what: string) => notes.push(what);
    const after = {
      ...goldensAfterReports(dir, path.join(dir, 'tests/ledger.yaml'), onFallback),
      maxReportBytes: 1024, // these reports are ~3 MB
    };
    const { bytes, facts, here } = await bothWays(dir, wanted, after, onFallback);
    // The facts worker's prefetch read the ledger's bytes, for the parse to take.
    expect(bytes?.length).toBe(statSync(path.join(dir, 'tests/ledger.yaml')).size);
    expect(facts.seeds).toEqual(here.seeds);
    expect(notes).toEqual([]);
  });

  test('a worker that dies between its two results: what it took is gathered here, with a note', async () => {
    const dir = largeRun();
    const wanted = goldens(dir, 20);
    process.env.LEDGER_GATE_WORKER_SCRIPT = dyingAfterReports(dir);
    const notes: string[] = [];
    const onFallback = (what: string, e: unknown) => notes.push(fallbackNote(what, e));
    const after = goldensAfterReports(dir, path.join(dir, 'tests/ledger.yaml'), onFallback);
    const reports = await gatherReports(reportsJob(dir), onFallback, after);
    delete process.env.LEDGER_GATE_WORKER_SCRIPT;
    expect(reports).toEqual(await readReports(reportsJob(dir)));
    // Sent only now, once the worker waits for it: it takes three goldens and dies.
    const facts = await fileFacts(dir, wanted.artifacts, wanted.seeds, {
      early: after.early,
      onFallback,
    });
    const here = await fileFacts(dir, wanted.artifacts, wanted.seeds, { worker: false });
    expect(facts.artifacts).toEqual(here.artifacts);
    expect(facts.artifacts.get('g/g0.txt')).toEqual({ digest: sha('golden 0\n') });
    expect(facts.seeds).toEqual(here.seeds);
    expect(facts.on).toBe('main');
    expect(notes).toEqual([
      'the worker thread failed (the worker thread exited with 7): gathering the golden digests and seed counts ran on the main thread',
    ]);
  });

  test('through fileFacts: the worker has its list before fileFacts returns, this thread hashes before any task', async () => {
    // At L the reports' answer (a task) used to race the hand-over: when it came first, the
    // worker waited idle for its list while this thread handled the reports (one run in three).
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-handover-'));
    dirs.push(dir);
    const wanted = goldens(dir, 5);
    const share = sharedCounter();
    const after = goldensAfterReports(dir, path.join(dir, 'tests/ledger.yaml'), undefined, share);
    const sent: unknown[] = [];
    // A worker that takes no turn: every golden is left to this thread.
    after.attach((list) => {
      sent.push(list);
      return Promise.resolve({ artifacts: [] });
    });
    const taken = () => Atomics.load(new Int32Array(share), 0);
    const facts = fileFacts(dir, wanted.artifacts, wanted.seeds, { early: after.early });
    expect(sent).toEqual([{ root: wanted.root, artifacts: wanted.artifacts }]);
    // The gate's own work after the parse runs first (this thread's share waits a microtask)...
    expect(taken()).toBe(0);
    // ...and the share is done before a task queued now runs.
    const atTask = await new Promise<number>((resolve) => setImmediate(() => resolve(taken())));
    expect(atTask).toBeGreaterThanOrEqual(wanted.artifacts.length);
    const got = await facts;
    expect(got.artifacts.get('g/g4.txt')).toEqual({ digest: sha('golden 4\n') });
    expect(got.artifacts.size).toBe(6);
    expect(got.seeds).toEqual(new Map([['s', { files: 1 }]]));
  });

  test('a worker that cannot start: reports and goldens both here, each with its note', async () => {
    const dir = largeRun();
    const wanted = goldens(dir, 20);
    process.env.LEDGER_GATE_WORKER_SCRIPT = path.join(dir, 'no-such-worker.js');
    const notes: string[] = [];
    const onFallback = (what: string) => notes.push(what);
    const after = goldensAfterReports(dir, path.join(dir, 'tests/ledger.yaml'), onFallback);
    const reports = await gatherReports(reportsJob(dir), onFallback, after);
    const facts = await fileFacts(dir, wanted.artifacts, wanted.seeds, {
      early: after.early,
      onFallback,
    });
    expect(reports).toEqual(await readReports(reportsJob(dir)));
    const here = await fileFacts(dir, wanted.artifacts, wanted.seeds, { worker: false });
    expect(facts.artifacts).toEqual(here.artifacts);
    expect(notes).toEqual(['reading the reports', 'gathering the golden digests and seed counts']);
  });
});
