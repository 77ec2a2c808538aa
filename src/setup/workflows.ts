// What `ledger-gate setup` writes, as pure functions over plain data: the runners it knows
// (how each is detected, installed, run and where its reports go), the workflow text for one
// of them (one workflow, or the two of the fork flow, docs/action.md), the CODEOWNERS lines and
// the branch-protection steps. The test step runs the project's own test command
// (test-command.ts) with the reporter flags added. No file system here: src/commands/setup.ts
// reads the repository and writes what these return.
import { jsTestCommand, packageManagerOf, pythonTool, type RunnerRun } from './test-command.js';
import { versionFromTags } from './version-from-tags.js';
import { DEFAULT_DRAFT_PATHS } from '../decision/evidence-paths.js';
import { draftFolder } from '../decision/draft-run.js';

export type RunnerName = 'pytest' | 'jest' | 'vitest' | 'go' | 'maven';

/** What setup knows of the repository. */
export interface Project {
  /** The names at its root. */
  files: ReadonlySet<string>;
  /** dependencies, devDependencies and peerDependencies of package.json, if there is one. */
  packages: ReadonlySet<string>;
  /** package.json's `packageManager` (`pnpm@10.28.0`), if it names one. */
  packageManager?: string;
  /** package.json's scripts. */
  scripts?: Readonly<Record<string, string>>;
  /** The files git knows (tracked and untracked, not ignored), repo-relative. */
  tracked?: readonly string[];
  /** Root files setup reads: pyproject.toml, setup.cfg, setup.py, tox.ini, Makefile, .gitignore. */
  texts?: Readonly<Record<string, string | undefined>>;
  /** The text of the project's own workflows, for the tool its CI runs the tests with. */
  ci?: string;
}

/** The shard a test step runs: GitHub's expression for the index, and the count. */
export interface Shard {
  index: string;
  total: number;
}

/**
 * Where a run writes its reports: the folder as the shell reads it and as a step's `env:`
 * value reads it, and a suffix that keeps report names apart (a shard, a matrix leg).
 */
export interface ReportsAt {
  shell: string;
  env: string;
  suffix: string;
  /** The jest-junit folder when the project lacks it (shell form). */
  jestJunit: string;
  /** In CI, where pnpm is not installed (npx brings it). */
  ci: boolean;
}

export const CI_REPORTS = (suffix: string): ReportsAt => ({
  shell: '"$RUNNER_TEMP/reports"',
  env: '${{ runner.temp }}/reports',
  suffix,
  jestJunit: '"$RUNNER_TEMP/jest-junit/node_modules/jest-junit"',
  ci: true,
});

/** A local run's reports, in the repository's ignored build folder. */
export const LOCAL_REPORTS = (folder: string): ReportsAt => ({
  shell: folder,
  env: folder,
  suffix: '',
  jestJunit: `"$PWD/${folder}/jest-junit/node_modules/jest-junit"`,
  ci: false,
});

/** The command a test step runs and the variables it sets. */
export interface TestRun {
  command: string;
  env: Readonly<Record<string, string>>;
  /** Set when the project's own command could not carry the flags (printed by setup). */
  note?: string;
}

export interface RunnerSpec {
  name: RunnerName;
  /** Root files any of which names the runner (for JS runners, with a dependency below). */
  detect: readonly string[];
  /** Tracked files any of which names the runner (a bare pytest repository's tests). */
  detectTracked?: RegExp;
  /** package.json dependencies any of which names the runner. */
  packages?: readonly string[];
  /** Whether the runner can split its tests over N jobs. */
  shards: boolean;
  /** The toolchain steps, as YAML lines at step indentation. */
  toolchain(p: Project): string[];
  /** The install command (in CI: `at` is where jest-junit goes when the project lacks it). */
  install(p: Project, local?: string): string;
  /** The tests, writing their reports into `at` (a folder that exists). */
  run(p: Project, at: ReportsAt, shard?: Shard): TestRun;
  /** A JS runner's reporter flags, for a command of the project's own. */
  flags?(p: Project, at: ReportsAt): string;
  /** The report globs the gate reads, relative to the reports folder. */
  reports: readonly string[];
  /** Where a local run leaves its reports, for `init --junit` (in the build folder given). */
  localReports(folder: string): string[];
}

const NODE = (p: Project) =>
  p.files.has('.nvmrc') || p.files.has('.node-version')
    ? [
        '      - uses: actions/setup-node@v5',
        '        with:',
        `          node-version-file: ${p.files.has('.nvmrc') ? '.nvmrc' : '.node-version'}`,
      ]
    : ['      - uses: actions/setup-node@v5', '        with:', '          node-version: 24'];

/**
 * The install the project's lock file asks for: npm ci, yarn (classic is on GitHub's images),
 * pnpm at the version `packageManager` names (from the npm registry, no setup action), or a
 * plain npm install. A yarn or pnpm project's tree is not npm's to resolve: npm can refuse it.
 */
