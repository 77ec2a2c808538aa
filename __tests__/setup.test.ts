// `ledger-gate setup`: the workflow text of every runner, sharded and not, forks and not, read
// by GitHub's workflow parser; the detection table; and the command in real git repositories
// (refusing to overwrite, --force, --dry-run, the ledger frozen by init, CODEOWNERS).
import { afterAll, describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { run } from '../src/commands/setup.js';
import { MAJOR_TAG, REPOSITORY } from '../src/project.js';
import {
  codeownersLines,
  detectRunners,
  protectionSteps,
  RUNNERS,
  workflowFiles,
  type Project,
  type RunnerName,
} from '../src/setup/workflows.js';
import { workflowErrors } from './support/workflow-errors.js';
import { pytestXunit1, Repo, runIn } from './support/repo.js';

const USES = `${REPOSITORY}@${MAJOR_TAG}`;
const project = (files: string[], packages: string[] = []): Project => ({
  files: new Set(files),
  packages: new Set(packages),
});

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string | boolean>;
}
interface Job {
  needs?: string;
  if?: string;
  strategy?: { matrix: { shard: number[] } };
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  steps: Step[];
}
interface Workflow {
  on: Record<string, { types?: string[]; workflows?: string[] } | null>;
  jobs: Record<string, Job>;
}

const CASES = RUNNERS.flatMap((r) =>
  (r.shards ? [1, 3] : [1]).flatMap((shards) =>
    [false, true].map((forks) => ({ runner: r.name, shards, forks })),
  ),
);

