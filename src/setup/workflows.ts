// What `ledger-gate setup` writes, as pure functions over plain data: the runners it knows
// (how each is detected, installed, run and where its reports go), the workflow text for one
// of them (one workflow, or the two of the fork flow, docs/action.md), the CODEOWNERS lines and
// the branch-protection steps. No file system here: src/commands/setup.ts reads the
// repository and writes what these return.

export type RunnerName = 'pytest' | 'jest' | 'vitest' | 'go' | 'maven';

/** What setup knows of the repository: the names at its root and package.json's dependencies. */
export interface Project {
  files: ReadonlySet<string>;
  /** dependencies, devDependencies and peerDependencies of package.json, if there is one. */
  packages: ReadonlySet<string>;
  /** package.json's `packageManager` (`pnpm@10.28.0`), if it names one. */
  packageManager?: string;
}

/** The shard a test step runs: GitHub's expression for the index, and the count. */
export interface Shard {
  index: string;
  total: number;
}

export interface RunnerSpec {
  name: RunnerName;
  /** Root files any of which names the runner (for JS runners, with a dependency below). */
  detect: readonly string[];
  /** package.json dependencies any of which names the runner. */
  packages?: readonly string[];
  /** Whether the runner can split its tests over N jobs. */
  shards: boolean;
  /** The toolchain steps, as YAML lines at step indentation. */
  toolchain(p: Project): string[];
  /** The install command. */
  install(p: Project): string;
  /** The test step: a run (YAML lines at step indentation) writing into $RUNNER_TEMP/reports. */
  test(shard: Shard | undefined, p: Project): string[];
  /** The report globs the gate reads, relative to the reports folder. */
  reports: readonly string[];
  /** Commands that write a report here, locally, for `init` (with the --junit it takes). */
  local: { run(p: Project): string; junit: readonly string[] };
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
  if (p.files.has('pnpm-lock.yaml')) {
    const v = /^pnpm@(\d[\w.+-]*)$/.exec(p.packageManager ?? '')?.[1] ?? '10';
    return `npx --yes pnpm@${v} install --frozen-lockfile`;
  }
  if (p.files.has('yarn.lock')) return 'yarn install --frozen-lockfile';
  return 'npm install';
};

/**
 * jest-junit when the project does not depend on it: installed beside the checkout, into a
 * folder of its own, so the project's tree stays as its lock file has it.
 */
const JEST_JUNIT_AT = '$RUNNER_TEMP/jest-junit';
const jestJunit = (p: Project) => !p.packages.has('jest-junit');
const jestJunitInstall = (at: string) =>
  `npm install --no-save --no-package-lock --no-audit --no-fund --prefix "${at}" jest-junit@17`;

/** A report's file name: one per shard, so the downloaded shards do not overwrite each other. */
const named = (base: string, ext: string, shard: Shard | undefined) =>
  shard ? `${base}-\${{ matrix.shard }}.${ext}` : `${base}.${ext}`;

