// The default evidence path sets (CONTRACT §3 "Evidence paths"), as data: the CLI's and the
// action's defaults, docs/evidence-paths.md and the tests read these lists. Each entry says
// which runner reads it and where that runner documents it.
import { PYTHON_STDLIB_MODULES } from './python-stdlib.js';

export interface PathEntry {
  /**
   * A glob over repository paths (`*` within a folder, `**` across folders, dot files
   * included), or `GLOB#KEY`: only the test-settings KEY of a shared config file (a JSON key
   * path, a TOML table, an INI section), so an edit elsewhere in the file is not a harness
   * change.
   */
  glob: string;
  runner: string;
  /** Where the runner documents the file or key. */
  source: string;
  /** How docs/evidence-paths.md shows a glob too long to print (the stdlib names). */
  shown?: string;
}

/** `{a,b,c}`: one glob alternative per name (one compiled pattern, not hundreds). */
const anyOf = (names: readonly string[]) => `{${names.join(',')}}`;

/** Where each supported runner looks for tests, their helpers and their fixtures. */
export const DEFAULT_TEST_PATHS: readonly PathEntry[] = [
  { glob: 'tests/**', runner: 'any', source: 'the conventional test folder' },
  { glob: 'test/**', runner: 'any', source: 'the conventional test folder' },
  { glob: '**/__tests__/**', runner: 'jest', source: 'jest testMatch default' },
  { glob: '**/*.test.*', runner: 'jest, vitest, node', source: 'jest testMatch, vitest include' },
  { glob: '**/*.spec.*', runner: 'jest, vitest, mocha', source: 'jest testMatch, vitest include' },
  { glob: '**/__snapshots__/**', runner: 'jest, vitest, syrupy', source: 'snapshot files' },
  {
    glob: '**/snapshots/snap_*.py',
    runner: 'snapshottest',
    source: 'snapshottest: snapshots/snap_MODULE.py beside the test module',
  },
  {
    glob: '**/snapshots/{test_*,*_test}/**',
    runner: 'pytest-snapshot',
    source: 'pytest-snapshot: snapshots/MODULE/TEST/ beside the test module',
  },
  { glob: '**/__fixtures__/**', runner: 'jest', source: 'the conventional fixtures folder' },
  { glob: '**/test_*.py', runner: 'pytest', source: 'pytest python_files default' },
  { glob: '**/*_test.py', runner: 'pytest', source: 'pytest python_files default' },
  { glob: '**/*_test.go', runner: 'go test', source: 'go help test' },
  {
    glob: '**/testdata/**',
    runner: 'go test',
    source: 'go help test (testdata is ignored by go build)',
  },
  {
    glob: 'src/test/**',
    runner: 'Maven Surefire, Gradle',
    source: 'the standard directory layout',
  },
  { glob: 'spec/**', runner: 'RSpec', source: 'rspec --init' },
];

