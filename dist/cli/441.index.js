export const id = 441;
export const ids = [441,944];
export const modules = {

/***/ 3441:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./src/project.ts
var src_project = __webpack_require__(4330);
// EXTERNAL MODULE: ./src/adapters/git/git.ts + 2 modules
var git = __webpack_require__(9296);
;// CONCATENATED MODULE: ./src/setup/build-folder.ts
// Where the local run writes its reports (and jest-junit, when the project lacks it): inside
// the repository, in a folder its .gitignore already ignores, so nothing lands in a shared
// /tmp and no report is committed by accident. When .gitignore ignores none of these,
// `build/`, and setup says to ignore it.
/** Folders a report may go to, in the order setup prefers them. Never dist/: it is published. */
// Not coverage/: jest empties it when a run collects coverage.
const CANDIDATES = ['build', 'out', 'target', 'tmp', '.tmp', '_build'];
/** The first candidate a root .gitignore line ignores (`build/`, `/build`, `build`), else build/. */
function buildFolder(gitignore) {
    const lines = new Set((gitignore ?? '')
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!'))
        .map((l) => l
        .replace(/^\//, '')
        .replace(/\/$/, '')
        .replace(/\/\*\*?$/, '')));
    const found = CANDIDATES.find((c) => lines.has(c));
    return found ? { folder: found, ignored: true } : { folder: 'build', ignored: false };
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./src/setup/test-command.ts
// The project's own test command, with the reporter flags the gate needs added to it: a
// JavaScript project's `test` script run through the package manager its lock file names,
// a Python project's tox, nox or Makefile target where it has one. Pure: the caller reads the
// files. Where the project's command cannot carry the flags to the runner, the runner is run
// directly and `note` says why, so setup never silently runs something else.
const LOCKS = [
    ['package-lock.json', 'npm'],
    ['pnpm-lock.yaml', 'pnpm'],
    ['yarn.lock', 'yarn'],
    ['bun.lock', 'bun'],
    ['bun.lockb', 'bun'],
];
function packageManagerOf(files) {
    return LOCKS.find(([f]) => files.has(f))?.[1] ?? 'npm';
}
/**
 * `PM run SCRIPT` followed by arguments for the script. npm needs `--` before them; pnpm (7 and
 * later), yarn and bun pass every argument after the script's name on, and pnpm 10 passes a
 * `--` on too, which jest then reads as the start of its test path patterns (measured).
 */
function runScript(pm, script, args) {
    const run = pm === 'npm' ? (script === 'test' ? 'npm test' : `npm run ${script}`) : `${pm} run ${script}`;
    if (args.length === 0)
        return run;
    return `${run} ${pm === 'npm' ? '-- ' : ''}${args.join(' ')}`;
}
/** A command that starts the runner itself: `jest …`, `npx vitest …`, `pnpm exec jest`, `cross-env A=1 jest`. */
function startsRunner(segment, bins) {
    const words = segment.trim().split(/\s+/);
    let i = 0;
    while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]))
        i++;
    if (words[i] === 'cross-env') {
        i++;
        while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]))
            i++;
    }
    if (['npx', 'pnpx', 'bunx'].includes(words[i]))
        i++;
    else if (['pnpm', 'yarn', 'bun'].includes(words[i])) {
        i++;
        if (words[i] === 'exec' || words[i] === 'x')
            i++;
    }
    while (words[i]?.startsWith('-'))
        i++; // npx --yes, pnpm --silent
    return bins.includes(words[i] ?? '');
}
/** `pnpm run NAME`, `npm run NAME`, `yarn NAME`, `pnpm NAME`: the script a segment runs, if any. */
function scriptOf(segment, scripts) {
    const m = /^\s*(?:npm|pnpm|yarn|bun)\s+(?:run(?:-script)?\s+)?(?:--silent\s+|-s\s+)?([^\s;&|]+)\s*$/.exec(segment);
    return m && scripts[m[1]] !== undefined && m[1] !== 'test' ? m[1] : undefined;
}
/** A segment of `a && b` that is a plain command: no pipes, subshells, `||` or `;`. */
const PLAIN = /^[^|;()`$<>]*$/;
/**
 * The JavaScript test command: `flags(i)` are the reporter flags of the i-th run of the runner
 * (its report names differ per run: a script may run the suite twice, in two environments).
 * - `test` ends in the runner: `PM test FLAGS`, the flags reaching that last command.
 * - `test` is `a && b && …` whose runner parts are package scripts that start the runner: the
 *   same parts in order, each runner script run through the package manager with its flags.
 * - Otherwise the runner directly, with a note.
 */
function jsTestCommand(pm, scripts, bins, flags, direct) {
    const test = scripts.test;
    const withEnv = (r, cmd) => [...Object.entries(r.env).map(([k, v]) => `${k}=${v}`), cmd].join(' ');
    if (test === undefined || /no test specified/.test(test))
        return {
            command: direct(flags(0)),
            via: 'the runner directly',
            note: 'package.json has no test script: the workflow runs the runner directly',
        };
    const segments = test.split('&&').map((s) => s.trim());
    if (segments.every((s) => PLAIN.test(s))) {
        const last = segments[segments.length - 1];
        const earlier = segments.slice(0, -1);
        const runnerAt = (s) => startsRunner(s, bins) ||
            (scriptOf(s, scripts) !== undefined && startsRunner(scripts[scriptOf(s, scripts)], bins));
        if (startsRunner(last, bins) && !earlier.some(runnerAt)) {
            const r = flags(0);
            return { command: withEnv(r, runScript(pm, 'test', [r.command])), via: 'the test script' };
        }
        // Every runner part a script of its own: run the parts, the runner scripts with flags.
        if (segments.some(runnerAt) && segments.every((s) => !startsRunner(s, bins))) {
            let n = 0;
            const parts = segments.map((s) => {
                const name = scriptOf(s, scripts);
                if (name === undefined || !startsRunner(scripts[name], bins))
                    return s;
                const r = flags(n++);
                return withEnv(r, runScript(pm, name, [r.command]));
            });
            return { command: parts.join(' && '), via: 'the test script, part by part' };
        }
    }
    return {
        command: direct(flags(0)),
        via: 'the runner directly',
        note: `package.json's test script (${JSON.stringify(test)}) does not end in the runner, so the reporter flags could not reach it: the workflow runs the runner directly; edit its test step to match`,
    };
}
/**
 * The tool the project runs its tests with: tox (tox.ini, or a [tool.tox] table), nox
 * (noxfile.py), a Makefile whose `test` target runs pytest when its CI runs `make test`; else
 * pytest itself. `ci` is the text of the project's existing workflows: a tool it runs wins.
 */
function pythonTool(files, texts, ci = '') {
    const ciRuns = (re) => ci.split('\n').some((l) => /^\s*(-\s*)?run:|^\s{6,}\S/.test(l) && re.test(l));
    const tox = files.has('tox.ini') || /^\[tool\.tox\]/m.test(texts['pyproject.toml'] ?? '');
    const nox = files.has('noxfile.py');
    const make = /^test\s*:[^\n]*(\n\t[^\n]*)*pytest/m.test(texts.Makefile ?? '');
    if (ci) {
        if (tox && ciRuns(/\btox\b/))
            return 'tox';
        if (nox && ciRuns(/\bnox\b/))
            return 'nox';
        if (make && ciRuns(/\bmake\s+test\b/))
            return 'make';
        if (ciRuns(/\bpytest\b/))
            return 'pytest';
    }
    // A Makefile's target only where CI runs it: it may call tools setup's workflow does not
    // install (`uv run pytest`, andialbrecht/sqlparse). tox and nox install their own.
    if (tox)
        return 'tox';
    if (nox)
        return 'nox';
    return 'pytest';
}

