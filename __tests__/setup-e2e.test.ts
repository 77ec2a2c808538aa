// Acceptance of `ledger-gate setup` (issue 27): in a fresh small pytest, jest and vitest project
// (a real git repository, the real runner), the built CLI's `setup` writes a workflow GitHub's
// parser accepts; the test job's own steps, run as written, produce the reports; the printed
// command freezes the ledger; and the gate job's step (the action bundle, its inputs as the
// workflow gives them) on those reports posts an admit to the fake GitHub.
import { describe, expect, test } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

const CASES: { runner: keyof typeof PROJECTS; shards: number }[] = [
  { runner: 'pytest', shards: 1 },
  { runner: 'jest', shards: 2 },
  { runner: 'vitest', shards: 1 },
];

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

describe.each(CASES)('setup in a fresh $runner project', ({ runner, shards }) => {
  test('writes a workflow the parser accepts whose gate job admits the project’s real run', async () => {
    const repo = new Repo(`ledger-gate-setup-${runner}-`);
    cleanup.push(() => repo.cleanup());
    repo.write({
      '.gitignore': 'node_modules\nbuild/\n__pycache__/\n.pytest_cache/\n',
      ...PROJECTS[runner],
    });
    if (runner !== 'pytest')
      symlinkSync(runnerModules(runner), path.join(repo.dir, 'node_modules'), 'dir');
    const bin = binDir();
    cleanup.push(() => execFileSync('rm', ['-rf', bin]));
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1', CI: 'true' };
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [CLI, ...args], { cwd: repo.dir, encoding: 'utf8', env });

    // 1. setup with nothing frozen yet: the workflow, and the commands that freeze the ledger.
    const first = cli('setup', '--shards', String(shards));
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
    const again = cli('setup', '--shards', String(shards), '--code-owner', '@acme/qa', '--force');
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
      for (const s of runs) {
        const stepEnv = Object.fromEntries(
          Object.entries(s.env ?? {}).map(([k, v]) => [k, expand(v, temp, shard)]),
        );
        const r = spawnSync('bash', ['-e', '-c', expand(s.run!, temp, shard)], {
          cwd: repo.dir,
          env: { ...env, RUNNER_TEMP: temp, ...stepEnv },
          encoding: 'utf8',
        });
        expect([s.run, r.status]).toEqual([s.run, 0]);
      }
      // download-artifact (merge-multiple) puts every shard's files in one folder.
      cpSync(path.join(temp, 'reports'), junitDir, { recursive: true });
    }

    // 4. The gate job's step: the action bundle with the inputs the workflow gives it.
    await expectGateJobAdmits(gh, w, { workspace: repo.dir, junitDir, head, base }, cleanup);
  });
});