const nodeInstall = (p: Project) => {
  if (p.files.has('package-lock.json')) return 'npm ci';
  if (p.files.has('pnpm-lock.yaml')) return `${pnpmAt(p)} install --frozen-lockfile`;
  if (p.files.has('yarn.lock')) return 'yarn install --frozen-lockfile';
  if (p.files.has('bun.lock') || p.files.has('bun.lockb')) return 'bun install --frozen-lockfile';
  return 'npm install';
};

/** pnpm at the version `packageManager` names (its hash left off), from the npm registry. */
const pnpmAt = (p: Project) => {
  const v = /^pnpm@(\d[\w.-]*)/.exec(p.packageManager ?? '')?.[1] ?? '10';
  return `npx --yes pnpm@${v}`;
};

/**
 * The package manager as the workflow calls it: pnpm is not on GitHub's images (setup installs
 * no action for it), so `pnpm test` there is `npx --yes pnpm@V test`; its scripts' own `pnpm`
 * calls then find the one npx put on PATH.
 */
const pmCommand = (p: Project) => {
  const pm = packageManagerOf(p.files);
  return {
    pm,
    call: (cmd: string) => (pm === 'pnpm' ? cmd.replace(/^pnpm /, `${pnpmAt(p)} `) : cmd),
  };
};

/**
 * jest-junit when the project does not depend on it: installed beside the checkout (or, run
 * locally, in the ignored build folder), so the project's tree stays as its lock file has it.
 */
const JEST_JUNIT_AT = '$RUNNER_TEMP/jest-junit';
const jestJunit = (p: Project) => !p.packages.has('jest-junit');
export const jestJunitInstall = (at: string) =>
  `npm install --no-save --no-package-lock --no-audit --no-fund --prefix "${at}" jest-junit@17`;

/** A report's file name: one per shard or matrix leg, so downloads do not overwrite each other. */
const named = (base: string, ext: string, at: ReportsAt, run = 0) =>
  `${base}${at.suffix}${run > 0 ? `-${run + 1}` : ''}.${ext}`;

/** Files (or packages) of this shard: every N-th line of a listing, by the shard's index. */
const slice = (shard: Shard) => `awk -v n=${shard.total} -v i=${shard.index} 'NR % n == i % n'`;

const noEnv: Readonly<Record<string, string>> = {};

/** A file in the reports folder, as the shell reads it (inside the folder's quotes, if any). */
const inFolder = (at: ReportsAt, file: string) =>
  at.shell.endsWith('"') ? `${at.shell.slice(0, -1)}/${file}"` : `${at.shell}/${file}`;

/** The shell prefix that sets variables for one command. */
const prefixed = (env: Readonly<Record<string, string>>, cmd: string) =>
  [
    ...Object.entries(env).map(([k, v]) => `${k}=${/^[\w./=+:-]*$/.test(v) ? v : `'${v}'`}`),
    cmd,
  ].join(' ');

/** A JS runner's command: the project's test script through its package manager, flags added. */
function jsRun(
  p: Project,
  at: ReportsAt,
  bins: readonly string[],
  flags: (run: number) => RunnerRun,
  direct: string,
  env: Readonly<Record<string, string>>,
): TestRun {
  const { pm, call } = pmCommand(p);
  const c = jsTestCommand(pm, p.scripts ?? {}, bins, flags, (r) =>
    prefixed(r.env, `${direct} ${r.command}`),
  );
  const command = at.ci
    ? c.command
        .split(' && ')
        .map((part) =>
          part.replace(/^((?:[A-Z_]+=\S+ )*)pnpm /, (_, e: string) => e + call('pnpm ')),
        )
        .join(' && ')
    : c.command;
  return { command, env, ...(c.note ? { note: c.note } : {}) };
}

/** The draft folder: left out of the evidence run, run in a job of its own (CONTRACT §3). */
export const DRAFTS = draftFolder(DEFAULT_DRAFT_PATHS[0]) ?? 'tests/agent_drafts';

/**
 * Each runner's flags that leave the drafts out of the evidence run, as the gate reads them
 * back from the workflow (decision/draft-run.ts). jest's replace the config's ignore patterns,
 * so node_modules' default is given again; vitest's `--exclude` adds to the config's.
 */
export const LEAVE_OUT = {
  pytest: `--ignore=${DRAFTS}`,
  jest: `--testPathIgnorePatterns=/node_modules/ --testPathIgnorePatterns=/${DRAFTS}/`,
  vitest: `--exclude '${DRAFTS}/**'`,
} as const;

/** pytest's own flags: xunit1 puts the test file on every case, so no collected list is needed. */
const pytestFlags = (at: ReportsAt, form: 'shell' | 'env') =>
  `-o junit_family=xunit1 --junitxml=${form === 'shell' ? inFolder(at, named('junit', 'xml', at)) : `${at.env}/${named('junit', 'xml', at)}`}`;