;// CONCATENATED MODULE: ./src/setup/version-from-tags.ts
// Whether the project's version comes from git tags: then a shallow checkout has no tags, the
// version reads 0.0.0 (or the build fails) and a test of the version fails in CI only, so the
// test job checks out the whole history (`fetch-depth: 0`). Pure: the caller passes the texts.
/** The build plugins that read the version from git, as their names appear in build files. */
const FROM_TAGS = [
    /setuptools[_-]scm/i,
    /\bversioneer\b/i,
    /hatch[_-]vcs/i,
    /poetry[_-]dynamic[_-]versioning/i,
    /\bdunamai\b/i,
    /\bpbr\b/i,
    /\bsetuptools[_-]git[_-]versioning\b/i,
];
/** The build files those plugins are named in. */
const VERSION_FILES = [
    'pyproject.toml',
    'setup.cfg',
    'setup.py',
    'versioneer.py',
];
/** The plugin that reads the version from git tags, if any build file names one. */
function versionFromTags(texts) {
    if (texts['versioneer.py'] !== undefined)
        return 'versioneer';
    for (const f of VERSION_FILES) {
        const t = texts[f];
        if (t === undefined)
            continue;
        for (const re of FROM_TAGS) {
            const m = re.exec(t);
            if (m)
                return m[0];
        }
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/setup/workflows.ts
// What `ledger-gate setup` writes, as pure functions over plain data: the runners it knows
// (how each is detected, installed, run and where its reports go), the workflow text for one
// of them (one workflow, or the two of the fork flow, docs/action.md), the CODEOWNERS lines and
// the branch-protection steps. The test step runs the project's own test command
// (test-command.ts) with the reporter flags added. No file system here: src/commands/setup.ts
// reads the repository and writes what these return.


const CI_REPORTS = (suffix) => ({
    shell: '"$RUNNER_TEMP/reports"',
    env: '${{ runner.temp }}/reports',
    suffix,
    jestJunit: '"$RUNNER_TEMP/jest-junit/node_modules/jest-junit"',
    ci: true,
});
/** A local run's reports, in the repository's ignored build folder. */
const LOCAL_REPORTS = (folder) => ({
    shell: folder,
    env: folder,
    suffix: '',
    jestJunit: `"$PWD/${folder}/jest-junit/node_modules/jest-junit"`,
    ci: false,
});
const NODE = (p) => p.files.has('.nvmrc') || p.files.has('.node-version')
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
const nodeInstall = (p) => {
    if (p.files.has('package-lock.json'))
        return 'npm ci';
    if (p.files.has('pnpm-lock.yaml'))
        return `${pnpmAt(p)} install --frozen-lockfile`;
    if (p.files.has('yarn.lock'))
        return 'yarn install --frozen-lockfile';
    if (p.files.has('bun.lock') || p.files.has('bun.lockb'))
        return 'bun install --frozen-lockfile';
    return 'npm install';
};
/** pnpm at the version `packageManager` names (its hash left off), from the npm registry. */
const pnpmAt = (p) => {
    const v = /^pnpm@(\d[\w.-]*)/.exec(p.packageManager ?? '')?.[1] ?? '10';
    return `npx --yes pnpm@${v}`;
};
/**
 * The package manager as the workflow calls it: pnpm is not on GitHub's images (setup installs
 * no action for it), so `pnpm test` there is `npx --yes pnpm@V test`; its scripts' own `pnpm`
 * calls then find the one npx put on PATH.
 */
const pmCommand = (p) => {
    const pm = packageManagerOf(p.files);
    return {
        pm,
        call: (cmd) => (pm === 'pnpm' ? cmd.replace(/^pnpm /, `${pnpmAt(p)} `) : cmd),
    };
};
/**
 * jest-junit when the project does not depend on it: installed beside the checkout (or, run
 * locally, in the ignored build folder), so the project's tree stays as its lock file has it.
 */
const JEST_JUNIT_AT = '$RUNNER_TEMP/jest-junit';
const jestJunit = (p) => !p.packages.has('jest-junit');
const jestJunitInstall = (at) => `npm install --no-save --no-package-lock --no-audit --no-fund --prefix "${at}" jest-junit@17`;
/** A report's file name: one per shard or matrix leg, so downloads do not overwrite each other. */
const named = (base, ext, at, run = 0) => `${base}${at.suffix}${run > 0 ? `-${run + 1}` : ''}.${ext}`;
/** Files (or packages) of this shard: every N-th line of a listing, by the shard's index. */
const slice = (shard) => `awk -v n=${shard.total} -v i=${shard.index} 'NR % n == i % n'`;
const noEnv = {};
/** A file in the reports folder, as the shell reads it (inside the folder's quotes, if any). */
const inFolder = (at, file) => at.shell.endsWith('"') ? `${at.shell.slice(0, -1)}/${file}"` : `${at.shell}/${file}`;
/** The shell prefix that sets variables for one command. */
const prefixed = (env, cmd) => [
    ...Object.entries(env).map(([k, v]) => `${k}=${/^[\w./=+:-]*$/.test(v) ? v : `'${v}'`}`),
    cmd,
].join(' ');
/** A JS runner's command: the project's test script through its package manager, flags added. */
function jsRun(p, at, bins, flags, direct, env) {
    const { pm, call } = pmCommand(p);
    const c = jsTestCommand(pm, p.scripts ?? {}, bins, flags, (r) => prefixed(r.env, `${direct} ${r.command}`));
    const command = at.ci
        ? c.command
            .split(' && ')
            .map((part) => part.replace(/^((?:[A-Z_]+=\S+ )*)pnpm /, (_, e) => e + call('pnpm ')))
            .join(' && ')
        : c.command;
    return { command, env, ...(c.note ? { note: c.note } : {}) };
}
/** pytest's own flags: xunit1 puts the test file on every case, so no collected list is needed. */
const pytestFlags = (at, form) => `-o junit_family=xunit1 --junitxml=${form === 'shell' ? inFolder(at, named('junit', 'xml', at)) : `${at.env}/${named('junit', 'xml', at)}`}`;
/** jest's reporter flags for its n-th run in a command (each run's reports named apart). */
const jestFlags = (p, at, shard, n) => ({
    env: n === 0 ? noEnv : { JEST_JUNIT_OUTPUT_NAME: named('junit', 'xml', at, n) },
    command: `--ci${shard ? ` --shard=${shard.index}/${shard.total}` : ''} --reporters=default --reporters=${jestJunit(p) ? at.jestJunit : 'jest-junit'} --json --outputFile=${inFolder(at, named('jest', 'json', at, n))}`,
});
/** vitest's; --run because a test script of plain `vitest` watches outside CI. */
const vitestFlags = (at, shard, n) => ({
    env: noEnv,
    command: `--run${shard ? ` --shard=${shard.index}/${shard.total}` : ''} --reporter=default --reporter=junit --outputFile.junit=${inFolder(at, named('junit', 'xml', at, n))}`,
});
const RUNNERS = [
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
            if (tool === 'tox' || tool === 'nox')
                return `pip install ${tool}`;
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
                const cmd = `python -m pytest ${pytestFlags(at, 'shell')}`;
                if (!shard)
                    return { command: cmd, env: {} };
                return {
                    command: [
                        `files=$(git ls-files | grep -E '(^|/)(test_[^/]*|[^/]*_test)\\.py$' | ${slice(shard)})`,
                        'if [ -z "$files" ]; then exit 0; fi',
                        `${cmd} $files`,
                    ].join('\n'),
                    env: {},
                };
            }
            const env = { PYTEST_ADDOPTS: pytestFlags(at, 'env') };
            if (tool === 'tox')
                env.TOX_OVERRIDE = 'testenv.pass_env+=PYTEST_ADDOPTS';
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
        install: (p, local) => jestJunit(p)
            ? `${nodeInstall(p)} && ${jestJunitInstall(local ? `${local}/jest-junit` : JEST_JUNIT_AT)}`
            : nodeInstall(p),
        // jest-junit with the test file on each case; jest's own --json beside it, where a
        // test.todo is a todo (jest-junit writes it as a pass). A script that runs jest twice
        // (two environments) names each run's reports apart.
        run: (p, at, shard) => jsRun(p, at, ['jest'], (n) => jestFlags(p, at, shard, n), 'npx jest', {
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
        run: (p, at, shard) => jsRun(p, at, ['vitest'], (n) => vitestFlags(at, shard, n), 'npx vitest run', {}),
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
            if (!shard)
                return { command: `${cmd} ./...`, env: {} };
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
function localCommand(spec, p, folder) {
    if (spec.name === 'maven')
        return 'mvn -B test';
    const r = spec.run(p, LOCAL_REPORTS(folder));
    const jj = spec.name === 'jest' && jestJunit(p) ? `${jestJunitInstall(`${folder}/jest-junit`)} && ` : '';
    return `mkdir -p ${folder} && ${jj}${prefixed(r.env, r.command)}`;
}
const RUNNER_NAMES = RUNNERS.map((r) => r.name);
function runnerSpec(name) {
    return RUNNERS.find((r) => r.name === name);
}
/**
 * The runners the project names: a JS runner by a dependency or its config file, the others
 * by a root file. Several (or none) is for the caller to refuse: setup never guesses.
 */
function detectRunners(p) {
    return RUNNERS.filter((r) => r.packages
        ? r.packages.some((d) => p.packages.has(d)) || r.detect.some((f) => p.files.has(f))
        : r.detect.some((f) => p.files.has(f)) ||
            (r.detectTracked !== undefined && (p.tracked ?? []).some((f) => r.detectTracked.test(f)))).map((r) => r.name);
}
/**
 * A branch name setup writes into YAML and prints: git's own rules (`git check-ref-format`)
 * narrowed to characters a flow sequence takes bare.
 */
function branchProblem(branch) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(branch) || branch.length > 255)
        return 'letters, digits and . _ / - only, starting with a letter or digit';
    if (/\.\.|\/\/|\/\.|\.lock(\/|$)|[/.]$/.test(branch))
        return 'not a name git accepts';
    return undefined;
}
const triggers = (branch) => [
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
function testJob(spec, p, o, artifact) {
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
        ...runStep(spec.run(p, CI_REPORTS(shard ? '-${{ matrix.shard }}' : ''), shard)),
        '      - uses: actions/upload-artifact@v4',
        "        if: ${{ !cancelled() }}   # a failing run's report is evidence too",
        '        with:',
        `          name: ${shard ? `${artifact}-\${{ matrix.shard }}` : artifact}`,
        '          path: ${{ runner.temp }}/reports/',
    ];
}
/** The checkout: the whole history where the version comes from git tags (a shallow one has none). */
function checkout(p) {
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
function runStep(r, indent = '      ') {
    const lines = r.command.split('\n');
    const run = lines.length === 1 && r.command.length <= 80 && !/[:#'"{}[\]]|^[-?|>!&*%@`]/.test(r.command)
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
function yamlString(v) {
    if (/^[A-Za-z0-9_./$-][^:#'"]*$/.test(v) &&
        !/^(true|false|yes|no|on|off|null|~|[-+.\d][\d.e+-]*)$/i.test(v) &&
        !/\s$/.test(v))
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
const gateInputs = (o, indent = '          ') => [
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
function gateJob(o, needs, several) {
    const spec = runnerSpec(o.runner);
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
        `    needs: ${needs}`,
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
        ...spec.reports.map((g) => `            \${{ runner.temp }}/junit/${g}`),
        ...gateInputs(o),
    ];
}
/** The workflow(s) for this runner: one, or the fork pair (tests.yml and ledger-gate.yml). */
function workflowFiles(p, o) {
    const spec = runnerSpec(o.runner);
    const bad = branchProblem(o.branch);
    if (bad)
        throw new RangeError(`branch ${JSON.stringify(o.branch)}: ${bad}`);
    if (!Number.isInteger(o.shards) || o.shards < 1 || o.shards > 64)
        throw new RangeError('--shards must be a whole number from 1 to 64');
    if (o.shards > 1 && !spec.shards)
        throw new RangeError(`${spec.name} cannot split its tests across jobs: use --shards 1`);
    const sharded = o.shards > 1;
    const artifact = o.forks ? 'ledger-gate-reports' : 'junit';
    const header = [
        `# Written by \`ledger-gate setup\` (${spec.name}${sharded ? `, ${o.shards} shards` : ''}${o.forks ? ', forks' : ''}).`,
    ];
    // A fork's run uploads one artifact per shard; the workflow_run gate reads one by name.
    const merge = o.forks && sharded
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
        ...gateJob(o, gateNeeds, sharded),
        '',
    ];
    const out = [{ path: '.github/workflows/tests.yml', text: tests.join('\n') }];
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
                ...gateInputs(o),
                '',
            ].join('\n'),
        });
    }
    return out;
}
/** A test file's name, and the pattern naming every test file of its kind. */
const TEST_NAME = [
    [/\.(test|spec)(\.[cm]?[jt]sx?)$/, (m) => `*.${m[1]}${m[2]}`],
    [/^test_[^/]*\.py$/, () => 'test_*.py'],
    [/_test\.(py|go)$/, (m) => `*_test.${m[1]}`],
    [/(Test|Tests|IT)\.(java|kt)$/, (m) => `*${m[1]}.${m[2]}`],
    [/_spec\.rb$/, () => '*_spec.rb'],
];
/** The pattern of a test file's kind (`*.test.ts`), if its name is a test file's. */
function testPattern(file) {
    const name = file.replace(/^.*\//, '');
    for (const [re, pattern] of TEST_NAME) {
        const m = re.exec(name);
        if (m)
            return pattern(m);
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
function codeownersLines(ledger, owned, owners, tracked = []) {
    const dirOf = (f) => (f.endsWith('/') ? f : f.replace(/[^/]*$/, ''));
    const besideCode = (dir) => !TEST_DIR.test(dir) &&
        tracked.some((t) => t.startsWith(dir) && SOURCE_FILE.test(t) && testPattern(t) === undefined);
    const patterns = new Set();
    const folders = new Set();
    for (const f of owned) {
        const dir = dirOf(f);
        const kind = f.endsWith('/') ? undefined : testPattern(f);
        if (kind !== undefined && besideCode(dir))
            patterns.add(`${dir}**/${kind}`);
        else if (dir !== '')
            folders.add(dir);
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
function protectionSteps(forks, branch, trial = false) {
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

;// CONCATENATED MODULE: ./src/setup/existing-workflow.ts
// A project that already runs its tests in a workflow gets that workflow extended, not a
// second one beside it (the tests would run twice per pull request): its test step keeps its
// command, with the reporter flags added (or, for pytest, PYTEST_ADDOPTS set), a step before
// it makes the reports folder, one after uploads it, and the gate job judges it. Setup prints
// these lines (it does not rewrite a file it did not write); this module finds the step and
// builds them. Pure: the caller reads the workflow files.




/** A command at the start of a line or after `&&`/`;`: not a word inside an install line. */
const AT_START = String.raw `(?:^|&&|;|\|\|)\s*`;
/** What runs a non-JS runner's tests in a `run:` line. */
const RUNS = {
    pytest: new RegExp(`${AT_START}(?:python3? -m )?(?:pytest|py\\.test|tox|nox)\\b|${AT_START}make\\s+test\\b|${AT_START}hatch\\s+(?:test\\b|run\\b.*\\btest)`, 'm'),
    go: new RegExp(`${AT_START}(?:go\\s+test|gotestsum)\\b`, 'm'),
    maven: new RegExp(`${AT_START}(?:\\./)?mvnw?\\b.*\\b(?:test|verify|install)\\b`, 'm'),
};
/**
 * Whether a JS `run:` line runs the runner: it starts it (`pnpm vitest --coverage`), or runs a
 * package script that does (`pnpm test`, `npm run test:unit`, `pnpm run ${{ matrix.task }}`
 * with a task of the matrix that does).
 */
function runsJs(run, p, bins, matrix) {
    const scripts = p.scripts ?? {};
    const scriptRuns = (name) => scripts[name] !== undefined && bins.some((b) => new RegExp(`\\b${b}\\b`).test(scripts[name]));
    return run.split(/\n|&&|;/).some((line) => {
        const l = line.trim();
        if (startsRunner(l, bins))
            return true;
        const m = /^(?:npm|pnpm|yarn|bun)\s+(?:run(?:-script)?\s+)?(\$\{\{[^}]*\}\}|\S+)/.exec(l);
        if (!m)
            return false;
        const ref = /^\$\{\{\s*matrix\.([\w-]+)\s*\}\}$/.exec(m[1]);
        if (!ref)
            return scriptRuns(m[1]);
        const values = matrix?.[ref[1]];
        return Array.isArray(values) && values.some((v) => typeof v === 'string' && scriptRuns(v));
    });
}
/** Written by setup itself: replaced with --force, never extended. */
const OURS = /^# Written by `ledger-gate setup`/;
/**
 * The first step (by file name, then order) of a pull-request or push workflow whose `run:`
 * runs the runner's tests; undefined when there is none. Unparsable files are passed over
 * (GitHub reports them itself).
 */
function findTestStep(workflows, runner, p) {
    const runs = (run, matrix) => runner === 'jest' || runner === 'vitest'
        ? runsJs(run, p, [runner], matrix)
        : RUNS[runner].test(run);
    for (const w of [...workflows].sort((a, b) => a.path.localeCompare(b.path))) {
        if (OURS.test(w.text))
            continue;
        let doc;
        try {
            doc = (0,dist/* parse */.qg)(w.text);
        }
        catch {
            continue;
        }
        if (!doc || typeof doc !== 'object')
            continue;
        const d = doc;
        const on = d.on ?? d.true; // YAML 1.1 readers turn a bare `on` into true
        const events = typeof on === 'string'
            ? [on]
            : Array.isArray(on)
                ? on
                : on && typeof on === 'object'
                    ? Object.keys(on)
                    : [];
        if (!events.some((e) => e === 'pull_request' || e === 'push'))
            continue;
        for (const [job, body] of Object.entries(d.jobs ?? {})) {
            const j = body;
            if (!Array.isArray(j?.steps))
                continue;
            const i = j.steps.findIndex((s) => typeof s?.run === 'string' && runs(s.run, j.strategy?.matrix));
            if (i < 0)
                continue;
            const step = j.steps[i];
            return {
                path: w.path,
                job,
                index: i,
                label: typeof step.name === 'string' ? step.name : step.run.trim().split('\n')[0],
                run: step.run.trim(),
                matrix: j.strategy?.matrix !== undefined,
            };
        }
    }
    return undefined;
}
/**
 * The project's own command with the reporter flags added: appended to a single-line command
 * that starts the runner or a package script (npm takes them after `--`); pytest's through
 * PYTEST_ADDOPTS, which reaches it under tox (told to pass it), nox, make and hatch alike.
 */
function extendTestStep(step, p, runner) {
    const spec = runnerSpec(runner);
    const at = CI_REPORTS(step.matrix ? '-${{ strategy.job-index }}' : '');
    if (runner === 'pytest') {
        const env = {
            PYTEST_ADDOPTS: `-o junit_family=xunit1 --junitxml=${at.env}/junit${at.suffix}.xml`,
        };
        if (/\btox\b/.test(step.run))
            env.TOX_OVERRIDE = 'testenv.pass_env+=PYTEST_ADDOPTS';
        return { command: step.run, env };
    }
    const own = spec.run(p, at);
    if (step.run.includes('\n') || spec.flags === undefined)
        return {
            ...own,
            note: `${step.path} runs the tests in several lines: the command setup would run is printed instead`,
        };
    const flags = spec.flags(p, at);
    const npmScript = /^npm\s+(test|run\s+\S+)\s*$/.test(step.run) && !/\s--(\s|$)/.test(step.run);
    const pm = packageManagerOf(p.files);
    const command = npmScript && pm === 'npm'
        ? runScript('npm', step.run.replace(/^npm\s+(run\s+)?/, ''), [flags])
        : `${step.run} ${flags}`;
    return { command, env: own.env };
}
/** Every line setup prints for a project whose workflow already runs the tests. */
function extension(step, p, o) {
    const artifact = step.matrix ? 'junit-${{ strategy.job-index }}' : 'junit';
    return {
        test: extendTestStep(step, p, o.runner),
        before: [
            o.runner === 'jest' && !p.packages.has('jest-junit')
                ? `      - run: mkdir -p "$RUNNER_TEMP/reports" && ${jestJunitInstall('$RUNNER_TEMP/jest-junit')}`
                : '      - run: mkdir -p "$RUNNER_TEMP/reports"   # the reports, outside the checkout',
            '        shell: bash',
        ],
        after: [
            '      - uses: actions/upload-artifact@v4',
            "        if: ${{ !cancelled() }}   # a failing run's report is evidence too",
            '        with:',
            `          name: ${artifact}`,
            '          path: ${{ runner.temp }}/reports/',
        ],
        gate: gateJob(o, step.job, step.matrix),
    };
}
/** The extension as setup prints it: where each block goes, then the block. */
function extensionText(step, ext, workflows, p) {
    const indent = (l) => `    ${l}`;
    const text = workflows.find((w) => w.path === step.path)?.text ?? '';
    const plugin = versionFromTags(p.texts ?? {});
    const depth = plugin && !/fetch-depth:\s*0\b/.test(text)
        ? [
            `6. In that job's actions/checkout step, fetch the tags ${plugin} reads the version from:`,
            indent('  with:'),
            indent('    fetch-depth: 0'),
        ]
        : [];
    const review = /^\s+pull_request_review\s*:/m.test(text)
        ? []
        : [
            `5. Under on:, add (an approval or its dismissal re-judges the pull request):`,
            indent('  pull_request_review:'),
            indent('    types: [submitted, edited, dismissed]'),
        ];
    return [
        `${step.path} runs your tests (job ${step.job}, step "${step.label}"): setup wrote no second workflow.`,
        `Extend it: the reports, their upload and the gate job (indentation as in a two-space file).`,
        `1. Before that step, add:`,
        ...ext.before.map(indent),
        `2. Make that step this (your command, the reporter flags added):`,
        ...runStep(ext.test).map(indent),
        `3. After it, add:`,
        ...ext.after.map(indent),
        `4. Under jobs:, add:`,
        ...ext.gate.map(indent),
        ...review,
        ...depth,
    ];
}

// EXTERNAL MODULE: ./src/decision/production-paths.ts
var production_paths = __webpack_require__(806);
;// CONCATENATED MODULE: ./src/setup/production-paths.ts
// The production code of a repository, from its file list, for the gate job's
// `production-paths` and `agent-write-paths` inputs. One derivation serves setup and the gate
// (decision/production-paths.ts, CONTRACT §3): setup writes its folders and root files out for
// the team to read and edit; test files at the root (`test_x.py`, `x.test.js`) are left out.
// The nested exclusions (dotfiles, manifests, test folders inside a source folder) are not
// written: the harness and test path sets catch those files whatever the list says.

/** A test file by its name, as runners discover them. */
const TEST_FILE = /(^|\/)(test_[^/]*\.py|[^/]*_test\.(py|go)|[^/]*\.(test|spec)\.[cm]?[jt]sx?)$/;
/** `dir/**` for each top-level source folder and each root source file that is not tooling; sorted. */
function productionPaths(files) {
    const d = (0,production_paths/* deriveProductionPaths */.Rt)(files, (p) => TEST_FILE.test(p));
    return [...d.folders.map((f) => `${f}/**`), ...d.rootFiles].sort();
}

// EXTERNAL MODULE: ./src/types.ts
var types = __webpack_require__(8522);
// EXTERNAL MODULE: ./src/commands/io.ts
var commands_io = __webpack_require__(3776);
// EXTERNAL MODULE: ./src/commands/tables.ts
var tables = __webpack_require__(218);
// EXTERNAL MODULE: ./src/adapters/fs/default-ledger.ts
var default_ledger = __webpack_require__(7837);
// EXTERNAL MODULE: ./src/commands/upkeep.ts
var upkeep = __webpack_require__(8944);
;// CONCATENATED MODULE: ./src/commands/setup.ts
// `ledger-gate setup`: what a team needs to make the gate required, written in one command.
// The text comes from src/setup/workflows.ts (pure); this module reads the repository's root,
// refuses to replace anything without --force (checked for every file before any is written),
// freezes the run it is given with `init`, and prints what it wrote and the clicks left to do.














/** Where GitHub looks for CODEOWNERS, in its order; a new one goes to the first. */
const CODEOWNERS_AT = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'];
/** A GitHub user or team (@name, @org/team) or an e-mail address: nothing else reaches the file. */
const OWNER = /^(@[A-Za-z0-9](?:[A-Za-z0-9-]*)(?:\/[A-Za-z0-9._-]+)?|[^\s@]+@[^\s@]+\.[^\s@]+)$/;
/** Root files whose text setup reads (the version plugin, the test tool, the ignored folders). */
const TEXTS = [
    'pyproject.toml',
    'setup.cfg',
    'setup.py',
    'versioneer.py',
    'tox.ini',
    'Makefile',
    '.gitignore',
];
async function readProject(root) {
    const files = new Set((0,external_node_fs_.readdirSync)(root));
    const packages = new Set();
    let packageManager;
    let scripts;
    if (files.has('package.json')) {
        let pkg;
        try {
            pkg = JSON.parse((0,external_node_fs_.readFileSync)(external_node_path_default().join(root, 'package.json'), 'utf8'));
        }
        catch (e) {
            throw new types/* GateError */.u(`is not valid JSON (${e.message})`, 'package.json');
        }
        for (const k of ['dependencies', 'devDependencies', 'peerDependencies']) {
            const deps = pkg?.[k];
            if (deps && typeof deps === 'object')
                for (const d of Object.keys(deps))
                    packages.add(d);
        }
        if (typeof pkg?.packageManager === 'string')
            packageManager = pkg.packageManager;
        const s = pkg?.scripts;
        if (s && typeof s === 'object')
            scripts = Object.fromEntries(Object.entries(s).filter((e) => typeof e[1] === 'string'));
    }
    const texts = {};
    for (const f of TEXTS)
        if (files.has(f))
            texts[f] = readText(external_node_path_default().join(root, f));
    const wfDir = external_node_path_default().join(root, '.github', 'workflows');
    const workflows = (0,external_node_fs_.existsSync)(wfDir)
        ? (0,external_node_fs_.readdirSync)(wfDir)
            .filter((f) => /\.ya?ml$/.test(f))
            .sort()
            .map((f) => ({ path: `.github/workflows/${f}`, text: readText(external_node_path_default().join(wfDir, f)) }))
        : [];
    const ci = workflows
        .filter((w) => !OURS.test(w.text))
        .map((w) => w.text)
        .join('\n');
    const tracked = await (0,git.workingFiles)(root);
    return {
        project: {
            files,
            packages,
            ...(packageManager ? { packageManager } : {}),
            ...(scripts ? { scripts } : {}),
            tracked,
            texts,
            ci,
        },
        workflows,
    };
}
function readText(abs) {
    try {
        return (0,external_node_fs_.readFileSync)(abs, 'utf8');
    }
    catch {
        return '';
    }
}
function chooseRunner(given, p) {
    if (given !== undefined) {
        if (!RUNNER_NAMES.includes(given))
            throw new commands_io/* UsageError */.eb(`--runner ${JSON.stringify(given)}: one of ${RUNNER_NAMES.join(', ')}`);
        return given;
    }
    const found = detectRunners(p);
    if (found.length === 1)
        return found[0];
    if (found.length === 0)
        throw new types/* GateError */.u(`no test runner found at the root (looked for ${RUNNER_NAMES.join(', ')}): name it with --runner`);
    throw new types/* GateError */.u(`found ${found.join(' and ')}: name the one the gate judges with --runner`);
}
async function run(argv, io) {
    return (0,upkeep/* runCommand */.d1)('setup', io, async () => {
        const { values: v, positionals } = (0,external_node_util_.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: tables/* SETUP */.K1.options,
        });
        if (positionals.length > 0)
            throw new commands_io/* UsageError */.eb(`unexpected argument ${JSON.stringify(positionals[0])}`);
        const shards = v.shards === undefined ? 1 : Number(v.shards);
        if (!/^\d+$/.test(v.shards ?? '1') || shards < 1 || shards > 64)
            throw new commands_io/* UsageError */.eb('--shards must be a whole number from 1 to 64');
        if ((v.collected !== undefined || v.rule !== undefined) && v.junit === undefined)
            throw new commands_io/* UsageError */.eb('--collected and --rule go with --junit (the run to freeze)');
        if (v.junit !== undefined && (v.owner === undefined || v.owner.trim() === ''))
            throw new commands_io/* UsageError */.eb('--junit needs --owner O (who answers for the quarantined rows)');
        for (const o of v['code-owner'] ?? [])
            if (!OWNER.test(o))
                throw new commands_io/* UsageError */.eb(`--code-owner ${JSON.stringify(o)}: give @user, @org/team or an e-mail`);
        const at = (0,commands_io/* placeOf */.$t)(io);
        const root = at.root;
        const { project, workflows } = await readProject(root);
        const runner = chooseRunner(v.runner, project);
        const spec = runnerSpec(runner);
        if (shards > 1 && !spec.shards)
            throw new commands_io/* UsageError */.eb(`${runner} cannot split its tests across jobs: leave out --shards`);
        const branch = v.branch ?? (await (0,git.defaultBranch)(root));
        if (branch === null)
            throw new types/* GateError */.u('cannot tell the default branch (no origin/HEAD, no branch checked out): name it with --branch');
        const bad = branchProblem(branch);
        if (bad)
            throw new commands_io/* UsageError */.eb(`--branch ${JSON.stringify(branch)}: ${bad}`);
        const ledger = (0,upkeep/* ledgerFile */.SB)(at, v.ledger);
        const ledgerRel = external_node_path_default().relative(root, ledger.abs).split((external_node_path_default()).sep).join('/');
        const force = v.force === true;
        const dryRun = v['dry-run'] === true;
        const production = productionPaths(project.tracked ?? []);
        const options = {
            runner,
            shards,
            forks: v.forks === true,
            uses: `${src_project/* REPOSITORY */.Bw}@${src_project/* MAJOR_TAG */.Xr}`,
            branch,
            // The action finds the default itself, in the checkout's test folder.
            ledger: ledgerRel === (0,default_ledger/* defaultLedger */.Vz)(root) ? undefined : ledgerRel,
            productionPaths: production,
            trial: v.trial === true,
        };
        // A workflow of the project's own that runs the tests is extended, not doubled (one test
        // job, sharded or forked, is setup's own workflow's to write).
        const step = findTestStep(workflows, runner, project);
        const extend = step !== undefined && shards === 1 && v.forks !== true;
        const files = extend ? [] : workflowFiles(project, options);
        const testRun = spec.run(project, CI_REPORTS(''));
        // Every refusal before anything is written: setup writes all of it or nothing.
        const exists = files.filter((f) => (0,external_node_fs_.existsSync)(external_node_path_default().join(root, f.path))).map((f) => f.path);
        const freeze = v.junit !== undefined;
        if (freeze && (0,external_node_fs_.existsSync)(ledger.abs))
            exists.push(ledger.shown);
        const codeowners = CODEOWNERS_AT.find((f) => (0,external_node_fs_.existsSync)(external_node_path_default().join(root, f))) ?? CODEOWNERS_AT[0];
        const owners = (v['code-owner'] ?? []).join(' ');
        if (owners && (0,external_node_fs_.existsSync)(external_node_path_default().join(root, codeowners)))
            exists.push(codeowners);
        if (exists.length > 0 && !force)
            throw new types/* GateError */.u(`${exists.join(', ')} ${exists.length === 1 ? 'exists' : 'exist'}: refusing to overwrite (add --force to replace; CODEOWNERS is appended to)`);
        for (const f of files)
            (0,commands_io/* refuseOutside */.gz)(root, external_node_path_default().join(root, f.path), f.path);
        for (const f of files) {
            const abs = external_node_path_default().join(root, f.path);
            const before = (0,external_node_fs_.existsSync)(abs) ? (0,external_node_fs_.readFileSync)(abs, 'utf8') : '';
            if (dryRun)
                (0,commands_io/* printDryRun */.AG)(io, f.path, before, f.text);
            else {
                (0,external_node_fs_.mkdirSync)(external_node_path_default().dirname(abs), { recursive: true });
                (0,external_node_fs_.writeFileSync)(abs, f.text);
                io.stdout(`${f.path}: wrote ${describe(f, runner, shards)}\n`);
            }
        }
        const notes = [];
        if (extend) {
            const ext = extension(step, project, options);
            io.stdout(`${extensionText(step, ext, workflows, project).join('\n')}\n`);
            if (ext.test.note)
                notes.push(`note: ${ext.test.note}`);
        }
        else {
            if (testRun.note)
                notes.push(`note: ${testRun.note}`);
            if (step)
                notes.push(`note: ${step.path} runs your tests too (job ${step.job}): drop that step, or they run twice per pull request`);
        }
        if (production.length === 0)
            notes.push('note: no production code found (no source folder outside tests, docs and build): add production-paths and agent-write-paths to the gate step');
        if (notes.length)
            io.stdout(`${notes.join('\n')}\n`);
        // The ledger: frozen from the run given, or the commands that freeze one.
        const next = [];
        if (freeze) {
            const { run: init } = await __webpack_require__.e(/* import() */ 722).then(__webpack_require__.bind(__webpack_require__, 722));
            const args = ['--owner', v.owner, ...v.junit.flatMap((g) => ['--junit', g])];
            if (v.collected !== undefined)
                args.push('--collected', v.collected);
            for (const r of v.rule ?? [])
                args.push('--rule', r);
            if (v.ledger !== undefined)
                args.push('--ledger', v.ledger);
            if (force)
                args.push('--force');
            if (dryRun)
                args.push('--dry-run');
            const code = await init(args, io);
            if (code !== 0)
                return code;
        }
        else if ((0,external_node_fs_.existsSync)(ledger.abs)) {
            io.stdout(`${ledger.shown}: kept (it exists)\n`);
        }
        else {
            const ledgerArg = v.ledger === undefined ? '' : ` --ledger ${v.ledger}`;
            const build = buildFolder(project.texts?.['.gitignore']);
            next.push(`Freeze your suite into the ledger (run the tests once, then init on their report; the reports go to ${build.folder}/, ${build.ignored ? 'which .gitignore ignores' : `which you add to .gitignore`}):`, `  ${localCommand(spec, project, build.folder)}`, `  ledger-gate init${spec
                .localReports(build.folder)
                .map((g) => ` --junit '${g}'`)
                .join('')} --owner YOUR-NAME${ledgerArg}`);
            if (!(0,external_node_fs_.existsSync)(external_node_path_default().dirname(ledger.abs)))
                next.push(`  (the ledger goes to ${ledger.shown}, a new folder: your tests are not in ${default_ledger/* TEST_FOLDERS */.PQ.join('/, ')}/; --ledger puts it elsewhere)`);
        }
        // CODEOWNERS: the ledger, its goldens' and seeds' folders, the workflows.
        const rows = (0,external_node_fs_.existsSync)(ledger.abs) ? (0,upkeep/* ledgerRows */.$v)((0,external_node_fs_.readFileSync)(ledger.abs, 'utf8'), ledger) : [];
        const owned = rows.flatMap((r) => [r.artifact, r.seeds]).filter((x) => !!x);
        const lines = codeownersLines(ledgerRel, owned, owners || '@your-org/test-owners', project.tracked);
        if (owners) {
            const abs = external_node_path_default().join(root, codeowners);
            const before = (0,external_node_fs_.existsSync)(abs) ? (0,external_node_fs_.readFileSync)(abs, 'utf8') : '';
            const have = new Set(before.split('\n').map((l) => l.trim().split(/\s+/)[0]));
            const add = lines.filter((l) => !have.has(l.split(/\s+/)[0]));
            const after = before === ''
                ? `# Written by \`ledger-gate setup\`: who must approve a change to the evidence.\n${add.join('\n')}\n`
                : `${before}${before.endsWith('\n') ? '' : '\n'}${add.join('\n')}${add.length ? '\n' : ''}`;
            if (dryRun)
                (0,commands_io/* printDryRun */.AG)(io, codeowners, before, after);
            else if (add.length === 0)
                io.stdout(`${codeowners}: no change\n`);
            else {
                (0,external_node_fs_.mkdirSync)(external_node_path_default().dirname(abs), { recursive: true });
                (0,external_node_fs_.writeFileSync)(abs, after);
                io.stdout(`${codeowners}: ${before ? 'appended' : 'wrote'} ${add.length} lines\n`);
            }
        }
        else {
            next.push(`Give the evidence a code owner: add these lines to ${codeowners} (or run setup with --code-owner @WHO):`, ...lines.map((l) => `  ${l}`));
        }
        next.push(`Commit and push${dryRun ? '' : ` ${[...(extend ? [step.path] : files.map((f) => f.path)), ...(owners ? [codeowners] : []), ledger.shown].join(' ')}`}, then open a pull request.`, ...protectionSteps(v.forks === true, branch, v.trial === true));
        io.stdout(`\nnext:\n${next.join('\n')}\n`);
        return 0;
    });
}
function describe(f, runner, shards) {
    const lines = f.text.split('\n').length - 1;
    return f.path.endsWith('ledger-gate.yml')
        ? `the workflow_run gate for pull requests from forks (${lines} lines)`
        : `${runner}${shards > 1 ? ` in ${shards} shards` : ''}, then the gate (${lines} lines)`;
}


/***/ }),

/***/ 8944:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $v: () => (/* binding */ ledgerRows),
/* harmony export */   Az: () => (/* binding */ editLedger),
/* harmony export */   EF: () => (/* binding */ ledgerProblems),
/* harmony export */   Hd: () => (/* binding */ formatIssue),
/* harmony export */   MH: () => (/* binding */ readFacts),
/* harmony export */   SB: () => (/* binding */ ledgerFile),
/* harmony export */   XL: () => (/* binding */ writeLedger),
/* harmony export */   _$: () => (/* binding */ isoDate),
/* harmony export */   cI: () => (/* binding */ readRun),
/* harmony export */   cZ: () => (/* reexport safe */ _project_js__WEBPACK_IMPORTED_MODULE_15__.cZ),
/* harmony export */   d1: () => (/* binding */ runCommand),
/* harmony export */   jK: () => (/* binding */ readLedgerText),
/* harmony export */   pA: () => (/* binding */ nearest),
/* harmony export */   pO: () => (/* binding */ rowsAndIds),
/* harmony export */   qN: () => (/* binding */ repoPath),
/* harmony export */   zV: () => (/* binding */ artifactArg)
/* harmony export */ });
/* unused harmony exports requireKnown, samePathTail, namedIds */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _adapters_fs_default_ledger_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7837);
/* harmony import */ var _adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1483);
/* harmony import */ var _ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8053);
/* harmony import */ var _adapters_fs_report_globs_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3692);
/* harmony import */ var _adapters_fs_safe_read_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8782);
/* harmony import */ var _junit_map_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6882);
/* harmony import */ var _gather_reports_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9556);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3776);
/* harmony import */ var _options_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(6052);
/* harmony import */ var _ledger_distance_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(1126);
/* harmony import */ var _ledger_parse_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(1123);
/* harmony import */ var _ledger_pathRules_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(19);
/* harmony import */ var _adapters_fs_ledger_paths_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(9193);
/* harmony import */ var _project_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(4330);
// What the upkeep commands (init, lock, relock, property, quarantine, promote, drop, digest,
// lint) share: reading and writing the ledger file, checking a result before it is written,
// turning user-given paths into repo-relative ones, and reading a test run's ids to refuse
// typos. The repository root is found from the working directory (io.ts), and paths on the
// command line are relative to the working directory.
















