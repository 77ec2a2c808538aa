// Manifests and lock files read as data (src/decision/dependencies.ts), inert names
// (inert-paths.ts) and the documents a base's CI reads as tests (doc-tests.ts): pure
// functions over the texts git gives, each problem a one-line reason.
import { describe, expect, test } from '@jest/globals';
import { dependencyEdit, dependencyFile } from '../src/decision/dependencies.js';
import { describeMoves } from '../src/decision/dependency-change.js';
import { docTests } from '../src/decision/doc-tests.js';
import { inertAtHead, inertByName } from '../src/decision/inert-paths.js';

const json = (o: unknown) => `${JSON.stringify(o, null, 2)}\n`;
const problem = (path: string, before: string | null, after: string | null) => {
  const e = dependencyEdit(path, before, after);
  return e.problem;
};

describe('package.json', () => {
  const base = {
    name: 'x',
    scripts: { test: 'jest' },
    dependencies: { lodash: '4.17.20' },
    devDependencies: { jest: '^29.0.0' },
  };
  test('registry versions in the four maps are moves, named old → new', () => {
    const after = {
      ...base,
      dependencies: { lodash: '4.17.21', 'left-pad': '^1.3.0' },
      devDependencies: {},
      peerDependencies: { react: '>=18 <20' },
      optionalDependencies: { fsevents: 'latest', cjs: 'npm:string-width@^4.2.3' },
    };
    const e = dependencyEdit('package.json', json(base), json(after));
    expect(e.problem).toBeUndefined();
    expect(describeMoves(e.problem === undefined ? e.moves : [])).toBe(
      'lodash 4.17.20 → 4.17.21 (dependencies), +left-pad ^1.3.0 (dependencies), -jest ^29.0.0 (devDependencies), +react >=18 <20 (peerDependencies), +fsevents latest (optionalDependencies), +cjs npm:string-width@^4.2.3 (optionalDependencies)',
    );
  });
  test.each([
    ['file:../lodash'],
    ['link:../lodash'],
    ['workspace:*'],
    ['git+ssh://git@github.com/lodash/lodash.git'],
    ['github:lodash/lodash'],
    ['lodash/lodash#v4'],
    ['https://example.com/lodash.tgz'],
    ['npm:../x@1'],
  ])('%s is not a registry version', (spec) => {
    const after = { ...base, dependencies: { lodash: spec } };
    expect(problem('package.json', json(base), json(after))).toMatch(
      /^dependencies\.lodash: .* is not a registry version/,
    );
  });
  test('scripts, overrides, resolutions, pnpm, bin and any other key are more than versions', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ scripts: { test: 'jest', postinstall: 'node evil.js' } }, 'changes scripts.postinstall'],
      [{ overrides: { lodash: '4.0.0' } }, 'changes overrides.lodash'],
      [{ resolutions: { lodash: '4.0.0' } }, 'changes resolutions.lodash'],
      [{ pnpm: { overrides: { lodash: '4.0.0' } } }, 'changes pnpm.overrides'],
      [{ main: 'evil.js' }, 'changes main'],
      [{ dependencies: ['lodash'] }, 'dependencies is not an object of versions'],
    ];
    for (const [o, why] of cases)
      expect(problem('package.json', json(base), json({ ...base, ...o }))).toContain(why);
  });
  test('unparseable, deleted, or not an object: a one-line problem', () => {
    expect(problem('package.json', json(base), '{ "name": ')).toBe(
      'the new text does not parse as JSON',
    );
    expect(problem('package.json', json(base), null)).toBe('deletes it');
    expect(problem('package.json', json(base), '[1]')).toBe('the new text is not a JSON object');
  });
});

