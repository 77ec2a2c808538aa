// The production paths as the base's tree shows them (CONTRACT §3 "Agent write paths"), when a
// team gives neither `production-paths` nor `agent-write-paths`: the code an agent may be
// asked to fix. Every file under a top-level folder that holds source code and is not a test,
// harness, golden, CI, docs, vendor or build folder, and each root-level source file the base
// already has (a single-module project's `six.py`). Outside, whatever the change: a new root
// file, dotfiles and dot-folders, manifests and task-runner files at any depth, and test-like
// folders inside a production folder. Pure: the base's file list comes in; `setup` and the gate
// both call it. The globs it returns read as `agent-write-paths` reads them (`!GLOB` excludes).
import picomatch from 'picomatch';

export interface DerivedProductionPaths {
  /** Globs over repository paths; entries starting with `!` exclude (pathSet reads them). */
  globs: string[];
  /** The top-level folders taken whole (less the exclusions). */
  folders: string[];
  /** The root-level source files the base has. */
  rootFiles: string[];
}

/** The extensions of source code this gate knows (the languages its runners and shapes read). */
const SOURCE = new Set(
  (
    'py pyi pyx js mjs cjs jsx ts tsx mts cts vue svelte go java kt kts scala groovy rb rs ' +
    'c h cc cpp cxx hh hpp hxx cs fs swift m mm php ex exs erl clj cljs lua pl pm dart zig'
  ).split(' '),
);

/** Top-level folders that are never production: tests, harness, goldens, CI, docs, vendor, build. */
const NOT_PRODUCTION = new Set([
  // tests and what they read
  'test',
  'tests',
  'testing',
  'spec',
  'specs',
  '__tests__',
  'e2e',
  'fixtures',
  '__fixtures__',
  'testdata',
  'golden',
  'goldens',
  'snapshots',
  '__snapshots__',
  '__mocks__',
  'mocks',
  // harness, CI and project tooling
  'ci',
  'scripts',
  'tools',
  'tasks',
  'hack',
  // docs, examples and benchmarks: read by people, not the code an agent is asked to fix
  'doc',
  'docs',
  'documentation',
  'website',
  'example',
  'examples',
  'bench',
  'benchmark',
  'benchmarks',
  // vendored and built
  'vendor',
  'vendored',
  'third_party',
  'third-party',
  'external',
  'node_modules',
  'bower_components',
  'dist',
  'build',
  'out',
  'target',
  'obj',
  'coverage',
  'htmlcov',
  'reports',
  'venv',
  'env',
]);

/** Inside a production folder, at any depth: never production. */
const NESTED_EXCLUDED = [
  // test-like folders and files a runner discovers (a monorepo's packages/a/test/)
  '**/{test,tests,__tests__,__mocks__,__snapshots__,__fixtures__,fixtures,testdata,goldens,node_modules,vendor}/**',
  // dotfiles and dot-folders (.npmrc, .babelrc, .pytest_cache)
  '**/.*',
  '**/.*/**',
  // manifests, lock files and task-runner files: what a package manager or runner reads first
  '**/{package.json,pyproject.toml,setup.cfg,setup.py,tox.ini,noxfile.py,conftest.py,pytest.ini,MANIFEST.in,requirements*.txt,Pipfile,Pipfile.lock,poetry.lock,uv.lock,package-lock.json,npm-shrinkwrap.json,yarn.lock,pnpm-lock.yaml,pnpm-workspace.yaml,go.mod,go.sum,Cargo.toml,Cargo.lock,Gemfile,Gemfile.lock,Makefile,makefile,GNUmakefile,justfile,Justfile,Taskfile.yml,Taskfile.yaml,bunfig.toml}',
  '**/*.pth',
];

/** Root-level source files that are tooling, not the project's code. */
const ROOT_TOOLING =
  /^(?:setup|conftest|noxfile|fabfile|tasks|dodo|manage|sitecustomize|usercustomize|(?:G|g)runtfile|(?:G|g)ulpfile|Jakefile|jest\.setup|setupTests|[^/]*\.config)\.[^/]+$/;

/** A glob that matches exactly this path segment (its special characters escaped). */
const literal = (s: string) => s.replace(/[\\*?[\]{}()!+@,]/g, (c) => `\\${c}`);

const isSource = (p: string) => {
  const dot = p.lastIndexOf('.');
  return dot > p.lastIndexOf('/') + 1 && SOURCE.has(p.slice(dot + 1).toLowerCase());
};

/**
 * The production paths of the base's tree `files` (repository-relative, `/`-separated).
 * `notCode` says which files are test or harness paths (the run's evidence path sets): a
 * folder whose source files are all tests is no production folder.
 */
export function deriveProductionPaths(
  files: Iterable<string>,
  notCode: (path: string) => boolean = () => false,
): DerivedProductionPaths {
  const nested = picomatch(NESTED_EXCLUDED, { dot: true });
  const folders = new Set<string>();
  const rootFiles: string[] = [];
  for (const p of files) {
    const slash = p.indexOf('/');
    const top = slash < 0 ? p : p.slice(0, slash);
    // Cheap questions first: a large tree's files mostly fall in a folder already taken.
    if (top.startsWith('.') || (slash >= 0 && folders.has(top)) || !isSource(p)) continue;
    if (slash < 0) {
      if (!ROOT_TOOLING.test(p) && !nested(p) && !notCode(p)) rootFiles.push(p);
      continue;
    }
    if (NOT_PRODUCTION.has(top.toLowerCase()) || nested(p) || notCode(p)) continue;
    folders.add(top);
  }
  const tops = [...folders].sort();
  rootFiles.sort();
  const globs = [
    ...tops.map((f) => `${literal(f)}/**`),
    ...rootFiles.map(literal),
    ...(tops.length > 0 ? NESTED_EXCLUDED.map((g) => `!${g}`) : []),
  ];
  return { globs, folders: tops, rootFiles };
}

/** The agent's write boundary (write-paths.ts): its globs (`!GLOB` excludes) and where they came from. */
export interface WriteBoundary {
  globs: readonly string[];
  /** Shown in each finding: `agent-write-paths`, `production-paths`, `derived from the base`. */
  from: string;
}

/** The boundary that lets an agent write anywhere (the allowlist off). */
export const isOff = (b: WriteBoundary): boolean => b.globs.some((g) => g.trim() === '**');

/**
 * A path set as `agent-write-paths` and the derived production paths write it: a path is in
 * it when a glob without `!` matches it and no `!GLOB` does. Undefined for an empty list.
 */
export function pathSet(list: readonly string[]): ((path: string) => boolean) | undefined {
  const given = list.map((g) => g.trim()).filter((g) => g !== '' && g !== '!');
  const include = given.filter((g) => !g.startsWith('!'));
  if (include.length === 0) return undefined;
  const exclude = given.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
  const inside = picomatch(include, { dot: true });
  if (exclude.length === 0) return inside;
  const outside = picomatch(exclude, { dot: true });
  return (p) => inside(p) && !outside(p);
}
