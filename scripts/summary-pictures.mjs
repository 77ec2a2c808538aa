// The docs' pictures of the summary (docs/summary-reject.png, -review.png, -admit.png), from a
// real project: unjs/ufo's tests and its real vitest report, as __fixtures__/setup-real/ufo
// keeps them. In a throwaway git repository, the tests and report are frozen into a ledger by
// the built CLI (`init`) on main, then three pull requests are judged with `check --base main`
// and each summary is shot by scripts/screenshot-summary.mjs:
// - reject: an agent's commit rewrites an expected value in two test files;
// - review: a human rewrites an expected value and re-locks it with `ledger-gate update`;
// - admit: a human's commit that changes no test (the README).
//
//   npm run build && node scripts/summary-pictures.mjs [--keep DIR]
//
// --keep DIR also writes the three summaries (Markdown) and terminal reports there.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({ options: { keep: { type: 'string' } } });
const ROOT = process.cwd();
const CLI = path.resolve('dist/cli/index.js');
const FIXTURE = path.resolve('__fixtures__/setup-real/ufo');
const HUMAN = ['Dana Human', 'dana@example.com'];
const AGENT = ['copilot-swe-agent[bot]', '198982749+Copilot@users.noreply.github.com'];

const tmp = mkdtempSync(path.join(tmpdir(), 'ledger-gate-pictures-'));
try {
  const base = path.join(tmp, 'ufo');
  cpSync(path.join(FIXTURE, 'tree'), base, { recursive: true });
  const git = (cwd, ...args) =>
    execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: tmp },
    });
  const commit = (cwd, message, [name, email]) => {
    git(cwd, 'add', '-A');
    git(
      cwd,
      '-c',
      `user.name=${name}`,
      '-c',
      `user.email=${email}`,
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      message,
    );
  };
  const cli = (cwd, ...args) =>
    spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  // The run's report, as the test job wrote it (its absolute paths pointed at this checkout).
  const report = (cwd) => {
    mkdirSync(path.join(cwd, 'build'), { recursive: true });
    const xml = readFileSync(path.join(FIXTURE, 'reports/junit.xml'), 'utf8');
    writeFileSync(path.join(cwd, 'build/junit.xml'), xml.replaceAll('@CHECKOUT@', cwd));
  };
  git(base, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(base, '.git/info/exclude'), 'build/\n');
  report(base);
  const init = cli(base, 'init', '--junit', 'build/junit.xml', '--owner', 'maintainers');
  if (init.status !== 0) throw new Error(`init failed: ${init.stderr}`);
  commit(base, 'ledger-gate: freeze the ledger', HUMAN);

  /** A clone of main with one pull request's commit, judged against main. */
  const judge = (name, edit, who) => {
    const dir = path.join(tmp, name);
    git(tmp, 'clone', '-q', base, dir);
    git(dir, 'checkout', '-q', '-b', name);
    writeFileSync(path.join(dir, '.git/info/exclude'), 'build/\n');
    report(dir);
    edit(dir);
    commit(dir, name, who);
    const summary = path.join(tmp, `${name}.md`);
    const r = cli(
      dir,
      'check',
      '--junit',
      'build/junit.xml',
      '--base',
      'origin/main',
      '--summary',
      summary,
    );
    if (opt.keep) {
      mkdirSync(opt.keep, { recursive: true });
      cpSync(summary, path.join(opt.keep, `${name}.md`));
      writeFileSync(path.join(opt.keep, `${name}.txt`), r.stdout);
    }
    const shot = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'scripts/screenshot-summary.mjs'),
        '--summary',
        summary,
        '--out',
        path.join(ROOT, `docs/summary-${name}.png`),
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (shot.status !== 0) throw new Error(`screenshot failed: ${shot.stderr}`);
    process.stdout.write(`${name}: exit ${r.status}; ${shot.stdout}`);
  };
  const swap = (dir, file, from, to) => {
    const p = path.join(dir, file);
    const text = readFileSync(p, 'utf8');
    if (!text.includes(from)) throw new Error(`${file} holds no ${from}`);
    writeFileSync(p, text.replace(from, to));
  };

  judge(
    'reject',
    (dir) => {
      swap(
        dir,
        'test/join.test.ts',
        '{ input: ["a", "b"], out: "a/b" }',
        '{ input: ["a", "b"], out: "a//b" }',
      );
      swap(
        dir,
        'test/base.test.ts',
        '{ base: "/foo/", input: "/", out: "/foo" }',
        '{ base: "/foo/", input: "/", out: "/foo/" }',
      );
    },
    AGENT,
  );
  judge(
    'review',
    (dir) => {
      swap(
        dir,
        'test/join.test.ts',
        '{ input: ["a", "b"], out: "a/b" }',
        '{ input: ["a", "b"], out: "a//b" }',
      );
      const u = cli(dir, 'update', '--junit', 'build/junit.xml');
      if (u.status !== 0) throw new Error(`update failed: ${u.stderr}`);
    },
    HUMAN,
  );
  judge(
    'admit',
    (dir) => writeFileSync(path.join(dir, 'README.md'), '# ufo\n\nURL utils for humans.\n'),
    HUMAN,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