/**
 * The ledger a command reads and writes: `--ledger` relative to the working directory, by
 * default the repository's test folder's ledger.yaml (adapters/fs/default-ledger.ts). One outside the repository, or reached through a
 * symlinked folder, is refused here, before anything is read or written.
 */
function ledgerFile(at, arg) {
    // One call with a value the bundler cannot see through: a constant path here would make ncc
    // copy every tests/ledger.yaml below the build's folder into dist/ as an asset.
    const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(arg === undefined ? at.root : at.cwd, arg ?? (0,_adapters_fs_default_ledger_js__WEBPACK_IMPORTED_MODULE_2__/* .defaultLedger */ .Vz)(at.root));
    const file = { abs, shown: shownPath(at.cwd, abs), root: at.root };
    (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .refuseOutside */ .gz)(at.root, abs, file.shown);
    return file;
}
function shownPath(cwd, abs) {
    const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(cwd, abs);
    return (rel.startsWith('..') || node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel) ? abs : rel).split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join('/');
}
async function readLedgerText(file) {
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file.abs)) {
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u('no ledger here (create one with `ledger-gate init`)', file.shown);
    }
    return (0,_adapters_fs_safe_read_js__WEBPACK_IMPORTED_MODULE_6__/* .readCapped */ .EF)(file.abs, _adapters_fs_safe_read_js__WEBPACK_IMPORTED_MODULE_6__/* .LIMITS */ .b1.ledgerBytes, file.shown);
}
/** Every problem with a ledger text, the file-system path checks included. */
function ledgerProblems(text, file, root) {
    const parsed = (0,_ledger_parse_js__WEBPACK_IMPORTED_MODULE_12__/* .parseLedger */ .h)(text, file.shown);
    const issues = [...parsed.errors];
    if (parsed.ledger)
        issues.push(...(0,_adapters_fs_ledger_paths_js__WEBPACK_IMPORTED_MODULE_13__/* .checkLedgerPaths */ .W)(parsed.ledger, root));
    issues.sort((a, b) => a.line - b.line || a.column - b.column);
    return { parsed, issues };
}
function formatIssue(i) {
    return `${i.file}:${i.line}:${i.column}: ${i.message}`.replace(/[\r\n]+/g, ' ');
}
/**
 * Validates `text` and writes it in place of the ledger (via a temporary file and a rename,
 * so a reader never sees half a ledger). Refuses, writing nothing, when it is invalid.
 */
