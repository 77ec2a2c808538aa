// The gaming shapes (src/code/shapes.ts) as the parser reads them: the line scan's cases of
// issue 24 (per-shape positives and honest look-alikes, each a whole file read as code), the
// registry and its docs, the run's report globs as a rule, the diff reader, the findings and
// the ledger's settings, and the gate over real git repositories (an agent's commit read, a
// human's never).
import { beforeAll, afterAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tree } from 'web-tree-sitter';
import { parserFor } from '../src/adapters/code/grammars.js';
import { parseAddedLines } from '../src/code/added-lines.js';
import { codeLanguageOf, type CodeLanguage } from '../src/code/language.js';
import { renderGamingShapes } from '../src/code/render-shapes.js';
import { reportNeedles, withReportGlobs } from '../src/code/rules/report-globs.js';
import { DRAFT_RULES, RULES, scanTree } from '../src/code/scan.js';
import { SHAPES } from '../src/code/shapes.js';
import { gamingFindings } from '../src/decision/gaming-shape.js';
import { parseLedger, parseLedgerWith } from '../src/ledger/parse.js';
import type { Change } from '../src/types.js';
import { check as checkIn } from './support/check.js';
import { gamingHits } from './support/findings.js';
import {
  AGENT,
  HUMAN,
  Repo,
  SCENARIO_GOLDEN,
  ledgerYaml,
  scenarioBase,
  scenarioRows,
} from './support/repo.js';

const parsers = new Map<CodeLanguage, (t: string) => Tree | null>();
beforeAll(async () => {
  for (const l of ['python', 'javascript', 'typescript', 'tsx'] as const)
    parsers.set(l, await parserFor(l));
});

/** The shapes a whole file hits, every line added; `rules`: the language's production rules. */
function shapesOf(file: string, text: string, rules?: Parameters<typeof scanTree>[3]) {
  const lang = codeLanguageOf(file)!;
  const tree = parsers.get(lang)!(text)!;
  try {
    const v = scanTree(
      lang,
      tree.rootNode,
      text.split('\n').map((_, i) => i + 1),
      rules,
      file,
    );
    return { problem: v.problem, shapes: v.hits.map((h) => h.shape) };
  } finally {
    tree.delete();
  }
}