/** jest's reporter flags for its n-th run in a command (each run's reports named apart). */
const jestFlags = (p: Project, at: ReportsAt, shard: Shard | undefined, n: number): RunnerRun => ({
  env: n === 0 ? noEnv : { JEST_JUNIT_OUTPUT_NAME: named('junit', 'xml', at, n) },
  command: `${LEAVE_OUT.jest} --ci${shard ? ` --shard=${shard.index}/${shard.total}` : ''} --reporters=default --reporters=${jestJunit(p) ? at.jestJunit : 'jest-junit'} --json --outputFile=${inFolder(at, named('jest', 'json', at, n))}`,
});

/** vitest's; --run because a test script of plain `vitest` watches outside CI. */
const vitestFlags = (at: ReportsAt, shard: Shard | undefined, n: number): RunnerRun => ({
  env: noEnv,
  command: `--run ${LEAVE_OUT.vitest}${shard ? ` --shard=${shard.index}/${shard.total}` : ''} --reporter=default --reporter=junit --outputFile.junit=${inFolder(at, named('junit', 'xml', at, n))}`,
});

export const RUNNERS: readonly RunnerSpec[] = [
  {
    name: 'pytest',
    detect: [
      'pytest.ini',
      'conftest.py',
      'pyproject.toml',
      'setup.cfg',
      'tox.ini',
      'requirements.txt',
    ],
    // A bare pytest repository: test files and no config file.
    detectTracked: /^(tests?\/(.*\/)?)?(test_[^/]*|[^/]*_test)\.py$/,
    shards: true,
    toolchain: () => [
      '      - uses: actions/setup-python@v6',
      '        with:',
      "          python-version: '3.12'",
    ],
    install: (p) => {
      const tool = pythonTool(p.files, p.texts ?? {}, p.ci);
      if (tool === 'tox' || tool === 'nox') return `pip install ${tool}`;
      return p.files.has('requirements.txt')
        ? 'pip install -r requirements.txt pytest'
        : p.files.has('pyproject.toml') || p.files.has('setup.py')
          ? 'pip install . pytest'
          : 'pip install pytest';
    },
    // tox, nox or make where the project runs its tests so (its own pytest arguments kept),
    // the flags given through PYTEST_ADDOPTS; tox passes it on only when told (TOX_OVERRIDE).
    // pytest itself reads the project's config: only the report flags are added.
    run: (p, at, shard) => {
      const tool = shard ? 'pytest' : pythonTool(p.files, p.texts ?? {}, p.ci);
      if (tool === 'pytest') {
        const cmd = `python -m pytest ${LEAVE_OUT.pytest} ${pytestFlags(at, 'shell')}`;
        if (!shard) return { command: cmd, env: {} };
        return {
          command: [
            `files=$(git ls-files | grep -E '(^|/)(test_[^/]*|[^/]*_test)\\.py$' | grep -v '^${DRAFTS}/' | ${slice(shard)})`,
            'if [ -z "$files" ]; then exit 0; fi',
            `${cmd} $files`,
          ].join('\n'),
          env: {},
        };
      }
      const env: Record<string, string> = {
        PYTEST_ADDOPTS: `${LEAVE_OUT.pytest} ${pytestFlags(at, 'env')}`,
      };
      if (tool === 'tox') env.TOX_OVERRIDE = 'testenv.pass_env+=PYTEST_ADDOPTS';
      return { command: tool === 'make' ? 'make test' : tool, env };
    },
    reports: ['*.xml'],
    localReports: (folder) => [`${folder}/junit.xml`],
  },
  {
    name: 'jest',
    detect: ['jest.config.js', 'jest.config.ts', 'jest.config.mjs', 'jest.config.cjs'],
    packages: ['jest'],
    shards: true,
    toolchain: NODE,
    install: (p, local) =>
      jestJunit(p)
        ? `${nodeInstall(p)} && ${jestJunitInstall(local ? `${local}/jest-junit` : JEST_JUNIT_AT)}`
        : nodeInstall(p),
    // jest-junit with the test file on each case; jest's own --json beside it, where a
    // test.todo is a todo (jest-junit writes it as a pass). A script that runs jest twice
    // (two environments) names each run's reports apart.
    run: (p, at, shard) =>
      jsRun(p, at, ['jest'], (n) => jestFlags(p, at, shard, n), 'npx jest', {
        JEST_JUNIT_OUTPUT_DIR: at.env,
        JEST_JUNIT_OUTPUT_NAME: named('junit', 'xml', at),
        JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true',
      }),
    flags: (p, at) => jestFlags(p, at, undefined, 0).command,
    reports: ['*.xml', '*.json'],
    localReports: (folder) => [`${folder}/junit*.xml`, `${folder}/jest*.json`],
  },
  {
    name: 'vitest',
    detect: ['vitest.config.js', 'vitest.config.ts', 'vitest.config.mjs', 'vitest.workspace.ts'],
    packages: ['vitest'],
    shards: true,
    toolchain: NODE,
    install: nodeInstall,
    run: (p, at, shard) =>
      jsRun(p, at, ['vitest'], (n) => vitestFlags(at, shard, n), 'npx vitest run', {}),
    flags: (_p, at) => vitestFlags(at, undefined, 0).command,
    reports: ['*.xml'],
    localReports: (folder) => [`${folder}/junit*.xml`],
  },
  {
    name: 'go',
    detect: ['go.mod'],
    shards: true,
    toolchain: () => [
      '      - uses: actions/setup-go@v6',
      '        with:',
      '          go-version-file: go.mod',
    ],
    install: () => 'go mod download',
    run: (_p, at, shard) => {
      const cmd = `go run gotest.tools/gotestsum@v1.12.0 --junitfile ${inFolder(at, named('junit', 'xml', at))} --`;
      if (!shard) return { command: `${cmd} ./...`, env: {} };
      return {
        command: [
          `pkgs=$(go list ./... | ${slice(shard)})`,
          'if [ -z "$pkgs" ]; then exit 0; fi',
          `${cmd} $pkgs`,
        ].join('\n'),
        env: {},
      };
    },
    reports: ['*.xml'],
    localReports: (folder) => [`${folder}/junit.xml`],
  },
  {
    name: 'maven',
    detect: ['pom.xml'],
    // Surefire splits nothing across jobs by itself: one job runs the suite.
    shards: false,
    toolchain: () => [
      '      - uses: actions/setup-java@v5',
      '        with:',
      '          distribution: temurin',
      "          java-version: '21'",
      '          cache: maven',
    ],
    install: () => 'mvn -B -q dependency:resolve',
    // `clean` first: a report the pull request commits under target/ is gone before the run,
    // and only what Surefire writes is copied out (one name per module's file).
    run: (_p, at) => ({
      command: [
        'status=0; mvn -B clean test || status=$?',
        "find . -path '*/target/surefire-reports/TEST-*.xml' | while read -r f; do",
        `  cp "$f" ${inFolder(at, '$(echo "${f#./}" | tr / _)')}`,
        'done',
        'exit $status',
      ].join('\n'),
      env: {},
    }),
    reports: ['*.xml'],
    localReports: () => ['target/surefire-reports/*.xml'],
  },
];