function writeLedger(text, file, io, opts = {}) {
    const { issues } = ledgerProblems(text, file, file.root);
    if (issues.length > 0) {
        io.stderr(`refusing to write ${file.shown}: the result would be invalid\n`);
        for (const i of issues.slice(0, 50))
            io.stderr(formatIssue(i) + '\n');
        if (issues.length > 50)
            io.stderr(`… and ${issues.length - 50} more\n`);
        return false;
    }
    if (opts.dryRun) {
        (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .printDryRun */ .AG)(io, file.shown, opts.before ?? '', text);
        return true;
    }
    const tmp = `${file.abs}.ledger-gate-${process.pid}.tmp`;
    let mode;
    try {
        mode = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(file.abs).mode & 0o777;
    }
    catch {
        mode = undefined;
    }
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(tmp, text, mode === undefined ? undefined : { mode });
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.renameSync)(tmp, file.abs);
    return true;
}
/**
 * The sequence every command that edits the ledger ends with: read it, compute the edit from
 * its text, write the result (validated first, then atomically) and announce what changed.
 * `edit` may throw to refuse; nothing is written then. Exit status: 0, or 1 when the result
 * would be invalid.
 */
async function editLedger(file, io, edit, opts = {}) {
    const before = await readLedgerText(file);
    const result = await edit(before);
    if (!writeLedger(result.text, file, io, { dryRun: opts.dryRun, before }))
        return 1;
    if (opts.dryRun)
        return 0;
    for (const line of result.announce)
        io.stdout(line + '\n');
    return 0;
}
/**
 * A path given relative to `from` (the working directory for a path typed on the command
 * line; the root for a test id's file) as the repo-relative, `/`-separated path the ledger
 * stores.
 */