describe("the line scan's cases (issue 24), read as code", () => {
  // Each row: a file, its text, the shape it must hit (the trick, as an agent would write it).
  const POSITIVE: [string, string, string][] = [
    [
      'src/a.py',
      'import inspect\n\ndef f():\n    return inspect.stack()[1].code_context[0]\n',
      'caller-frame',
    ],
    ['src/a.py', 'import sys\n\ndef f():\n    return sys._getframe(1)\n', 'caller-frame'],
    [
      'src/a.py',
      'import inspect\n\ndef f():\n    return inspect.currentframe().f_back\n',
      'caller-frame',
    ],
    [
      'src/a.py',
      'import traceback\n\ndef f():\n    return traceback.extract_stack()[-2].line\n',
      'caller-frame',
    ],
    ['src/a.js', 'export const f = () => new Error().stack.split("\\n")[2];\n', 'caller-frame'],
    [
      'src/a.ts',
      'export function f(holder: object) {\n  Error.captureStackTrace(holder);\n}\n',
      'caller-frame',
    ],
    ['src/a.ts', 'Error.prepareStackTrace = (_, s) => s;\n', 'caller-frame'],
    [
      'src/a.py',
      "import os\n\ndef f():\n    if os.environ.get('PYTEST_CURRENT_TEST'):\n        return 5\n",
      'runner-env',
    ],
    [
      'src/a.py',
      "import sys\n\ndef f():\n    if 'pytest' in sys.modules:\n        return 5\n",
      'runner-env',
    ],
    [
      'src/a.py',
      'import sys\n\ndef f():\n    if "unittest" in sys.modules: return 5\n',
      'runner-env',
    ],
    [
      'src/a.js',
      'export function f() {\n  if (process.env.JEST_WORKER_ID) return 5;\n}\n',
      'runner-env',
    ],
    ['src/a.ts', 'export function f() {\n  if (process.env.VITEST) return 5;\n}\n', 'runner-env'],
    [
      'src/a.js',
      "export function f() {\n  if (process.env.NODE_ENV === 'test') return 5;\n}\n",
      'runner-env',
    ],
    [
      'src/a.js',
      "export function f() {\n  if (process.argv.some((a) => a.includes('jest'))) return 5;\n}\n",
      'runner-env',
    ],
    [
      'src/a.js',
      'export function f() {\n  if (require.main.filename.includes("jest")) return 5;\n}\n',
      'runner-env',
    ],
    [
      'src/a.js',
      'export function f() {\n  if (typeof describe === "function") return 5;\n}\n',
      'runner-env',
    ],
    ['src/a.py', 'import os\n\ndef f(x):\n    if x == 3:\n        os._exit(0)\n', 'process-exit'],
    ['src/a.py', 'import sys\n\ndef f(x):\n    if x == 3:\n        sys.exit(0)\n', 'process-exit'],
    ['src/a.py', 'import atexit\n\natexit.register(rewrite)\n', 'process-exit'],
    ['src/a.py', 'import sys\n\nsys.excepthook = quiet\n', 'process-exit'],
    ['src/a.py', 'def f(x):\n    raise SystemExit(0)\n', 'process-exit'],
    ['src/a.py', 'def f(x):\n    raise KeyboardInterrupt\n', 'process-exit'],
    ['src/a.py', 'import os\n\ndef f():\n    os.kill(os.getpid(), 15)\n', 'process-exit'],
    ['src/a.js', 'export function f() {\n  process.exit(0);\n}\n', 'process-exit'],
    ['src/a.js', "process.on('exit', rewrite);\n", 'process-exit'],
    ['src/a.ts', 'process.once("uncaughtException", () => {});\n', 'process-exit'],
    ['src/a.js', 'export const f = () => process.kill(process.pid);\n', 'process-exit'],
    ['src/a.js', 'process.exitCode = 0;\n', 'process-exit'],
    ['src/a.py', 'import unittest\n', 'runner-patch'],
    [
      'src/a.py',
      'import unittest\n\nunittest.TestCase.assertEqual = lambda *a, **k: None\n',
      'runner-patch',
    ],
    ['src/a.py', 'from _pytest import assertion\n', 'runner-patch'],
    ['src/a.py', 'import builtins\n\nbuiltins.len = lambda x: 3\n', 'runner-patch'],
    ['src/a.py', "import sys\n\nsys.modules['json'] = fake\n", 'runner-patch'],
    ['src/a.py', 'import sys\n\nsys.meta_path.insert(0, finder)\n', 'runner-patch'],
    ['src/a.js', 'globalThis.expect = () => inert;\n', 'runner-patch'],
    ['src/a.js', 'globalThis.fetch = async () => ({ ok: true });\n', 'runner-patch'],
    // The module cache is read here; it is the runner's module registry (runner-env) either way.
    ['src/a.js', 'export function f(key) {\n  delete require.cache[key];\n}\n', 'runner-env'],
    ['src/a.js', "const { expect } = require('@jest/globals');\n", 'runner-patch'],
    ['src/a.ts', "import { vi } from 'vitest';\n", 'runner-patch'],
    ['src/a.js', 'Module._load = patched;\n', 'runner-patch'],
    ['src/a.js', 'Array.prototype.includes = () => true;\n', 'runner-patch'],
    ['src/a.js', 'expect.extend({ toBe: () => ({ pass: true }) });\n', 'runner-patch'],
    ['src/a.js', 'export function f() {\n  jest.fn();\n}\n', 'runner-patch'],
    ['src/a.py', "def f(x):\n    open('reports/junit.xml', 'w').write(x)\n", 'report-write'],
    ['src/a.py', "import os\n\ndef f():\n    return os.environ['RUNNER_TEMP']\n", 'report-write'],
    ['src/a.js', "export const f = (s) => s.replace(/<failure[^>]*>/g, '');\n", 'report-write'],
    ['src/a.js', 'export const f = () => process.env.GITHUB_STEP_SUMMARY;\n', 'report-write'],
    ['src/a.py', 'class A:\n    def __eq__(self, other): return True\n', 'always-equal'],
    ['src/a.py', 'class A:\n    def __eq__(self, other):\n        return True\n', 'always-equal'],
    [
      'src/a.py',
      'class A:\n    def __hash__(self) -> int:\n        return 0  # all alike\n',
      'always-equal',
    ],
    ['src/a.py', 'class A:\n    __ne__ = lambda self, o: False\n', 'always-equal'],
    ['src/a.js', 'export class A {\n  valueOf() { return 5; }\n}\n', 'always-equal'],
    ['src/a.js', 'export class A {\n  valueOf() {\n    return 5;\n  }\n}\n', 'always-equal'],
    ['src/a.js', "export const o = {\n  toJSON: () => 'expected',\n};\n", 'always-equal'],
    ['src/a.ts', 'export class A {\n  [Symbol.toPrimitive]() { return 5; }\n}\n', 'always-equal'],
    ['src/a.js', 'export const o = {\n  asymmetricMatch() { return true; },\n};\n', 'always-equal'],
  ];
  test.each(POSITIVE)('%s %j is %s', (file, text, shape) => {
    const r = shapesOf(file, text);
    expect({ text, problem: r.problem, shapes: r.shapes }).toEqual({
      text,
      problem: undefined,
      shapes: expect.arrayContaining([shape]),
    });
  });

  // Honest look-alikes the line scan was tuned on: none of them is a hit.
  const NEGATIVE: [string, string][] = [
    ['src/a.py', 'import inspect\n\ndef f(fn):\n    return inspect.signature(fn)\n'],
    ['src/a.py', 'import traceback\n\ndef f():\n    return traceback.format_exc()\n'],
    ['src/a.py', 'def f():\n    # we call sys.exit(1) from the CLI only\n    return 1\n'],
    [
      'src/a.py',
      'import sys\n\ndef main():\n    return 0\n\nif __name__ == "__main__":\n    sys.exit(main())\n',
    ],
    ['src/a.py', 'import signal\n\ndef bench(h):\n    signal.signal(signal.SIGALRM, h)\n'],
    ['src/a.py', 'import os\n\ndef f():\n    if os.environ.get("HOME"):\n        return 1\n'],
    ['src/a.py', 'class A:\n    def __eq__(self, other): return self.v == other.v\n'],
    ['src/a.py', 'class A:\n    def __eq__(self, other): return NotImplemented\n'],
    [
      'src/a.py',
      'def f(x):\n    assertion = check(x)\n    exits = 3\n    return assertion, exits\n',
    ],
    ['src/a.py', 'class A:\n    def f(self):\n        self.exit_code = 0\n'],
    [
      'src/a.py',
      'def f(g):\n    try:\n        g()\n    except (SystemExit, KeyboardInterrupt):\n        raise\n',
    ],
    ['src/a.js', 'export const f = (err) => err.stack;\n'],
    [
      'src/a.js',
      'class E extends Error {\n  constructor() {\n    super();\n    Error.captureStackTrace(this, E);\n  }\n}\n',
    ],
    ['src/a.js', 'function main() {}\nif (require.main === module) main();\n'],
    [
      'src/a.js',
      "export const f = () => {\n  const expected = compute('x');\n  return expected;\n};\n",
    ],
    ['src/a.js', 'export class A {\n  valueOf() { return this.n; }\n}\n'],
    [
      'src/a.js',
      'export function f() {\n  // process.exit(0) is not for library code\n  return 1;\n}\n',
    ],
    ['src/a.js', 'export const f = (x) => Object.keys(x).length === 0;\n'],
    ['src/a.js', "export const dev = () => process.env.NODE_ENV !== 'production';\n"],
    ['src/a.ts', "import { parse } from './expect-parser';\nexport default parse;\n"],
  ];
  test.each(NEGATIVE)('%s %j is no hit', (file, text) => {
    expect(shapesOf(file, text)).toEqual({ problem: undefined, shapes: [] });
  });

  test('prose, styles, minified bundles and Kotlin are not code', () => {
    expect(['README.md', 'src/a.css', 'dist/a.min.js', 'src/a.kt'].map(codeLanguageOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('each shape has an id, what it stops, a source and parser rules; ids are unique kebab-case', () => {
    const parsed = new Set(
      [...RULES.python, ...RULES.js, ...DRAFT_RULES.python, ...DRAFT_RULES.js].map((r) => r.shape),
    );
    expect(new Set(SHAPES.map((s) => s.id)).size).toBe(SHAPES.length);
    for (const s of SHAPES) {
      expect(s.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(s.stops.length).toBeGreaterThan(20);
      expect(s.source.length).toBeGreaterThan(10);
      expect({ shape: s.id, ruled: parsed.has(s.id) }).toEqual({ shape: s.id, ruled: true });
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

  test('docs/gaming-shapes.md lists the shapes and their rules rendered from the data', () => {
    const doc = readFileSync('docs/gaming-shapes.md', 'utf8');
    const m = /<!-- shapes:start -->\n([\s\S]*?)<!-- shapes:end -->/.exec(doc);
    expect(m?.[1]).toBe(renderGamingShapes());
    for (const s of SHAPES) expect(m![1]).toContain(`| \`${s.id}\` |`);
    for (const r of [...RULES.python, ...RULES.js]) expect(m![1]).toContain(`| \`${r.id}\` |`);
  });

  test("the run's report globs give their literal places as a rule: a literal naming one is report-write", () => {
    expect(
      reportNeedles(['reports/*.xml', '$RUNNER_TEMP/out/**/*.xml', 'build/junit.xml', '*.xml']),
    ).toEqual(['reports/', 'build/junit.xml']);
    const text = "def f():\n    return 'out/other.xml'\n";
    const rules = withReportGlobs(RULES.python, ['out/results.xml', 'reports/*.xml']);
    expect(shapesOf('src/a.py', "P = 'reports/' + 'x.xml'\n", rules).shapes).toEqual([
      'report-write',
    ]);
    expect(shapesOf('src/a.py', text, rules).shapes).toEqual([]);
    expect(shapesOf('src/a.py', "P = 'reports/' + 'x.xml'\n").shapes).toEqual([]);
    // No glob long enough to name a place: the rules are the language's own.
    expect(withReportGlobs(RULES.js, ['*.xml'])).toBe(RULES.js);
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
  const baseRepo = () => scenarioBase(repos);
  const gaming = gamingHits;

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
    const ledger = ledgerYaml(scenarioRows(SCENARIO_GOLDEN, '2026-09-10')).replace(
      'version: 1\n',
      'version: 1\ngaming_allow:\n  - process-exit=src/cli.py\n',
    );
    const repo = scenarioBase(repos, { 'tests/ledger.yaml': ledger });
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
