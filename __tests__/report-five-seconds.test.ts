// A verdict read in five seconds (issue 37): the summary and the terminal open with the
// decision, one sentence of why and one block of commands, before any table; an agent's
// rewritten expectation is shown as the lines it changed. Judged on real git repositories by
// the real gate (`ledger-gate check --base`), the summary rendered by a real GFM parser.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { titleOf } from '../src/action/publish.js';
import { main } from '../src/cli.js';
import { changedLines } from '../src/decision/changed-lines.js';
import type { Finding, Report } from '../src/types.js';
import { renderGfm, summaryProblems } from './support/hostile-markdown.js';
import { AGENT, HUMAN, Repo, pytestXunit1, type CaseSpec } from './support/repo.js';

const out = mkdtempSync(path.join(tmpdir(), 'ledger-gate-five-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** A pytest file of `n` tests, each asserting `age(i) == 'id'`; `edit` rewrites test i's line. */
function testFile(n: number, edit: (i: number, line: string) => string = (_, l) => l): string {
  const tests = Array.from({ length: n }, (_, i) =>
    edit(i, `def test_case_${i}():\n    assert age(${i}) == '${i}d'\n`),
  );
  return `import pytest\n\nfrom app import age\n\n\n${tests.join('\n\n')}`;
}

const cases = (file: string, n: number, skip = -1): CaseSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    file,
    name: `test_case_${i}`,
    status: i === skip ? ('skip' as const) : ('pass' as const),
  }));

interface Judged {
  code: number;
  stdout: string;
  summary: string;
}

/**
 * A base with two test files of `n` tests each, frozen by `init` (a file row each); then an
 * agent's commit that writes `head` (null deletes a file) and the run's report `after`.
 */
async function agentChange(
  n: number,
  head: Record<string, string | null>,
  after: CaseSpec[],
): Promise<Judged> {
  const repo = new Repo();
  try {
    repo.write({
      'app.py': "def age(n):\n    return f'{n}d'\n",
      'tests/test_age.py': testFile(n),
      'tests/test_fmt.py': testFile(n),
      'build/r.xml': pytestXunit1([
        ...cases('tests/test_age.py', n),
        ...cases('tests/test_fmt.py', n),
      ]),
    });
    const quiet = { cwd: repo.dir, stdout: () => undefined, stderr: () => undefined };
    expect(await main(['init', '--junit', 'build/*.xml', '--owner', 'dana'], quiet)).toBe(0);
    repo.commit('base', HUMAN);
    repo.branch('agent');
    for (const [file, text] of Object.entries(head)) {
      if (text === null) repo.remove(file);
      else repo.write({ [file]: text });
    }
    repo.write({ 'build/r.xml': pytestXunit1(after) });
    repo.commit('make the ages right', AGENT);
    const summary = path.join(out, `${path.basename(repo.dir)}.md`);
    let stdout = '';
    const code = await main(
      ['check', '--junit', 'build/*.xml', '--base', 'main', '--summary', summary],
      { ...quiet, stdout: (s) => void (stdout += s) },
    );
    return { code, stdout, summary: readFileSync(summary, 'utf8') };
  } finally {
    repo.cleanup();
  }
}

const rewrite = (i: number, line: string) => (i === 3 ? line.replace("'3d'", "'2d'") : line);
const RESTORE = 'git checkout main -- tests/test_age.py tests/test_fmt.py';

