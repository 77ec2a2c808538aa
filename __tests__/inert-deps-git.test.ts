// Issue 44, items 1 and 2, on real git repositories through `ledger-gate check` with the write
// boundary derived from the base (no write-path input): an agent's README, docs page or
// changelog is admitted and listed; documents the base's CI reads as tests, code in docs/, an
// executable or shebang'd document stay rejects; a registry dependency bump with its lock file
// is a `dependency-change` review naming each package, a dependency bot's too; a path, git or
// tarball spec, an install script, an override or a test-settings key stays a reject.
import { afterAll, describe, expect, test } from '@jest/globals';
import { chmodSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { Report } from '../src/types.js';
import { AGENT, HUMAN, Repo, SCENARIO_FILE, scenarioBase, type Author } from './support/repo.js';
import { check as checkIn } from './support/check.js';

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

const DEPENDABOT: Author = {
  name: 'dependabot[bot]',
  email: '49699333+dependabot[bot]@users.noreply.github.com',
};
const GITHUB: Author = { name: 'GitHub', email: 'noreply@github.com' };

const REG = (name: string, v: string) => `https://registry.npmjs.org/${name}/-/${name}-${v}.tgz`;

/** A package.json from its dependency maps and any other keys. */
const pkg = (o: Record<string, unknown>) =>
  `${JSON.stringify({ name: 'widgets', version: '1.0.0', scripts: { test: 'jest' }, ...o }, null, 2)}\n`;
const DEPS = { dependencies: { lodash: '4.17.20' }, devDependencies: { typescript: '^5.4.0' } };

/** package-lock.json v3 for lodash and typescript at these versions (resolved as given). */
const lock = (lodash: string, ts: string, resolved = REG('lodash', lodash), range = ts) =>
  `${JSON.stringify(
    {
      name: 'widgets',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': {
          name: 'widgets',
          version: '1.0.0',
          dependencies: { lodash },
          devDependencies: { typescript: `^${range}` },
        },
        'node_modules/lodash': { version: lodash, resolved, integrity: `sha512-${lodash}` },
        'node_modules/typescript': {
          version: ts,
          resolved: REG('typescript', ts),
          integrity: `sha512-${ts}`,
          dev: true,
        },
      },
    },
    null,
    2,
  )}\n`;

function baseRepo(extra: Record<string, string> = {}): Repo {
  return scenarioBase(repos, {
    'README.md': '# widgets\n',
    'CHANGELOG.md': '# Changelog\n',
    'docs/index.md': '# Docs\n',
    'docs/conf.py': 'project = "widgets"\n',
    'package.json': pkg({ ...DEPS, dependencies: { lodash: '4.17.20' } }),
    'package-lock.json': lock('4.17.20', '5.4.2'),
    'pyproject.toml':
      '[project]\nname = "widgets"\nversion = "1.0"\ndependencies = [\n  "requests>=2.31",\n  "attrs==23.1.0",\n]\n\n[project.optional-dependencies]\ntest = ["pytest==8.0.0"]\n',
    'requirements-dev.txt': 'pytest==8.0.0\nhypothesis==6.0.0 --hash=sha256:abc\n',
    ...extra,
  });
}

/** check against main: the decision, each finding as `rule:file`, and the agent's changes. */
async function check(repo: Repo) {
  const r = await checkIn(repo, '--base', 'main');
  const report = r.report as Report & {
    agent_changes?: { kind: string; path: string }[];
  };
  const rules = report.findings
    .filter((f) => f.result === 'reject' || f.result === 'review')
    .filter((f) => f.file !== undefined && f.file !== SCENARIO_FILE && !f.file.startsWith('tests/'))
    .map((f) => `${f.rule}:${f.file}`)
    .sort();
  const kinds = Object.fromEntries((report.agent_changes ?? []).map((c) => [c.path, c.kind]));
  const message = (rule: string) => report.findings.find((f) => f.rule === rule)?.message ?? '';
  return { ...r, report, rules, kinds, message };
}

describe('inert files are the agent’s to write', () => {
  test("an agent's README, new docs page, changelog entry and picture are admitted and listed as docs", async () => {
    const repo = baseRepo();
    repo.write({
      'README.md': '# widgets\n\nFixed the install line.\n',
      'docs/guide.md': '# Guide\n\n```python\nimport widgets\n```\n',
      'docs/usage.rst': 'Usage\n=====\n',
      'CHANGELOG.md': '# Changelog\n\n- fixed f\n',
      'docs/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]).toString('latin1'),
      LICENSE: 'MIT\n',
      'src/lib.py': 'def f():\n    return 1  # tidy\n',
    });
    repo.commit('fix the docs', AGENT);
    const r = await check(repo);
    expect(r.rules).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.kinds).toEqual({
      'CHANGELOG.md': 'docs',
      LICENSE: 'docs',
      'README.md': 'docs',
      'docs/guide.md': 'docs',
      'docs/logo.png': 'docs',
      'docs/usage.rst': 'docs',
      'src/lib.py': 'production', // the derived production paths (gather/production.ts) class it
    });
    expect(r.stdout).toMatch(/what the agent's commits changed:[\s\S]*docs 6: /);
    // The summary's section lists them too, each name escaped as every path is.
    const md = path.join(repo.dir, 'build', 'summary.md');
    await checkIn(repo, '--base', 'main', '--summary', md);
    expect(readFileSync(md, 'utf8')).toMatch(
      /### What the agent's commits changed\n\n[\s\S]*- \*\*docs\*\* \(6\): `CHANGELOG\.md`/,
    );
  });

  test("code in docs/, an executable, symlinked or shebang'd document, a dotfolder's Markdown and a requirements .txt stay outside", async () => {
    const repo = baseRepo();
    repo.write({
      'docs/conf.py': 'project = "widgets"\nimport os\n',
      'docs/theme.js': 'module.exports = {};\n',
      'docs/run.md': '#!/bin/sh\necho hi\n',
      'NOTES.md': 'notes\n',
      '.github/notes.md': 'x\n',
      'test_readme.txt': '>>> 1 + 1\n2\n',
    });
    chmodSync(path.join(repo.dir, 'NOTES.md'), 0o755);
    symlinkSync('../src/lib.py', path.join(repo.dir, 'docs/lib.md'));
    repo.commit('docs build', AGENT);
    const r = await check(repo);
    expect(r.rules).toEqual([
      'agent-write-outside:.github/notes.md',
      'agent-write-outside:NOTES.md',
      'agent-write-outside:docs/conf.py',
      'agent-write-outside:docs/lib.md',
      'agent-write-outside:docs/run.md',
      'agent-write-outside:docs/theme.js',
      'agent-write-outside:test_readme.txt',
    ]);
    expect(r.code).toBe(1);
  });

  test("a document the base's CI reads as tests stays a test path: pytest --doctest-glob, a markdown runner, jest roots", async () => {
    const pytestIni = baseRepo({ 'pytest.ini': "[pytest]\naddopts = --doctest-glob='*.md'\n" });
    pytestIni.write({ 'README.md': '# widgets\n\n>>> 1\n1\n', 'docs/notes.rst': 'x\n' });
    pytestIni.commit('docs', AGENT);
    const a = await check(pytestIni);
    // The .md is a test path (the glob); the .rst, which no glob reaches, is inert.
    expect(a.rules).toEqual(['agent-test-edit:README.md']);
    expect(a.kinds['docs/notes.rst']).toBe('docs');
    expect(a.stdout).toContain(
      "note: inert files: the base's CI reads documents as tests (pytest.ini: --doctest-glob *.md)",
    );

    const workflow = baseRepo({
      '.github/workflows/ci.yml':
        'on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: pip install pytest-markdown-docs\n      - run: pytest --markdown-docs\n',
    });
    workflow.write({ 'docs/index.md': '# Docs\n\n```python\nassert True\n```\n' });
    workflow.commit('docs', AGENT);
    expect((await check(workflow)).rules).toEqual(['agent-test-edit:docs/index.md']);

    const jest = baseRepo({
      'package.json': pkg({ ...DEPS, jest: { roots: ['<rootDir>/src', '<rootDir>/docs'] } }),
    });
    jest.write({ 'docs/index.md': '# Docs, again\n' });
    jest.commit('docs', AGENT);
    expect((await check(jest)).rules).toEqual(['agent-test-edit:docs/index.md']);
  });

  test("a document a workflow's run: step executes is harness, as before", async () => {
    const repo = baseRepo({
      '.github/workflows/ci.yml':
        'on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: bash docs/setup.md\n      - run: pytest\n',
      'docs/setup.md': 'pip install -e .\n',
    });
    repo.write({ 'docs/setup.md': 'pip install -e . && true\n' }).commit('setup', AGENT);
    expect((await check(repo)).rules).toEqual(['agent-harness-edit:docs/setup.md']);
  });

  test("a human's docs edit adds nothing either", async () => {
    const repo = baseRepo();
    repo.write({ 'README.md': '# widgets!\n', 'docs/conf.py': 'x = 1\n' }).commit('docs', HUMAN);
    const r = await check(repo);
    expect(r.rules).toEqual([]);
    expect(r.code).toBe(0);
  });
});

describe('dependencies judged by what they load', () => {
  test("an agent's lodash 4.17.20 → 4.17.21 bump with its lock file is a dependency-change review naming it", async () => {
    const repo = baseRepo();
    repo.write({
      'package.json': pkg({ ...DEPS, dependencies: { lodash: '4.17.21' } }),
      'package-lock.json': lock('4.17.21', '5.4.2'),
    });
    const sha = repo.commit('bump lodash', AGENT);
    const r = await check(repo);
    expect(r.rules).toEqual(['dependency-change:package.json']);
    expect(r.code).toBe(3);
    expect(r.message('dependency-change')).toBe(
      `package.json: lodash 4.17.20 → 4.17.21 (dependencies); with package-lock.json: commit ${sha.slice(0, 12)} edits it (author copilot-swe-agent[bot] matches agent-authors)`,
    );
    expect(r.report.findings.find((f) => f.rule === 'dependency-change')!.accepts).toBe(
      'the dependencies of package.json and package-lock.json as the head has them',
    );
    expect(r.kinds).toEqual({
      'package.json': 'dependencies',
      'package-lock.json': 'dependencies',
    });
  });

  test("an agent's merge of main, whose human changed another key of package.json, keeps its bump a review", async () => {
    const repo = baseRepo();
    repo.write({ 'package.json': pkg({ ...DEPS, dependencies: { lodash: '4.17.21' } }) });
    repo.commit('bump lodash', AGENT);
    repo.git('checkout', '-q', 'main');
    repo.write({ 'package.json': pkg({ ...DEPS, scripts: { test: 'jest', build: 'tsc' } }) });
    repo.commit('a build script', HUMAN);
    repo.git('checkout', '-q', 'change');
    repo.git(
      '-c',
      'user.name=x',
      '-c',
      'user.email=x@example.com',
      'merge',
      '-q',
      '--no-commit',
      'main',
    );
    repo.commit('merge main', AGENT);
    const r = await check(repo);
    expect(r.rules).toEqual(['dependency-change:package.json']);
    expect(r.message('dependency-change')).toMatch(
      /^package\.json: lodash 4\.17\.20 → 4\.17\.21 \(dependencies\): commit \w{12} edits it .*; commit \w{12} edits it/,
    );
  });

  test("a dependency bot's devDependency bump with its lock file is a review", async () => {
    const repo = baseRepo();
    repo.write({
      'package.json': pkg({ ...DEPS, devDependencies: { typescript: '^5.5.3' } }),
      'package-lock.json': lock('4.17.20', '5.5.3'),
    });
    repo.commit(
      'Bump typescript from 5.4.2 to 5.5.3\n\nSigned-off-by: dependabot[bot] <support@github.com>\n',
      DEPENDABOT,
      GITHUB,
    );
    const r = await check(repo);
    expect(r.rules).toEqual(['dependency-change:package.json']);
    expect(r.code).toBe(3);
    expect(r.message('dependency-change')).toContain(
      'typescript ^5.4.0 → ^5.5.3 (devDependencies); with package-lock.json',
    );
    expect(r.message('dependency-change')).toContain('dependabot[bot] matches agent-authors');
  });

  test('a path, link, git, tarball or workspace spec, an install script, an override, a jest key: rejects', async () => {
    const plays: [string, Record<string, unknown>, string][] = [
      ['file:', { dependencies: { lodash: 'file:../lodash' } }, 'agent-write-outside'],
      ['link:', { dependencies: { lodash: 'link:vendor/lodash' } }, 'agent-write-outside'],
      [
        'git',
        { dependencies: { lodash: 'git+https://github.com/x/lodash.git#v4' } },
        'agent-write-outside',
      ],
      ['github', { dependencies: { lodash: 'x/lodash' } }, 'agent-write-outside'],
      [
        'tarball',
        { dependencies: { lodash: 'https://evil.example/lodash.tgz' } },
        'agent-write-outside',
      ],
      ['workspace', { dependencies: { lodash: 'workspace:*' } }, 'agent-write-outside'],
      [
        'postinstall',
        { scripts: { test: 'jest', postinstall: 'node x.js' } },
        'agent-write-outside',
      ],
      ['overrides', { overrides: { lodash: '4.17.0' } }, 'agent-write-outside'],
      ['resolutions', { resolutions: { lodash: '4.17.0' } }, 'agent-write-outside'],
      ['jest', { jest: { testEnvironment: 'node' } }, 'agent-harness-edit'],
    ];
    for (const [name, o, rule] of plays) {
      const repo = baseRepo();
      repo.write({ 'package.json': pkg({ ...DEPS, ...o }) }).commit(name, AGENT);
      const r = await check(repo);
      expect([name, r.rules, r.code]).toEqual([name, [`${rule}:package.json`], 1]);
    }
    const repo = baseRepo();
    repo.write({
      'package.json': pkg({ ...DEPS, scripts: { test: 'jest', postinstall: 'node x.js' } }),
    });
    repo.commit('install', AGENT);
    expect((await check(repo)).message('agent-write-outside')).toContain(
      'changes scripts.postinstall: not a dependency version',
    );
  });

  test('Python: a pyproject bump and a requirements pin are reviews; a git requirement or a new index rejects', async () => {
    const repo = baseRepo();
    repo.write({
      'pyproject.toml':
        '[project]\nname = "widgets"\nversion = "1.0"\ndependencies = [\n  "requests>=2.32",\n  "attrs==23.1.0",\n]\n\n[project.optional-dependencies]\ntest = ["pytest==8.0.0"]\n',
      'requirements-dev.txt': 'pytest==8.1.0\nhypothesis==6.0.0 --hash=sha256:abc\n',
    });
    repo.commit('bump', AGENT);
    const r = await check(repo);
    expect(r.rules).toEqual([
      'dependency-change:pyproject.toml',
      'dependency-change:requirements-dev.txt',
    ]);
    expect(r.report.findings.map((f) => f.message).join('\n')).toContain(
      'pyproject.toml: requests >=2.31 → >=2.32 (project.dependencies)',
    );
    const git = baseRepo();
    git
      .write({ 'requirements-dev.txt': 'pytest @ git+https://github.com/x/pytest\n' })
      .commit('git', AGENT);
    expect((await check(git)).rules).toEqual(['agent-write-outside:requirements-dev.txt']);
    const index = baseRepo();
    index.write({
      'requirements-dev.txt': '--extra-index-url https://evil.example/simple\npytest==8.0.0\n',
    });
    index.commit('index', AGENT);
    expect((await check(index)).rules).toEqual(['agent-write-outside:requirements-dev.txt']);
    const tool = baseRepo();
    tool.write({
      'pyproject.toml':
        '[project]\nname = "widgets"\nversion = "1.0"\ndependencies = [\n  "requests>=2.31",\n  "attrs==23.1.0",\n]\n\n[project.optional-dependencies]\ntest = ["pytest==8.0.0"]\n\n[tool.pytest.ini_options]\naddopts = "-p no:x"\n',
    });
    tool.commit('pytest settings', AGENT);
    expect((await check(tool)).rules).toEqual(['agent-harness-edit:pyproject.toml']);
  });

  test('a lock file alone: package-lock.json on the registry is a review, off it a reject; yarn.lock alone a reject', async () => {
    const repo = baseRepo();
    // A refresh within the range: the root entry (package.json's maps) stays as it was.
    const refreshed = lock('4.17.20', '5.4.5', undefined, '5.4.2');
    repo.write({ 'package-lock.json': refreshed }).commit('lock refresh', AGENT);
    const r = await check(repo);
    expect(r.rules).toEqual(['dependency-change:package-lock.json']);
    expect(r.message('dependency-change')).toContain('typescript 5.4.2 → 5.4.5 (lock)');

    const off = baseRepo();
    off.write({ 'package-lock.json': lock('4.17.20', '5.4.2', 'https://evil.example/lodash.tgz') });
    off.commit('lock', AGENT);
    const o = await check(off);
    expect(o.rules).toEqual(['agent-write-outside:package-lock.json']);
    expect(o.message('agent-write-outside')).toContain('not the npm registry');

    const root = baseRepo();
    root.write({
      'package-lock.json': lock('4.17.20', '5.4.2').replace(
        '"lodash": "4.17.20"',
        '"lodash": "4.17.19"',
      ),
    });
    root.commit('lock root', AGENT);
    expect((await check(root)).rules).toEqual(['agent-write-outside:package-lock.json']);

    const yarn = baseRepo({ 'yarn.lock': '# yarn lockfile v1\n' });
    yarn.write({ 'yarn.lock': '# yarn lockfile v1\n\nlodash@4.17.21:\n  version "4.17.21"\n' });
    yarn.commit('yarn', AGENT);
    expect((await check(yarn)).rules).toEqual(['agent-write-outside:yarn.lock']);
  });
});
