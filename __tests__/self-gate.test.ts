// This repository's CI runs the gate on its own test run (scripts/self-gate.sh). Shown here on
// a throwaway copy of the repository: the ledger admits the suite as it is, and a golden edited
// without a digest bump turns the same run into a reject. The run is both test groups' JUnit
// files (build/junit.xml and build/junit-e2e.xml), as scripts/self-gate.sh reads them.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseLedger } from '../src/ledger/parse.js';

let copy: string;

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'ledger-gate-self-'));
  const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const rel of tracked) {
    try {
      cpSync(rel, path.join(copy, rel), { recursive: false });
    } catch {
      // A tracked file deleted in the working tree is not part of the copy.
    }
  }
  // A test run in which every test the ledger names passed, as jest-junit writes it.
  const { ledger, errors } = parseLedger(
    readFileSync('tests/ledger.yaml', 'utf8'),
    'tests/ledger.yaml',
  );
  expect(errors).toEqual([]);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  // Each test in the JUnit file of its group, as `npm test` and `npm run test:e2e` write them.
  const { E2E } = (await import(pathToFileURL(path.resolve('jest.config.js')).href)) as {
    E2E: string[];
  };
  const e2e = new Set(E2E.map((f) => f.replace('<rootDir>/', '')));
  const groups: Record<string, string[]> = { 'build/junit.xml': [], 'build/junit-e2e.xml': [] };
  for (const r of ledger!.rows) {
    const cut = r.id.indexOf('::');
    const file = r.id.slice(0, cut);
    groups[e2e.has(file) ? 'build/junit-e2e.xml' : 'build/junit.xml'].push(
      `<testcase classname="${esc(r.id.slice(cut + 2))}" name="${esc(r.id.slice(cut + 2))}" time="0.01" file="${esc(file)}"></testcase>`,
    );
  }
  mkdirSync(path.join(copy, 'build'), { recursive: true });
  for (const [file, cases] of Object.entries(groups)) {
    writeFileSync(
      path.join(copy, file),
      `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="jest tests" tests="${cases.length}" failures="0" errors="0" time="1">\n<testsuite name="all" tests="${cases.length}">\n${cases.join('\n')}\n</testsuite>\n</testsuites>\n`,
    );
  }
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function selfGate() {
  const r = spawnSync('bash', ['scripts/self-gate.sh'], { cwd: copy, encoding: 'utf8' });
  const report = JSON.parse(readFileSync(path.join(copy, 'build/self-gate.json'), 'utf8'));
  return { status: r.status, report };
}

test('the own ledger admits a run in which every classified test passes', () => {
  const r = selfGate();
  expect(r.report.decision).toBe('admit');
  expect(r.status).toBe(0);
});

test('a golden edited without a digest bump fails the own CI', () => {
  const golden = path.join(copy, '__fixtures__/goldens/demo-summary.md');
  writeFileSync(golden, readFileSync(golden, 'utf8').replace('reject', 'admit'));
  const r = selfGate();
  expect(r.status).toBe(1);
  expect(r.report.decision).toBe('reject');
  const f = r.report.findings.find((x: { rule: string }) => x.rule === 'fixture-digest-mismatch');
  expect(f.id).toBe('__tests__/goldens.test.ts::the demo summary matches its golden');
});
