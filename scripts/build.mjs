// Bundles the action (dist/index.js) and the CLI (dist/cli/index.js) with ncc, as ESM.
// Two bundles, so the CLI never loads the action's GitHub client: start-up time is part of the product.
// The worker thread's entry (src/worker/entry.ts) is bundled once and copied next to each, as
// worker.js: src/worker/client.ts starts it from there.
// `node scripts/build.mjs --cli-only --out DIR` bundles only the CLI, into DIR/cli (the bench
// uses it to measure the current source without touching dist/).
// A full build also writes dist/licenses.txt from what the bundler actually bundled.
// Each index.js is a stub that imports the bundle (main.js); the CLI's turns on Node's compile
// cache first (it must be on before the bundle is compiled, so it cannot be the bundle's own
// first line). The action's does not: see the stubs below.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import UglifyJS from 'uglify-js';
import { renderLicenses } from './licenses.mjs';

const { values: opt } = parseArgs({
  options: {
    'cli-only': { type: 'boolean' },
    out: { type: 'string' },
    // For profiling only (bench/profile.mjs): names kept, so a CPU profile reads.
    'no-minify': { type: 'boolean' },
  },
});
const out = opt.out ?? 'dist';
// ES2022 output (what tsconfig targets; ncc's default is ES2015): the bundles need Node 22+
// (package.json `engines`), which runs it natively, so nothing is down-levelled.
const ncc = [
  'node_modules/@vercel/ncc/dist/ncc/cli.js',
  'build',
  ...(opt['no-minify'] ? [] : ['--minify']),
  '-q',
  '--target',
  'es2022',
];
// webpack's stats (the module list) go to a scratch folder, never into dist/.
const scratch = mkdtempSync(path.join(tmpdir(), 'ledger-gate-build-'));
const bundle = (entry, dir) => {
  const statsFile = path.join(scratch, `${path.basename(dir)}.json`);
  execFileSync(process.execPath, [...ncc, entry, '-o', dir, '--stats-out', statsFile], {
    stdio: 'inherit',
  });
  if (!opt['no-minify']) minifyChunks(dir);
  return JSON.parse(readFileSync(statsFile, 'utf8'));
};
/**
 * ncc runs terser on its entry file only: the chunks its dynamic import()s become
 * (`N.index.js`) come out as webpack wrote them, comments and indentation included. The
 * action's main.ts graph is such a chunk and loads on every run, so each is minified here
 * (names mangled, no compression: the code is as webpack wrote it). A chunk it cannot read
 * fails the build.
 */
function minifyChunks(dir) {
  for (const f of readdirSync(dir).filter((f) => /^\d+\.index\.js$/.test(f))) {
    const file = path.join(dir, f);
    const r = UglifyJS.minify(readFileSync(file, 'utf8'), { module: true, compress: false });
    if (r.error) throw new Error(`minifying ${file}: ${r.error.message}`);
    writeFileSync(file, r.code);
  }
}
/**
 * @actions/http-client's root (HttpClient, with `tunnel` and node:https) must stay out of the
 * action: tsconfig.json's `paths` gives @actions/core a stand-in for it (OIDC, never called;
 * docs/development.md); so must Bottleneck, whose stand-in (src/adapters/github/bottleneck.ts)
 * `paths` gives the octokit plugins. And undici must stay out of its first stage (the entry's chunk,
 * main.js): the API's fetch is src/adapters/github/http-fetch.ts, undici a chunk loaded only
 * behind a proxy. Nor @actions/exec and @actions/io: `paths` gives core's `platform` a stand-in
 * that loads them on the first process run (src/adapters/actions/exec-on-demand.ts). Should an
 * update import any of these by another name, the build fails here rather than quietly putting
 * it back into every run's start.
 */
function refuseModules(stats, name) {
  const entry = new Set((stats.chunks ?? []).filter((c) => c.entry).map((c) => c.id));
  const bad = [];
  for (const [n, inChunks] of bundledModules(stats)) {
    if (/node_modules\/(@actions\/http-client\/lib\/index\.js|tunnel\/|bottleneck\/)/.test(n))
      bad.push(n);
    if (
      /node_modules\/(undici|@actions\/exec|@actions\/io)\//.test(n) &&
      inChunks.some((c) => entry.has(c))
    )
      bad.push(`${n} (in the first stage)`);
  }
  if (bad.length) throw new Error(`${name} bundles what it must not: ${bad.join(', ')}`);
}
/** fdir's ES module build, which looks for `picomatch` above dist/ at run time, in no bundle. */
function refuseRuntimeLookups(stats, name) {
  const bad = [...bundledModules(stats)].filter(([n]) =>
    /node_modules\/fdir\/dist\/index\.mjs/.test(n),
  );
  if (bad.length)
    throw new Error(`${name} bundles fdir's ES module build (src/adapters/fs/fdir.ts says why)`);
}
/** Every module webpack's stats list, by name, with the chunks it is in. */
function* bundledModules(stats) {
  function* walk(mods, chunks) {
    for (const m of mods ?? []) {
      // A concatenated module's parts carry no chunks of their own: they are in their parent's.
      const inChunks = m.chunks?.length ? m.chunks : chunks;
      yield [m.name ?? '', inChunks];
      yield* walk(m.modules, inChunks);
    }
  }
  yield* walk(stats.modules, []);
}
const cliDir = path.join(out, 'cli');
const builds = [];
if (opt['cli-only']) rmSync(cliDir, { recursive: true, force: true });
else {
  rmSync(out, { recursive: true, force: true });
  builds.push({ bundle: 'dist/index.js', stats: bundle('src/index.ts', out) });
  refuseModules(builds[0].stats, 'dist/index.js');
  refuseRuntimeLookups(builds[0].stats, 'dist/index.js');
  writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
}
mkdirSync(cliDir, { recursive: true });
builds.push({ bundle: 'dist/cli/index.js', stats: bundle('src/cli-entry.ts', cliDir) });
refuseRuntimeLookups(builds.at(-1).stats, 'dist/cli/index.js');
const workerDir = path.join(scratch, 'worker');
builds.push({ bundle: 'dist/worker.js', stats: bundle('src/worker/entry.ts', workerDir) });
refuseRuntimeLookups(builds.at(-1).stats, 'dist/worker.js');
for (const dir of opt['cli-only'] ? [cliDir] : [out, cliDir])
  copyFileSync(path.join(workerDir, 'index.js'), path.join(dir, 'worker.js'));
