// The gaming-shape scanner (src/gaming/): the shapes as data, the pure diff reader and scanner
// (per-shape positives and honest look-alikes, hostile input in linear time), the findings and
// the ledger's settings, and the gate over real git repositories (an agent's commit scanned,
// a human's never).
import { DRAFT_RULES, RULES } from '../src/code/scan.js';
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAddedLines, type AddedLine } from '../src/gaming/diff.js';
import { gamingFindings } from '../src/gaming/findings.js';
import { reportNeedles, scanAddedLines } from '../src/gaming/scan.js';
import { renderGamingShapes } from '../src/gaming/render.js';
import { SHAPES, languageOf } from '../src/gaming/shapes.js';
import { parseLedger, parseLedgerWith } from '../src/ledger/parse.js';
import type { Change, Report } from '../src/types.js';
import { check as checkIn } from './support/check.js';
import {
  AGENT,
  HUMAN,
  Repo,
  SCENARIO_FILE,
  ledgerYaml,
  pytestXunit1,
  scenarioCases,
  scenarioRows,
} from './support/repo.js';

const shapesOf = (path: string, ...text: string[]) =>
  scanAddedLines(text.map((t, i) => ({ path, line: i + 1, text: t }))).map((h) => h.shape);

describe('the shapes, per language', () => {
  // Each row: a file, the added lines, the shapes they must match (the trick, as written).
  const POSITIVE: [string, string[], string][] = [
    ['src/a.py', ['    src = inspect.stack()[1].code_context[0]'], 'caller-frame'],
    ['src/a.py', ['    f = sys._getframe(1)'], 'caller-frame'],
    ['src/a.py', ['    caller = inspect.currentframe().f_back'], 'caller-frame'],
    ['src/a.py', ['    line = traceback.extract_stack()[-2].line'], 'caller-frame'],
    ['src/a.js', ['  const where = new Error().stack.split("\\n")[2];'], 'caller-frame'],
    ['src/a.ts', ['  Error.captureStackTrace(holder);'], 'caller-frame'],
    ['src/a.ts', ['  Error.prepareStackTrace = (_, s) => s;'], 'caller-frame'],
    ['src/a.go', ['\t_, file, _, _ := runtime.Caller(1)'], 'caller-frame'],
    ['src/A.java', ['    var s = Thread.currentThread().getStackTrace();'], 'caller-frame'],
    ['lib/a.rb', ['    where = caller_locations(1, 1).first'], 'caller-frame'],
    ['src/a.py', ["    if os.environ.get('PYTEST_CURRENT_TEST'):"], 'runner-env'],
    ['src/a.py', ["    if 'pytest' in sys.modules:"], 'runner-env'],
    ['src/a.py', ['    if "unittest" in sys.modules: return 5'], 'runner-env'],
    ['src/a.js', ['  if (process.env.JEST_WORKER_ID) return 5;'], 'runner-env'],
    ['src/a.ts', ['  if (process.env.VITEST) return 5;'], 'runner-env'],
    ['src/a.js', ["  if (process.env.NODE_ENV === 'test') return 5;"], 'runner-env'],
    ['src/a.js', ["  if (process.argv.some((a) => a.includes('jest'))) return 5;"], 'runner-env'],
    ['src/a.js', ['  if (require.main.filename.includes("jest")) return 5;'], 'runner-env'],
    ['src/a.go', ['\tif testing.Testing() {'], 'runner-env'],
    ['src/a.py', ['        os._exit(0)'], 'process-exit'],
    ['src/a.py', ['        sys.exit(0)'], 'process-exit'],
    ['src/a.py', ['atexit.register(rewrite)'], 'process-exit'],
    ['src/a.py', ['sys.excepthook = quiet'], 'process-exit'],
    ['src/a.py', ['    raise SystemExit(0)'], 'process-exit'],
    ['src/a.js', ['    process.exit(0);'], 'process-exit'],
    ['src/a.js', ["process.on('exit', rewrite);"], 'process-exit'],
    ['src/a.ts', ['process.once("uncaughtException", () => {});'], 'process-exit'],
    ['src/a.go', ['\t\tos.Exit(0)'], 'process-exit'],
    ['src/A.java', ['        System.exit(0);'], 'process-exit'],
    ['lib/a.rb', ['    exit!(0)'], 'process-exit'],
    ['src/a.py', ['import unittest'], 'runner-patch'],
    ['src/a.py', ['unittest.TestCase.assertEqual = lambda *a, **k: None'], 'runner-patch'],
    ['src/a.py', ['from _pytest import assertion'], 'runner-patch'],
    ['src/a.py', ['builtins.len = lambda x: 3'], 'runner-patch'],
    ['src/a.py', ["sys.modules['json'] = fake"], 'runner-patch'],
    ['src/a.js', ['globalThis.expect = () => inert;'], 'runner-patch'],
    ['src/a.js', ['delete require.cache[key];'], 'runner-patch'],
    ['src/a.js', ["const { expect } = require('@jest/globals');"], 'runner-patch'],
    ['src/a.ts', ["import { vi } from 'vitest';"], 'runner-patch'],
    ['src/a.js', ['Module._load = patched;'], 'runner-patch'],
    ['src/a.js', ['Array.prototype.includes = () => true;'], 'runner-patch'],
    ['src/a.js', ['expect.extend({ toBe: () => ({ pass: true }) });'], 'runner-patch'],
    ['src/a.go', ['import "testing"'], 'runner-patch'],
    ['src/a.py', ["    open('reports/junit.xml', 'w').write(x)"], 'report-write'],
    ['src/a.py', ["    d = os.environ['RUNNER_TEMP']"], 'report-write'],
    ['src/a.js', ["  s.replace(/<failure[^>]*>/g, '')"], 'report-write'],
    ['src/a.py', ['    def __eq__(self, other): return True'], 'always-equal'],
    ['src/a.py', ['    def __eq__(self, other):', '        return True'], 'always-equal'],
    [
      'src/a.py',
      ['    def __hash__(self) -> int:', '        return 0  # all alike'],
      'always-equal',
    ],
    ['src/a.py', ['    __ne__ = lambda self, o: False'], 'always-equal'],
    ['src/a.js', ['  valueOf() { return 5; }'], 'always-equal'],
    ['src/a.js', ['  valueOf() {', '    return 5;', '  }'], 'always-equal'],
    ['src/a.js', ["  toJSON: () => 'expected',"], 'always-equal'],
    ['src/a.ts', ['  [Symbol.toPrimitive]() { return 5; }'], 'always-equal'],
    ['src/a.js', ['  asymmetricMatch() { return true; },'], 'always-equal'],
    ['src/A.java', ['  public boolean equals(Object o) { return true; }'], 'always-equal'],
  ];
  test.each(POSITIVE)('%s %j is %s', (file, lines, shape) => {
    expect(shapesOf(file, ...lines)).toContain(shape);
  });

  // Honest look-alikes: none of them is a hit.
  const NEGATIVE: [string, string][] = [
    ['src/a.py', '    sig = inspect.signature(fn)'],
    ['src/a.py', '    msg = traceback.format_exc()'],
    ['src/a.py', '    # we call sys.exit(1) from the CLI only'],
    ['src/a.py', '    if os.environ.get("HOME"):'],
    ['src/a.py', '    def __eq__(self, other):'],
    ['src/a.py', '    def __eq__(self, other): return self.v == other.v'],
    ['src/a.py', '    def __eq__(self, other): return NotImplemented'],
    ['src/a.py', '    assertion = check(x)'],
    ['src/a.py', '    exits = 3'],
    ['src/a.py', '    self.exit_code = 0'],
    ['src/a.js', '  const s = err.stack;'],
    ['src/a.js', '  if (require.main === module) main();'],
    ['src/a.js', "  const expected = compute('x');"],
    ['src/a.js', '  valueOf() { return this.n; }'],
    ['src/a.js', '  // process.exit(0) is not for library code'],
    ['src/a.js', '  const o = Object.keys(x).length === 0;'],
    ['src/a.ts', "import { parse } from './expect-parser';"],
    ['README.md', 'sys.exit(0) and process.exit(0) in prose'],
    ['src/a.css', 'a { content: "sys._getframe" }'],
  ];
  test.each(NEGATIVE)('%s %j is no hit', (file, line) => {
    expect(shapesOf(file, line)).toEqual([]);
  });

  test('a two-line shape needs its second line right after the first, in the same file', () => {
    const lines: AddedLine[] = [
      { path: 'src/a.py', line: 3, text: '    def __eq__(self, other):' },
      { path: 'src/a.py', line: 9, text: '        return True' },
      { path: 'src/b.py', line: 4, text: '        return True' },
    ];
    expect(scanAddedLines(lines)).toEqual([]);
  });

  test('each shape has an id, what it stops, a source and patterns or parser rules; ids are unique kebab-case', () => {
    const parsed = new Set(
      [...RULES.python, ...RULES.js, ...DRAFT_RULES.python, ...DRAFT_RULES.js].map((r) => r.shape),
    );
    expect(new Set(SHAPES.map((s) => s.id)).size).toBe(SHAPES.length);
    for (const s of SHAPES) {
      expect(s.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(s.stops.length).toBeGreaterThan(20);
      expect(s.source.length).toBeGreaterThan(10);
      expect(s.patterns.length + (parsed.has(s.id) ? 1 : 0)).toBeGreaterThan(0);
      for (const p of s.patterns) expect(p.needle.length).toBeGreaterThan(0);
    }
    expect(SHAPES.map((s) => s.id)).toEqual([
      'caller-frame',
      'runner-env',
      'process-exit',
      'runner-patch',
      'report-write',
      'dynamic-code',
      'test-source-read',
      'outside-write',
      'draft-patch',
      'draft-detach',
      'always-equal',
    ]);
  });

  test('every pattern quantifier is bounded, so no line makes a pattern backtrack', () => {
    for (const s of SHAPES)
      for (const p of s.patterns)
        for (const re of [p.re, p.next]) {
          if (!re) continue;
          // Outside character classes and escapes, no `*`, `+` or open `{n,}`.
          const src = re.source.replace(/\\./g, '').replace(/\[[^\]]*\]/g, '');
          expect({ shape: s.id, re: re.source, unbounded: /[*+]|\{\d+,\}/.test(src) }).toEqual({
            shape: s.id,
            re: re.source,
            unbounded: false,
          });
        }
  });

  test('docs/gaming-shapes.md lists the shapes rendered from the data', () => {
    const doc = readFileSync('docs/gaming-shapes.md', 'utf8');
    const m = /<!-- shapes:start -->\n([\s\S]*?)<!-- shapes:end -->/.exec(doc);
    expect(m?.[1]).toBe(renderGamingShapes());
    for (const s of SHAPES) expect(m![1]).toContain(`| \`${s.id}\` |`);
  });

  test('languages come from the extension; other files are not scanned', () => {
    expect(
      ['a.py', 'a.ts', 'a.mjs', 'a.go', 'A.java', 'a.rb', 'a.md', 'Makefile', 'a.d/x'].map(
        languageOf,
      ),
    ).toEqual(['python', 'js', 'js', 'go', 'java', 'ruby', undefined, undefined, undefined]);
  });

  test('report globs give their literal places as needles', () => {
    expect(
      reportNeedles(['reports/*.xml', '$RUNNER_TEMP/out/**/*.xml', 'build/junit.xml', '*.xml']),
    ).toEqual(['reports/', 'build/junit.xml']);
    expect(
      scanAddedLines([{ path: 'src/a.py', line: 1, text: "p = 'build/junit.xml'" }], {
        reportNeedles: ['build/junit.xml'],
      }),
    ).toEqual([{ shape: 'report-write', path: 'src/a.py', line: 1 }]);
  });
});

