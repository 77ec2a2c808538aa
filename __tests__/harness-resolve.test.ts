// The harness as the base's CI runs it (src/harness/): each resolver over a small base tree,
// the reach of every indirection issue 24 lists, and what cannot be followed said, not dropped.
import { describe, expect, test } from '@jest/globals';
import { resolveHarness } from '../src/harness/resolve.js';
import { parseShell } from '../src/harness/shell.js';
import { main } from '../src/cli.js';
import { HUMAN, Repo } from './support/repo.js';

async function resolve(files: Record<string, string>) {
  const r = await resolveHarness({
    files: Object.keys(files),
    read: async (p) => files[p] ?? null,
  });
  const ids = r.reach.map((x) => (x.key ? `${x.path}#${x.key}` : x.path));
  return { ...r, ids };
}

const workflow = (run: string, extra = '') =>
  `name: ci\non: pull_request\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v5\n${extra}      - run: ${run}\n`;

describe('parseShell', () => {
  test('commands split on operators, assignments and redirections kept apart', () => {
    const cmds = parseShell('cd app && NODE_ENV=ci npm test 2>&1 | tee log.txt; ./x.sh > out\n');
    expect(cmds.map((c) => c.words.map((w) => w.text))).toEqual([
      ['cd', 'app'],
      ['npm', 'test'],
      ['tee', 'log.txt'],
      ['./x.sh'],
    ]);
    expect(cmds[1].env.NODE_ENV.text).toBe('ci');
  });

  test('a variable or a command substitution makes its word dynamic; a heredoc body is data', () => {
    const cmds = parseShell('bash "$SCRIPT"\ncat <<EOF\nnode evil.js\nEOF\necho `node t.js`\n');
    expect(cmds[0].words[1]).toEqual({ text: '$SCRIPT', dynamic: true });
    const progs = cmds.map((c) => c.words[0].text);
    expect(progs).not.toContain('node evil.js');
    expect(progs).toEqual(['bash', 'cat', 'node', 'echo']);
    expect(cmds.find((c) => c.words[0].text === 'echo')!.line).toBe(5);
  });

  test('quotes, continuations and keywords', () => {
    const cmds = parseShell("if [ -f a ]; then sh -c 'make test'; fi\npytest \\\n  -p plug\n");
    expect(cmds.map((c) => c.words.map((w) => w.text))).toEqual([
      ['[', '-f', 'a', ']'],
      ['sh', '-c', 'make test'],
      ['pytest', '-p', 'plug'],
    ]);
    expect(cmds[2].line).toBe(2);
  });

  test('linear in its input: a megabyte of quotes and operators', () => {
    const text = `echo ${'"a" && $(b) | '.repeat(60_000)}\n`;
    const t = Date.now();
    parseShell(text);
    expect(Date.now() - t).toBeLessThan(2000);
  });
});

