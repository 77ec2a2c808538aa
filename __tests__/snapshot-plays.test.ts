// Snapshots are goldens (issue 44, item 4; CONTRACT §2 "Snapshots"), played end to end with
// real jest 30 + jest-junit 17 and vitest 4 (installed once from scripts/fixtures/'s
// lockfiles, support/plays.ts) in real git repositories, through the built CLI: the snapshot
// is written by the runner's own update (`jest -u`, `vitest run -u`) as a human does it, `init`
// locks it with its test file, and the evidence run is the CI one (`jest --ci`, vitest with
// CI=true), which writes no snapshot. Each play: the change, who commits it, the verdict.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { goldenKey } from '../src/ledger/golden-set.js';
import { parseLedger } from '../src/ledger/parse.js';
import { cli, gate, REPORT, runnerModules, runTests, type Runner } from './support/plays.js';
import { AGENT, HUMAN, Repo, type Author } from './support/repo.js';

beforeAll(() => {
  runnerModules('jest');
  runnerModules('vitest');
}, 300_000);

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

type JsRunner = Exclude<Runner, 'pytest'>;

interface Project {
  files: Record<string, string>;
  test: string;
  testFile: string;
  snap: string;
  ledger: string;
  /** The CI run (writes no snapshot) and the human's update (rewrites them). */
  ci: string[];
  update: string[];
  /** The production module, greeting as `greeting` does. */
  greet: (greeting: string) => string;
}

const GREET_TEST = (load: string) =>
  `${load}\n\ndescribe('greet', () => {\n  test('card', () => {\n    expect(greet('ada')).toMatchSnapshot();\n  });\n});\n`;

const JEST_BIN = [process.execPath, 'node_modules/jest/bin/jest.js', '--no-watchman'];
const REPORTERS = ['--reporters=default', '--reporters=jest-junit'];
const VITEST_BIN = [process.execPath, 'node_modules/vitest/vitest.mjs', 'run'];
const VITEST_JUNIT = ['--reporter=junit', `--outputFile=${REPORT}`];

const PROJECTS: Record<JsRunner, Project> = {
  jest: {
    files: {
      'package.json': '{ "name": "cards", "private": true }\n',
      'jest.config.js': "module.exports = { testEnvironment: 'node' };\n",
      '__tests__/greet.test.js': GREET_TEST("const { greet } = require('../src/greet.js');"),
    },
    test: '__tests__/greet.test.js::greet card',
    testFile: '__tests__/greet.test.js',
    snap: '__tests__/__snapshots__/greet.test.js.snap',
    ledger: 'tests/ledger.yaml',
    ci: [...JEST_BIN, '--ci', ...REPORTERS],
    update: [...JEST_BIN, '-u', ...REPORTERS],
    greet: (g) => `exports.greet = (name) => ({ text: '${g} ' + name, length: name.length });\n`,
  },
  vitest: {
    files: {
      'package.json': '{ "name": "cards", "private": true, "type": "module" }\n',
      'vitest.config.js':
        "import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: {} });\n",
      'test/greet.test.js': GREET_TEST(
        "import { describe, expect, test } from 'vitest';\nimport { greet } from '../src/greet.js';",
      ),
    },
    test: 'test/greet.test.js::greet > card',
    testFile: 'test/greet.test.js',
    snap: 'test/__snapshots__/greet.test.js.snap',
    ledger: 'test/ledger.yaml',
    // CI=true: vitest writes no new snapshot (a missing one fails the test).
    ci: ['/usr/bin/env', 'CI=true', ...VITEST_BIN, ...VITEST_JUNIT],
    update: ['/usr/bin/env', 'CI=true', ...VITEST_BIN, '-u', ...VITEST_JUNIT],
    greet: (g) =>
      `export const greet = (name) => ({ text: '${g} ' + name, length: name.length });\n`,
  },
};

const PRODUCTION = ['--production', 'src/**'];

/**
 * The project at the base: the human wrote the snapshot with the runner's update, the CI run
 * passes, `init` froze the ledger; committed, on branch `change`.
 */