function repoPath(root, given, what, from = root) {
    if (given.includes('\0'))
        throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`${what} contains a NUL character`);
    const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(from, given);
    const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(root, abs).split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join('/');
    if (rel === '' || rel.startsWith('../') || rel === '..' || node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel)) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`${what} ${JSON.stringify(given)} is not inside the repository (${root})`);
    }
    const out = given.endsWith('/') && !rel.endsWith('/') ? rel + '/' : rel;
    const why = (0,_ledger_pathRules_js__WEBPACK_IMPORTED_MODULE_14__/* .pathProblem */ .z9)(out);
    if (why)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`${what} ${JSON.stringify(given)} ${why}`);
    return out;
}
/**
 * `--artifact`, given once or more: one golden path, a glob, or several of them locked as one
 * set (CONTRACT §2); the row's artifact key (golden-set.ts).
 */
function artifactArg(root, given, from = root) {
    const paths = given.map((g) => {
        const p = repoPath(root, g, '--artifact', from);
        const why = (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__/* .globProblem */ .AI)(p);
        if (why)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`--artifact ${JSON.stringify(g)} ${why}`);
        return p;
    });
    return (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__/* .goldenKey */ .bm)(paths);
}
/** Today's date, YYYY-MM-DD, in UTC. */
function isoDate(d) {
    return d.toISOString().slice(0, 10);
}
/** Runs a command body: usage errors exit 2, GateErrors (bad input, refusals) exit 1. */
async function runCommand(name, io, body) {
    try {
        return await body();
    }
    catch (e) {
        if (e instanceof _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb || e.code?.startsWith('ERR_PARSE_ARGS')) {
            io.stderr(`ledger-gate ${name}: ${(0,_options_js__WEBPACK_IMPORTED_MODULE_11__/* .usageMessage */ .XI)(e)}\n`);
            return 2;
        }
        if (e instanceof _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u) {
            io.stderr(`ledger-gate ${name}: ${e.oneLine}\n`);
            return 1;
        }
        if (e instanceof _options_js__WEBPACK_IMPORTED_MODULE_11__/* .GlobError */ .pZ) {
            io.stderr(`ledger-gate ${name}: ${e.message}: nothing written\n`);
            return 1;
        }
        throw e;
    }
}
/**
 * Digests of artifacts and checks of seeds folders, read the way the gate reads them; a
 * missing, unreadable or empty one is refused (a ledger row for it would be rejected).
 */
