// The committed bundle runs with plain node, without node_modules: copy dist/ and the demo
// into an empty folder and run it there, as a fresh clone without `npm ci` would.
import { afterAll, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cliNode } from './support/fake-github-runner.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-dist-'));
cpSync('dist', path.join(dir, 'dist'), { recursive: true });
cpSync('examples', path.join(dir, 'examples'), { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (cwd: string, ...args: string[]) =>
  spawnSync(cliNode(), [path.join(dir, 'dist/cli/index.js'), ...args], {
    cwd,
    encoding: 'utf8',
  });

test('the demo, run from the bundle alone, prints its short report and rejects (exit 1)', () => {
  const demo = path.join(dir, 'examples/demo');
  const r = cli(demo, 'check', '--junit', 'reports/*.xml', '--json', path.join(dir, 'demo.json'));
  expect(r.status).toBe(1);
  expect(r.stdout).toMatch(
    /^reject: 1 locked file or golden changed while its ledger row did not, and 2 more rules below\.\n/,
  );
  expect(r.stdout).toContain('reject fixture-digest-mismatch · 1');
  expect(r.stderr.trim().split('\n').at(-1)).toBe('ledger-gate: reject');
  const report = JSON.parse(readFileSync(path.join(dir, 'demo.json'), 'utf8'));
  expect(report.decision).toBe('reject');
  expect(report.counts).toEqual({ cases: 6, admit: 2, review: 0, reject: 3, info: 1 });
  expect(report.findings.map((f: { rule: string }) => f.rule).sort()).toEqual(
    [
      'draft-pass',
      'fixture-digest-mismatch',
      'fixture-unchanged',
      'property-seeded',
      'quarantine-fail',
      'unclassified',
    ].sort(),
  );
});

test('the review demo replays the example as a change: a bumped golden asks for review (exit 3)', () => {
  const r = spawnSync('bash', [path.join(dir, 'examples/review-demo.sh')], { encoding: 'utf8' });
  expect(r.status).toBe(3);
  expect(r.stdout).toContain('fixture-contract-change');
  expect(r.stdout).toMatch(/exit status: 3\n$/);
});

test('a picomatch planted in a node_modules above dist/ is never loaded (the bundle looks up no package at run time)', () => {
  // fdir's ES module build (tinyglobby's walker) would require `picomatch` from the folders
  // above its file; whatever that finds would run inside the gate (src/adapters/fs/fdir.ts).
  const planted = mkdtempSync(path.join(tmpdir(), 'ledger-gate-planted-'));
  try {
    cpSync(path.join(dir, 'dist'), path.join(planted, 'dist'), { recursive: true });
    const mark = path.join(planted, 'loaded');
    const pkg = path.join(planted, 'node_modules/picomatch');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(path.join(pkg, 'package.json'), '{ "name": "picomatch", "main": "index.js" }\n');
    writeFileSync(
      path.join(pkg, 'index.js'),
      `require('node:fs').writeFileSync(${JSON.stringify(mark)}, 'loaded');\nmodule.exports = () => () => true;\n`,
    );
    const r = spawnSync(
      cliNode(),
      [path.join(planted, 'dist/cli/index.js'), 'check', '--junit', 'reports/*.xml'],
      { cwd: path.join(dir, 'examples/demo'), encoding: 'utf8' },
    );
    expect(r.stderr.trim().split('\n').at(-1)).toBe('ledger-gate: reject');
    expect(existsSync(mark)).toBe(false);
  } finally {
    rmSync(planted, { recursive: true, force: true });
  }
});

test('package.json names the bundle as the ledger-gate bin', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  expect(pkg.bin['ledger-gate']).toBe('dist/cli/index.js');
  expect(readFileSync('dist/cli/index.js', 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
});

test('the CLI bundle does not carry the GitHub client (start-up time)', () => {
  expect(readFileSync('dist/cli/index.js', 'utf8')).not.toContain('@octokit');
});

test('the packed CLI installs offline into an empty folder and answers --version on Node 22 and 24', () => {
  // scripts/pack-check.sh: npm pack, npm install -g --offline --prefix <empty>, then the
  // installed bin under each Node; the release workflow attaches the same tarball.
  const r = spawnSync('bash', ['scripts/pack-check.sh', path.join(dir, 'pack')], {
    encoding: 'utf8',
  });
  expect(r.stderr).not.toContain('pack-check:');
  expect(r.status).toBe(0);
  const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
  expect(r.stdout.trim()).toBe(path.join(dir, 'pack', `ledger-gate-${version}.tgz`));
});