/** The local run that writes the reports `init` freezes, into the ignored build folder. */
export function localCommand(spec: RunnerSpec, p: Project, folder: string): string {
  if (spec.name === 'maven') return 'mvn -B test';
  const r = spec.run(p, LOCAL_REPORTS(folder));
  const jj =
    spec.name === 'jest' && jestJunit(p) ? `${jestJunitInstall(`${folder}/jest-junit`)} && ` : '';
  return `mkdir -p ${folder} && ${jj}${prefixed(r.env, r.command)}`;
}

export const RUNNER_NAMES = RUNNERS.map((r) => r.name);

export function runnerSpec(name: RunnerName): RunnerSpec {
  return RUNNERS.find((r) => r.name === name)!;
}

/**
 * The runners the project names: a JS runner by a dependency or its config file, the others
 * by a root file. Several (or none) is for the caller to refuse: setup never guesses.
 */
export function detectRunners(p: Project): RunnerName[] {
  return RUNNERS.filter((r) =>
    r.packages
      ? r.packages.some((d) => p.packages.has(d)) || r.detect.some((f) => p.files.has(f))
      : r.detect.some((f) => p.files.has(f)) ||
        (r.detectTracked !== undefined && (p.tracked ?? []).some((f) => r.detectTracked!.test(f))),
  ).map((r) => r.name);
}

export interface WorkflowOptions {
  runner: RunnerName;
  /** 1: one test job; more: a matrix. */
  shards: number;
  /** The workflow_run pair for pull requests from forks. */
  forks: boolean;
  /** `OWNER/NAME@vMAJOR` of this action. */
  uses: string;
  /** The ledger's path, when it is not the default. */
  ledger?: string;
  /** The branch pull requests merge into: the push trigger's, and the protection rule's. */
  branch: string;
  /** Globs of production code, for production-paths and agent-write-paths. */
  productionPaths?: readonly string[];
  /** A trial: the gate step never fails (fail-on: never). */
  trial?: boolean;
  /** The command that prints the conduct recorder's environment (pytest or jest; docs/conduct.md). */
  conduct?: string;
}

export interface WrittenFile {
  path: string;
  text: string;
}

/**
 * A branch name setup writes into YAML and prints: git's own rules (`git check-ref-format`)
 * narrowed to characters a flow sequence takes bare.
 */
export function branchProblem(branch: string): string | undefined {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(branch) || branch.length > 255)
    return 'letters, digits and . _ / - only, starting with a letter or digit';
  if (/\.\.|\/\/|\/\.|\.lock(\/|$)|[/.]$/.test(branch)) return 'not a name git accepts';
  return undefined;
}

const triggers = (branch: string) => [
  'on:',
  '  pull_request:',
  '  pull_request_review:',
  '    # Every review event re-judges: an approval admits review, a dismissal takes it back.',
  '    types: [submitted, edited, dismissed]',
  '  merge_group:                # a merge queue that requires the check gets it too',
  '  push:',
  `    branches: [${branch}]`,
];