async function readFacts(root, artifacts, seeds) {
    const facts = {
        artifacts: await (0,_adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .artifactFacts */ .SJ)(root, artifacts),
        seeds: await (0,_adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .seedsFacts */ .sB)(root, seeds),
    };
    const digests = new Map();
    for (const a of artifacts) {
        const f = facts.artifacts.get(a);
        if (f?.digest === undefined)
            throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`artifact: ${f?.problem ?? 'unreadable'}`, (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__/* .goldenLabel */ .uJ)(a));
        digests.set(a, f.digest);
    }
    for (const s of seeds) {
        const f = facts.seeds.get(s);
        if (f === undefined || f.problem !== undefined || f.files === 0) {
            throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`seeds folder: ${f?.problem ?? 'holds no seed files; add at least one'}`, s);
        }
    }
    return digests;
}
/**
 * Where `init`'s modeline points editors (yaml-language-server) for the ledger's JSON Schema,
 * shipped in this repository as schema/ledger.schema.json. `init --schema URL` overrides it.
 */

/**
 * Reads the run given on the command line, mapped to ids as `check` maps it; `undefined` when
 * neither `--junit` nor `--collected` was given. Fails closed: an unreadable report, or a case
 * that maps to no single id, refuses the command.
 */
async function readRun(at, junit, collected) {
    if (junit === undefined && collected === undefined)
        return undefined;
    const root = at.root;
    // Read as `check` reads them (the same containment checks); the first problem refuses.
    const parsed = await (0,_gather_reports_js__WEBPACK_IMPORTED_MODULE_8__/* .parseReports */ .jk)({
        root,
        ...(await (0,_adapters_fs_report_globs_js__WEBPACK_IMPORTED_MODULE_5__/* .expandReports */ .u)(root, (junit ?? []).map((g) => (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .fromCwd */ .Be)(at, g)))),
        collected: collected === undefined ? undefined : (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .fromCwd */ .Be)(at, collected),
    });
    const problem = parsed.reportProblems[0];
    if (problem)
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(problem.message, problem.file, problem.line);
    const { reports, collected: ids } = parsed;
    const opts = { collected: ids, repoRoot: root };
    const { tests, unmapped, collection } = (0,_junit_map_js__WEBPACK_IMPORTED_MODULE_7__/* .mapCases */ .gq)(reports, opts);
    if (unmapped.length > 0) {
        const u = unmapped[0];
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`${unmapped.length} test case${unmapped.length === 1 ? '' : 's'} map to no single id ` +
            `(first: ${JSON.stringify(u.case.name)}: ${u.reason}); for pytest, use --collected with \`pytest --collect-only -q\` output`, u.case.report);
    }
    return {
        tests,
        collected: ids,
        ids: new Set([...(ids ?? []), ...tests.map((t) => t.id)]),
        collection,
        source: [...(junit ?? []), ...(collected === undefined ? [] : [collected])].join(', '),
    };
}
/**
 * Refuses ids that look like typos. With a run given, every id must be one the run holds;
 * without one, every id must already have a row (a new row needs the run that holds its
 * test). `allowNew` (`--new`) lets an id through anyway: a test not written or run yet.
 */
