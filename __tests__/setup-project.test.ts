// `ledger-gate setup` as the project runs it (issue 37): the project's own test command through
// its package manager, tox/nox/make for Python, the whole history where the version comes from
// git tags, the production paths, CODEOWNERS patterns for tests beside the code, a bare pytest
// repository, the reports in the ignored build folder, --trial, the ledger's place, and a
// project's own test workflow extended (real workflows of real projects, applied and read by
// GitHub's parser) instead of doubled.
import { afterAll, describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseDocument, YAMLSeq } from 'yaml';
import { run } from '../src/commands/setup.js';
import { MAJOR_TAG, REPOSITORY } from '../src/project.js';
import { buildFolder } from '../src/setup/build-folder.js';
import {
  extension,
  findTestStep,
  type Extension,
  type TestStep,
} from '../src/setup/existing-workflow.js';
import { productionPaths } from '../src/setup/production-paths.js';
import { jsTestCommand, pythonTool, runScript } from '../src/setup/test-command.js';
import { versionFromTags } from '../src/setup/version-from-tags.js';
import {
  codeownersLines,
  detectRunners,
  localCommand,
  runnerSpec,
  runStep,
  workflowFiles,
  type Project,
  type WorkflowOptions,
} from '../src/setup/workflows.js';
import { defaultLedger, TEST_FOLDERS } from '../src/adapters/fs/default-ledger.js';
import { Repo, runIn } from './support/repo.js';
import { workflowErrors } from './support/workflow-errors.js';

const USES = `${REPOSITORY}@${MAJOR_TAG}`;
const OPTS: WorkflowOptions = {
  runner: 'jest',
  shards: 1,
  forks: false,
  uses: USES,
  branch: 'main',
};
const FIXTURES = path.resolve(import.meta.dirname, '..', '__fixtures__', 'setup-workflows');

const js = (files: string[], scripts: Record<string, string>, packages = ['jest']): Project => ({
  files: new Set(['package.json', ...files]),
  packages: new Set(packages),
  scripts,
});
/** The test job's test step: the run after the reports folder is made. */
const testRun = (p: Project, o: Partial<WorkflowOptions> = {}) => {
  const w = parse(workflowFiles(p, { ...OPTS, ...o })[0].text) as {
    jobs: { test: { steps: { run?: string; env?: Record<string, string>; with?: object }[] } };
  };
  const steps = w.jobs.test.steps;
  const i = steps.findIndex((s) => s.run === 'mkdir "$RUNNER_TEMP/reports"');
  return { ...steps[i + 1], checkout: steps[0] };
};