/** Files (or packages) of this shard: every N-th line of a listing, by the shard's index. */
const slice = (shard: Shard) => `awk -v n=${shard.total} -v i=${shard.index} 'NR % n == i % n'`;

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
    shards: true,
    toolchain: () => [
      '      - uses: actions/setup-python@v6',
      '        with:',
      "          python-version: '3.12'",
    ],
    install: (p) =>
      p.files.has('requirements.txt')
        ? 'pip install -r requirements.txt pytest'
        : p.files.has('pyproject.toml') || p.files.has('setup.py')
          ? 'pip install . pytest'
          : 'pip install pytest',
    // xunit1 puts the test file on every case, so no collected list is needed.
    test: (shard) => {
      const cmd = `python -m pytest -o junit_family=xunit1 --junitxml="$RUNNER_TEMP/reports/${named('junit', 'xml', shard)}"`;
      if (!shard) return [`      - run: ${cmd}`];
      return [
        '      # This shard: every Nth test file git knows (pytest has no sharding of its own).',
        '      - run: |',
        `          files=$(git ls-files | grep -E '(^|/)(test_[^/]*|[^/]*_test)\\.py$' | ${slice(shard)})`,
        '          if [ -z "$files" ]; then exit 0; fi',
        `          ${cmd} $files`,
      ];
    },
    reports: ['*.xml'],
    local: {
      run: () =>
        'mkdir -p build && python3 -m pytest -o junit_family=xunit1 --junitxml=build/junit.xml',
      junit: ['build/junit.xml'],
    },
  },
  {
    name: 'jest',
    detect: ['jest.config.js', 'jest.config.ts', 'jest.config.mjs', 'jest.config.cjs'],
    packages: ['jest'],
    shards: true,
    toolchain: NODE,
    install: (p) =>
      jestJunit(p) ? `${nodeInstall(p)} && ${jestJunitInstall(JEST_JUNIT_AT)}` : nodeInstall(p),
    // jest-junit with the test file on each case; jest's own --json beside it, where a
    // test.todo is a todo (jest-junit writes it as a pass).
    test: (shard, p) => [
      '      - run: >-',
      `          npx jest --ci${shard ? ` --shard=${shard.index}/${shard.total}` : ''} --reporters=default --reporters=${jestJunit(p) ? `"${JEST_JUNIT_AT}/node_modules/jest-junit"` : 'jest-junit'}`,
      `          --json --outputFile="$RUNNER_TEMP/reports/${named('jest', 'json', shard)}"`,
      '        env:',
      '          JEST_JUNIT_OUTPUT_DIR: ${{ runner.temp }}/reports',
      `          JEST_JUNIT_OUTPUT_NAME: ${named('junit', 'xml', shard)}`,
      "          JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true'",
    ],
    reports: ['*.xml', '*.json'],
    local: {
      run: (p) =>
        (jestJunit(p) ? `${jestJunitInstall('/tmp/ledger-gate-jest-junit')} && ` : '') +
        // The name too: a JEST_JUNIT_OUTPUT_NAME already in the shell would move the report.
        'JEST_JUNIT_OUTPUT_DIR=build JEST_JUNIT_OUTPUT_NAME=junit.xml JEST_JUNIT_ADD_FILE_ATTRIBUTE=true npx jest --ci ' +
        `--reporters=default --reporters=${jestJunit(p) ? '/tmp/ledger-gate-jest-junit/node_modules/jest-junit' : 'jest-junit'} --json --outputFile=build/jest.json`,
      junit: ['build/junit.xml', 'build/jest.json'],
    },
  },
  {
    name: 'vitest',
    detect: ['vitest.config.js', 'vitest.config.ts', 'vitest.config.mjs', 'vitest.workspace.ts'],
    packages: ['vitest'],
    shards: true,
    toolchain: NODE,
    install: nodeInstall,
    test: (shard) => [
      '      - run: >-',
      `          npx vitest run${shard ? ` --shard=${shard.index}/${shard.total}` : ''} --reporter=default --reporter=junit`,
      `          --outputFile.junit="$RUNNER_TEMP/reports/${named('junit', 'xml', shard)}"`,
    ],
    reports: ['*.xml'],
    local: {
      run: () =>
        'npx vitest run --reporter=default --reporter=junit --outputFile.junit=build/junit.xml',
      junit: ['build/junit.xml'],
    },
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
    test: (shard) => {
      const cmd = `go run gotest.tools/gotestsum@v1.12.0 --junitfile "$RUNNER_TEMP/reports/${named('junit', 'xml', shard)}" --`;
      if (!shard) return [`      - run: ${cmd} ./...`];
      return [
        '      # This shard: every Nth package.',
        '      - run: |',
        `          pkgs=$(go list ./... | ${slice(shard)})`,
        '          if [ -z "$pkgs" ]; then exit 0; fi',
        `          ${cmd} $pkgs`,
      ];
    },
    reports: ['*.xml'],
    local: {
      run: () =>
        'mkdir -p build && go run gotest.tools/gotestsum@v1.12.0 --junitfile build/junit.xml -- ./...',
      junit: ['build/junit.xml'],
    },
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
    test: () => [
      '      - run: |',
      '          status=0; mvn -B clean test || status=$?',
      "          find . -path '*/target/surefire-reports/TEST-*.xml' | while read -r f; do",
      '            cp "$f" "$RUNNER_TEMP/reports/$(echo "${f#./}" | tr / _)"',
      '          done',
      '          exit $status',
    ],
    reports: ['*.xml'],
    local: { run: () => 'mvn -B test', junit: ['target/surefire-reports/*.xml'] },
  },
];

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
      : r.detect.some((f) => p.files.has(f)),
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
    '      - uses: actions/checkout@v5',
    ...spec.toolchain(p),
    `      - run: ${spec.install(p)}`,
    '      # Reports go to a folder this job creates, outside the checkout: only what the runner',
    '      # writes is uploaded, never a report the pull request commits (report-in-change).',
    '      - run: mkdir "$RUNNER_TEMP/reports"',
    ...spec.test(shard, p),
    '      - uses: actions/upload-artifact@v4',
    "        if: ${{ !cancelled() }}   # a failing run's report is evidence too",
    '        with:',
    `          name: ${shard ? `${artifact}-\${{ matrix.shard }}` : artifact}`,
    '          path: ${{ runner.temp }}/reports/',
  ];
}