function requireKnown(ids, run, rows, allowNew, file) {
    if (allowNew) {
        refuseNearMiss(ids, run);
        return;
    }
    const known = run ? run.ids : rows;
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length === 0)
        return;
    const id = unknown[0];
    const near = nearest(id, known) ?? samePathTail(id, known);
    const hint = near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
    const more = unknown.length > 1 ? ` and ${unknown.length - 1} more id(s)` : '';
    if (run) {
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`no given report or collected list holds ${JSON.stringify(id)}${hint}${more}; ` +
            'add --new for a test the run does not hold', run.source);
    }
    throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`${JSON.stringify(id)} has no row${hint}${more}; to add one, give the run that holds the ` +
        'test (--junit GLOB or --collected FILE), or --new for a test not run yet', file.shown);
}
/**
 * `--new` accepts a test the run does not hold, not a typo of one it does: an id the given
 * run lacks while it holds one a few edits away (`FILE:: title` beside `FILE::title`), or the
 * same test under another path (`test_a.py::test_x` beside `tests/test_a.py::test_x`), is
 * refused with that id.
 */
function refuseNearMiss(ids, run) {
    if (!run)
        return;
    for (const id of ids) {
        if (run.ids.has(id))
            continue;
        const near = nearest(id, run.ids) ?? samePathTail(id, run.ids);
        if (near === undefined)
            continue;
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`no given report or collected list holds ${JSON.stringify(id)} (did you mean ${JSON.stringify(near)}?); ` +
            '--new is for a test the run does not hold, not another name of one it does', run.source);
    }
}
/**
 * A known id that is `id` with a longer path: the same test named from another folder, which
 * an edit distance misses when the missing folder is long (`tests/unit/` before the file).
 */