describe('the test step runs the project’s own command', () => {
  test('a test script ending in the runner: through the lock file’s package manager, flags after it', () => {
    const flags =
      '--testPathIgnorePatterns=/node_modules/ --testPathIgnorePatterns=/tests/agent_drafts/ --ci --reporters=default --reporters=jest-junit --json --outputFile="$RUNNER_TEMP/reports/jest.json"';
    const p = (lock: string) =>
      js([lock], { test: 'jest --selectProjects node edge' }, ['jest', 'jest-junit']);
    expect(testRun(p('package-lock.json')).run).toBe(`npm test -- ${flags}`);
    expect(testRun(p('yarn.lock')).run).toBe(`yarn run test ${flags}`);
    // pnpm 10 passes a `--` on to the script, where jest reads it as the end of its options.
    expect(
      testRun({ ...p('pnpm-lock.yaml'), packageManager: 'pnpm@10.14.0-0+sha512.2c' }).run,
    ).toBe(`npx --yes pnpm@10.14.0-0 run test ${flags}`);
    expect(runScript('bun', 'test', ['--x'])).toBe('bun run test --x');
    expect(testRun(p('package-lock.json')).env).toMatchObject({
      JEST_JUNIT_OUTPUT_NAME: 'junit.xml',
      JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true',
    });
  });

  test('a script that runs jest in two environments (vercel/ms): both runs, reports named apart', () => {
    const p = js(['pnpm-lock.yaml'], {
      test: 'pnpm run test:nodejs && pnpm run test:edge',
      'test:nodejs': 'jest --env node',
      'test:edge': 'jest --env @edge-runtime/jest-environment --no-coverage',
    });
    const cmd = testRun(p).run!;
    expect(cmd).toMatch(
      /^npx --yes pnpm@10 run test:nodejs --testPathIgnorePatterns=\/node_modules\/ --testPathIgnorePatterns=\/tests\/agent_drafts\/ --ci .*--outputFile="\$RUNNER_TEMP\/reports\/jest.json" && JEST_JUNIT_OUTPUT_NAME=junit-2.xml npx --yes pnpm@10 run test:edge --testPathIgnorePatterns=\/node_modules\/ --testPathIgnorePatterns=\/tests\/agent_drafts\/ --ci .*jest-2.json"$/,
    );
  });

  test('a script whose last part starts the runner (unjs/defu): the lint before it kept', () => {
    const p = js(
      ['pnpm-lock.yaml'],
      {
        test: 'pnpm lint && pnpm test:types && pnpm vitest run',
        'test:types': 'tsgo --noEmit',
      },
      ['vitest'],
    );
    expect(testRun(p, { runner: 'vitest' }).run).toBe(
      'npx --yes pnpm@10 run test --run --exclude \'tests/agent_drafts/**\' --reporter=default --reporter=junit --outputFile.junit="$RUNNER_TEMP/reports/junit.xml"',
    );
  });

  test('a script the flags cannot reach, or none: the runner directly, and setup says why', () => {
    const r = jsTestCommand(
      'npm',
      { test: 'npm run lint && npm run unit' },
      ['jest'],
      () => ({ env: {}, command: '--x' }),
      (f) => `npx jest ${f.command}`,
    );
    expect(r.command).toBe('npx jest --x');
    expect(r.note).toContain('does not end in the runner');
    expect(
      jsTestCommand(
        'npm',
        {},
        ['jest'],
        () => ({ env: {}, command: '--x' }),
        (f) => `npx jest ${f.command}`,
      ).note,
    ).toContain('no test script');
  });

  test('Python: tox, nox or make where the project (or its CI) uses them, else pytest reading its own config', () => {
    expect(pythonTool(new Set(['tox.ini']), {})).toBe('tox');
    expect(pythonTool(new Set(['noxfile.py']), {})).toBe('nox');
    const makefile = { Makefile: 'test:\n\tuv run pytest --doctest-modules src\n' };
    expect(pythonTool(new Set(['Makefile']), makefile, '      - run: make test\n')).toBe('make');
    // Not from the file alone: its target may call tools the workflow does not install.
    expect(pythonTool(new Set(['Makefile']), makefile)).toBe('pytest');
    expect(
      pythonTool(
        new Set(['tox.ini']),
        {},
        'jobs:\n  t:\n    steps:\n      - run: python -m pytest\n',
      ),
    ).toBe('pytest');
    const tox: Project = { files: new Set(['tox.ini', 'pyproject.toml']), packages: new Set() };
    const step = testRun(tox, { runner: 'pytest' });
    expect(step.run).toBe('tox');
    expect(step.env).toEqual({
      PYTEST_ADDOPTS:
        '--ignore=tests/agent_drafts -o junit_family=xunit1 --junitxml=${{ runner.temp }}/reports/junit.xml',
      TOX_OVERRIDE: 'testenv.pass_env+=PYTEST_ADDOPTS',
    });
    // pytest alone: only the report flags, so the project's addopts (--doctest-modules) stay.
    expect(
      testRun({ files: new Set(['pytest.ini']), packages: new Set() }, { runner: 'pytest' }).run,
    ).toBe(
      'python -m pytest --ignore=tests/agent_drafts -o junit_family=xunit1 --junitxml="$RUNNER_TEMP/reports/junit.xml"',
    );
  });

  test('the whole history where the version comes from git tags; shallow otherwise', () => {
    expect(
      versionFromTags({
        'pyproject.toml': '[tool.hatch.version]\nsource = "vcs"\nrequires = ["hatch-vcs"]',
      }),
    ).toBe('hatch-vcs');
    expect(versionFromTags({ 'setup.cfg': 'setup_requires = setuptools_scm' })).toBe(
      'setuptools_scm',
    );
    expect(versionFromTags({ 'versioneer.py': '' })).toBe('versioneer');
    expect(versionFromTags({ 'pyproject.toml': '[project]\nversion = "1.0"' })).toBeUndefined();
    const scm: Project = {
      files: new Set(['pyproject.toml']),
      packages: new Set(),
      texts: { 'pyproject.toml': 'requires = ["setuptools-scm"]' },
    };
    expect(testRun(scm, { runner: 'pytest' }).checkout).toEqual({
      uses: 'actions/checkout@v5',
      with: { 'fetch-depth': 0 },
    });
    expect(testRun({ ...scm, texts: {} }, { runner: 'pytest' }).checkout).toEqual({
      uses: 'actions/checkout@v5',
    });
  });

  test('a bare pytest repository (tests/test_*.py, no config file) is found', () => {
    const bare = (tracked: string[]): Project => ({
      files: new Set(['tests', 'calc.py']),
      packages: new Set(),
      tracked,
    });
    expect(detectRunners(bare(['calc.py', 'tests/test_calc.py']))).toEqual(['pytest']);
    expect(detectRunners(bare(['calc.py', 'test_calc.py']))).toEqual(['pytest']);
    expect(detectRunners(bare(['calc.py', 'docs/test_notes.txt']))).toEqual([]);
  });
});

