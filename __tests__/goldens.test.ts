// Golden files: the demo's summary and JSON report, byte for byte. These tests are locked
// fixtures in this repository's own ledger (tests/ledger.yaml), so a golden rewritten without
// a digest bump fails this repository's CI through the gate itself.
import { expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../src/cli.js';

const out = mkdtempSync(path.join(tmpdir(), 'ledger-gate-golden-'));
const demo = path.resolve('examples/demo');

async function runDemo(): Promise<{ code: number; summary: string; json: string }> {
  const summary = path.join(out, 'summary.md');
  const json = path.join(out, 'report.json');
  const code = await main(
    ['check', '--junit', 'reports/*.xml', '--summary', summary, '--json', json],
    {
      cwd: demo,
      stdout: () => undefined,
      stderr: () => undefined,
    },
  );
  return { code, summary: readFileSync(summary, 'utf8'), json: readFileSync(json, 'utf8') };
}

const golden = (name: string) => readFileSync(path.join('__fixtures__/goldens', name), 'utf8');

test('the demo summary matches its golden', async () => {
  const r = await runDemo();
  expect(r.code).toBe(1);
  expect(r.summary).toBe(golden('demo-summary.md'));
});

test('the demo JSON report matches its golden', async () => {
  const r = await runDemo();
  expect(r.json).toBe(golden('demo-report.json'));
});
