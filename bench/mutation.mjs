// The mutation pass at the L budget (issue 39): a git repository whose agent commit rewrites
// 1,000 production files of 100 lines, a StrykerJS-shaped report of 100,000 mutants on those
// lines (each killed by a classified test), and `ledger-gate check --base main` timed with and
// without `--mutation-report` (the built CLI, dist/cli/index.js). Prints the two medians and
// the report's size. `node bench/mutation.mjs [FILES] [LINES]`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CLI = path.join(import.meta.dirname, '..', 'dist', 'cli', 'index.js');
const FILES = Number(process.argv[2] ?? 1000);
const LINES = Number(process.argv[3] ?? 100);
const TESTS = 10;
const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-bench-mutation-'));
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir };
const git = (...a) => execFileSync('git', a, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
const write = (rel, text) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};
const source = (i, v) =>
  Array.from({ length: LINES }, (_, j) => `export const v${j} = ${v} + ${i};`).join('\n') + '\n';

git('init', '-q', '-b', 'main');
write('.gitignore', 'reports/\n');
for (let i = 0; i < FILES; i++) write(`src/m${i}.js`, source(i, 1));
write('tests/t.test.js', '// the tests\n');
const cases = Array.from(
  { length: TESTS },
  (_, k) => `<testcase classname="t" name="t${k}" file="tests/t.test.js" time="0"/>`,
).join('');
write(
  'reports/junit.xml',
  `<testsuites><testsuite name="t" tests="${TESTS}">${cases}</testsuite></testsuites>`,
);
const init = spawnSync(
  process.execPath,
  [CLI, 'init', '--junit', 'reports/junit.xml', '--owner', 'dana'],
  { cwd: dir },
);
if (init.status !== 0) throw new Error(String(init.stderr));
const as = (name, email) => ['-c', `user.name=${name}`, '-c', `user.email=${email}`];
git(...as('Dana', 'dana@example.com'), 'add', '-A');
git(...as('Dana', 'dana@example.com'), 'commit', '-qm', 'base');
for (let i = 0; i < FILES; i++) write(`src/m${i}.js`, source(i, 2));
git('add', '-A');
git(
  ...as('copilot-swe-agent[bot]', '198982749+Copilot@users.noreply.github.com'),
  'commit',
  '-qm',
  'agent',
);

const files = {};
let id = 0;
for (let i = 0; i < FILES; i++) {
  const mutants = [];
  for (let j = 1; j <= LINES; j++)
    mutants.push({
      id: String(id++),
      mutatorName: 'ArithmeticOperator',
      replacement: `2 - ${i}`,
      location: { start: { line: j, column: 17 }, end: { line: j, column: 25 } },
      status: 'Killed',
      killedBy: [String(j % TESTS)],
    });
  files[`src/m${i}.js`] = { language: 'javascript', source: source(i, 2), mutants };
}
const report = {
  schemaVersion: '2',
  thresholds: { high: 80, low: 60 },
  framework: { name: 'StrykerJS', version: '10.0.0' },
  config: { testRunner: 'jest' },
  files,
  testFiles: {
    'tests/t.test.js': {
      tests: Array.from({ length: TESTS }, (_, k) => ({ id: String(k), name: `t${k}` })),
    },
  },
};
write('reports/mutation.json', JSON.stringify(report));
const bytes = readFileSync(path.join(dir, 'reports/mutation.json')).length;

const time = (extra) => {
  const runs = [];
  for (let r = 0; r < 3; r++) {
    const t = process.hrtime.bigint();
    const c = spawnSync(
      process.execPath,
      [
        CLI,
        'check',
        '--junit',
        'reports/junit.xml',
        '--base',
        'main',
        '--json',
        path.join(dir, 'out.json'),
        ...extra,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    runs.push(Number(process.hrtime.bigint() - t) / 1e9);
    const out = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8'));
    if (
      extra.length > 0 &&
      out.findings.some((f) => f.rule === 'mutant-survived' || f.result === 'reject')
    )
      throw new Error(
        `unexpected findings: ${JSON.stringify(out.findings.slice(0, 3))} ${c.stderr}`,
      );
  }
  return runs.sort((a, b) => a - b)[1];
};
const without = time([]);
const withReport = time(['--mutation-report', 'reports/mutation.json']);
console.log(
  `${id} mutants in ${FILES} files (${(bytes / 1048576).toFixed(1)} MB): check --base ${without.toFixed(2)} s, with --mutation-report ${withReport.toFixed(2)} s (medians of 3)`,
);
if (process.env.KEEP) console.log(dir);
else rmSync(dir, { recursive: true, force: true });