function baseRepo(runner: JsRunner): Repo {
  const p = PROJECTS[runner];
  const repo = new Repo(`ledger-gate-snap-${runner}-`);
  repos.push(repo);
  repo.write({
    '.gitignore': `${REPORT}\nnode_modules\n`,
    ...p.files,
    'src/greet.js': p.greet('hello'),
  });
  symlinkSync(runnerModules(runner), path.join(repo.dir, 'node_modules'), 'dir');
  expect(runTests(repo, runner, p.test, p.update)).toBe('pass');
  expect(readFileSync(path.join(repo.dir, p.snap), 'utf8')).toContain('hello ada');
  expect(runTests(repo, runner, p.test, p.ci)).toBe('pass');
  const init = cli(repo, ['init', '--junit', REPORT, '--owner', 'dana']);
  expect([init.code, init.stderr]).toEqual([0, '']);
  const row = parseLedger(
    readFileSync(path.join(repo.dir, p.ledger), 'utf8'),
    p.ledger,
  ).ledger!.byId.get(`${p.testFile}::*`)!;
  expect(row.artifact).toBe(goldenKey([p.testFile, p.snap]));
  repo.commit('the project and its ledger', HUMAN);
  repo.branch('change');
  return repo;
}

interface Change {
  name: string;
  /** The production module's greeting after the change (`hello`: unchanged). */
  greeting: string;
  /** Run the runner's update before the CI run (`jest -u`). */
  update: boolean;
  /** `ledger-gate relock SNAP` before committing. */
  relock?: boolean;
  /** Delete the snapshot file (the CI run then fails the test: it writes none). */
  deleteSnap?: boolean;
  by: Author;
  /** The CI run's outcome of the test. */
  outcome: 'pass' | 'fail';
  decision: 'admit' | 'review' | 'reject';
  /** Rules that must be among the findings (rule:result). */
  rules: string[];
}

const CHANGES: Change[] = [
  {
    name: 'a production refactor that leaves the snapshot untouched',
    greeting: 'hello',
    update: false,
    by: HUMAN,
    outcome: 'pass',
    decision: 'admit',
    rules: [],
  },
  {
    name: "a human's -u with a production change and no bump",
    greeting: 'Hi',
    update: true,
    by: HUMAN,
    outcome: 'pass',
    decision: 'reject',
    rules: ['production-golden-no-bump:reject', 'fixture-digest-mismatch:reject'],
  },
  {
    name: "a human's -u with a production change, re-locked with `relock SNAP`",
    greeting: 'Hi',
    update: true,
    relock: true,
    by: HUMAN,
    outcome: 'pass',
    decision: 'review',
    rules: ['fixture-contract-change:review'],
  },
  {
    name: "an agent's -u with a production change, even re-locked",
    greeting: 'Hi',
    update: true,
    relock: true,
    by: AGENT,
    outcome: 'pass',
    decision: 'reject',
    rules: ['agent-test-edit:reject'],
  },
  {
    name: 'a snapshot deleted so that a run without --ci would write it anew',
    greeting: 'Hi',
    update: false,
    deleteSnap: true,
    by: HUMAN,
    outcome: 'fail',
    decision: 'reject',
    // The missing golden is the finding for its tests (not also classified-fail), and the
    // deletion beside production code is a golden changed without a bump.
    rules: ['fixture-missing:reject', 'production-golden-no-bump:reject'],
  },
];

describe.each(['jest', 'vitest'] as const)('snapshots with real %s', (runner) => {
  const p = PROJECTS[runner];
  test.each(CHANGES)('$name', (c) => {
    const repo = baseRepo(runner);
    repo.write({ 'src/greet.js': p.greet(c.greeting) + '// refactored\n' });
    if (c.deleteSnap) repo.remove(p.snap);
    if (c.update) expect(runTests(repo, runner, p.test, p.update)).toBe('pass');
    if (c.update) expect(readFileSync(path.join(repo.dir, p.snap), 'utf8')).toContain('Hi ada');
    expect(runTests(repo, runner, p.test, p.ci)).toBe(c.outcome);
    if (c.relock) expect(cli(repo, ['relock', p.snap]).code).toBe(0);
    repo.commit(c.name, c.by);
    const judged = gate(repo, { args: PRODUCTION });
    expect(judged.verdict.decision).toBe(c.decision);
    expect(judged.verdict.rules).toEqual(expect.arrayContaining(c.rules));
    if (c.decision === 'admit') expect(judged.code).toBe(0);
    // Every finding that is not an admission names the snapshot or its test file's row.
    for (const f of judged.report.findings.filter((f) => f.result !== 'admit'))
      expect([f.rule, `${f.file ?? ''} ${f.id ?? ''} ${f.message}`]).toEqual([
        f.rule,
        expect.stringMatching(/greet\.test\.js/),
      ]);
  });
});
