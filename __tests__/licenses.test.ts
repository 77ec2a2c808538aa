// dist/licenses.txt names every third-party package the bundles hold, with its licence text.
// The build writes it from the bundler's module list (scripts/licenses.mjs); these tests hold
// it to package-lock.json: every package src/ imports, and every package those depend on, is
// bundled code, and nothing else can be. package.json has no `dependencies` (the published
// CLI needs none: the bundle holds them), so the packages src/ imports are the roots.
import { expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const licences = readFileSync('dist/licenses.txt', 'utf8');

/** The bare package names src/ imports (not types, not node: builtins). */
function srcImports(): Set<string> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  walk('src');
  const bare = new Set<string>();
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(
      /^import (?!type )[^;]*?from '([^'.][^']*)'|import\('([^'.][^']*)'\)/gm,
    )) {
      const spec = m[1] ?? m[2];
      if (spec.startsWith('node:')) continue;
      bare.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
    }
  }
  return bare;
}

/** The lock's folders reachable from src/'s imports through `dependencies`, resolved as Node does. */
function bundledDirs(): string[] {
  const seen = new Set<string>();
  const resolve = (from: string, name: string): string | undefined => {
    for (
      let dir = from;
      ;
      dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : ''
    ) {
      const candidate = `${dir ? dir + '/' : ''}node_modules/${name}`;
      if (lock.packages[candidate]) return candidate;
      if (!dir) return undefined;
    }
  };
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const deps = lock.packages[dir].dependencies ?? {};
    for (const name of Object.keys(deps)) {
      const found = resolve(dir, name);
      if (found) visit(found);
    }
  };
  for (const name of srcImports()) visit(resolve('', name)!);
  return [...seen];
}

/** `name@version` of every bundled package that holds code (not only types). */
function runtimePackages(): string[] {
  const out: string[] = [];
  for (const dir of bundledDirs()) {
    const p = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const code = p.main || p.module || p.exports || existsSync(path.join(dir, 'index.js'));
    if (code) out.push(`${p.name}@${p.version}`);
  }
  return out.sort();
}

/** The `- name@version` list at the top of dist/licenses.txt. */
function listed(): string[] {
  const m = /^(\d+) packages:\n((?:- .*\n)*)/m.exec(licences);
  expect(m).not.toBeNull();
  const names = m![2]
    .trimEnd()
    .split('\n')
    .map((l) => l.slice(2));
  expect(names).toHaveLength(Number(m![1]));
  return names.sort();
}

/**
 * Dependencies the action never bundles, each stood in by tsconfig.json `paths` and refused by
 * scripts/build.mjs: tunnel, reached only through @actions/http-client's root; bottleneck,
 * plugin-throttling's limiter, replaced by src/adapters/github/limiter.ts.
 */
const NEVER_BUNDLED = new Set(['tunnel', 'bottleneck']);

test('dist/licenses.txt lists every runtime package of the production dependencies', () => {
  const expected = runtimePackages().filter(
    (p) => !NEVER_BUNDLED.has(p.slice(0, p.lastIndexOf('@'))),
  );
  // The walk found the bundled packages at all (yaml is one the gate cannot run without).
  expect(expected.some((p) => p.startsWith('yaml@'))).toBe(true);
  expect(listed()).toEqual(expected);
});

test('every listed package has its licence field and licence text', () => {
  const sections = licences.split(/^={78}\n/m).slice(1);
  expect(sections.map((s) => s.split('\n')[0].replace(' ', '@')).sort()).toEqual(listed());
  for (const s of sections) {
    const [, licence, bundled, blank, ...text] = s.split('\n');
    expect(licence).toMatch(/^License: \S/);
    expect(bundled).toMatch(/^Bundled in: dist\/(cli\/)?index\.js(, dist\/cli\/index\.js)?$/);
    expect(blank).toBe('');
    expect(text.join('\n')).toMatch(/permission|licen[cs]e/i);
  }
});

test('src/ imports only packages package.json names and the lock pins, none needed at run time', () => {
  const bare = srcImports();
  expect(bare.size).toBeGreaterThan(3);
  for (const name of bare) {
    expect(Object.keys(pkg.devDependencies)).toContain(name);
    expect(lock.packages[`node_modules/${name}`]).toBeDefined();
  }
  expect(pkg.dependencies ?? {}).toEqual({});
});

test('the licence walk takes the innermost package of each module webpack bundled', () => {
  // The shape of ncc's --stats-out: concatenated modules nest, and a symlinked node_modules
  // shows up as ../../elsewhere/node_modules.
  const stats = {
    modules: [
      { name: './src/main.ts + 3 modules', modules: [{ name: './src/a.ts' }] },
      { name: '../../main/node_modules/yaml/dist/index.js' },
      {
        name: 'node_modules/@actions/github/lib/github.js + 2 modules',
        modules: [
          { name: 'node_modules/@actions/github/node_modules/@actions/http-client/lib/index.js' },
        ],
      },
      { name: 'external "node:fs"' },
    ],
  };
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { bundledPackageDirs } from './scripts/licenses.mjs';
       console.log(JSON.stringify(bundledPackageDirs(${JSON.stringify(stats)})));`,
    ],
    { encoding: 'utf8' },
  );
  expect(JSON.parse(out)).toEqual([
    'node_modules/@actions/github',
    'node_modules/@actions/github/node_modules/@actions/http-client',
    'node_modules/yaml',
  ]);
});