describe('hostile input, in linear time', () => {
  // The best of three: the machine is shared, and a pause is no property of the scan.
  const time = (lines: AddedLine[]) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = process.hrtime.bigint();
      scanAddedLines(lines);
      best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
    }
    return best;
  };
  // Each shape's needles, repeated along one long line without what completes the pattern:
  // the worst a backtracking pattern could meet.
  const needles = SHAPES.flatMap((s) => s.patterns.map((p) => p.needle));
  const hostile = (n: number) => [
    needles
      .map((x) => `${x}(`)
      .join(' ')
      .repeat(Math.ceil(n / 2000))
      .slice(0, n),
    'new Error('.repeat(n / 10),
    '    def __eq__(self'.padEnd(n, ' '),
    'valueOf() { return '.repeat(n / 19),
    "process.on('".repeat(n / 12),
  ];

  test.each(['src/a.py', 'src/a.js', 'src/a.go', 'src/A.java', 'lib/a.rb'])(
    'a 2 MB line of near-misses (%s) is scanned in seconds at most, and four times the text takes about four times as long',
    (file) => {
      const lines = (n: number) => hostile(n).map((text, i) => ({ path: file, line: i + 1, text }));
      time(lines(50_000)); // warm up
      const small = time(lines(500_000));
      const big = time(lines(2_000_000));
      expect(big).toBeLessThan(3000);
      // Linear: four times the text takes about four times as long (a quadratic scan, sixteen);
      // the bound leaves room for a shared machine's pauses.
      expect(big).toBeLessThan(Math.max(small * 9, 60));
    },
  );

  test('100k added lines are scanned in seconds at most', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => ({
      path: `src/m${i % 50}.py`,
      line: i + 1,
      text: `    value_${i} = compute(item.stack, exits, expected)  # sys`,
    }));
    expect(time(lines)).toBeLessThan(3000);
  });
});