function samePathTail(id, known) {
    if (id.includes('*'))
        return undefined;
    let best;
    for (const k of known) {
        if (k.length > id.length && k.endsWith(id) && '/:'.includes(k[k.length - id.length - 1]))
            if (best === undefined || k < best)
                best = k;
    }
    return best;
}
/**
 * The ids a command that adds or edits rows names: each argument an id or an id glob, a glob
 * matched against the run's ids when a run is given, else the ledger's; then every id is
 * checked as requireKnown says.
 */
function namedIds(args, run, rows, allowNew, file) {
    const ids = run
        ? (0,_options_js__WEBPACK_IMPORTED_MODULE_11__/* .expandIds */ .Pj)(args, run.ids, `in ${run.source}`)
        : (0,_options_js__WEBPACK_IMPORTED_MODULE_11__/* .expandIds */ .Pj)(args, rows, `with a row in ${file.shown}`);
    requireKnown(ids, run, rows, allowNew, file);
    return ids;
}
/**
 * What a command that adds or edits rows reads first: the ledger's rows by id, the run given
 * (--junit / --collected), and the ids its arguments name (namedIds).
 */
async function rowsAndIds(text, file, at, args, values) {
    const rows = new Map(ledgerRows(text, file).map((r) => [r.id, r]));
    const run = await readRun(at, values.junit, values.collected);
    const ids = namedIds(args, run, new Set(rows.keys()), values.new, file);
    return { rows, run, ids };
}
/**
 * The known id closest to `id` by edit distance, when close enough to be a typo. Only ids of
 * the same file (the part before `::`) are compared, or all of them when there are few.
 */
function nearest(id, known) {
    const file = (s) => s.slice(0, Math.max(s.indexOf('::'), 0));
    const all = [...known];
    let pool = all.filter((k) => file(k) === file(id));
    if (pool.length === 0 && all.length <= 2000)
        pool = all;
    const limit = Math.max(2, Math.floor(id.length / 8));
    let best;
    let bestD = limit + 1;
    for (const k of pool.slice(0, 5000)) {
        if (Math.abs(k.length - id.length) >= bestD)
            continue;
        const d = (0,_ledger_distance_js__WEBPACK_IMPORTED_MODULE_16__/* .editDistance */ .Y)(id, k, { cap: bestD });
        if (d < bestD)
            [best, bestD] = [k, d];
    }
    return best;
}
/**
 * The ledger's rows as far as they can be read; an invalid ledger is not refused here (the
 * edit's result is validated before it is written, and that refusal lists every problem).
 */
function ledgerRows(text, file) {
    return (0,_ledger_parse_js__WEBPACK_IMPORTED_MODULE_12__/* .parseLedger */ .h)(text, file.shown).ledger?.rows ?? [];
}


/***/ }),

/***/ 4330:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bw: () => (/* binding */ REPOSITORY),
/* harmony export */   Xr: () => (/* binding */ MAJOR_TAG),
/* harmony export */   cZ: () => (/* binding */ SCHEMA_URL)
/* harmony export */ });
/* harmony import */ var _package_json__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8330);
// The one place that names this project's GitHub repository: package.json's `repository`
// (`github:OWNER/NAME`), read when the bundle is built. A fork changes that line, then runs
// `node scripts/sync-readme.mjs` (it runs sync-schema.mjs, which writes the schema's $id; the
// README follows) and `npm run build`.

/** OWNER/NAME of this project on GitHub. */
const REPOSITORY = _package_json__WEBPACK_IMPORTED_MODULE_0__/* .repository */ .Jk.replace(/^github:/, '');
/**
 * The tag users pin (`uses: OWNER/NAME@v1`): `v` + the major of package.json's version, moved
 * by the release workflow only within that major (scripts/release.mjs computes the same).
 */
const MAJOR_TAG = `v${_package_json__WEBPACK_IMPORTED_MODULE_0__/* .version */ .rE.split('.')[0]}`;
/** The ledger's JSON Schema at the major tag: the schema's `$id` and `init`'s modeline. */
const SCHEMA_URL = `https://raw.githubusercontent.com/${REPOSITORY}/${MAJOR_TAG}/schema/ledger.schema.json`;


/***/ })

};