test('production paths: source folders and root source files, never tests, docs, CI, vendor, build or manifests', () => {
  expect(
    productionPaths([
      '.github/workflows/ci.yml',
      'README.md',
      'package.json',
      'index.js',
      'jest.config.ts',
      'setup.py',
      'conftest.py',
      'test_root.py',
      'src/a.ts',
      'src/a.test.ts',
      'src/deep/b.ts',
      'lib/x.cjs',
      'tests/test_a.py',
      'test/fixtures/f.js',
      'docs/conf.py',
      'vendor/v.js',
      'dist/out.js',
      'build/b.py',
      'scripts/release.mjs',
      'goldens/g.txt',
      'mypkg/__init__.py',
    ]),
  ).toEqual(['index.js', 'lib/**', 'mypkg/**', 'src/**']);
  const w = workflowFiles(
    { files: new Set(), packages: new Set() },
    { ...OPTS, productionPaths: ['src/**'], trial: true },
  )[0].text;
  // The gate's step: the one given the reports (after the downloads of the run's and the drafts').
  const gate = (
    parse(w) as { jobs: { gate: { steps: { with?: Record<string, string> }[] } } }
  ).jobs.gate.steps.find((s) => s.with?.junit !== undefined)!.with!;
  expect(gate['production-paths']).toBe('src/**\n');
  expect(gate['agent-write-paths']).toBe('src/**\n');
  // --trial: the action's input (action.yml) that makes the check neutral.
  expect(gate['fail-on']).toBe('never');
  expect(readFileSync(path.resolve(import.meta.dirname, '..', 'action.yml'), 'utf8')).toMatch(
    /^ {2}fail-on:\n/m,
  );
});

test('CODEOWNERS: tests beside the code by their pattern, never the source folder', () => {
  const tracked = [
    'src/index.ts',
    'src/parse.test.ts',
    'src/format.test.ts',
    'tests/test_a.py',
    'tests/conftest.py',
  ];
  expect(
    codeownersLines(
      'tests/ledger.yaml',
      ['src/parse.test.ts', 'src/format.test.ts', 'tests/test_a.py'],
      '@qa',
      tracked,
    ),
  ).toEqual([
    '/tests/ledger.yaml   @qa',
    '/tests/              @qa',
    '/src/**/*.test.ts    @qa',
    '/.github/workflows/  @qa',
  ]);
});