describe('the diff reader', () => {
  test('added lines of a plain diff, with their new line numbers; removed lines and headers are not', () => {
    const diff = [
      'diff --git a/src/a.py b/src/a.py',
      'index 1..2 100644',
      '--- a/src/a.py',
      '+++ b/src/a.py',
      '@@ -3,0 +4,2 @@ def f():',
      '+    x = 1',
      '+++ not a header: an added line that starts with ++',
      '@@ -9 +11 @@',
      '-    old',
      '+    new',
      'diff --git a/gone.py b/gone.py',
      'deleted file mode 100644',
      '--- a/gone.py',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-x = 1',
      'diff --git "a/sp ace\\303\\251.py" "b/sp ace\\303\\251.py"',
      '--- /dev/null',
      '+++ "b/sp ace\\303\\251.py"',
      '@@ -0,0 +1 @@',
      '+y = 2',
      '\\ No newline at end of file',
      '',
    ].join('\n');
    expect(parseAddedLines(diff)).toEqual([
      { path: 'src/a.py', line: 4, text: '    x = 1' },
      { path: 'src/a.py', line: 5, text: '++ not a header: an added line that starts with ++' },
      { path: 'src/a.py', line: 11, text: '    new' },
      { path: 'sp aceé.py', line: 1, text: 'y = 2' },
    ]);
  });

  test("a merge's combined diff: the lines the merge itself added", () => {
    const diff = [
      'diff --cc src/a.py',
      'index 1,2..3',
      '--- a/src/a.py',
      '+++ b/src/a.py',
      '@@@ -1,1 -1,1 +1,2 @@@',
      '- left',
      ' -right',
      '++resolved',
      '+ from right',
      '',
    ].join('\n');
    expect(parseAddedLines(diff)).toEqual([
      { path: 'src/a.py', line: 1, text: 'resolved' },
      { path: 'src/a.py', line: 2, text: 'from right' },
    ]);
  });
});