describe('package-lock.json', () => {
  const reg = (n: string, v: string) => `https://registry.npmjs.org/${n}/-/${n}-${v}.tgz`;
  const lock = (entries: Record<string, unknown>, root = { dependencies: { a: '^1.0.0' } }) =>
    json({ name: 'x', lockfileVersion: 3, packages: { '': root, ...entries } });
  const a1 = { 'node_modules/a': { version: '1.0.0', resolved: reg('a', '1.0.0') } };
  test('packages that resolve on the registry are moves; a changed root needs its manifest', () => {
    const after = {
      'node_modules/a': { version: '1.0.1', resolved: reg('a', '1.0.1') },
      'node_modules/@s/b': { version: '2.0.0', resolved: reg('@s/b', '2.0.0') },
    };
    const e = dependencyEdit('package-lock.json', lock(a1), lock(after));
    expect(e).toEqual({
      moves: [
        { name: 'a', section: 'lock', from: '1.0.0', to: '1.0.1' },
        { name: '@s/b', section: 'lock', from: null, to: '2.0.0' },
      ],
    });
    const root = dependencyEdit(
      'package-lock.json',
      lock(a1),
      lock(after, { dependencies: { a: '^1.0.1' } }),
    );
    expect(root).toMatchObject({ needsManifest: true });
  });
  test('off the registry, a link or a bundled package: a problem naming the entry', () => {
    for (const [e, why] of [
      [{ version: '1.0.1', resolved: 'https://evil.example/a.tgz' }, 'not the npm registry'],
      [{ version: '1.0.1', resolved: 'git+ssh://git@github.com/x/a.git#abc' }, 'not the npm'],
      [{ version: '1.0.1' }, 'resolves to null'],
      [{ resolved: 'packages/a', link: true }, 'a link or a bundled package'],
      [{ version: '1.0.1', inBundle: true }, 'a link or a bundled package'],
    ] as const)
      expect(problem('package-lock.json', lock(a1), lock({ 'node_modules/a': e }))).toContain(why);
    // lockfile v1's nested map is read the same way.
    const v1 = (d: unknown) => json({ name: 'x', lockfileVersion: 1, dependencies: d });
    expect(
      problem(
        'package-lock.json',
        v1({ a: { version: '1.0.0', resolved: reg('a', '1.0.0') } }),
        v1({ a: { version: 'github:x/a#abc', resolved: 'git+https://github.com/x/a.git#abc' } }),
      ),
    ).toContain('a resolves to "git+https://github.com/x/a.git#abc"');
    expect(problem('package-lock.json', lock(a1), lock(a1).replace('"x"', '"y"'))).toBe(
      'changes name: not a dependency version',
    );
  });
});

describe('other lock files', () => {
  test('added lines on the registries stand beside their manifest; a source off them is a problem', () => {
    const yarn = '# yarn lockfile v1\n';
    expect(
      dependencyEdit(
        'yarn.lock',
        yarn,
        `${yarn}\nlodash@^4.17.21:\n  version "4.17.21"\n  resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#abc"\n`,
      ),
    ).toEqual({ moves: [], needsManifest: true });
    const bad: [string, string][] = [
      ['yarn.lock', '  resolved "https://evil.example/lodash.tgz"'],
      ['yarn.lock', '  resolved "git+https://github.com/x/y.git#abc"'],
      ['pnpm-lock.yaml', '    resolution: {tarball: https://evil.example/a.tgz}'],
      ['pnpm-lock.yaml', '      a: link:../a'],
      ['uv.lock', 'source = { git = "https://github.com/x/y?rev=abc#abc" }'],
      ['uv.lock', 'source = { path = "../y" }'],
      ['poetry.lock', 'type = "git"'],
      ['Pipfile.lock', '        "git": "https://github.com/x/y",'],
    ];
    for (const [file, line] of bad)
      expect([file, problem(file, '', `${line}\n`)]).toEqual([
        file,
        expect.stringMatching(/^adds /),
      ]);
  });
});

describe('Python manifests', () => {
  const py = (deps: string, extra = '') =>
    `[project]\nname = "w"\nversion = "1"\ndependencies = [\n${deps}]\n\n[project.optional-dependencies]\ntest = ["pytest>=8"]\n${extra}`;
  test('pyproject: requirement strings in the dependency arrays are moves', () => {
    const e = dependencyEdit(
      'pyproject.toml',
      py('  "requests>=2.31",\n  "Attrs==23.1",\n'),
      py(
        '  "requests>=2.32",  # newer\n  "attrs==23.1",\n  "rich[jupyter]~=13.0; python_version>=\'3.9\'",\n',
      ),
    );
    expect(e.problem === undefined && describeMoves(e.moves)).toBe(
      "requests >=2.31 → >=2.32 (project.dependencies), +rich[jupyter] ~=13.0 ; python_version>='3.9' (project.dependencies)",
    );
  });
  test('pyproject: a URL, a path, another table or a multi-line string is a problem', () => {
    const before = py('  "requests>=2.31",\n');
    expect(
      problem('pyproject.toml', before, py('  "requests @ https://evil.example/r.whl",\n')),
    ).toContain('is not a registry requirement');
    expect(problem('pyproject.toml', before, py('  "./vendor/requests",\n'))).toContain(
      'is not a registry requirement',
    );
    expect(
      problem(
        'pyproject.toml',
        before,
        py('  "requests>=2.31",\n', '\n[tool.hatch.build]\nx = 1\n'),
      ),
    ).toBe('changes more than [project] dependencies, optional dependencies and dependency groups');
    expect(
      problem('pyproject.toml', before, py('  "requests>=2.31",\n', 'readme = """\n[x]\n"""\n')),
    ).toBe('holds a multi-line string: not read as dependencies');
    expect(problem('pyproject.toml', before, py('  {include-group = "x"},\n'))).toContain(
      'holds more than requirement strings',
    );
  });
  test('requirements: pins (hashes allowed) are moves; option lines, URLs and editables are problems', () => {
    const e = dependencyEdit(
      'requirements/dev.txt',
      'pytest==8.0.0 \\\n    --hash=sha256:aa\n# tools\nblack==24.1\n',
      'pytest==8.1.0 \\\n    --hash=sha256:bb\nblack==24.1  # formatter\n',
    );
    expect(e.problem === undefined && describeMoves(e.moves)).toBe(
      'pytest ==8.0.0 → ==8.1.0 (requirements)',
    );
    for (const line of [
      '-e ./vendor/x',
      '--index-url https://evil.example/simple',
      '-r other.txt',
      'x @ git+https://github.com/x/x',
      'git+https://github.com/x/x#egg=x',
      './vendor/x.whl',
    ])
      expect([line, problem('requirements.txt', 'pytest==8\n', `pytest==8\n${line}\n`)]).toEqual([
        line,
        expect.stringMatching(/option line|not a registry requirement/),
      ]);
  });
  test('which files are dependency files', () => {
    expect(
      [
        'a/package.json',
        'requirements-dev.txt',
        'requirements/test.txt',
        'uv.lock',
        'x/pnpm-lock.yaml',
        'setup.py',
        'README.txt',
      ].map(dependencyFile),
    ).toEqual([
      'package.json',
      'requirements',
      'requirements',
      'lock',
      'lock',
      undefined,
      undefined,
    ]);
  });
});