describe('resolveHarness: the indirections of issue 24', () => {
  test('npm test → an npm script chain: every script it calls is a harness key', async () => {
    const r = await resolve({
      '.github/workflows/ci.yml': workflow('npm ci && npm test'),
      'package.json': JSON.stringify({
        scripts: {
          test: 'npm run test:unit',
          'test:unit': 'jest -c jest.unit.config.js',
          postinstall: 'node tools/fetch.js',
        },
      }),
      'jest.unit.config.js': "module.exports = { setupFiles: ['./src/setup.js'] };\n",
      'src/setup.js': "require('./polyfill');\n",
      'src/polyfill.js': '',
      'tools/fetch.js': '',
    });
    expect(r.ids).toEqual(
      expect.arrayContaining([
        'package.json#scripts.test',
        'package.json#scripts.test:unit',
        'package.json#scripts.pretest:unit',
        'package.json#scripts.postinstall',
        'tools/fetch.js',
        'jest.unit.config.js',
        'src/setup.js',
        'src/polyfill.js',
        '.npmrc',
      ]),
    );
    const chain = r.reach.find((x) => x.path === 'src/setup.js')!.via;
    expect(chain).toContain('scripts.test:unit');
  });

  test('.npmrc node-options preloads a module; .yarnrc.yml yarnPath', async () => {
    const r = await resolve({
      '.npmrc': 'node-options=--require ./src/preload.js\n',
      'src/preload.js': '',
      '.yarnrc.yml': 'yarnPath: .yarn/releases/yarn-4.cjs\n',
    });
    expect(r.ids).toEqual(expect.arrayContaining(['src/preload.js', '.yarn/releases/yarn-4.cjs']));
  });

  test('pytest addopts -p and conftest pytest_plugins name modules inside src/', async () => {
    const r = await resolve({
      'pytest.ini':
        '[pytest]\npythonpath = src\naddopts = -q\n    -p myproj.plugin -p no:cacheprovider\n',
      'src/myproj/plugin.py': '',
      'tests/conftest.py': 'pytest_plugins = [\n    "myproj.fixtures",\n]\n',
      'src/myproj/fixtures.py': '',
      'pyproject.toml': '[tool.pytest.ini_options]\naddopts = ["-p", "tools.hook"]\n',
    });
    expect(r.ids).toEqual(
      expect.arrayContaining(['src/myproj/plugin.py', 'src/myproj/fixtures.py', 'tools/hook.py']),
    );
    expect(r.ids.some((i) => i.includes('cacheprovider'))).toBe(false);
  });

  test('make test → the Makefile, its include, and the scripts its recipe runs', async () => {
    const r = await resolve({
      '.github/workflows/ci.yml': workflow('make test'),
      Makefile:
        'include mk/vars.mk\nPY = python3\n\nbuild:\n\techo build\n\ntest: deps\n\t@bash scripts/ci.sh\n\ndeps:\n\t$(PY) tools/deps.py\n\nlint:\n\tnode tools/lint.js\n',
      'mk/vars.mk': 'X = 1\n',
      'scripts/ci.sh': '#!/bin/sh\nset -e\npython -m pytest -p tools.plug\n',
      'tools/deps.py': 'import helpers\n',
      'tools/helpers.py': '',
      'tools/plug.py': '',
      'tools/lint.js': '',
    });
    expect(r.ids).toEqual(
      expect.arrayContaining([
        'Makefile',
        'mk/vars.mk',
        'scripts/ci.sh',
        'tools/deps.py',
        'tools/helpers.py',
        'tools/plug.py',
      ]),
    );
    // Only the targets make runs: `lint` is not reached.
    expect(r.ids).not.toContain('tools/lint.js');
  });

  test('workflow run steps: scripts, interpreters, working-directory, NODE_OPTIONS', async () => {
    const r = await resolve({
      '.github/workflows/ci.yml': workflow(
        '|\n          ./ci/run.sh\n          node scripts/test.mjs --require ./x\n          python tools/check.py',
        '      - run: npx mocha\n        working-directory: web\n        env:\n          NODE_OPTIONS: --import ./hooks/esm.mjs\n',
      ),
      'ci/run.sh': '',
      'scripts/test.mjs': "import { x } from './lib/x.mjs';\n",
      'scripts/lib/x.mjs': '',
      'tools/check.py': '',
      'web/.mocharc.yml': 'require:\n  - ./test/setup.js\n',
      'web/hooks/esm.mjs': '',
    });
    expect(r.ids).toEqual(
      expect.arrayContaining([
        'ci/run.sh',
        'scripts/test.mjs',
        'scripts/lib/x.mjs',
        'tools/check.py',
        'web/hooks/esm.mjs',
        'web/.mocharc.yml',
        'web/test/setup.js',
      ]),
    );
  });

  test('vitest and jest configs: setup files, imported plugins, fixed mapper targets, tsconfig', async () => {
    const r = await resolve({
      'vite.config.ts':
        "import { defineConfig } from 'vitest/config';\nimport gen from './src/vite-plugin';\nexport default defineConfig({ plugins: [gen()], test: { setupFiles: ['./test/setup.ts'], globalSetup: './src/global.ts', alias: { '@': './src' } } });\n",
      'src/vite-plugin.ts': '',
      'src/global.ts': '',
      'src/index.ts': '',
      'tsconfig.json': '{ "extends": "./tsconfig.base.json" }',
      'tsconfig.base.json': '{}',
      'jest.config.js':
        "module.exports = { preset: 'ts-jest', testEnvironment: '<rootDir>/env/custom.js', moduleNameMapper: { '\\\\.css$': '<rootDir>/src/style-mock.js', '^@/(.*)$': '<rootDir>/src/$1' }, reporters: ['default', './tools/reporter.js'] };\n",
      'env/custom.js': '',
      'src/style-mock.js': '',
      'tools/reporter.js': '',
    });
    expect(r.ids).toEqual(
      expect.arrayContaining([
        'src/vite-plugin.ts',
        'src/global.ts',
        'test/setup.ts',
        'tsconfig.json',
        'tsconfig.base.json',
        'env/custom.js',
        'src/style-mock.js',
        'tools/reporter.js',
      ]),
    );
    // An alias root and a mapper's rewrite are where production code lives, not harness.
    expect(r.ids).not.toContain('src');
    expect(r.ids).not.toContain('src/index.ts');
  });

  test('what cannot be followed is said, with its file and line', async () => {
    const r = await resolve({
      '.github/workflows/ci.yml': workflow('bash "$SCRIPT"'),
      'jest.config.js':
        "const path = require('path');\nmodule.exports = {\n  setupFiles: [path.join(__dirname, helper)],\n};\n",
      'conftest.py': 'PLUGINS = ["a"]\npytest_plugins = PLUGINS\n',
    });
    expect(r.unresolved).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: '.github/workflows/ci.yml', line: 8 }),
        expect.objectContaining({ file: 'jest.config.js', line: 3 }),
        expect.objectContaining({ file: 'conftest.py', line: 2 }),
      ]),
    );
  });

  test('a module the base names but does not have is harness too (a file the change adds there)', async () => {
    const r = await resolve({ 'pytest.ini': '[pytest]\naddopts = -p localplug\n' });
    expect(r.ids).toEqual(expect.arrayContaining(['localplug.py', 'localplug/__init__.py']));
  });

  test('bounded: a cycle of scripts is read once; a huge file is not read', async () => {
    const r = await resolve({
      '.github/workflows/ci.yml': workflow('bash a.sh'),
      'a.sh': 'bash b.sh\n',
      'b.sh': 'bash a.sh\n' + '#'.repeat(600 * 1024),
    });
    expect(r.ids).toEqual(expect.arrayContaining(['a.sh', 'b.sh']));
    expect(r.unresolved).toEqual([
      expect.objectContaining({ file: 'b.sh', what: expect.stringContaining('larger') }),
    ]);
  });
});

describe('ledger-gate harness', () => {
  test('lists what a commit reaches, and what it cannot follow, from git', async () => {
    const repo = new Repo('ledger-gate-harness-');
    try {
      repo.write({
        '.github/workflows/ci.yml': workflow('make test'),
        Makefile: 'test:\n\tbash scripts/ci.sh "$(SUITE)"\n',
        'scripts/ci.sh': 'python -m pytest -p myplug\nbash "$1"\n',
      });
      repo.commit('ci', HUMAN);
      let out = '';
      const code = await main(['harness'], {
        cwd: repo.dir,
        stdout: (s) => void (out += s),
        stderr: () => undefined,
      });
      expect(code).toBe(0);
      expect(out).toMatch(
        /^ {2}scripts\/ci\.sh {4}via \.github\/workflows\/ci\.yml job test run → make test/m,
      );
      expect(out).toMatch(/^ {2}myplug\.py /m);
      expect(out).toContain('scripts/ci.sh:2: sh $1: a script named by a variable');
    } finally {
      repo.cleanup();
    }
  });
});