describe('the findings and the ledger settings', () => {
  const hit = (shape: string, path: string, line: number) => ({
    shape,
    path,
    line,
    sha: 'a'.repeat(40),
    why: 'author copilot-swe-agent[bot]',
  });
  const change = (baseText: string | null, result?: 'review' | 'reject'): Change => ({
    baseSha: 'b'.repeat(40),
    changed: [],
    baseLedger: baseText === null ? null : parseLedger(baseText, 'tests/ledger.yaml@base'),
    agentAuthored: true,
    authorship: 'agent',
    source: 'git',
    gaming: {
      hits: [
        hit('process-exit', 'src/cli.py', 3),
        hit('process-exit', 'src/cli.py', 9),
        hit('caller-frame', 'src/a.py', 2),
      ],
      unscanned: [],
      result,
    },
  });
  const LEDGER = (extra: string) => `version: 1\n${extra}rows: []\n`;
  const ROW = (extra: string) =>
    `version: 1\n${extra}rows:\n  - id: tests/a.py::t\n    class: draft\n    source: agent\n    proposed_class: property\n`;

  test('one review finding per shape and file, on its first line, naming the shape and the trick', () => {
    const f = gamingFindings(change(null));
    expect(f.map((x) => [x.rule, x.result, x.file, x.line])).toEqual([
      ['production-gaming-shape', 'review', 'src/cli.py', 3],
      ['production-gaming-shape', 'review', 'src/a.py', 2],
    ]);
    expect(f[0].message).toContain('line 3, 9');
    expect(f[0].message).toContain('(process-exit)');
    expect(f[0].message).toContain('exits (status 0) when the failing input arrives');
    expect(f[0].message).toContain('aaaaaaaaaaaa');
  });

  test("the base's gaming_allow allows one shape on its paths; gaming_result: reject makes the rest reject", () => {
    const base = LEDGER('gaming_result: reject\ngaming_allow:\n  - process-exit=src/cli.py\n');
    const f = gamingFindings(change(base));
    expect(f.map((x) => [x.file, x.result])).toEqual([['src/a.py', 'reject']]);
    expect(gamingFindings(change(null, 'reject')).map((x) => x.result)).toEqual([
      'reject',
      'reject',
    ]);
  });

  test('an invalid base ledger allows nothing', () => {
    const base = LEDGER('gaming_allow:\n  - process-exit=src/cli.py\nbogus: 1\n');
    expect(gamingFindings(change(base)).length).toBe(2);
  });

  test('the ledger keys are validated: a shape that does not exist, a result that is neither', () => {
    const bad = parseLedger(
      LEDGER('gaming_result: maybe\ngaming_allow:\n  - sys-exit=src/cli.py\n  - process-exit\n'),
      'l.yaml',
    );
    expect(bad.errors.map((e) => [e.line, e.message.slice(0, 40)])).toEqual([
      [2, '`gaming_result` must be review or reject'],
      [4, 'a gaming_allow entry is SHAPE=PATH_GLOB '],
      [5, 'a gaming_allow entry is SHAPE=PATH_GLOB '],
    ]);
    const good = parseLedger(
      LEDGER('gaming_result: review\ngaming_allow:\n  - always-equal=src/**/money.py\n'),
      'l.yaml',
    );
    expect(good.errors).toEqual([]);
    expect(good.ledger!.gamingResult).toBe('review');
    expect(good.ledger!.gamingAllow).toEqual([{ shape: 'always-equal', glob: 'src/**/money.py' }]);
  });

  test('both ledger readers read the keys alike: a large ledger that has them stays on the fast one', () => {
    const text = ROW(
      'rules:\n  - "*=locked_fixture:{file}"\ngaming_result: reject\ngaming_allow:\n  - process-exit=src/cli.py\n  - "caller-frame=src/**/log.py"\n',
    );
    const fast = parseLedgerWith(text, 'l.yaml', 'fast');
    const full = parseLedgerWith(text, 'l.yaml', 'yaml');
    expect(fast).not.toBeNull();
    for (const r of [fast!, full!]) {
      expect(r.errors).toEqual([]);
      expect([r.ledger!.gamingResult, r.ledger!.gamingAllow, r.ledger!.rules]).toEqual([
        'reject',
        [
          { shape: 'process-exit', glob: 'src/cli.py' },
          { shape: 'caller-frame', glob: 'src/**/log.py' },
        ],
        ['*=locked_fixture:{file}'],
      ]);
    }
  });

  test('what could not be scanned asks for review, never passes silently', () => {
    const c = change(null);
    c.gaming = { hits: [], unscanned: ['commit abc: not scanned'] };
    expect(gamingFindings(c).map((x) => [x.rule, x.result, x.message])).toEqual([
      ['production-gaming-shape', 'review', 'commit abc: not scanned'],
    ]);
  });
});

