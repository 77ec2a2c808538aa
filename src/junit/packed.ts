// Test results as columns, the form they cross from the reports worker in: every id in one
// string, numbers in one typed array, files and report names as tables. Cloning this is a few
// copies; cloning a million objects is not.
import type { Status, TestResult } from '../types.js';
import { Buffer } from 'node:buffer';

/**
 * TestResults as columns: every id in one string, numbers in one typed array, files and
 * report names as tables.
 */
export interface PackedTests {
  /**
   * Every id, one after another: as text, or as Latin-1 bytes when every id is Latin-1 (the
   * reports worker's IdTable, junit/id-table.ts: a transferred buffer moves between threads,
   * where a string is serialised and copied while the worker's heap is still whole).
   */
  ids: string | Uint8Array;
  files: string[];
  reports: string[];
  /** Skip reasons, each once. */
  reasons: string[];
  /**
   * The count of tests; per test (PER_TEST numbers) its id's length, status (STATUSES), flaky,
   * line + 1 and file + 1 (0: none), its number of reports, its outcome (OUTCOMES, 0: none),
   * its duplicates' count (0: none), their report's index and statuses (a bit per status),
   * its number of skip reasons (-1: none recorded); then, test after test, the index of each
   * report and of each reason.
   */
  numbers: Int32Array;
}

export const STATUSES: Status[] = ['pass', 'fail', 'error', 'skip'];
export const OUTCOMES = [undefined, 'xfail', 'todo'] as const;
export const PER_TEST = 11;
/** A status's code in the columns: its index in STATUSES. */
export const STATUS_CODE = Object.fromEntries(STATUSES.map((s, i) => [s, i])) as Record<
  Status,
  number
>;
/** An outcome's code: its index in OUTCOMES (0: none). */
export const OUTCOME_CODE = { xfail: OUTCOMES.indexOf('xfail'), todo: OUTCOMES.indexOf('todo') };

/**
 * Writes one test's PER_TEST numbers at `k`, in PackedTests' layout: packTests and the
 * reports worker's mapper (caseMapper's `packed`, junit/map.ts) both write through it, so
 * unpackTests has one layout to read. `line` and `file` come as + 1 (0: none), `status` and
 * `outcome` as codes, `dupStatuses` as a bit per status code, `reasons` as -1 for none.
 */
export function writeTest(
  n: Int32Array,
  k: number,
  idLength: number,
  status: number,
  flaky: boolean,
  line: number,
  file: number,
  reports: number,
  outcome: number,
  dupCount: number,
  dupReport: number,
  dupStatuses: number,
  reasons: number,
): void {
  n[k] = idLength;
  n[k + 1] = status;
  n[k + 2] = flaky ? 1 : 0;
  n[k + 3] = line;
  n[k + 4] = file;
  n[k + 5] = reports;
  n[k + 6] = outcome;
  n[k + 7] = dupCount;
  n[k + 8] = dupReport;
  n[k + 9] = dupStatuses;
  n[k + 10] = reasons;
}

export function packTests(tests: TestResult[]): PackedTests {
  const files = new Table();
  const reports = new Table();
  const reasons = new Table();
  let size = 1 + tests.length * PER_TEST;
  for (const t of tests) size += t.reports.length + (t.skipReasons?.length ?? 0);
  const numbers = new Int32Array(size);
  numbers[0] = tests.length;
  const ids: string[] = [];
  let k = 1;
  for (const t of tests) {
    ids.push(t.id);
    let bits = 0;
    for (const st of t.duplicates?.statuses ?? []) bits |= 1 << STATUS_CODE[st];
    writeTest(
      numbers,
      k,
      t.id.length,
      STATUS_CODE[t.status],
      t.flaky,
      t.line === undefined ? 0 : t.line + 1,
      t.file === undefined ? 0 : files.index(t.file) + 1,
      t.reports.length,
      OUTCOMES.indexOf(t.outcome),
      t.duplicates?.count ?? 0,
      t.duplicates ? reports.index(t.duplicates.report) : 0,
      bits,
      t.skipReasons?.length ?? -1,
    );
    k += PER_TEST;
  }
  for (const t of tests) {
    for (const r of t.reports) numbers[k++] = reports.index(r);
    for (const r of t.skipReasons ?? []) numbers[k++] = reasons.index(r);
  }
  return {
    ids: ids.join(''),
    files: files.list,
    reports: reports.list,
    reasons: reasons.list,
    numbers,
  };
}

export function unpackTests(p: PackedTests): TestResult[] {
  const n = p.numbers;
  const count = n[0];
  const tests: TestResult[] = new Array(count);
  const ids =
    typeof p.ids === 'string'
      ? p.ids
      : Buffer.from(p.ids.buffer, p.ids.byteOffset, p.ids.byteLength).toString('latin1');
  let at = 0; // in ids
  let r = 1 + count * PER_TEST; // the next report index
  const only = p.reports.map((name) => Object.freeze([name]) as string[]);
  for (let i = 0, k = 1; i < count; i++, k += PER_TEST) {
    const id = ids.slice(at, (at += n[k]));
    // One list per report for the tests it alone ran, shared (frozen: nothing may add to one);
    // a longer one exactly as long as it is (`[]` then push reserves 17 slots).
    const reports =
      n[k + 5] === 1 ? only[n[r++]] : Array.from({ length: n[k + 5] }, () => p.reports[n[r++]]);
    const status = STATUSES[n[k + 1]];
    const flaky = n[k + 2] === 1;
    const file = n[k + 4] === 0 ? undefined : p.files[n[k + 4] - 1];
    const line = n[k + 3] === 0 ? undefined : n[k + 3] - 1;
    // The usual results (a file, maybe a line, no skip reasons) as one literal each, their
    // keys in the order the steps below give them: a key added to an object after it is made
    // is stored outside it, one more allocation per result (100,000 at L).
    const t: TestResult =
      file === undefined || n[k + 10] >= 0
        ? { id, status, flaky, reports }
        : line === undefined
          ? { id, status, flaky, reports, file }
          : { id, status, flaky, reports, file, line };
    if (n[k + 10] >= 0) {
      t.skipReasons = [];
      for (let j = 0; j < n[k + 10]; j++) t.skipReasons.push(p.reasons[n[r++]]);
    }
    if (file !== undefined && t.file === undefined) t.file = file;
    if (line !== undefined && t.line === undefined) t.line = line;
    const outcome = OUTCOMES[n[k + 6]];
    if (outcome !== undefined) t.outcome = outcome;
    if (n[k + 7] !== 0) {
      const statuses = STATUSES.filter((_, b) => (n[k + 9] & (1 << b)) !== 0);
      t.duplicates = { count: n[k + 7], report: p.reports[n[k + 8]], statuses };
    }
    tests[i] = t;
  }
  return tests;
}

/** Strings by first use, each with its index. */
export class Table {
  readonly list: string[] = [];
  private readonly at = new Map<string, number>();
  index(s: string): number {
    let i = this.at.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.at.set(s, i);
    }
    return i;
  }
}
