// A ledger of PREFETCH_LEDGER_BYTES or more is read once: its bytes, read into memory the facts
// worker shares, are scanned there and parsed here (prefetchFileFacts, readLedger). The real
// gate on such a ledger gives the report and notes the same rows give in a small ledger, and
// bytes that are not UTF-8 are refused at the same line and column.
import { afterAll, describe, expect, test } from '@jest/globals';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prefetchFileFacts } from '../src/adapters/fs/file-facts.js';
import { sharedCounter } from '../src/adapters/fs/shared-goldens.js';
import { judgeRun, padToPrefetch, writeBigRun } from './support/big-run.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('a large ledger read once', () => {
  test('the report and notes of the same rows in a small ledger', async () => {
    // A golden whose bytes moved and a failing test: findings that need the facts.
    const dir = writeBigRun({ cases: 2000, mismatched: [3, 150], failing: [7] });
    dirs.push(dir);
    const small = await judgeRun(dir);
    expect(small.report.decision).toBe('reject');
    padToPrefetch(path.join(dir, 'tests/ledger.yaml'));
    const large = await judgeRun(dir);
    expect(large.report).toEqual(small.report);
    expect(large.notes).toEqual(small.notes);
  });

  test('bytes that are not UTF-8: the same refusal, line and column', async () => {
    const dir = writeBigRun({ cases: 200 });
    dirs.push(dir);
    const ledger = path.join(dir, 'tests/ledger.yaml');
    const text = readFileSync(ledger);
    const at = text.indexOf('class:', text.indexOf('class:') + 1);
    writeFileSync(
      ledger,
      Buffer.concat([text.subarray(0, at), Buffer.from([0xff]), text.subarray(at)]),
    );
    const small = await judgeRun(dir);
    expect(JSON.stringify(small.report.findings)).toContain('is not valid UTF-8: refused');
    padToPrefetch(ledger);
    expect((await judgeRun(dir)).report).toEqual(small.report);
  });

  test('the worker is hashing before the parse: its bytes are given once it is spawned', async () => {
    const dir = writeBigRun({ cases: 200, mismatched: [1, 2, 3, 4, 5, 6, 7, 8] });
    dirs.push(dir);
    const ledger = path.join(dir, 'tests/ledger.yaml');
    padToPrefetch(ledger);
    const share = sharedCounter();
    const early = prefetchFileFacts(dir, ledger, undefined, share);
    expect((await early.ledgerBytes())?.length).toBe(statSync(ledger).size);
    // This thread now stays busy, as the parse does: the worker takes goldens meanwhile only
    // if it was spawned before the bytes were handed over.
    const taken = new Int32Array(share);
    const nap = new Int32Array(new SharedArrayBuffer(4));
    const until = Date.now() + 20_000;
    while (Atomics.load(taken, 0) === 0 && Date.now() < until) Atomics.wait(nap, 0, 0, 5);
    expect(Atomics.load(taken, 0)).toBeGreaterThan(0);
    const facts = await early.finish();
    expect(facts?.on).toBe('worker');
    expect(facts?.artifacts.size).toBe(8);
  });
});