/** The test job: toolchain, install, the runner writing into a folder it creates, the upload. */
function testJob(spec: RunnerSpec, p: Project, o: WorkflowOptions, artifact: string): string[] {
  const shard = o.shards > 1 ? { index: '${{ matrix.shard }}', total: o.shards } : undefined;
  const matrix = shard
    ? [
        '    strategy:',
        '      fail-fast: false',
        '      matrix:',
        `        shard: [${Array.from({ length: o.shards }, (_, i) => i + 1).join(', ')}]`,
      ]
    : [];
  return [
    '  test:',
    '    runs-on: ubuntu-latest',
    ...matrix,
    '    steps:',
    ...checkout(p),
    ...spec.toolchain(p),
    `      - run: ${spec.install(p)}`,
    '      # Reports go to a folder this job creates, outside the checkout: only what the runner',
    '      # writes is uploaded, never a report the pull request commits (report-in-change).',
    '      - run: mkdir "$RUNNER_TEMP/reports"',
    ...(shard && spec.name === 'pytest'
      ? ['      # This shard: every Nth test file git knows (pytest has no sharding of its own).']
      : shard && spec.name === 'go'
        ? ['      # This shard: every Nth package.']
        : []),
    ...(o.conduct ? conductStep(spec.name, o.conduct) : []),
    ...runStep(
      conductEnv(spec.name, o, spec.run(p, CI_REPORTS(shard ? '-${{ matrix.shard }}' : ''), shard)),
    ),
    '      - uses: actions/upload-artifact@v4',
    "        if: ${{ !cancelled() }}   # a failing run's report is evidence too",
    '        with:',
    `          name: ${shard ? `${artifact}-\${{ matrix.shard }}` : artifact}`,
    '          path: ${{ runner.temp }}/reports/',
  ];
}

/**
 * The step that turns the conduct recorder on (docs/conduct.md). pytest's variables go to
 * $GITHUB_ENV; the Node recorder's NODE_OPTIONS only to the test step (conductEnv), through the
 * step's outputs: in $GITHUB_ENV it would load into every later step's node, the actions' own.
 */
function conductStep(runner: RunnerName, cli: string): string[] {
  const why =
    '      # What production code does in the run, recorded beside the reports (docs/conduct.md).';
  if (runner === 'pytest') return [why, `      - run: ${cli} conduct --pytest >> "$GITHUB_ENV"`];
  return [
    why,
    "      # The Node recorder loads in the test step's NODE_OPTIONS only, not in the actions'.",
    '      - id: conduct',
    `        run: ${cli} conduct --node >> "$GITHUB_OUTPUT"`,
  ];
}

/** The test step's variables with the Node recorder's (jest with --conduct). */
function conductEnv(runner: RunnerName, o: WorkflowOptions, r: TestRun): TestRun {
  if (!o.conduct || runner !== 'jest') return r;
  const out = (k: string) => `\${{ steps.conduct.outputs.${k} }}`;
  return {
    ...r,
    env: {
      ...r.env,
      NODE_OPTIONS: out('NODE_OPTIONS'),
      LEDGER_GATE_CONDUCT: out('LEDGER_GATE_CONDUCT'),
    },
  };
}

/**
 * The drafts' own job: a fresh runner, so nothing a draft does (a patch at import, a process
 * left behind) reaches the evidence run; its report goes in an artifact of its own, which the
 * gate reads as drafts only (`draft-junit`: drafts are never evidence). Only where setup runs
 * the runner itself: under tox, nox or make the drafts stay out of the run (PYTEST_ADDOPTS)
 * and run nowhere.
 */
/** The drafts' job's artifact (the fork pair's names say whose they are). */
const draftsArtifact = (o: WorkflowOptions) => (o.forks ? 'ledger-gate-drafts' : 'drafts');

function draftsJob(spec: RunnerSpec, p: Project, o: WorkflowOptions): string[] {
  const at: ReportsAt = {
    ...CI_REPORTS(''),
    shell: '"$RUNNER_TEMP/drafts"',
    env: '${{ runner.temp }}/drafts',
  };
  let run: TestRun;
  if (spec.name === 'pytest' && pythonTool(p.files, p.texts ?? {}, p.ci) === 'pytest')
    run = { command: `python -m pytest ${DRAFTS} ${pytestFlags(at, 'shell')}`, env: {} };
  else if (spec.name === 'jest') {
    const f = jestFlags(p, at, undefined, 0);
    run = {
      command: `npx jest ${DRAFTS} ${f.command.replace(`${LEAVE_OUT.jest} `, '')}`,
      env: {
        JEST_JUNIT_OUTPUT_DIR: at.env,
        JEST_JUNIT_OUTPUT_NAME: 'junit.xml',
        JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true',
      },
    };
  } else if (spec.name === 'vitest') {
    const f = vitestFlags(at, undefined, 0);
    run = {
      command: `npx vitest run ${DRAFTS} ${f.command.replace(` ${LEAVE_OUT.vitest}`, '')}`,
      env: {},
    };
  } else return [];
  return [
    '',
    "  # The agent's drafts, apart from the evidence: a fresh runner, and a report the gate reads",
    '  # as drafts only (draft-junit; a draft beside the evidence is draft-in-evidence-run).',
    '  drafts:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    ...checkout(p),
    ...spec.toolchain(p),
    `      - run: ${spec.install(p)}`,
    '      - run: mkdir "$RUNNER_TEMP/drafts"',
    ...runStep({ ...run, command: `if [ -d ${DRAFTS} ]; then ${run.command}; fi` }),
    '      - uses: actions/upload-artifact@v4',
    '        if: ${{ !cancelled() }}',
    '        with:',
    `          name: ${draftsArtifact(o)}`,
    '          path: ${{ runner.temp }}/drafts/',
    '          if-no-files-found: ignore',
  ];
}