describe.each(CASES)('$runner, $shards shard(s), forks $forks', ({ runner, shards, forks }) => {
  const files = workflowFiles(project(['package-lock.json', 'requirements.txt']), {
    runner,
    shards,
    forks,
    uses: USES,
    branch: 'main',
  });

  test('every file it writes parses with GitHub’s workflow parser', async () => {
    expect(files.map((f) => f.path)).toEqual(
      forks
        ? ['.github/workflows/tests.yml', '.github/workflows/ledger-gate.yml']
        : ['.github/workflows/tests.yml'],
    );
    for (const f of files) expect(await workflowErrors(f.path, f.text)).toEqual([]);
  });

  test('only what the runner wrote reaches the gate, judged once per commit, never after a cancel', () => {
    const tests = parse(files[0].text) as Workflow;
    expect(Object.keys(tests.on)).toEqual([
      'pull_request',
      'pull_request_review',
      'merge_group',
      'push',
    ]);
    expect(tests.on.pull_request_review?.types).toEqual(['submitted', 'edited', 'dismissed']);
    const test = tests.jobs.test;
    expect(test.strategy?.matrix.shard ?? [1]).toEqual(
      Array.from({ length: shards }, (_, i) => i + 1),
    );
    const runs = test.steps.map((s) => s.run ?? '').join('\n');
    expect(runs).toContain('mkdir "$RUNNER_TEMP/reports"');
    expect(runs).toContain('$RUNNER_TEMP/reports');
    const upload = test.steps.find((s) => s.uses === 'actions/upload-artifact@v4')!;
    expect(upload.with!.path).toBe('${{ runner.temp }}/reports/');
    expect(upload.if).toBe('${{ !cancelled() }}');

    const gates = [...files.map((f) => parse(f.text) as Workflow)].flatMap((w) =>
      Object.values(w.jobs).filter((j) => j.steps.some((s) => s.uses === USES)),
    );
    expect(gates).toHaveLength(forks ? 2 : 1);
    for (const gate of gates) {
      expect(gate.if).toMatch(/!cancelled\(\)|conclusion != 'cancelled'/);
      expect(gate.concurrency?.group).toMatch(/sha/);
      expect(gate.concurrency?.['cancel-in-progress']).toBe(false);
      expect(gate.permissions).toMatchObject({
        checks: 'write',
        contents: 'read',
        'pull-requests': 'read',
      });
      const step = gate.steps.find((s) => s.uses === USES)!;
      const globs = String(step.with!.junit).trim().split('\n');
      expect(globs.length).toBeGreaterThan(0);
      for (const g of globs)
        if (step.with!.artifact) expect(g).not.toMatch(/^\/|\.\.|\$/);
        else expect(g).toMatch(/^\$\{\{ runner\.temp \}\}\/junit\//);
    }
    if (forks) {
      const wr = parse(files[1].text) as Workflow;
      expect(wr.on.workflow_run?.workflows).toEqual(['tests']);
      expect(wr.jobs.gate.permissions?.actions).toBe('read');
      // The privileged half runs no code of the pull request: checkout of the default branch
      // and the gate only.
      expect(wr.jobs.gate.steps.map((s) => s.uses ?? s.run)).toEqual(['actions/checkout@v5', USES]);
      expect(String(wr.jobs.gate.steps[1].with!.artifact)).toBe('ledger-gate-reports');
      // The artifact it downloads by name is the one the test run leaves.
      const names = Object.values(tests.jobs).flatMap((j) =>
        j.steps
          .filter((s) => s.uses?.startsWith('actions/upload-artifact'))
          .map((s) => s.with!.name),
      );
      expect(names).toContain('ledger-gate-reports');
      expect(tests.jobs.gate.if).toContain("github.event_name == 'merge_group'");
    }
  });
});

test('the parser check is not vacuous: a broken step is refused', async () => {
  const [f] = workflowFiles(project([]), {
    runner: 'go',
    shards: 1,
    forks: false,
    uses: USES,
    branch: 'main',
  });
  const broken = f.text.replace('      - run: go mod download', '      - runn: go mod download');
  expect(await workflowErrors('broken.yml', broken)).toContainEqual(
    expect.stringMatching(/Unexpected value 'runn'/),
  );
});

test('a runner that cannot shard, or a shard count out of range, is refused', () => {
  const o = { runner: 'maven' as RunnerName, forks: false, uses: USES, branch: 'main' };
  expect(() => workflowFiles(project([]), { ...o, shards: 2 })).toThrow(/maven cannot split/);
  expect(() => workflowFiles(project([]), { ...o, runner: 'jest', shards: 0 })).toThrow(
    /--shards must be/,
  );
});

test('the push trigger and the protection rule name the branch given; a name YAML would bend is refused', () => {
  const o = { runner: 'go' as RunnerName, shards: 1, forks: false, uses: USES };
  const w = parse(workflowFiles(project([]), { ...o, branch: 'release/2.x' })[0].text) as {
    on: { push: { branches: string[] } };
  };
  expect(w.on.push.branches).toEqual(['release/2.x']);
  expect(protectionSteps(false, 'master')[1]).toMatch(/branch name pattern: master$/);
  for (const bad of ['main, dev', 'a..b', '-x', 'x/', 'x.lock', 'a: b'])
    expect(() => workflowFiles(project([]), { ...o, branch: bad })).toThrow(/branch /);
});

test('runners are detected from root files and package.json dependencies', () => {
  expect(detectRunners(project(['package.json'], ['jest', 'jest-junit']))).toEqual(['jest']);
  expect(detectRunners(project(['package.json', 'vitest.config.ts']))).toEqual(['vitest']);
  expect(detectRunners(project(['package.json'], ['vitest']))).toEqual(['vitest']);
  expect(detectRunners(project(['pyproject.toml']))).toEqual(['pytest']);
  expect(detectRunners(project(['go.mod']))).toEqual(['go']);
  expect(detectRunners(project(['pom.xml']))).toEqual(['maven']);
  expect(detectRunners(project(['package.json'], ['left-pad']))).toEqual([]);
  expect(detectRunners(project(['go.mod', 'package.json'], ['jest']))).toEqual(['jest', 'go']);
});

test('the install follows the lock file and the node version file', () => {
  const [withLock] = workflowFiles(project(['package-lock.json', '.nvmrc']), {
    runner: 'vitest',
    shards: 1,
    forks: false,
    uses: USES,
    branch: 'main',
  });
  expect(withLock.text).toContain('      - run: npm ci\n');
  expect(withLock.text).toContain('node-version-file: .nvmrc');
  const [without] = workflowFiles(project([]), {
    runner: 'vitest',
    shards: 1,
    forks: false,
    uses: USES,
    branch: 'main',
  });
  expect(without.text).toContain('      - run: npm install\n');
  // A yarn or pnpm project installs its own way (npm refuses some of their trees: ERESOLVE).
  const install = (files: string[], packages: string[], packageManager?: string) =>
    /- run: (.*)\n {6}# Reports go/.exec(
      workflowFiles(
        { files: new Set(files), packages: new Set(packages), packageManager },
        { runner: 'jest', shards: 1, forks: false, uses: USES, branch: 'main' },
      )[0].text,
    )![1];
  expect(install(['yarn.lock'], ['jest', 'jest-junit'])).toBe('yarn install --frozen-lockfile');
  expect(install(['pnpm-lock.yaml'], ['jest', 'jest-junit'], 'pnpm@10.28.0')).toBe(
    'npx --yes pnpm@10.28.0 install --frozen-lockfile',
  );
  expect(install(['pnpm-lock.yaml'], ['jest', 'jest-junit'], 'pnpm@latest; rm -rf /')).toBe(
    'npx --yes pnpm@10 install --frozen-lockfile',
  );
});

