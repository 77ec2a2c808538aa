// Acceptance of `ledger-gate setup` (issue 27): in a fresh small pytest, jest and vitest project
// (a real git repository, the real runner), the built CLI's `setup` writes a workflow GitHub's
// parser accepts; the test job's own steps, run as written, produce the reports; the printed
// command freezes the ledger; and the gate job's step (the action bundle, its inputs as the
// workflow gives them) on those reports posts an admit to the fake GitHub.
import { describe, expect, test } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConductReport } from '../src/conduct/report.js';
import { fakeGitHubForFile } from './support/fake-github.js';
import { expectGateJobAdmits, readWorkflow } from './support/gate-job.js';
import { CLI } from './support/hostile.js';
import { runnerModules } from './support/plays.js';
import { HUMAN, Repo } from './support/repo.js';
import { workflowErrors } from './support/workflow-errors.js';

const { gh, cleanup } = fakeGitHubForFile();

const PROJECTS = {
  pytest: {
    'requirements.txt': 'pytest\n',
    'src/shop.py': 'def total(xs):\n    return sum(xs)\n',
    'tests/test_shop.py':
      'import sys, pathlib\nsys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "src"))\n' +
      'from shop import total\n\ndef test_total():\n    assert total([1, 2]) == 3\n\n' +
      'def test_empty():\n    assert total([]) == 0\n',
  },
  jest: {
    'package.json': JSON.stringify({
      private: true,
      devDependencies: { jest: '30', 'jest-junit': '17' },
    }),
    'src/sum.js': 'module.exports = (a, b) => a + b;\n',
    '__tests__/sum.test.js':
      "const sum = require('../src/sum');\ntest('adds', () => expect(sum(1, 2)).toBe(3));\n",
    '__tests__/zero.test.js':
      "const sum = require('../src/sum');\ntest('zero', () => expect(sum(0, 0)).toBe(0));\n",
  },
  vitest: {
    'package.json': JSON.stringify({
      private: true,
      type: 'module',
      devDependencies: { vitest: '4' },
    }),
    'src/sum.js': 'export const sum = (a, b) => a + b;\n',
    'test/sum.test.js':
      "import { expect, test } from 'vitest';\nimport { sum } from '../src/sum.js';\n" +
      "test('adds', () => expect(sum(1, 2)).toBe(3));\n",
  },
} as const;

const CASES: { runner: keyof typeof PROJECTS; shards: number; conduct: boolean }[] = [
  { runner: 'pytest', shards: 1, conduct: false },
  { runner: 'jest', shards: 2, conduct: false },
  { runner: 'vitest', shards: 1, conduct: false },
  // --conduct: the recorder's step runs the built CLI (the release tarball's, in CI).
  { runner: 'pytest', shards: 1, conduct: true },
  { runner: 'jest', shards: 1, conduct: true },
];

/** The workflow run both jobs are part of (the fake runner's): the conduct report names it. */
const RUN = { GITHUB_RUN_ID: '4242' };

/** A production file of the base that reads its own data: the recorder's site, on its line. */
const DATA = {
  'src/data.js': [
    "const fs = require('fs');",
    "const path = require('path');",
    'module.exports = () =>',
    "  fs.readFileSync(path.join(__dirname, 'data.txt'), 'utf8');",
    '',
  ].join('\n'),
  'src/data.txt': 'x\n',
  '__tests__/data.test.js':
    "const data = require('../src/data');\ntest('data', () => expect(data()).toBe('x\\n'));\n",
};

/** `python` for the workflow's `python -m pytest`, as setup-python puts it on PATH. */
function binDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-setup-bin-'));
  const python3 = execFileSync('sh', ['-c', 'command -v python3'], { encoding: 'utf8' }).trim();
  symlinkSync(python3, path.join(dir, 'python'));
  return dir;
}

/** A step's text as the runner sees it: the expressions this test's job has, substituted. */
const expand = (s: string, temp: string, shard: number) =>
  s.replaceAll('${{ runner.temp }}', temp).replaceAll('${{ matrix.shard }}', String(shard));