/** What can change what a runner runs or reports without being any row's artifact. */
export const DEFAULT_HARNESS_PATHS: readonly PathEntry[] = [
  // pytest: configuration, hooks and plugins, and what `python -m pytest` imports first.
  {
    glob: '**/conftest.py',
    runner: 'pytest',
    source: 'pytest: conftest.py, local per-directory plugins',
  },
  { glob: '**/pytest.ini', runner: 'pytest', source: 'pytest: configuration file formats' },
  { glob: '**/.pytest.ini', runner: 'pytest', source: 'pytest: configuration file formats' },
  { glob: '**/pytest.toml', runner: 'pytest', source: 'pytest 9: configuration file formats' },
  { glob: '**/.pytest.toml', runner: 'pytest', source: 'pytest 9: configuration file formats' },
  {
    glob: '**/pyproject.toml#tool.pytest',
    runner: 'pytest',
    source: 'pytest: [tool.pytest.ini_options], [tool.pytest]',
  },
  {
    glob: '**/pyproject.toml#project.entry-points.pytest11',
    runner: 'pytest',
    source: 'pytest: plugins registered by entry point',
  },
  {
    glob: '**/setup.cfg#tool:pytest',
    runner: 'pytest',
    source: 'pytest: configuration file formats',
  },
  {
    glob: '**/setup.cfg#options.entry_points',
    runner: 'pytest',
    source: 'pytest: plugins registered by entry point (pytest11)',
  },
  { glob: '**/tox.ini#pytest', runner: 'pytest', source: 'pytest: configuration file formats' },
  { glob: '**/tox.ini#testenv', runner: 'tox', source: 'tox: the commands each environment runs' },
  { glob: '**/tox.ini#tox', runner: 'tox', source: 'tox: the environments it runs' },
  { glob: '**/noxfile.py', runner: 'nox', source: 'nox: the sessions that run the tests' },
  {
    glob: '**/pyproject.toml#tool.tox',
    runner: 'tox',
    source: 'tox: configuration in pyproject.toml',
  },
  {
    glob: '**/pyproject.toml#tool.hatch.envs',
    runner: 'hatch',
    source: 'hatch: environment scripts (hatch run test)',
  },
  {
    glob: '**/pyproject.toml#tool.poe',
    runner: 'poethepoet',
    source: 'poe: tasks in pyproject.toml',
  },
  {
    glob: '**/pyproject.toml#tool.pdm.scripts',
    runner: 'pdm',
    source: 'pdm: pdm run scripts',
  },
  // Task runners a project's docs run (`make test`, `just test`), at the root.
  { glob: 'Makefile', runner: 'make', source: 'GNU make: the makefile names it looks for' },
  { glob: 'makefile', runner: 'make', source: 'GNU make: the makefile names it looks for' },
  { glob: 'GNUmakefile', runner: 'make', source: 'GNU make: the makefile names it looks for' },
  { glob: '{justfile,Justfile,.justfile}', runner: 'just', source: 'just: the justfile' },
  {
    glob: 'Taskfile{,.dist}.{yml,yaml}',
    runner: 'task',
    source: 'Task: the Taskfile names it looks for',
  },
  {
    glob: 'pytest.py',
    runner: 'pytest',
    source: 'python -m puts the working folder first on sys.path',
  },
  {
    glob: 'pytest/**',
    runner: 'pytest',
    source: 'python -m puts the working folder first on sys.path',
  },
  {
    glob: '_pytest/**',
    runner: 'pytest',
    source: 'python -m puts the working folder first on sys.path',
  },
  { glob: 'pluggy.py', runner: 'pytest', source: 'pytest imports pluggy' },
  { glob: 'pluggy/**', runner: 'pytest', source: 'pytest imports pluggy' },
  { glob: 'iniconfig/**', runner: 'pytest', source: 'pytest imports iniconfig' },
  { glob: 'py.py', runner: 'pytest', source: 'pytest imports py' },
  { glob: 'pytest_*.py', runner: 'pytest', source: 'a root module named like a plugin shadows it' },
  {
    glob: 'pytest_*/**',
    runner: 'pytest',
    source: 'a root package named like a plugin shadows it',
  },
  {
    glob: `${anyOf(PYTHON_STDLIB_MODULES)}.py`,
    runner: 'python',
    source:
      'python -m puts the working folder first on sys.path: a root module named like a standard-library one is imported in its place',
    shown: `NAME.py for each of Python's ${PYTHON_STDLIB_MODULES.length} standard-library modules a file can shadow (src/decision/python-stdlib.ts)`,
  },
  {
    glob: `${anyOf(PYTHON_STDLIB_MODULES)}/**`,
    runner: 'python',
    source: 'the same, as a root package',
    shown: 'NAME/** for each of those modules',
  },
  {
    glob: `src/${anyOf(PYTHON_STDLIB_MODULES)}.py`,
    runner: 'pytest',
    source:
      'pytest puts `pythonpath = src` first on sys.path: a module there named like one pytest imports later (pdb) replaces it',
    shown: 'src/NAME.py for each of those modules',
  },
  {
    glob: `src/${anyOf(PYTHON_STDLIB_MODULES)}/**`,
    runner: 'pytest',
    source: 'the same, as a package in src/',
    shown: 'src/NAME/** for each of those modules',
  },
  { glob: '**/sitecustomize.py', runner: 'python', source: 'python: the site module' },
  { glob: '**/usercustomize.py', runner: 'python', source: 'python: the site module' },
  {
    glob: '**/*.pth',
    runner: 'python',
    source: 'python: the site module (.pth lines that start with import run)',
  },
  // jest, vitest, mocha, playwright, node: configs, setup files, mocks, transforms.
  { glob: '**/jest.config.*', runner: 'jest', source: 'jest: configuring jest' },
  {
    glob: '**/jest.setup.*',
    runner: 'jest',
    source: 'jest: setupFiles / setupFilesAfterEach, conventional name',
  },
  { glob: '**/jest-preset.*', runner: 'jest', source: 'jest: preset' },
  { glob: '**/setupTests.*', runner: 'jest', source: 'create-react-app: src/setupTests' },
  { glob: '**/__mocks__/**', runner: 'jest, vitest', source: 'jest: manual mocks' },
  { glob: '**/package.json#jest', runner: 'jest', source: 'jest: the "jest" key of package.json' },
  {
    glob: '**/package.json#mocha',
    runner: 'mocha',
    source: 'mocha: the "mocha" key of package.json',
  },
  { glob: '**/package.json#ava', runner: 'ava', source: 'ava: the "ava" key of package.json' },
  {
    glob: '**/package.json#babel',
    runner: 'jest',
    source: 'babel-jest transforms every test file with the "babel" key of package.json',
  },
  {
    glob: '**/package.json#jest-junit',
    runner: 'jest-junit',
    source: 'jest-junit: options in the "jest-junit" key of package.json (what the report says)',
  },
  {
    glob: '**/package.json#nyc',
    runner: 'nyc',
    source: 'nyc: "require" loads modules before the tests',
  },
  { glob: '**/.nycrc*', runner: 'nyc', source: 'nyc: "require" loads modules before the tests' },
  { glob: '**/.swcrc', runner: 'jest', source: '@swc/jest transforms every test file' },
  // Package managers: what they read by its presence before they run a script.
  {
    glob: '**/.npmrc',
    runner: 'npm',
    source: 'npm: a project .npmrc sets node-options, script-shell, ignore-scripts',
  },
  { glob: '**/.yarnrc', runner: 'yarn', source: 'yarn 1: a project .yarnrc' },
  { glob: '**/.yarnrc.yml', runner: 'yarn', source: 'yarn berry: yarnPath, plugins' },
  { glob: '**/.pnpmfile.cjs', runner: 'pnpm', source: 'pnpm: hooks run at install' },
  { glob: '**/bunfig.toml', runner: 'bun', source: 'bun: preload' },
  {
    glob: '**/package.json#scripts.test',
    runner: 'npm',
    source: 'npm: npm test runs scripts.test',
  },
  { glob: '**/package.json#scripts.pretest', runner: 'npm', source: 'npm: pre and post scripts' },
  { glob: '**/package.json#scripts.posttest', runner: 'npm', source: 'npm: pre and post scripts' },
  { glob: '**/babel.config.*', runner: 'jest', source: 'babel-jest transforms every test file' },
  { glob: '**/.babelrc', runner: 'jest', source: 'babel-jest transforms every test file' },
  { glob: '**/.babelrc.*', runner: 'jest', source: 'babel-jest transforms every test file' },
  { glob: '**/vitest.config.*', runner: 'vitest', source: 'vitest: configuring vitest' },
  { glob: '**/vitest.workspace.*', runner: 'vitest', source: 'vitest: workspace' },
  { glob: '**/vitest.setup.*', runner: 'vitest', source: 'vitest: setupFiles, conventional name' },
  {
    glob: '**/vite.config.*',
    runner: 'vitest',
    source: 'vitest reads vite.config when it has no config',
  },
  { glob: '**/.mocharc*', runner: 'mocha', source: 'mocha: configuring mocha' },
  {
    glob: '**/playwright.config.*',
    runner: 'playwright',
    source: 'playwright: test configuration',
  },
  // CI and review: the workflows that run the tests and the gate, the actions they use, and
  // who must approve.
  {
    glob: '.github/workflows/**',
    runner: 'GitHub Actions',
    source: 'the workflows that run the tests and the gate (its inputs are its config)',
  },
  {
    glob: '.github/actions/**',
    runner: 'GitHub Actions',
    source: 'local actions the workflows use',
  },
  {
    glob: '.github/CODEOWNERS',
    runner: 'GitHub',
    source: 'who must approve a review (docs/threat-model.md: Protect the ledger)',
  },
  { glob: 'CODEOWNERS', runner: 'GitHub', source: 'who must approve a review' },
  { glob: 'docs/CODEOWNERS', runner: 'GitHub', source: 'who must approve a review' },
];

/** Where an agent may write tests (its drafts): nothing there is evidence until promoted. */
export const DEFAULT_DRAFT_PATHS: readonly string[] = ['tests/agent_drafts/**'];

/**
 * Dependency lockfiles: not harness paths by default (a dependency bump is not a harness
 * change), but a team that lists one gets a bot's update of it as a review, not a reject.
 */
export const LOCKFILES: readonly string[] = [
  '**/package-lock.json',
  '**/npm-shrinkwrap.json',
  '**/yarn.lock',
  '**/pnpm-lock.yaml',
  '**/poetry.lock',
  '**/uv.lock',
  '**/Pipfile.lock',
  '**/go.sum',
];

export const globsOf = (entries: readonly PathEntry[]): string[] => entries.map((e) => e.glob);
