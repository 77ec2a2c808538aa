// jest, vitest and mocha configs of the base, and the scripts and tsconfigs they lead to: every
// module a config names by a literal path under the keys that load code (setup files, global
// setup, environments, transforms, mappers' fixed targets, resolvers, reporters, sequencers),
// every module the config itself imports (a vite plugin in src/ runs for every test), and the
// tsconfig a TypeScript transform reads. A value that is code, not literals, is said.
import { parse as parseYaml } from 'yaml';
import { imports, keyValues, tokens } from '../js-literals.js';
import { dirOf, jsCandidates, looksLikePath, present, pyCandidates, repoPath } from '../paths.js';
import { emptyStep, type FileKind, type Follow, type Step, type TreeView } from '../types.js';

const KEYS: Record<'jest-config' | 'vitest-config' | 'mocha-config', readonly string[]> = {
  'jest-config': [
    'setupFiles',
    'setupFilesAfterEnv',
    'setupFilesAfterEach',
    'globalSetup',
    'globalTeardown',
    'testEnvironment',
    'transform',
    'moduleNameMapper',
    'resolver',
    'reporters',
    'snapshotResolver',
    'testSequencer',
    'testRunner',
    'runner',
    'preset',
    'projects',
    'dependencyExtractor',
    'watchPlugins',
    'tsconfig',
  ],
  'vitest-config': [
    'setupFiles',
    'globalSetup',
    'environment',
    'alias',
    'reporters',
    'sequencer',
    'workspace',
    'projects',
    'resolve',
    'tsconfig',
    'configFile',
    'extends',
  ],
  'mocha-config': [
    'require',
    'file',
    'reporter',
    'ui',
    'import',
    'loader',
    'node-option',
    'config',
  ],
};

type ConfigKind = keyof typeof KEYS;

export function jsConfigStep(f: Follow, text: string, tree: TreeView): Step {
  const kind = f.kind as ConfigKind;
  const s = emptyStep();
  const dir = dirOf(f.path);
  const reach = (spec: string, why: string, line?: number) => {
    // A mapper's target with `$1` rewrites module names into folders: not one file.
    if (/\$\d/.test(spec) || !looksLikePath(spec)) return;
    const p = repoPath(dir, spec.replace(/^<rootDir>\/?/, ''));
    if (p === null || tree.isDir(p)) return;
    for (const c of present(tree, jsCandidates(p))) {
      s.reach.push({ path: c, via: `${f.via} (${why})` });
      if (/\.[cm]?[jt]sx?$/.test(c))
        s.follow.push({ kind: 'node-script', path: c, via: `${f.via} → ${c}`, line });
    }
  };
  const keys = new Set(KEYS[kind]);
  const json = f.path.endsWith('.json') || f.path.endsWith('.jsonc') || /\.ya?ml$/.test(f.path);
  if (json) {
    let value: unknown;
    try {
      value = /\.ya?ml$/.test(f.path)
        ? parseYaml(text, { maxAliasCount: 50 })
        : JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
    } catch {
      s.unresolved.push({ file: f.path, what: 'the config does not parse' });
      return s;
    }
    if (f.path.endsWith('package.json'))
      value = (value as Record<string, unknown> | null)?.[
        kind === 'jest-config' ? 'jest' : 'mocha'
      ];
    walkJson(value, keys, (key, str) => reach(str, key));
  } else {
    const toks = tokens(text);
    for (const kv of keyValues(toks, keys)) {
      for (const str of kv.strings) reach(str, kv.key, kv.line);
      if (kv.dynamic && kv.strings.length === 0)
        s.unresolved.push({
          file: f.path,
          line: kv.line,
          what: `${kv.key}: a value that is code, not a literal path`,
        });
    }
    // The config is code: what it imports runs whenever the runner starts.
    mergeImports(f, toks, tree, s);
  }
  // A TypeScript transform reads a tsconfig (ts-jest, vitest's esbuild).
  if (kind === 'vitest-config' || /ts-jest|@swc\/jest|esbuild-jest/.test(text)) {
    const ts = repoPath(dir, 'tsconfig.json');
    if (ts !== null) {
      s.reach.push({ path: ts, via: `${f.via} (the TypeScript transform reads it)` });
      if (tree.has(ts)) s.follow.push({ kind: 'tsconfig', path: ts, via: `${f.via} → ${ts}` });
    }
  }
  return s;
}

