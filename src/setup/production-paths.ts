// The production code of a repository, from its file list, for the gate job's
// `production-paths` and `agent-write-paths` inputs: the top-level folders holding source
// files, and the source files at the root. Left out: test, harness and golden folders, CI,
// docs, examples, vendored and built code, manifests and tool configs, and test files at the
// root. A first cut for setup to write out (the team edits it); issue 37 asks for one
// derivation shared with the base's (branch `allowlist`): unify the two there.

/** Folders that hold no production code, by name (any depth for the first three kinds). */
const NOT_PRODUCTION = new Set([
  // tests, their harness and goldens
  'test',
  'tests',
  'testing',
  'spec',
  'specs',
  '__tests__',
  '__mocks__',
  'e2e',
  'fixtures',
  '__fixtures__',
  'goldens',
  'golden',
  'snapshots',
  '__snapshots__',
  'harness',
  'testdata',
  // docs, examples, benchmarks, tooling
  'doc',
  'docs',
  'examples',
  'example',
  'bench',
  'benchmarks',
  'scripts',
  'tools',
  // vendored and built code
  'vendor',
  'third_party',
  'node_modules',
  'dist',
  'build',
  'out',
  'target',
  'coverage',
]);

/** A source file, by extension. */
const SOURCE =
  /\.(py|pyx|pyi|[cm]?[jt]sx?|go|java|kt|kts|scala|rb|rs|php|cs|fs|swift|c|cc|cpp|h|hpp|m|ex|exs|erl|clj|lua|pl|sh|r|jl|dart|vue|svelte)$/i;

/** Root files that are configuration or harness, not production code. */
const ROOT_TOOLING =
  /(^|\.)config\.[cm]?[jt]s$|^(setup|conftest|noxfile|fabfile|tasks|manage|versioneer|Gruntfile|Gulpfile|gulpfile|Jakefile|rollup|webpack|vite|tsup|tsdown|babel|jest|vitest|eslint|prettier|commitlint|lint-staged)\b|^\.|^(test_.*|.*_test)\.py$|\.(test|spec)\.[cm]?[jt]sx?$|_test\.go$/;

/**
 * `dir/**` for each top-level folder holding a source file (at any depth, outside the folders
 * above), and each source file at the root that is not tooling; sorted.
 */
export function productionPaths(files: readonly string[]): string[] {
  const out = new Set<string>();
  for (const f of files) {
    const parts = f.split('/');
    if (!SOURCE.test(f)) continue;
    if (parts.length === 1) {
      if (!ROOT_TOOLING.test(f)) out.add(f);
      continue;
    }
    if (parts.slice(0, -1).some((d) => d.startsWith('.') || NOT_PRODUCTION.has(d.toLowerCase())))
      continue;
    out.add(`${parts[0]}/**`);
  }
  return [...out].sort();
}