describe("an agent's two-file expectation rewrite (44 tests a file)", () => {
  let r: Judged;
  beforeAll(async () => {
    r = await agentChange(
      44,
      {
        'app.py': "def age(n):\n    return f'{n - 1}d' if n == 3 else f'{n}d'\n",
        'tests/test_age.py': testFile(44, rewrite),
        'tests/test_fmt.py': testFile(44, rewrite),
      },
      [...cases('tests/test_age.py', 44), ...cases('tests/test_fmt.py', 44)],
    );
  });

  test('the reject summary is under 8 KiB, its one command in the first 1,000 bytes', () => {
    expect(r.code).toBe(1);
    const bytes = Buffer.from(r.summary);
    expect(bytes.length).toBeLessThan(8 * 1024);
    expect(bytes.subarray(0, 1000).toString()).toContain(`\`\`\`sh\n${RESTORE}\n\`\`\`\n`);
    // One command, before any table, and no command in a table cell.
    expect(r.summary.split(RESTORE)).toHaveLength(2);
    expect(r.summary.indexOf(RESTORE)).toBeLessThan(r.summary.indexOf('\n|'));
    for (const row of r.summary.split('\n').filter((l) => l.startsWith('|')))
      expect(row).not.toMatch(/git checkout|ledger-gate (update|relock|drop)/);
    expect(summaryProblems(r.summary)).toEqual([]);
  });

  test('it says why in one sentence, and counts files with their tests, not 90 findings', () => {
    const [title, why] = r.summary.split('\n\n');
    expect(title).toBe('## ❌ ledger-gate: reject');
    expect(why).toBe("An agent's commits changed 2 test files, which only a human may change.");
    expect(r.summary).toContain('- **To fix: 2 test files (88 tests)**\n');
    expect(r.summary).not.toMatch(/90 findings reject/);
    // A test file locked to its own bytes is named a test file, not a golden.
    expect(r.summary).toContain('- **tests** (2): `tests/test_age.py`');
  });

  test('it shows the rewritten expectation as the lines the agent changed', () => {
    for (const file of ['tests/test_age.py', 'tests/test_fmt.py'])
      expect(r.summary).toContain(
        `**\`${file}\`** (edited · 44 tests)\n\n` +
          "```diff\n@@ -19 +19 @@\n-    assert age(3) == '3d'\n+    assert age(3) == '2d'\n```\n",
      );
    // Test names collapsed: three, then how many more; the row named once.
    expect(r.summary).toContain(
      '`test_case_0`, `test_case_1`, `test_case_2` and 41 more (row `tests/ledger.yaml:',
    );
  });

  test('the terminal opens the same way: why, the command, then the counts and the lines', () => {
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      "reject: An agent's commits changed 2 test files, which only a human may change.",
      "  Restore what the agent's commits changed (2 files), then commit and push:",
      `    ${RESTORE}`,
      '  To fix: 2 test files (88 tests)',
    ]);
    expect(r.stdout).toContain("    -    assert age(3) == '3d'\n    +    assert age(3) == '2d'\n");
    expect(r.stdout.split(RESTORE)).toHaveLength(2);
  });
});

describe("an agent's deleted and skipped tests are told to be restored", () => {
  test('a deleted test file: restore it, never drop its row', async () => {
    const r = await agentChange(6, { 'tests/test_fmt.py': null }, cases('tests/test_age.py', 6));
    expect(r.code).toBe(1);
    expect(r.summary).toContain('```sh\ngit checkout main -- tests/test_fmt.py\n```');
    expect(r.summary).toContain(
      "_an agent's commits made this: the command at the top restores it; a human makes the edit if it is meant_",
    );
    expect(r.summary + r.stdout).not.toMatch(/ledger-gate drop/);
    // A deleted file's lines are not shown: it is named deleted.
    expect(r.summary).toContain('`tests/test_fmt.py` deleted');
    expect(r.summary).not.toContain('```diff');
  });

  test('an added skip is named a skip, with the line that adds it', async () => {
    const skip = (i: number, line: string) => (i === 3 ? `@pytest.mark.skip\n${line}` : line);
    const r = await agentChange(6, { 'tests/test_fmt.py': testFile(6, skip) }, [
      ...cases('tests/test_age.py', 6),
      ...cases('tests/test_fmt.py', 6, 3),
    ]);
    expect(r.code).toBe(1);
    expect(r.summary).toContain(
      "An agent's commits changed 1 test file, which only a human may change (1 test now skips).",
    );
    expect(r.summary).toContain(
      '**`tests/test_fmt.py`** (edited · 6 tests · now skips: `tests/test_fmt.py::test_case_3`)',
    );
    expect(r.summary).toContain('```diff\n@@ -17,0 +18 @@\n+@pytest.mark.skip\n```');
    expect(r.summary + r.stdout).not.toMatch(/ledger-gate drop/);
  });
});