describe.each(CASES)(
  'setup in a fresh $runner project (conduct: $conduct)',
  ({ runner, shards, conduct }) => {
    test('writes a workflow the parser accepts whose gate job admits the project’s real run', async () => {
      const repo = new Repo(`ledger-gate-setup-${runner}-`);
      cleanup.push(() => repo.cleanup());
      repo.write({
        '.gitignore': 'node_modules\nbuild/\n__pycache__/\n.pytest_cache/\n',
        ...PROJECTS[runner],
        ...(conduct && runner === 'jest' ? DATA : {}),
      });
      if (runner !== 'pytest')
        symlinkSync(runnerModules(runner), path.join(repo.dir, 'node_modules'), 'dir');
      const bin = binDir();
      cleanup.push(() => execFileSync('rm', ['-rf', bin]));
      const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1', CI: 'true' };
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, [CLI, ...args], { cwd: repo.dir, encoding: 'utf8', env });

      // 1. setup with nothing frozen yet: the workflow, and the commands that freeze the ledger.
      const recorded = conduct ? ['--conduct'] : [];
      const first = cli('setup', '--shards', String(shards), ...recorded);
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      const wf = readFileSync(path.join(repo.dir, '.github/workflows/tests.yml'), 'utf8');
      expect(await workflowErrors('tests.yml', wf)).toEqual([]);
      const printed = /^next:\n.*\n {2}(.*)\n {2}(ledger-gate init .*)$/m.exec(first.stdout)!;
      expect(printed).not.toBeNull();

      // 2. The printed commands, run as a newcomer runs them, freeze the suite.
      mkdirSync(path.join(repo.dir, 'build'), { recursive: true });
      const local = spawnSync('sh', ['-c', printed[1]], { cwd: repo.dir, env, encoding: 'utf8' });
      expect([local.status, local.stderr.includes('FAIL')]).toEqual([0, false]);
      const init = cli(
        ...printed[2]
          .replace(/^ledger-gate /, '')
          .replace('YOUR-NAME', 'dana')
          .split(' ')
          .map((a) => a.replace(/^'(.*)'$/, '$1')),
      );
      expect(init.stderr).toBe('');
      expect(init.status).toBe(0);
      // setup again, with a code owner: the workflow exists, so it refuses, then --force.
      expect(cli('setup', '--code-owner', '@acme/qa').status).toBe(1);
      const again = cli(
        'setup',
        '--shards',
        String(shards),
        '--code-owner',
        '@acme/qa',
        '--force',
        ...recorded,
      );
      expect(again.status).toBe(0);
      // The ledger sits in the project's test folder (vitest's project keeps its tests in test/).
      expect(readFileSync(path.join(repo.dir, '.github/CODEOWNERS'), 'utf8')).toContain(
        runner === 'vitest' ? '/test/ledger.yaml' : '/tests/ledger.yaml',
      );
      const base = repo.commit('the project, its workflow and its ledger', HUMAN);
      repo.branch('change');
      repo.write({ 'NOTES.md': 'a production-free change\n' });
      const head = repo.commit('notes', HUMAN);

      // 3. The test job's steps, as written, once per shard: the reports go to $RUNNER_TEMP.
      const w = readWorkflow(
        readFileSync(path.join(repo.dir, '.github/workflows/tests.yml'), 'utf8'),
      );
      const testJob = w.jobs.test;
      expect(testJob.strategy?.matrix.shard ?? [1]).toHaveLength(shards);
      const junitDir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-setup-junit-'));
      cleanup.push(() => execFileSync('rm', ['-rf', junitDir]));
      for (let shard = 1; shard <= shards; shard++) {
        const temp = mkdtempSync(path.join(tmpdir(), 'ledger-gate-setup-temp-'));
        cleanup.push(() => execFileSync('rm', ['-rf', temp]));
        // The steps after the install: the runner's, with the job's environment.
        const runs = testJob.steps.filter((s) => s.run && !/^(npm|pip) /.test(s.run));
        // $GITHUB_ENV's variables reach the later steps; a step's outputs its expressions.
        const files = { GITHUB_ENV: path.join(temp, 'env'), GITHUB_OUTPUT: path.join(temp, 'out') };
        const jobEnv: Record<string, string> = {};
        const outputs: Record<string, string> = {};
        const lines = (f: string) =>
          existsSync(f)
            ? readFileSync(f, 'utf8')
                .split('\n')
                .filter((l) => l.includes('='))
                .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const)
            : [];
        for (const s of runs) {
          const stepEnv = Object.fromEntries(
            Object.entries(s.env ?? {}).map(([k, v]) => [
              k,
              expand(v, temp, shard).replace(
                /\$\{\{ steps\.conduct\.outputs\.(\w+) \}\}/g,
                (_, o: string) => outputs[o] ?? '',
              ),
            ]),
          );
          // The release's CLI is this build's.
          const run = expand(s.run!, temp, shard).replace(
            /^npx --yes --package \S+ ledger-gate /,
            `"${process.execPath}" "${CLI}" `,
          );
          rmSync(files.GITHUB_OUTPUT, { force: true });
          const r = spawnSync('bash', ['-e', '-c', run], {
            cwd: repo.dir,
            env: { ...env, ...RUN, RUNNER_TEMP: temp, ...files, ...jobEnv, ...stepEnv },
            encoding: 'utf8',
          });
          expect([s.run, r.status]).toEqual([s.run, 0]);
          for (const [k, v] of lines(files.GITHUB_ENV)) jobEnv[k] = v;
          for (const [k, v] of lines(files.GITHUB_OUTPUT)) outputs[k] = v;
        }
        if (conduct) {
          // The recorder's report, beside the JUnit report it names (the gate checks its bytes).
          const report = path.join(temp, 'reports', 'conduct.jsonl');
          for (let t = 0; t < 100 && !existsSync(report); t++)
            await new Promise((ok) => setTimeout(ok, 50));
          const parsed = parseConductReport(readFileSync(report, 'utf8'));
          if ('error' in parsed) throw new Error(parsed.error);
          expect(parsed.tampered).toBeUndefined();
          // On the executed code's line: babel-jest (jest's default transform, which setup
          // keeps) joins the arrow's body to its head, so the read on line 4 is recorded on
          // line 3 (docs/conduct.md, "Line numbers are the executed code's"; not source-mapped).
          if (runner === 'jest')
            expect(parsed.sites).toContainEqual(
              expect.objectContaining({
                kind: 'open',
                file: 'src/data.js',
                line: 3,
                targets: ['src/data.txt'],
              }),
            );
          // The recorder went in the test step only: no later step (an action's node) loads it.
          expect(Object.keys(jobEnv).filter((k) => k === 'NODE_OPTIONS')).toEqual([]);
        }
        // download-artifact (merge-multiple) puts every shard's files in one folder.
        cpSync(path.join(temp, 'reports'), junitDir, { recursive: true });
      }

      // 4. The gate job's step: the action bundle with the inputs the workflow gives it.
      await expectGateJobAdmits(gh, w, { workspace: repo.dir, junitDir, head, base }, cleanup);
    });
  },
);