const gatePermissions = [
  '    permissions:',
  '      checks: write               # the check run and its annotations',
  '      contents: read              # the ledger at the merge base, the diff',
  '      pull-requests: read         # approvals on the head commit',
];

const ledgerInput = (o: WorkflowOptions) => (o.ledger ? [`          ledger: ${o.ledger}`] : []);

/** The workflow(s) for this runner: one, or the fork pair (tests.yml and ledger-gate.yml). */
export function workflowFiles(p: Project, o: WorkflowOptions): WrittenFile[] {
  const spec = runnerSpec(o.runner);
  const bad = branchProblem(o.branch);
  if (bad) throw new RangeError(`branch ${JSON.stringify(o.branch)}: ${bad}`);
  if (!Number.isInteger(o.shards) || o.shards < 1 || o.shards > 64)
    throw new RangeError('--shards must be a whole number from 1 to 64');
  if (o.shards > 1 && !spec.shards)
    throw new RangeError(`${spec.name} cannot split its tests across jobs: use --shards 1`);
  const sharded = o.shards > 1;
  const artifact = o.forks ? 'ledger-gate-reports' : 'junit';
  const header = [
    `# Written by \`ledger-gate setup\` (${spec.name}${sharded ? `, ${o.shards} shards` : ''}${o.forks ? ', forks' : ''}).`,
  ];
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
        `          ${sharded ? 'pattern: junit-*' : 'name: junit'}`,
        '          path: ${{ runner.temp }}/junit',
        ...(sharded ? ['          merge-multiple: true'] : []),
      ];
  const junit = spec.reports.map((g) => `            \${{ runner.temp }}/junit/${g}`);
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
    ...merge,
    '',
    ...(o.forks
      ? [
          '  # merge_group and push have no fork and a token that may write checks: judged here. A',
          '  # pull request gets its check run from ledger-gate.yml (workflow_run) instead.',
        ]
      : []),
    '  gate:',
    `    needs: ${gateNeeds}`,
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
    `      - uses: ${o.uses}`,
    '        with:',
    '          junit: |                # the downloaded reports only, never globs in the checkout',
    ...junit,
    ...ledgerInput(o),
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
        ...ledgerInput(o),
        '',
      ].join('\n'),
    });
  }
  return out;
}

/**
 * CODEOWNERS lines: the ledger, the folders its goldens and seeds are in (a folder inside
 * another listed one is left out), and the workflows, which a pull request could otherwise edit.
 */
export function codeownersLines(
  ledger: string,
  owned: readonly string[],
  owners: string,
): string[] {
  const dirs = [...new Set(owned.map((f) => (f.endsWith('/') ? f : f.replace(/[^/]*$/, ''))))]
    .filter((d) => d !== '')
    .sort();
  const top = dirs.filter((d) => !dirs.some((o) => o !== d && d.startsWith(o)));
  const paths = [`/${ledger}`, ...top.map((d) => `/${d}`), '/.github/workflows/'];
  const width = Math.max(...paths.map((x) => x.length)) + 2;
  return paths.map((x) => `${x.padEnd(width)}${owners}`);
}

/** The clicks that make the check required, and the code-owner review of the ledger. */
export function protectionSteps(forks: boolean, branch: string): string[] {
  return [
    'Make ledger-gate a required check (GitHub, once the workflow has run on one pull request):',
    `  1. Settings → Branches → Add branch protection rule (or Settings → Rules → Rulesets → New branch ruleset), branch name pattern: ${branch}`,
    '  2. Turn on "Require status checks to pass before merging"; search for and add the check named ledger-gate',
    '  3. Turn on "Require a pull request before merging", then "Require review from Code Owners"',
    '  4. Save changes (a ruleset: set Enforcement status to Active, then Create)',
    forks
      ? '  Forks: require the check ledger-gate, not a job: ledger-gate.yml posts it for a fork’s pull request.'
      : '  Roll out with `fail-on: never` on the gate step for a week (neutral conclusion), then remove it.',
  ];
}