function walkJson(
  v: unknown,
  keys: Set<string>,
  on: (key: string, s: string) => void,
  key?: string,
): void {
  if (typeof v === 'string') {
    if (key !== undefined) on(key, v);
  } else if (Array.isArray(v)) v.forEach((x) => walkJson(x, keys, on, key));
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v))
      walkJson(x, keys, on, key ?? (keys.has(k) ? k : undefined));
}

/** A node script (a CI script, a config, a plugin): the local modules it imports are harness. */
export function nodeScriptStep(f: Follow, text: string, tree: TreeView): Step {
  const s = emptyStep();
  mergeImports(f, tokens(text), tree, s);
  return s;
}

function mergeImports(f: Follow, toks: ReturnType<typeof tokens>, tree: TreeView, s: Step) {
  const dir = dirOf(f.path);
  const { literal, dynamic } = imports(toks);
  for (const imp of literal) {
    if (!imp.spec.startsWith('./') && !imp.spec.startsWith('../')) continue;
    const p = repoPath(dir, imp.spec);
    if (p === null || /(?:^|\/)node_modules\//.test(p)) continue;
    for (const c of present(tree, jsCandidates(p))) {
      s.reach.push({ path: c, via: `${f.via} (imports ${imp.spec})` });
      s.follow.push({ kind: 'node-script', path: c, via: `${f.via} → ${c}` });
    }
  }
  for (const line of dynamic)
    s.unresolved.push({
      file: f.path,
      line,
      what: 'a module loaded by a name that is not a literal',
    });
}

/** A Python script CI runs: its local imports (the script's folder is first on sys.path). */
export function pythonScriptStep(f: Follow, text: string, tree: TreeView): Step {
  const s = emptyStep();
  const dir = dirOf(f.path);
  text.split('\n').forEach((raw) => {
    const m = /^\s*(?:from\s+(\.*[\w.]*)\s+import\b|import\s+([\w., ]+))/.exec(raw);
    if (!m) return;
    const names =
      m[1] !== undefined ? [m[1]] : m[2].split(',').map((x) => x.trim().split(/\s+/)[0]);
    for (const name of names) {
      if (name === '' || name.startsWith('.')) continue;
      for (const c of pyCandidates(dir, name.split('.')[0])) {
        // Only local modules: the script's folder shadows an installed one of that name.
        s.reach.push({ path: c, via: `${f.via} (import ${name})` });
        if (tree.has(c)) s.follow.push({ kind: 'python-script', path: c, via: `${f.via} → ${c}` });
      }
    }
  });
  for (const [i, raw] of text.split('\n').entries())
    if (/\b(?:importlib\.import_module|__import__)\s*\(\s*[^'"\s]/.test(raw))
      s.unresolved.push({
        file: f.path,
        line: i + 1,
        what: 'a module imported by a name that is not a literal',
      });
  return s;
}

/** A tsconfig: what it `extends` by a relative path. */
export function tsconfigStep(f: Follow, text: string): Step {
  const s = emptyStep();
  for (const m of text.matchAll(/"extends"\s*:\s*(\[[^\]]*\]|"[^"]*")/g)) {
    for (const e of m[1].matchAll(/"([^"]+)"/g)) {
      if (!e[1].startsWith('.')) continue;
      const p = repoPath(dirOf(f.path), e[1].endsWith('.json') ? e[1] : `${e[1]}.json`);
      if (p !== null) {
        s.reach.push({ path: p, via: `${f.via} (extends)` });
        s.follow.push({ kind: 'tsconfig' as FileKind, path: p, via: `${f.via} → ${p}` });
      }
    }
  }
  return s;
}