test('local reports go to the folder .gitignore ignores (never a shared /tmp), build/ otherwise', () => {
  expect(buildFolder('node_modules\n/out/\n')).toEqual({ folder: 'out', ignored: true });
  expect(buildFolder('build/\nout\n')).toEqual({ folder: 'build', ignored: true });
  expect(buildFolder('coverage/\n')).toEqual({ folder: 'build', ignored: false });
  expect(buildFolder(undefined)).toEqual({ folder: 'build', ignored: false });
  const cmd = localCommand(runnerSpec('jest'), js(['package-lock.json'], { test: 'jest' }), 'out');
  expect(cmd).not.toContain('/tmp');
  expect(cmd).toBe(
    'mkdir -p out && npm install --no-save --no-package-lock --no-audit --no-fund --prefix "out/jest-junit" jest-junit@17 && JEST_JUNIT_OUTPUT_DIR=out JEST_JUNIT_OUTPUT_NAME=junit.xml JEST_JUNIT_ADD_FILE_ATTRIBUTE=true npm test -- --testPathIgnorePatterns=/node_modules/ --testPathIgnorePatterns=/tests/agent_drafts/ --ci --reporters=default --reporters="$PWD/out/jest-junit/node_modules/jest-junit" --json --outputFile=out/jest.json',
  );
  expect(
    localCommand(
      runnerSpec('pytest'),
      { files: new Set(['tox.ini']), packages: new Set() },
      'build',
    ),
  ).toBe(
    "mkdir -p build && PYTEST_ADDOPTS='--ignore=tests/agent_drafts -o junit_family=xunit1 --junitxml=build/junit.xml' TOX_OVERRIDE=testenv.pass_env+=PYTEST_ADDOPTS tox",
  );
});

