// Runs the `test` job of the .github/workflows/tests.yml that `ledger-gate setup` wrote in a
// checkout, as GitHub's runner would: every `run:` step in order under bash -e, with the step's
// `env:`, RUNNER_TEMP set and `${{ runner.temp }}` / `${{ matrix.shard }}` substituted; the
// `uses:` steps (checkout, setup-node, setup-python, upload-artifact) are the machine's own.
// Usage: node job.mjs CHECKOUT RUNNER_TEMP [--skip REGEX]   (one shard: the first)
// Prints each command and its time; exits with the first failing step's status. The runner's
// own test failures are the gate's to judge, so a failing test step is reported, not fatal.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const [dir, temp, flag, skip] = process.argv.slice(2);
if (!dir || !temp || (flag !== undefined && (flag !== '--skip' || !skip))) {
  process.stderr.write('usage: node job.mjs CHECKOUT RUNNER_TEMP [--skip REGEX]\n');
  process.exit(2);
}
const wf = parse(readFileSync(path.join(dir, '.github/workflows/tests.yml'), 'utf8'));
const expand = (s) =>
  String(s).replaceAll('${{ runner.temp }}', temp).replaceAll('${{ matrix.shard }}', '1');
mkdirSync(temp, { recursive: true });
for (const step of wf.jobs.test.steps) {
  if (!step.run) continue;
  const cmd = expand(step.run).trim();
  if (skip && new RegExp(skip).test(cmd)) {
    process.stdout.write(`skipped: ${cmd}\n`);
    continue;
  }
  const env = { ...process.env, RUNNER_TEMP: temp, CI: 'true' };
  for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v);
  const t = Date.now();
  const r = spawnSync('bash', ['-e', '-c', cmd], { cwd: dir, env, stdio: ['ignore', 2, 2] });
  const secs = ((Date.now() - t) / 1000).toFixed(1);
  process.stdout.write(`ran (${secs} s, exit ${r.status}): ${cmd.replace(/\s*\n\s*/g, ' ')}\n`);
  const testStep = /reports/.test(cmd) && !/^mkdir /.test(cmd);
  if (r.status !== 0 && !testStep) process.exit(r.status ?? 1);
}