test('jest without jest-junit: the reporter is installed beside the checkout and named by path', () => {
  const text = (packages: string[]) =>
    workflowFiles(project(['package-lock.json'], packages), {
      runner: 'jest',
      shards: 1,
      forks: false,
      uses: USES,
      branch: 'main',
    })[0].text;
  const bare = text(['jest']);
  expect(bare).toContain(
    '- run: npm ci && npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$RUNNER_TEMP/jest-junit" jest-junit@17\n',
  );
  expect(bare).toContain('--reporters="$RUNNER_TEMP/jest-junit/node_modules/jest-junit"');
  const own = text(['jest', 'jest-junit']);
  expect(own).toContain('- run: npm ci\n');
  expect(own).toContain('--reporters=jest-junit --json');
});

test('CODEOWNERS lines: the ledger, the top folders of goldens and seeds, the workflows', () => {
  expect(
    codeownersLines(
      'tests/ledger.yaml',
      ['tests/goldens/a.txt', 'tests/goldens/deep/b.txt', 'tests/seeds/p/', 'golden.bin'],
      '@acme/qa',
    ),
  ).toEqual([
    '/tests/ledger.yaml   @acme/qa',
    '/tests/goldens/      @acme/qa',
    '/tests/seeds/p/      @acme/qa',
    '/.github/workflows/  @acme/qa',
  ]);
});