test('the ledger’s place: the README states the rule the code follows, tests beside the code included', () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, '..', 'README.md'), 'utf8').replace(
    /\s+/g,
    ' ',
  );
  expect(readme).toContain(
    `The ledger goes in your test folder: ${TEST_FOLDERS.map((d) => `\`${d}/\``).join(', else ')};`,
  );
  expect(readme).toContain(
    'tests beside the code get a new `tests/` folder holding only the ledger',
  );
  expect(readme).not.toContain('beside your tests');
  const r = new Repo('ledger-gate-setup-place-').write({ 'src/a.ts': '', 'src/a.test.ts': '' });
  try {
    expect(defaultLedger(r.dir)).toBe('tests/ledger.yaml');
    r.write({ 'spec/a_spec.rb': '' });
    expect(defaultLedger(r.dir)).toBe('spec/ledger.yaml');
  } finally {
    r.cleanup();
  }
});

/** The printed extension applied as a reader would: the steps around the test step, the gate job, the review trigger. */
function applyExtension(text: string, step: TestStep, ext: Extension): string {
  const doc = parseDocument(text);
  const block = (lines: string[], cut: number) =>
    parse(lines.map((l) => l.slice(cut)).join('\n')) as Record<string, unknown>[];
  const steps = doc.getIn(['jobs', step.job, 'steps']) as YAMLSeq;
  const old = (steps.items[step.index] as { toJSON(): Record<string, unknown> }).toJSON();
  const [made] = block(runStep(ext.test), 6);
  const merged = { ...old, ...made, env: { ...(old.env as object), ...(made.env as object) } };
  steps.items.splice(
    step.index,
    1,
    ...[...block(ext.before, 6), merged, ...block(ext.after, 6)].map((s) => doc.createNode(s)),
  );
  doc.setIn(
    ['jobs', 'gate'],
    doc.createNode((block(ext.gate, 2) as unknown as { gate: unknown }).gate),
  );
  const on = doc.get('on');
  if (on instanceof YAMLSeq) on.add('pull_request_review');
  else
    doc.setIn(
      ['on', 'pull_request_review'],
      doc.createNode({ types: ['submitted', 'edited', 'dismissed'] }),
    );
  return doc.toString();
}

describe('a project whose workflow runs the tests: that workflow extended, not a second one', () => {
  const wf = (name: string) => ({
    path: `.github/workflows/${name}`,
    text: readFileSync(path.join(FIXTURES, name), 'utf8'),
  });
  const ms = js(['pnpm-lock.yaml'], {
    test: 'pnpm run test:nodejs && pnpm run test:edge',
    'test:nodejs': 'jest --env node',
    'test:edge': 'jest --env @edge-runtime/jest-environment --no-coverage',
    lint: 'biome lint',
  });
  const defu = js(
    ['pnpm-lock.yaml'],
    { test: 'pnpm lint && pnpm test:types && pnpm vitest run', 'test:types': 'tsgo --noEmit' },
    ['vitest'],
  );
  const py = (files: string[]): Project => ({ files: new Set(files), packages: new Set() });
  const CASES = [
    {
      name: 'vercel/ms',
      p: ms,
      runner: 'jest' as const,
      files: ['vercel-ms-quality.yml', 'vercel-ms-test.yml'],
      want: {
        path: '.github/workflows/vercel-ms-test.yml',
        job: 'test',
        run: /^pnpm run \$\{\{ matrix\.task \}\} --testPathIgnorePatterns=\/node_modules\/ --testPathIgnorePatterns=\/tests\/agent_drafts\/ --ci /,
      },
    },
    {
      name: 'unjs/defu',
      p: defu,
      runner: 'vitest' as const,
      files: ['unjs-defu-ci.yml'],
      want: {
        path: '.github/workflows/unjs-defu-ci.yml',
        job: 'ci',
        run: /^pnpm vitest --coverage --run --exclude 'tests\/agent_drafts\/\*\*' --reporter=default --reporter=junit /,
      },
    },
    {
      name: 'jaraco/zipp',
      p: py(['tox.ini', 'pytest.ini']),
      runner: 'pytest' as const,
      files: ['jaraco-zipp-main.yml'],
      want: { path: '.github/workflows/jaraco-zipp-main.yml', job: 'test', run: /^tox$/ },
    },
    {
      name: 'pytest-dev/iniconfig',
      p: py(['pyproject.toml']),
      runner: 'pytest' as const,
      files: ['pytest-dev-iniconfig-main.yml'],
      want: {
        path: '.github/workflows/pytest-dev-iniconfig-main.yml',
        job: 'build',
        run: /^hatch run /,
      },
    },
  ];
  test.each(CASES)(
    '$name: the test step found, its command kept, the result valid to GitHub’s parser',
    async ({ p, runner, files, want }) => {
      const workflows = files.map(wf);
      const step = findTestStep(workflows, runner, p)!;
      expect([step.path, step.job]).toEqual([want.path, want.job]);
      const ext = extension(step, p, { ...OPTS, runner, productionPaths: ['src/**'] });
      expect(ext.test.command).toMatch(want.run);
      expect(ext.test.note).toBeUndefined();
      const text = applyExtension(workflows.find((w) => w.path === step.path)!.text, step, ext);
      expect(await workflowErrors('extended.yml', text)).toEqual([]);
      const gate = (
        parse(text) as {
          jobs: Record<string, { needs?: string; steps: { with?: Record<string, unknown> }[] }>;
        }
      ).jobs.gate;
      expect(gate.needs).toBe(step.job);
      expect(gate.steps[1].with).toMatchObject(
        step.matrix ? { pattern: 'junit-*', 'merge-multiple': true } : { name: 'junit' },
      );
    },
  );

  test('an install line, a lint script or a matrix of lint tasks is not the test step', () => {
    expect(findTestStep([wf('vercel-ms-quality.yml')], 'jest', ms)).toBeUndefined();
    const install = {
      path: '.github/workflows/x.yml',
      text: 'on: [pull_request]\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: python -m pip install tox pytest\n',
    };
    expect(findTestStep([install], 'pytest', py(['tox.ini']))).toBeUndefined();
  });

  describe('the command', () => {
    const repos: Repo[] = [];
    afterAll(() => repos.forEach((r) => r.cleanup()));
    test('writes no second workflow, prints the lines, and names the file to commit', async () => {
      const r = new Repo('ledger-gate-setup-extend-').write({
        'package.json': JSON.stringify({
          devDependencies: { vitest: '^4' },
          scripts: { test: 'vitest' },
        }),
        'package-lock.json': '{}',
        '.github/workflows/ci.yml': wf('unjs-defu-ci.yml').text.replace(
          'pnpm vitest --coverage',
          'npm test',
        ),
        'src/defu.ts': 'export {}\n',
        'src/defu.test.ts': 'test("x", () => {})\n',
      });
      repos.push(r);
      const out = await runIn(r.dir, run, []);
      expect(out.err).toBe('');
      expect(out.code).toBe(0);
      expect(readdirSync(`${r.dir}/.github/workflows`)).toEqual(['ci.yml']);
      expect(out.out).toContain(
        '.github/workflows/ci.yml runs your tests (job ci, step "npm test"): setup wrote no second workflow.',
      );
      expect(out.out).toContain(
        "          - run: >-\n              npm test -- --run --exclude 'tests/agent_drafts/**' --reporter=default",
      );
      expect(out.out).toContain('Commit and push .github/workflows/ci.yml tests/ledger.yaml');
      // Tests beside the code: the ledger in a new tests/ folder, said so (README's rule).
      expect(out.out).toContain('(the ledger goes to tests/ledger.yaml, a new folder');
      // No ledger yet, so no rows to own; never the source folder.
      expect(out.out).not.toMatch(/^ +\/src\/ /m);
      expect(out.out).toContain('the reports go to build/, which you add to .gitignore');
      expect(existsSync(`${r.dir}/tests`)).toBe(false);
    });

    test('--conduct with a workflow of the project’s own says it wrote no recorder step', async () => {
      const r = new Repo('ledger-gate-setup-extend-conduct-').write({
        'package.json': JSON.stringify({
          devDependencies: { vitest: '^4' },
          scripts: { test: 'vitest' },
        }),
        'package-lock.json': '{}',
        '.github/workflows/ci.yml': wf('unjs-defu-ci.yml').text.replace(
          'pnpm vitest --coverage',
          'npm test',
        ),
        'src/defu.ts': 'export {}\n',
      });
      repos.push(r);
      const out = await runIn(r.dir, run, ['--conduct']);
      expect(out.code).toBe(0);
      expect(out.out).toContain(
        'note: --conduct is not written into .github/workflows/ci.yml: add the recorder',
      );
      expect(out.out).not.toContain('conduct --node');
    });

    test('--trial writes fail-on: never and says how to enforce', async () => {
      const r = new Repo('ledger-gate-setup-trial-').write({
        'pytest.ini': '[pytest]\n',
        'calc.py': 'x = 1\n',
        'tests/test_calc.py': 'def test_x():\n    pass\n',
      });
      repos.push(r);
      const out = await runIn(r.dir, run, ['--trial']);
      expect(out.code).toBe(0);
      const text = readFileSync(`${r.dir}/.github/workflows/tests.yml`, 'utf8');
      expect(text).toContain('          fail-on: never');
      expect(text).toContain('          production-paths: |\n            calc.py\n');
      expect(await workflowErrors('tests.yml', text)).toEqual([]);
      expect(out.out).toContain('remove that line to enforce');
    });
  });
});