/** The checkout: the whole history where the version comes from git tags (a shallow one has none). */
function checkout(p: Project): string[] {
  const plugin = versionFromTags(p.texts ?? {});
  return plugin
    ? [
        '      - uses: actions/checkout@v5',
        '        with:',
        `          fetch-depth: 0        # ${plugin} reads the version from git tags`,
      ]
    : ['      - uses: actions/checkout@v5'];
}

/** A run step: the command (a block when it is long or has lines) and its variables. */
export function runStep(r: TestRun, indent = '      '): string[] {
  const lines = r.command.split('\n');
  const run =
    lines.length === 1 && r.command.length <= 80 && !/[:#'"{}[\]]|^[-?|>!&*%@`]/.test(r.command)
      ? [`${indent}- run: ${r.command}`]
      : [
          `${indent}- run: ${lines.length > 1 ? '|' : '>-'}`,
          ...lines.map((l) => `${indent}    ${l}`),
        ];
  const env = Object.entries(r.env);
  return [
    ...run,
    ...(env.length
      ? [`${indent}  env:`, ...env.map(([k, v]) => `${indent}    ${k}: ${yamlString(v)}`)]
      : []),
  ];
}

/** A YAML scalar for a value: bare when it reads back as the same string, else single-quoted. */
function yamlString(v: string): string {
  if (
    /^[A-Za-z0-9_./$-][^:#'"]*$/.test(v) &&
    !/^(true|false|yes|no|on|off|null|~|[-+.\d][\d.e+-]*)$/i.test(v) &&
    !/\s$/.test(v)
  )
    return v;
  return `'${v.replaceAll("'", "''")}'`;
}

const gatePermissions = [
  '    permissions:',
  '      checks: write               # the check run and its annotations',
  '      contents: read              # the ledger at the merge base, the diff',
  '      pull-requests: read         # approvals on the head commit',
];

/** The gate step's inputs after junit: the ledger, the production paths, the trial's fail-on. */
const gateInputs = (o: WorkflowOptions, indent = '          ') => [
  ...(o.ledger ? [`${indent}ledger: ${o.ledger}`] : []),
  ...(o.productionPaths?.length
    ? [
        `${indent}# Production code (setup read it from the file list: edit it to fit). A change to it`,
        `${indent}# and a golden without a digest bump is rejected; an agent writes only here.`,
        `${indent}production-paths: |`,
        ...o.productionPaths.map((g) => `${indent}  ${g}`),
        `${indent}agent-write-paths: |`,
        ...o.productionPaths.map((g) => `${indent}  ${g}`),
      ]
    : []),
  ...(o.trial
    ? [`${indent}fail-on: never           # the trial: a neutral check; remove to enforce`]
    : []),
];

/**
 * The gate job: it downloads the test job's reports (one artifact, or one per shard or matrix
 * leg) and judges them. With forks, pull requests are judged by ledger-gate.yml instead.
 */
export function gateJob(
  o: WorkflowOptions,
  needs: string,
  several: boolean,
  drafts = false,
): string[] {
  const spec = runnerSpec(o.runner);
  // The drafts' own run, read as drafts only. No drafts folder, no artifact: the download
  // may fail, and the gate says whether a report was due (CONTRACT §3 "Drafts run apart").
  const draftDownload = drafts
    ? [
        "      # The drafts' run: no drafts folder, no artifact (the gate says whether one was due).",
        '      - uses: actions/download-artifact@v5',
        '        continue-on-error: true',
        '        with:',
        `          name: ${draftsArtifact(o)}`,
        '          path: ${{ runner.temp }}/drafts',
      ]
    : [];
  const draftInput = drafts
    ? [
        "          draft-junit: |          # the drafts' own run: judged as drafts only, never evidence",
        ...spec.reports.map((g) => `            \${{ runner.temp }}/drafts/${g}`),
      ]
    : [];
  const download = o.forks
    ? [
        '      - uses: actions/download-artifact@v5',
        '        with:',
        '          name: ledger-gate-reports',
        '          path: ${{ runner.temp }}/junit',
      ]
    : [
        '      - uses: actions/download-artifact@v5',
        '        with:',
        `          ${several ? 'pattern: junit-*' : 'name: junit'}`,
        '          path: ${{ runner.temp }}/junit',
        ...(several ? ['          merge-multiple: true'] : []),
      ];
  return [
    '  gate:',
    `    needs: ${drafts ? `[${needs}, drafts]` : needs}`,
    o.forks
      ? "    if: ${{ !cancelled() && (github.event_name == 'merge_group' || github.event_name == 'push') }}"
      : '    if: ${{ !cancelled() }}       # decide even when the tests failed, never after a cancel',
    '    runs-on: ubuntu-latest',
    '    # One gate at a time per commit: runs of the same head post in turn instead of racing.',
    '    concurrency:',
    '      group: ledger-gate-${{ github.event.pull_request.head.sha || github.sha }}',
    '      cancel-in-progress: false',
    ...gatePermissions,
    '    steps:',
    '      - uses: actions/checkout@v5',
    ...download,
    ...draftDownload,
    `      - uses: ${o.uses}`,
    '        with:',
    '          junit: |                # the downloaded reports only, never globs in the checkout',
    ...spec.reports.map((g) => `            \${{ runner.temp }}/junit/${g}`),
    ...draftInput,
    ...(o.conduct ? ['          conduct: ${{ runner.temp }}/junit/conduct.jsonl'] : []),
    ...gateInputs(o),
  ];
}

/** The workflow(s) for this runner: one, or the fork pair (tests.yml and ledger-gate.yml). */
export function workflowFiles(p: Project, o: WorkflowOptions): WrittenFile[] {
  const spec = runnerSpec(o.runner);
  const bad = branchProblem(o.branch);
  if (bad) throw new RangeError(`branch ${JSON.stringify(o.branch)}: ${bad}`);
  if (!Number.isInteger(o.shards) || o.shards < 1 || o.shards > 64)
    throw new RangeError('--shards must be a whole number from 1 to 64');
  if (o.conduct && ((o.runner !== 'pytest' && o.runner !== 'jest') || o.shards > 1 || o.forks))
    throw new RangeError(
      '--conduct records one pytest or jest run: not with --shards, --forks or another runner',
    );
  // The Node recorder's report is its first process's: a second jest run would start another.
  const runs =
    o.conduct && o.runner === 'jest'
      ? spec.run(p, CI_REPORTS('')).command.split('--outputFile=').length - 1
      : 0;
  if (runs > 1)
    throw new RangeError(
      `--conduct records one jest run: the test script runs jest ${runs} times (run it once, or leave out --conduct)`,
    );
  if (o.shards > 1 && !spec.shards)
    throw new RangeError(`${spec.name} cannot split its tests across jobs: use --shards 1`);
  const sharded = o.shards > 1;
  const artifact = o.forks ? 'ledger-gate-reports' : 'junit';
  const header = [
    `# Written by \`ledger-gate setup\` (${spec.name}${sharded ? `, ${o.shards} shards` : ''}${o.forks ? ', forks' : ''}).`,
  ];
  // A fork's run uploads one artifact per shard; the workflow_run gate reads one by name.
  const merge =
    o.forks && sharded
      ? [
          '',
          '  # One artifact of every shard, for the ledger-gate workflow (it downloads one by name).',
          '  reports:',
          '    needs: test',
          '    if: ${{ !cancelled() }}',
          '    runs-on: ubuntu-latest',
          '    steps:',
          '      - uses: actions/upload-artifact/merge@v4',
          '        with:',
          '          name: ledger-gate-reports',
          '          pattern: ledger-gate-reports-*',
          '          delete-merged: true',
        ]
      : [];
  const gateNeeds = merge.length ? 'reports' : 'test';
  const drafts = draftsJob(spec, p, o);
  const tests = [
    ...header,
    o.forks
      ? '# The untrusted half of the fork flow: the pull request’s code runs here, read-only.'
      : '# The test job, then the gate job that judges its reports.',
    'name: tests',
    ...triggers(o.branch),
    '',
    'permissions:',
    '  contents: read',
    '',
    'jobs:',
    ...testJob(spec, p, o, artifact),
    ...drafts,
    ...merge,
    '',
    ...(o.forks
      ? [
          '  # merge_group and push have no fork and a token that may write checks: judged here. A',
          '  # pull request gets its check run from ledger-gate.yml (workflow_run) instead.',
        ]
      : []),
    ...gateJob(o, gateNeeds, sharded, drafts.length > 0),
    '',
  ];
  const out: WrittenFile[] = [{ path: '.github/workflows/tests.yml', text: tests.join('\n') }];
  if (o.forks) {
    out.push({
      path: '.github/workflows/ledger-gate.yml',
      text: [
        ...header,
        '# The privileged half of the fork flow: it reads the pull request’s files as data only.',
        '# Add no step that builds, installs or runs anything from the pull request.',
        'name: ledger-gate',
        'on:',
        '  workflow_run:',
        '    workflows: [tests]',
        '    types: [completed]',
        'permissions: {}',
        'jobs:',
        '  gate:',
        '    if: >-',
        "      (github.event.workflow_run.event == 'pull_request' ||",
        "      github.event.workflow_run.event == 'pull_request_review') &&",
        "      github.event.workflow_run.conclusion != 'cancelled'",
        '    runs-on: ubuntu-latest',
        '    concurrency:',
        '      group: ledger-gate-${{ github.event.workflow_run.head_sha }}',
        '      cancel-in-progress: false',
        '    permissions:',
        '      checks: write                 # the check run on the pull request’s head commit',
        '      contents: read                # fetch the pull request’s head and the merge base',
        '      pull-requests: read           # find the pull request, its reviews',
        '      actions: read                 # download the triggering run’s artifact',
        '    steps:',
        '      - uses: actions/checkout@v5   # the default branch: trusted code only',
        `      - uses: ${o.uses}`,
        '        with:',
        '          artifact: ledger-gate-reports',
        '          junit: |                  # relative to the artifact’s root',
        ...spec.reports.map((g) => `            ${g}`),
        ...(drafts.length > 0
          ? [
              `          draft-artifact: ${draftsArtifact(o)}`,
              "          draft-junit: |            # the drafts' own run: judged as drafts only",
              ...spec.reports.map((g) => `            ${g}`),
            ]
          : []),
        ...gateInputs(o),
        '',
      ].join('\n'),
    });
  }
  return out;
}

/** A test file's name, and the pattern naming every test file of its kind. */
const TEST_NAME: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/\.(test|spec)(\.[cm]?[jt]sx?)$/, (m) => `*.${m[1]}${m[2]}`],
  [/^test_[^/]*\.py$/, () => 'test_*.py'],
  [/_test\.(py|go)$/, (m) => `*_test.${m[1]}`],
  [/(Test|Tests|IT)\.(java|kt)$/, (m) => `*${m[1]}.${m[2]}`],
  [/_spec\.rb$/, () => '*_spec.rb'],
];

