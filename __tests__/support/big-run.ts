// A run of any size, written to a temp folder: test files of 100 jest cases each, a ledger of
// one file row per test file (CONTRACT §2, locked to the file's bytes, as `init` freezes a
// suite), and one jest-junit report of every case. It admits as written; the options make
// it reject the way real changes do: test files with no row (unclassified, one entry a file),
// failing tests, a golden whose bytes moved, a passing draft. Small files only, so 100,000
// cases are written in well under a second.
import { expect } from '@jest/globals';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PREFETCH_LEDGER_BYTES } from '../../src/adapters/fs/file-facts.js';
import { runGate, type GateOptions, type GateOutcome } from '../../src/gather/gate.js';

export interface BigRunOptions {
  /** Test cases; a multiple of 100. */
  cases: number;
  /** Test files (by index) that have no row: each of their cases is `unclassified`. */
  unrowed?: readonly number[];
  /** Cases (by index) that fail: `classified-fail` (or `unclassified` in an unrowed file). */
  failing?: readonly number[];
  /** Cases (by index) locked to a golden whose bytes no longer match: `fixture-digest-mismatch`. */
  mismatched?: readonly number[];
  /** Cases (by index) with a draft row: `draft-pass`. */
  drafts?: readonly number[];
}

export const PER_FILE = 100;

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const sha = (b: string) => `sha256:${createHash('sha256').update(b).digest('hex')}`;

export function fileOf(f: number): string {
  return `tests/pkg${pad(f % 50, 2)}/mod${pad(f, 4)}.test.js`;
}

export function caseName(i: number): string {
  return `suite ${Math.floor(i / PER_FILE)} case ${pad(i, 6)} holds`;
}

/** The id the gate gives case `i` (jest-junit with a file attribute: FILE::NAME). */
export function caseId(i: number): string {
  return `${fileOf(Math.floor(i / PER_FILE))}::${caseName(i)}`;
}

/** Writes the run into a new temp folder and returns it; the report is `reports/junit.xml`. */
export function writeBigRun(o: BigRunOptions): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-big-'));
  const files = o.cases / PER_FILE;
  const unrowed = new Set(o.unrowed ?? []);
  const failing = new Set(o.failing ?? []);
  const exact = new Map<number, string>();
  mkdirSync(path.join(dir, 'tests/goldens'), { recursive: true });
  for (const i of o.mismatched ?? []) {
    const golden = `tests/goldens/g${pad(i, 6)}.txt`;
    writeFileSync(path.join(dir, golden), `golden ${i}, rewritten\n`);
    exact.set(
      i,
      `    class: locked_fixture\n    digest: ${sha(`golden ${i}\n`)}\n    artifact: ${golden}\n`,
    );
  }
  for (const i of o.drafts ?? [])
    exact.set(i, '    class: draft\n    source: agent\n    proposed_class: property\n');

  const rows = ['version: 1\nrows:\n'];
  const report = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<testsuites name="jest tests" tests="${o.cases}" failures="${failing.size}" errors="0" time="1">\n`,
  ];
  for (let f = 0; f < files; f++) {
    const file = fileOf(f);
    const body = [`describe('suite ${f}', () => {\n`];
    report.push(
      `  <testsuite name="mod${pad(f, 4)}" errors="0" failures="0" skipped="0" timestamp="2026-01-01T00:00:00" time="1" tests="${PER_FILE}">\n`,
    );
    for (let i = f * PER_FILE; i < (f + 1) * PER_FILE; i++) {
      const name = caseName(i);
      body.push(`  test('${name}', () => expect(holds(${i})).toBe(true));\n`);
      const failure = failing.has(i)
        ? `<failure message="expected ${i} to hold">Error: expected ${i} to hold\n    at ${file}:${i % PER_FILE}</failure>`
        : '';
      report.push(
        `    <testcase classname="${name}" name="${name}" time="0.004" file="${file}">${failure}</testcase>\n`,
      );
      const own = exact.get(i);
      if (own) rows.push(`  - id: ${file}::${name}\n${own}`);
    }
    body.push('});\n');
    report.push('  </testsuite>\n');
    const text = body.join('');
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
    if (!unrowed.has(f))
      rows.push(`  - id: ${file}::*\n    class: locked_fixture\n    digest: ${sha(text)}\n`);
  }
  report.push('</testsuites>\n');
  writeFileSync(path.join(dir, 'tests/ledger.yaml'), rows.join(''));
  mkdirSync(path.join(dir, 'reports'));
  writeFileSync(path.join(dir, 'reports/junit.xml'), report.join(''));
  return dir;
}

/** The gate over a run's folder as `check` runs it without a base; `more` adds options. */
export function judgeRun(cwd: string, more: Partial<GateOptions> = {}): Promise<GateOutcome> {
  return runGate({
    cwd,
    ledger: 'tests/ledger.yaml',
    junit: ['reports/*.xml'],
    head: 'HEAD',
    production: [],
    goldens: [],
    expect: 'all',
    agentAuthors: [],
    author: 'human',
    ...more,
  });
}

/**
 * Comment lines after the rows, up to the size at which a ledger is read once and its goldens
 * start early (file-facts.ts): no row or line number moves.
 */
export function padToPrefetch(ledger: string): void {
  const line = '# padding, so the ledger is read once and its goldens start early\n';
  const short = PREFETCH_LEDGER_BYTES - statSync(ledger).size;
  appendFileSync(ledger, line.repeat(Math.ceil(short / line.length)));
  expect(statSync(ledger).size).toBeGreaterThanOrEqual(PREFETCH_LEDGER_BYTES);
}