describe('the gate over real git repositories', () => {
  const repos: Repo[] = [];
  afterAll(() => repos.forEach((r) => r.cleanup()));
  const GOLDEN = 'golden bytes v1\n';
  function baseRepo(): Repo {
    const repo = new Repo();
    repos.push(repo);
    repo.write({
      'tests/ledger.yaml': ledgerYaml(scenarioRows(GOLDEN, '2026-09-10')),
      'tests/goldens/a.txt': GOLDEN,
      'tests/seeds/p/one.json': '[1]\n',
      [SCENARIO_FILE]: 'def test_fixture():\n    pass\n',
      'src/lib.py': 'def f():\n    return 1\n',
      'build/junit.xml': pytestXunit1(scenarioCases()),
    });
    repo.commit('base');
    repo.branch('change');
    return repo;
  }
  const gaming = (r: { report: Report }) =>
    r.report.findings
      .filter((f) => f.rule === 'production-gaming-shape')
      .map((f) => `${f.result}:${f.file}:${f.line}`);

  test("an agent's production line that reads the caller's frame asks for review, on that line", async () => {
    const repo = baseRepo();
    repo.write({
      'src/lib.py': 'import sys\n\ndef f():\n    return sys._getframe(1).f_locals["want"]\n',
    });
    repo.commit('make f right', AGENT);
    const r = await checkIn(repo, '--base', 'main', '--production', 'src/**');
    expect(gaming(r)).toEqual(['review:src/lib.py:4']);
    expect(r.code).toBe(3);
    const rej = await checkIn(repo, '--base', 'main', '--gaming', 'reject');
    expect(gaming(rej)).toEqual(['reject:src/lib.py:4']);
    expect(rej.code).toBe(1);
  });

  test('read as code (issue 36): a respelled read through an alias is found; a file the grammar cannot read on an added line asks for review', async () => {
    const repo = baseRepo();
    repo.write({
      'src/lib.py': 'from inspect import stack as _s\n\n\ndef f():\n    return _s()[1]\n',
      'src/broken.py': 'def f(:\n    return 1\n',
    });
    repo.commit('respelled', AGENT);
    const r = await checkIn(repo, '--base', 'main');
    expect(gaming(r)).toEqual(['review:src/lib.py:1', 'review:undefined:undefined']);
    const unread = r.report.findings.filter(
      (f) => f.rule === 'production-gaming-shape' && f.message.includes('not read as code'),
    );
    expect(unread.map((f) => f.message)).toEqual([
      expect.stringMatching(/^src\/broken\.py at commit [0-9a-f]{12}: .*line 1 \(a syntax error\)/),
    ]);
  });

  test('a file name that holds markup reaches the summary escaped', async () => {
    const repo = baseRepo();
    repo.write({ 'src/<img src=x onerror=alert(1)>.py': 'import sys\nf = sys._getframe(0)\n' });
    repo.commit('add', AGENT);
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-gaming-'));
    const md = path.join(dir, 's.md');
    const r = await checkIn(repo, '--base', 'main', '--summary', md);
    expect(gaming(r)).toEqual(['review:src/<img src=x onerror=alert(1)>.py:2']);
    const summary = readFileSync(md, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    expect(summary).toContain('production-gaming-shape');
    // Only inside code spans (where Markdown shows it as text) or escaped (`\<img`).
    const outsideCode = summary.replace(/`[^`\n]*`/g, '').replace(/\\</g, '');
    expect(summary).toContain('src/\\<img');
    expect(outsideCode).not.toContain('<img');
  });

  test("a human's commit is never scanned; an agent's test-path, draft and prose lines are not either", async () => {
    const repo = baseRepo();
    repo
      .write({ 'src/lib.py': 'import sys\n\ndef f():\n    sys.exit(0)\n' })
      .commit('human exit', HUMAN);
    repo.write({
      'tests/agent_drafts/test_x.py': 'import sys\nsys.exit(0)\n',
      'docs/x.md': 'sys.exit(0)\n',
    });
    repo.commit('agent drafts', AGENT);
    const r = await checkIn(repo, '--base', 'main');
    expect(gaming(r)).toEqual([]);
  });

  test("an edit the change reverts adds nothing; the base's gaming_allow admits its path", async () => {
    const repo = new Repo();
    repos.push(repo);
    const ledger = ledgerYaml(scenarioRows(GOLDEN, '2026-09-10')).replace(
      'version: 1\n',
      'version: 1\ngaming_allow:\n  - process-exit=src/cli.py\n',
    );
    repo.write({
      'tests/ledger.yaml': ledger,
      'tests/goldens/a.txt': GOLDEN,
      'tests/seeds/p/one.json': '[1]\n',
      [SCENARIO_FILE]: 'def test_fixture():\n    pass\n',
      'src/lib.py': 'def f():\n    return 1\n',
      'build/junit.xml': pytestXunit1(scenarioCases()),
    });
    repo.commit('base');
    repo.branch('change');
    repo
      .write({ 'src/cli.py': 'import sys\n\ndef main():\n    sys.exit(f())\n' })
      .commit('a cli', AGENT);
    repo.write({ 'src/lib.py': 'import os\ndef f():\n    os._exit(0)\n' }).commit('oops', AGENT);
    repo.write({ 'src/lib.py': 'def f():\n    return 1\n' }).commit('undo', AGENT);
    const r = await checkIn(repo, '--base', 'main');
    expect(r.report.findings.filter((f) => f.rule === 'ledger-invalid')).toEqual([]);
    expect(gaming(r)).toEqual([]);
    expect(r.code).toBe(0);
  });
});