/** The pattern of a test file's kind (`*.test.ts`), if its name is a test file's. */
export function testPattern(file: string): string | undefined {
  const name = file.replace(/^.*\//, '');
  for (const [re, pattern] of TEST_NAME) {
    const m = re.exec(name);
    if (m) return pattern(m);
  }
  return undefined;
}

/** A folder of tests: its other source files are conftest, helpers, fixtures. */
const TEST_DIR = /(^|\/)(tests?|testing|specs?|__tests__|e2e)\//;

const SOURCE_FILE = /\.(py|[cm]?[jt]sx?|go|java|kt|rb|rs|php|cs)$/;

/**
 * CODEOWNERS lines: the ledger, the folders its goldens and seeds are in (a folder inside
 * another listed one is left out), and the workflows, which a pull request could otherwise edit.
 * A test file locked to itself whose folder also holds production code (tests beside the code,
 * `src/x.test.ts`) is named by its kind's pattern under that folder (`/src/**\/*.test.ts`),
 * never the folder: every production change would need the test owners. `tracked` is the
 * repository's file list that tells the two apart.
 */
export function codeownersLines(
  ledger: string,
  owned: readonly string[],
  owners: string,
  tracked: readonly string[] = [],
): string[] {
  const dirOf = (f: string) => (f.endsWith('/') ? f : f.replace(/[^/]*$/, ''));
  const besideCode = (dir: string) =>
    !TEST_DIR.test(dir) &&
    tracked.some((t) => t.startsWith(dir) && SOURCE_FILE.test(t) && testPattern(t) === undefined);
  const patterns = new Set<string>();
  const folders = new Set<string>();
  for (const f of owned) {
    const dir = dirOf(f);
    const kind = f.endsWith('/') ? undefined : testPattern(f);
    if (kind !== undefined && besideCode(dir)) patterns.add(`${dir}**/${kind}`);
    else if (dir !== '') folders.add(dir);
  }
  const dirs = [...folders].sort();
  const top = dirs.filter((d) => !dirs.some((o) => o !== d && d.startsWith(o)));
  const paths = [
    `/${ledger}`,
    ...top.map((d) => `/${d}`),
    ...[...patterns].sort().map((x) => `/${x}`),
    '/.github/workflows/',
  ];
  const width = Math.max(...paths.map((x) => x.length)) + 2;
  return paths.map((x) => `${x.padEnd(width)}${owners}`);
}

/** The clicks that make the check required, and the code-owner review of the ledger. */
export function protectionSteps(forks: boolean, branch: string, trial = false): string[] {
  return [
    'Make ledger-gate a required check (GitHub, once the workflow has run on one pull request):',
    `  1. Settings → Branches → Add branch protection rule (or Settings → Rules → Rulesets → New branch ruleset), branch name pattern: ${branch}`,
    '  2. Turn on "Require status checks to pass before merging"; search for and add the check named ledger-gate',
    '  3. Turn on "Require a pull request before merging", then "Require review from Code Owners"',
    '  4. Save changes (a ruleset: set Enforcement status to Active, then Create)',
    forks
      ? '  Forks: require the check ledger-gate, not a job: ledger-gate.yml posts it for a fork’s pull request.'
      : trial
        ? '  The trial: the gate step has `fail-on: never` (a neutral check); remove that line to enforce.'
        : '  Roll out with `fail-on: never` on the gate step for a week (neutral conclusion, or setup --trial), then remove it.',
  ];
}