describe('inert files and documents read as tests', () => {
  test('inert by name: documents, pictures, licences, changelogs; never code, dotfiles or tool-read .txt', () => {
    const inert = [
      'README.md',
      'docs/guide.rst',
      'docs/a/b.adoc',
      'CHANGELOG',
      'CHANGES.rst',
      'LICENSE',
      'LICENSE-MIT',
      'img/logo.svg',
      'docs/x.png',
      'notes.txt',
      '.changeset/brave-cats.md',
    ];
    const not = [
      'docs/conf.py',
      'docs/theme.js',
      'docs/page.mdx',
      'CHANGELOG.js',
      '.github/notes.md',
      'docs/.hidden.md',
      '.readme.md',
      'requirements.txt',
      'requirements-dev.txt',
      'constraints.txt',
      'CMakeLists.txt',
      'test_readme.txt',
      'Makefile',
      'Dockerfile',
    ];
    for (const p of inert) expect([p, inertByName(p)]).toEqual([p, true]);
    for (const p of not) expect([p, inertByName(p)]).toEqual([p, false]);
  });
  test('at the head: a regular file without a shebang, or deleted; unread is not inert', () => {
    expect(inertAtHead({ mode: '100644', text: '# hi\n' })).toBe(true);
    expect(inertAtHead('deleted')).toBe(true);
    expect(inertAtHead({ mode: '100755', text: '# hi\n' })).toBe(false);
    expect(inertAtHead({ mode: '120000', text: null })).toBe(false);
    expect(inertAtHead({ mode: '100644', text: '#!/bin/sh\n' })).toBe(false);
    expect(inertAtHead({ mode: '100644', text: null })).toBe(false);
    expect(inertAtHead(undefined)).toBe(false);
  });
  test('doctest globs, testpaths, markdown runners and JS runner configs make documents test paths', () => {
    expect(
      docTests([
        {
          path: 'setup.cfg',
          text: '[tool:pytest]\naddopts = --doctest-glob="*.rst" --doctest-glob README.md\n',
        },
      ]).globs,
    ).toEqual(['**/*.rst', '**/README.md']);
    expect(
      docTests([
        {
          path: 'pyproject.toml',
          text: '[tool.pytest.ini_options]\ntestpaths = ["tests", "docs", "README.md"]\ndoctest_optionflags = "ELLIPSIS"\n',
        },
      ]).globs,
    ).toEqual([
      'README.md',
      'docs/**/*.{md,markdown,mdown,mkd,rst,adoc,asciidoc,txt}',
      'tests/**/*.{md,markdown,mdown,mkd,rst,adoc,asciidoc,txt}',
    ]);
    const all = ['**/*.{md,markdown,mdown,mkd,rst,adoc,asciidoc,txt}'];
    expect(docTests([{ path: 'conftest.py', text: 'from sybil import Sybil\n' }]).globs).toEqual(
      all,
    );
    expect(
      docTests([{ path: '.github/workflows/ci.yml', text: 'run: pytest --codeblocks\n' }]).globs,
    ).toEqual(all);
    expect(
      docTests([{ path: 'jest.config.js', text: "module.exports = { testMatch: ['**/*.md'] };\n" }])
        .globs,
    ).toEqual(all);
    expect(
      docTests([{ path: 'package.json', text: json({ jest: { roots: ['src', 'docs'] } }) }]).globs,
    ).toEqual(all);
    // No signal: nothing. A workflow that builds the docs is not a runner config.
    expect(
      docTests([
        { path: '.github/workflows/docs.yml', text: 'run: mkdocs build -f docs/mkdocs.yml\n' },
        { path: 'package.json', text: json({ scripts: { docs: 'typedoc --out docs' } }) },
        { path: 'pytest.ini', text: '[pytest]\ntestpaths = tests\n' },
      ]),
    ).toEqual({ globs: [], why: [] });
  });
});