describe('ledger-gate setup in a repository', () => {
  const repos: Repo[] = [];
  afterAll(() => repos.forEach((r) => r.cleanup()));
  const repo = (files: Record<string, string>) => {
    const r = new Repo('ledger-gate-setup-').write(files);
    repos.push(r);
    return r;
  };
  const jest = { 'package.json': JSON.stringify({ devDependencies: { jest: '^30' } }) };
  const read = (r: Repo, f: string) => readFileSync(`${r.dir}/${f}`, 'utf8');

  test('writes the workflow, says what it wrote, prints the init command and the clicks', async () => {
    const r = repo(jest);
    const out = await runIn(r.dir, run, []);
    expect(out.err).toBe('');
    expect(out.code).toBe(0);
    expect(out.out).toMatch(
      /^\.github\/workflows\/tests\.yml: wrote jest, then the gate \(\d+ lines\)$/m,
    );
    expect(out.out).toContain(
      "  ledger-gate init --junit 'build/junit*.xml' --junit 'build/jest*.json' --owner YOUR-NAME\n",
    );
    expect(out.out).toContain('search for and add the check named ledger-gate');
    expect(out.out).toContain('  /tests/ledger.yaml   @your-org/test-owners\n');
    expect(await workflowErrors('tests.yml', read(r, '.github/workflows/tests.yml'))).toEqual([]);
    expect(existsSync(`${r.dir}/.github/CODEOWNERS`)).toBe(false);
  });

  test('refuses to overwrite without --force, writing nothing; --force replaces', async () => {
    const r = repo({ ...jest, '.github/workflows/tests.yml': 'mine\n' });
    const refused = await runIn(r.dir, run, ['--forks', '--shards', '2']);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      'ledger-gate setup: .github/workflows/tests.yml exists: refusing to overwrite (add --force to replace; CODEOWNERS is appended to)\n',
    );
    expect(read(r, '.github/workflows/tests.yml')).toBe('mine\n');
    expect(existsSync(`${r.dir}/.github/workflows/ledger-gate.yml`)).toBe(false);
    const forced = await runIn(r.dir, run, ['--forks', '--shards', '2', '--force']);
    expect(forced.code).toBe(0);
    expect(read(r, '.github/workflows/tests.yml')).toContain('--shard=${{ matrix.shard }}/2');
    expect(read(r, '.github/workflows/ledger-gate.yml')).toContain('workflow_run:');
  });

  test('--dry-run prints each file as a diff and writes nothing', async () => {
    const r = repo(jest);
    const out = await runIn(r.dir, run, ['--dry-run', '--code-owner', '@acme/qa']);
    expect(out.code).toBe(0);
    expect(out.out).toContain('+++ b/.github/workflows/tests.yml');
    expect(out.out).toContain('+++ b/.github/CODEOWNERS');
    expect(out.err).toContain('dry run: .github/workflows/tests.yml not written');
    expect(existsSync(`${r.dir}/.github`)).toBe(false);
  });

  test('given a run it freezes the ledger with init and code-owns its goldens', async () => {
    const r = repo({
      'requirements.txt': 'pytest\n',
      'tests/test_a.py': 'def test_one():\n    assert True\n',
      'build/junit.xml': pytestXunit1([{ file: 'tests/test_a.py', name: 'test_one' }]),
    });
    const freeze = ['--junit', 'build/junit.xml', '--owner', 'dana', '--code-owner', '@acme/qa'];
    const out = await runIn(r.dir, run, freeze);
    expect(out.err).toBe('');
    expect(out.code).toBe(0);
    expect(out.out).toMatch(/^tests\/ledger\.yaml: wrote 1 rows? for 1 test/m);
    expect(read(r, 'tests/ledger.yaml')).toContain('tests/test_a.py::*');
    expect(read(r, '.github/CODEOWNERS')).toContain('/tests/ledger.yaml   @acme/qa\n');
    expect(read(r, '.github/CODEOWNERS')).toContain('/tests/              @acme/qa\n');
    expect(read(r, '.github/workflows/tests.yml')).toContain(
      'python -m pytest --ignore=tests/agent_drafts -o junit_family=xunit1',
    );
    // A second run refuses: the ledger and CODEOWNERS exist too.
    const again = await runIn(r.dir, run, freeze);
    expect(again.code).toBe(1);
    expect(again.err).toContain(
      '.github/workflows/tests.yml, tests/ledger.yaml, .github/CODEOWNERS exist',
    );
  });

  test.each([
    [['--runner', 'ant'], 2, /--runner "ant": one of pytest, jest, vitest, go, maven/],
    [['--shards', 'x'], 2, /--shards must be a whole number/],
    [['--code-owner', 'qa\n* @evil'], 2, /--code-owner .*: give @user/],
    [['--junit', 'r.xml'], 2, /--junit needs --owner/],
    [['--runner', 'maven', '--shards', '2'], 2, /maven cannot split/],
    [['--branch', 'main dev'], 2, /--branch "main dev": letters, digits/],
  ])('%j is refused (exit %i), nothing written', async (args, code, message) => {
    const r = repo(jest);
    const out = await runIn(r.dir, run, args);
    expect(out.code).toBe(code);
    expect(out.err).toMatch(message);
    expect(out.err.trim().split('\n')).toHaveLength(1);
    expect(existsSync(`${r.dir}/.github`)).toBe(false);
  });

  test('the branch is the clone’s default (origin/HEAD), else the one checked out, else --branch', async () => {
    const pushed = (r: Repo) =>
      (parse(read(r, '.github/workflows/tests.yml')) as { on: { push: { branches: string[] } } }).on
        .push.branches;
    // A clone of a repository whose default branch is master, checked out on another branch.
    const upstream = repo(jest);
    upstream.git('checkout', '-q', '-b', 'master');
    upstream.commit('first');
    const clone = new Repo('ledger-gate-setup-clone-');
    repos.push(clone);
    // As `git clone` leaves it: the remote's branches and origin/HEAD naming its default.
    clone.git('remote', 'add', 'origin', upstream.dir);
    clone.git('fetch', '-q', 'origin');
    clone.git('remote', 'set-head', 'origin', '--auto');
    clone.git('checkout', '-q', '-b', 'topic', 'origin/master');
    const out = await runIn(clone.dir, run, []);
    expect(out.err).toBe('');
    expect(pushed(clone)).toEqual(['master']);
    expect(out.out).toContain('branch name pattern: master\n');
    // No remote: the branch checked out (unborn here).
    const local = repo(jest);
    local.git('checkout', '-q', '-b', 'trunk');
    expect((await runIn(local.dir, run, [])).code).toBe(0);
    expect(pushed(local)).toEqual(['trunk']);
    // --branch wins over both.
    expect((await runIn(clone.dir, run, ['--branch', 'develop', '--force'])).code).toBe(0);
    expect(pushed(clone)).toEqual(['develop']);
    // A detached HEAD and no remote: nothing to go on, so it asks.
    const detached = repo(jest);
    detached.commit('first');
    detached.git('checkout', '-q', '--detach');
    const asked = await runIn(detached.dir, run, []);
    expect([asked.code, asked.err]).toEqual([
      1,
      'ledger-gate setup: cannot tell the default branch (no origin/HEAD, no branch checked out): name it with --branch\n',
    ]);
    expect(existsSync(`${detached.dir}/.github`)).toBe(false);
  });

  test('several runners, or none, are refused: setup never guesses', async () => {
    const both = await runIn(repo({ ...jest, 'go.mod': 'module x\n' }).dir, run, []);
    expect(both.code).toBe(1);
    expect(both.err).toBe(
      'ledger-gate setup: found jest and go: name the one the gate judges with --runner\n',
    );
    const none = await runIn(repo({ 'README.md': 'hi\n' }).dir, run, []);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/no test runner found at the root/);
  });
});
