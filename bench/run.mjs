// `npm run bench`: times `ledger-gate check` as a whole process (node start-up included) on
// synthetic workloads, beside a floor measured in the same run (bench/floor.mjs: read every
// input, hash each distinct golden once) and a bare `node -e 0`. Medians of several runs,
// peak RSS from /usr/bin/time. Every run must decide admit, or the bench fails.
//
//   node bench/run.mjs [S] [M] [L] [L50] [--runs N] [--cli dist/cli/index.js]
//
// Without --cli the CLI is bundled from the current source into bench/out/dist (the same
// ncc build as `npm run build`, CLI only) whenever the source changed, so dist/ is not touched.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SIZES, generate } from './generate.mjs';

const here = import.meta.dirname;
const repo = path.resolve(here, '..');
const out = path.join(here, 'out');

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string' }, cli: { type: 'string' } },
});
const WORKLOADS = {
  S: { size: 'S', reports: 'reports', runs: 5 },
  M: { size: 'M', reports: 'reports', runs: 5 },
  L: { size: 'L', reports: 'reports', runs: 3 },
  L50: { size: 'L', reports: 'shards', runs: 3 },
};
const chosen = positionals.length ? positionals : Object.keys(WORKLOADS);
for (const w of chosen) if (!WORKLOADS[w]) throw new Error(`unknown workload ${w}`);

const TIME = ['/usr/bin/time', '/bin/time'].find((p) => existsSync(p));
if (!TIME) console.error('note: /usr/bin/time not found (apt-get install time): no peak RSS');

function sourceHash() {
  const h = createHash('sha256');
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        h.update(p);
        h.update(readFileSync(p));
      }
    }
  };
  walk(path.join(repo, 'src'));
  for (const f of ['scripts/build.mjs', 'package-lock.json', 'tsconfig.json']) {
    if (existsSync(path.join(repo, f))) h.update(readFileSync(path.join(repo, f)));
  }
  return h.digest('hex');
}

function cliPath() {
  if (opt.cli) return path.resolve(opt.cli);
  const dir = path.join(out, 'dist');
  const cli = path.join(dir, 'cli/index.js');
  const stamp = path.join(dir, 'source.sha256');
  const want = sourceHash();
  if (!existsSync(cli) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== want) {
    console.error('bundling the CLI from the current source into bench/out/dist …');
    execFileSync(process.execPath, ['scripts/build.mjs', '--cli-only', '--out', dir], {
      cwd: repo,
      stdio: 'inherit',
    });
    writeFileSync(stamp, want);
  }
  return cli;
}

const scratch = mkdtempSync(path.join(tmpdir(), 'ledger-gate-bench-'));
const rssFile = path.join(scratch, 'rss');

/** Runs argv to completion: wall seconds, peak RSS in MiB (or NaN), exit status, stderr. */
function timed(argv, cwd) {
  const cmd = TIME ? [TIME, '-f', '%M', '-o', rssFile, ...argv] : argv;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd[0], cmd.slice(1), {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const rss = TIME ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 1024 : NaN;
  return { seconds, rss, status: r.status, stderr: r.stderr.toString() };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function mustAdmit(r, what) {
  if (r.status !== 0 || !/ledger-gate: admit\s*$/.test(r.stderr)) {
    throw new Error(
      `${what}: expected admit (exit 0), got exit ${r.status}:\n${r.stderr.slice(-2000)}`,
    );
  }
}

const cli = cliPath();
const node = process.execPath;
const results = [];
for (const name of chosen) {
  const w = WORKLOADS[name];
  const dir = path.join(out, w.size);
  const t = Date.now();
  if (generate(w.size, dir)) console.error(`${name}: generated ${dir} in ${Date.now() - t} ms`);
  const cases = SIZES[w.size].cases;
  const gateArgv = [
    node,
    cli,
    'check',
    '--junit',
    `${w.reports}/*.xml`,
    '--ledger',
    'tests/ledger.yaml',
  ];

  // Warm-up (page cache) and the admit check on the JSON report's counts.
  const json = path.join(scratch, 'report.json');
  const first = timed([...gateArgv, '--json', json], dir);
  mustAdmit(first, `${name} warm-up`);
  const report = JSON.parse(readFileSync(json, 'utf8'));
  if (
    report.decision !== 'admit' ||
    report.counts.cases !== cases ||
    report.counts.admit !== cases
  ) {
    throw new Error(
      `${name}: expected ${cases} admitted cases, got ${JSON.stringify(report.counts)}`,
    );
  }
  timed([node, path.join(here, 'floor.mjs'), dir, w.reports], dir);

  const runs = opt.runs ? Number(opt.runs) : w.runs;
  const gate = [];
  const floor = [];
  const bare = [];
  // Interleaved, so load from elsewhere on the machine hits all three alike.
  for (let i = 0; i < runs; i++) {
    const g = timed(gateArgv, dir);
    mustAdmit(g, `${name} run ${i + 1}`);
    gate.push(g);
    const f = timed([node, path.join(here, 'floor.mjs'), dir, w.reports], dir);
    if (f.status !== 0) throw new Error(`floor failed: ${f.stderr}`);
    floor.push(f);
    bare.push(timed([node, '-e', '0'], dir));
  }
  const row = {
    name,
    cases,
    reportFiles: readdirSync(path.join(dir, w.reports)).length,
    gate: median(gate.map((r) => r.seconds)),
    floor: median(floor.map((r) => r.seconds)),
    bare: median(bare.map((r) => r.seconds)),
    rss: Math.max(...gate.map((r) => r.rss)),
    floorRss: Math.max(...floor.map((r) => r.rss)),
    runs,
  };
  results.push(row);
  console.error(
    `${name}: gate ${gate.map((r) => r.seconds.toFixed(2)).join(' ')} s; floor ${floor.map((r) => r.seconds.toFixed(2)).join(' ')} s; node -e 0 ${bare.map((r) => r.seconds.toFixed(2)).join(' ')} s`,
  );
}
rmSync(scratch, { recursive: true, force: true });

const f2 = (x) => x.toFixed(2);
const lines = [
  '| workload | cases | report files | runs | gate median s | floor median s | gate / floor | gate peak RSS MiB | gate / `node -e 0` |',
  '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
];
for (const r of results) {
  lines.push(
    `| ${r.name} | ${r.cases} | ${r.reportFiles} | ${r.runs} | ${f2(r.gate)} | ${f2(r.floor)} | ${f2(r.gate / r.floor)}× | ${Number.isNaN(r.rss) ? 'n/a' : r.rss.toFixed(0)} | ${f2(r.gate / r.bare)}× (${f2(r.bare)} s) |`,
  );
}
const by = Object.fromEntries(results.map((r) => [r.name, r]));
const notes = [];
if (by.L && by.M) notes.push(`L / M: ${f2(by.L.gate / by.M.gate)}× the time for 5× the cases`);
if (by.L && by.L50) notes.push(`50 shards / one file: ${f2(by.L50.gate / by.L.gate)}×`);
const text = [...lines, '', ...notes.map((n) => `- ${n}`)].join('\n') + '\n';
writeFileSync(path.join(out, 'results.md'), text);
process.stdout.write(text);