test("hostile lines in an agent's edit stay inside their code block, inert", async () => {
  const hostile = [
    '```',
    '~~~~',
    '</code></pre><img src=x onerror=alert(1)>',
    '@octocat see #1 https://evil.example',
    '| a | b |',
    'x\u202eevil\u2066',
  ];
  const r = await agentChange(
    3,
    { 'tests/test_age.py': testFile(3) + hostile.map((l) => `# ${l}\n`).join('') },
    [...cases('tests/test_age.py', 3), ...cases('tests/test_fmt.py', 3)],
  );
  expect(summaryProblems(r.summary)).toEqual([]);
  const html = renderGfm(r.summary);
  // The whole diff is one code block: every hostile line is inside it, escaped.
  const block = /<pre><code class="language-diff">([\s\S]*?)<\/code><\/pre>/.exec(html)?.[1];
  expect(block).toContain('+# ```');
  expect(block).toContain('+# &lt;/code&gt;&lt;/pre&gt;&lt;img src=x onerror=alert(1)&gt;');
  expect(block).toContain('+# x&lt;U+202E&gt;evil&lt;U+2066&gt;');
  expect(html).not.toMatch(/<img|[\u202e\u2066]/);
});

describe('changedLines', () => {
  const file = (n: number, f: (i: number) => string = (i) => `line ${i}`) =>
    Array.from({ length: n }, (_, i) => f(i)).join('\n') + '\n';

  test('hunks without context, with git-style headers', () => {
    expect(
      changedLines(
        file(10),
        file(10, (i) => (i === 4 ? 'changed' : `line ${i}`)),
      ),
    ).toEqual({
      lines: ['@@ -5 +5 @@', '-line 4', '+changed'],
      cut: 0,
    });
    expect(changedLines('', 'a\nb\n')).toEqual({ lines: ['@@ -0,0 +1,2 @@', '+a', '+b'], cut: 0 });
    expect(changedLines('same\n', 'same\n')).toBeUndefined();
  });

  test('a few hunks of a few clipped lines, within the bytes; the rest counted', () => {
    const before = file(100);
    const after = file(100, (i) => (i % 10 === 0 ? `new ${i}` : `line ${i}`));
    const d = changedLines(before, after, { hunks: 2, perHunk: 6, lineChars: 160, bytes: 1200 })!;
    expect(d.lines.filter((l) => l.startsWith('@@'))).toHaveLength(2);
    expect(d.cut).toBe(16);
    const long = changedLines('', `${'x'.repeat(500)}\n`)!;
    expect(long.lines[1]).toBe(`+${'x'.repeat(159)}…`);
    const many = changedLines('', file(50))!;
    expect(many.lines).toHaveLength(7);
    expect(many.cut).toBe(44);
    const big = changedLines(before, after)!;
    expect(big.lines.join('\n').length).toBeLessThanOrEqual(1200);
  });
});

test("the check run's title says what there is to act on, per file, within GitHub's 255", () => {
  const f = (id: string, rule: Finding['rule'], result: Finding['result']): Finding => ({
    rule,
    result,
    id,
    status: 'pass',
    class: null,
    message: 'm',
  });
  const report = (findings: Finding[], decision: Report['decision']): Report => ({
    version: 1,
    decision,
    counts: { cases: findings.length, admit: 0, review: 0, reject: 0, info: 0, ...count(findings) },
    findings,
  });
  const count = (fs: Finding[]) => {
    const c: Record<string, number> = {};
    for (const x of fs) c[x.result] = (c[x.result] ?? 0) + 1;
    return c;
  };
  const many = Array.from({ length: 88 }, (_, i) =>
    f(`tests/t${i % 2}.py::test_${i}`, 'unclassified', 'reject'),
  );
  expect(titleOf(report(many, 'reject'))).toBe('reject: To fix: 2 test files (88 tests)');
  expect(titleOf(report([f('a.py::t', 'ledger-contract-change', 'review')], 'review'))).toBe(
    'review: To review: 1 test file (1 test)',
  );
  expect(titleOf(report([f('a.py::t', 'fixture-unchanged', 'admit')], 'admit'))).toBe(
    'admit: 0 reject, 0 review, 1 admit, 0 info (1 test cases)',
  );
  const wide = Array.from({ length: 300 }, (_, i) => ({
    ...f(`t${i}.py::x`, 'unclassified', 'reject'),
  }));
  expect(titleOf(report(wide, 'reject')).length).toBeLessThanOrEqual(255);
});