// The parser's WASM (tree-sitter's runtime and the grammars, from their npm packages) goes
// next to the CLI's bundle, in dist/cli/grammars/, once (6.6 MB): the CLI's tarball ships
// dist/cli/ only, and the action's bundle (dist/) reads the same copy from cli/grammars/
// (src/adapters/code/grammars.ts). The runtime's JS is copied too and loaded as a file (its
// Emscripten glue does not survive bundling), with each package's licence.
const GRAMMARS = [
  'web-tree-sitter/tree-sitter.js',
  'web-tree-sitter/tree-sitter.wasm',
  'tree-sitter-python/tree-sitter-python.wasm',
  'tree-sitter-javascript/tree-sitter-javascript.wasm',
  'tree-sitter-typescript/tree-sitter-typescript.wasm',
  'tree-sitter-typescript/tree-sitter-tsx.wasm',
  'tree-sitter-go/tree-sitter-go.wasm',
  'tree-sitter-java/tree-sitter-java.wasm',
  'tree-sitter-ruby/tree-sitter-ruby.wasm',
];
mkdirSync(path.join(cliDir, 'grammars'), { recursive: true });
for (const g of GRAMMARS)
  copyFileSync(path.join('node_modules', g), path.join(cliDir, 'grammars', path.basename(g)));
for (const pkg of new Set(GRAMMARS.map((g) => g.split('/')[0])))
  copyFileSync(
    path.join('node_modules', pkg, 'LICENSE'),
    path.join(cliDir, 'grammars', `${pkg}.LICENSE`),
  );
// The conduct recorders are the runner's code, not the bundle's: the pytest plugin
// (src/conduct/pytest/, on PYTHONPATH) and the Node preload (src/conduct/node/, in
// NODE_OPTIONS), one copy each beside the CLI bundle, in cli/conduct/ (`ledger-gate conduct`).
mkdirSync(path.join(cliDir, 'conduct'), { recursive: true });
copyFileSync(
  'src/conduct/pytest/ledger_gate_conduct.py',
  path.join(cliDir, 'conduct', 'ledger_gate_conduct.py'),
);
copyFileSync(
  'src/conduct/node/ledger_gate_conduct.cjs',
  path.join(cliDir, 'conduct', 'ledger_gate_conduct.cjs'),
);
// The parser's runtime JS is code shipped with both bundles (in cli/grammars/) and loaded by
// them: its licence is listed too (the grammars' licences sit beside their .wasm files).
const copied = [
  { dir: 'node_modules/web-tree-sitter', bundle: 'dist/index.js' },
  { dir: 'node_modules/web-tree-sitter', bundle: 'dist/cli/index.js' },
];
if (!opt['cli-only']) writeFileSync(path.join(out, 'licenses.txt'), renderLicenses(builds, copied));
rmSync(scratch, { recursive: true, force: true });
// module.enableCompileCache (Node 22.1+; absent on Node 20, where this is a no-op) keeps V8's
// compiled code in the OS temp folder (or NODE_COMPILE_CACHE), keyed by the file's content, so
// a second start skips compiling the bundle. Best effort: a cache that cannot be written is
// only slower. The CLI is started again and again on one machine (the commit hook, a
// developer's loop): its stub turns the cache on. The action starts cold on a hosted runner
// (a fresh machine and temp folder each job), where the cache is only written, at exit, and
// never read: its stub does not (issue 45: S and XS 2-3 % faster cold, 15 pairs each).
// The bundle's chunks load relative to main.js, which sits where index.js was.
const IMPORT = "await import('./main.js');\n";
const CACHED = `import module from 'node:module';
try {
  module.enableCompileCache?.();
} catch {}
${IMPORT}`;
for (const dir of opt['cli-only'] ? [cliDir] : [out, cliDir]) {
  renameSync(path.join(dir, 'index.js'), path.join(dir, 'main.js'));
  writeFileSync(path.join(dir, 'index.js'), dir === cliDir ? CACHED : IMPORT);
}
// The CLI runs as `node dist/cli/index.js` or through package.json's bin.
const cli = path.join(cliDir, 'index.js');
writeFileSync(cli, '#!/usr/bin/env node\n' + readFileSync(cli, 'utf8'));
chmodSync(cli, 0o755);
// dist/ is ESM regardless of where it is copied.
writeFileSync(path.join(cliDir, 'package.json'), '{ "type": "module" }\n');
