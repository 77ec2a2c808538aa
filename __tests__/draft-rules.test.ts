// The draft rule file runs its own examples the way code-rules.test.ts runs the production
// ones: each `hit` file must make its rule hit, each `clean` file must not. Then the controls:
// an ordinary draft (imports production, asserts, pytest fixtures and monkeypatch inside a test,
// jest.mock at the top) hits no draft rule, while the production rule set would flag it.
import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Tree } from 'web-tree-sitter';
import { parserFor } from '../src/adapters/code/grammars.js';
import type { CodeLanguage } from '../src/code/language.js';
import { DRAFT_RULES, scanTree } from '../src/code/scan.js';
import { SHAPE_IDS } from '../src/code/shapes.js';

const parsers = new Map<CodeLanguage, (t: string) => Tree | null>();
beforeAll(async () => {
  for (const l of ['python', 'typescript'] as const) parsers.set(l, await parserFor(l));
});

const allLines = (text: string) => text.split('\n').map((_, i) => i + 1);
function scan(lang: CodeLanguage, text: string, draft = true) {
  const tree = parsers.get(lang)!(text)!;
  try {
    const family = lang === 'python' ? 'python' : 'js';
    return scanTree(lang, tree.rootNode, allLines(text), draft ? DRAFT_RULES[family] : undefined);
  } finally {
    tree.delete();
  }
}

describe.each([
  ['python', 'python'],
  ['js', 'typescript'],
] as const)('the %s draft rules', (family, lang) => {
  test.each(DRAFT_RULES[family].map((r) => [r.id, r] as const))('%s: its examples', (_id, r) => {
    expect(SHAPE_IDS).toContain(r.shape);
    expect(r.hit.length).toBeGreaterThanOrEqual(3);
    expect(r.clean.length).toBeGreaterThan(0);
    for (const h of r.hit) {
      const v = scan(lang, h);
      expect({ example: h, problem: v.problem, rules: v.hits.map((x) => x.rule) }).toEqual({
        example: h,
        problem: undefined,
        rules: expect.arrayContaining([r.id]),
      });
    }
    for (const c of r.clean) {
      const v = scan(lang, c);
      expect({ example: c, rules: v.hits.map((x) => x.rule) }).toEqual({ example: c, rules: [] });
    }
  });
});

describe('an ordinary draft', () => {
  const py =
    'import pytest\nimport shop\n\n@pytest.fixture\ndef cart():\n    return [1, 2]\n\ndef test_total(cart, monkeypatch):\n    monkeypatch.setattr(shop, "rate", lambda: 1)\n    assert shop.total(cart) == 3\n';
  const ts =
    "import { total } from '../src/shop';\njest.mock('../src/rates', () => ({ rate: () => 1 }));\ndescribe('total', () => {\n  it('adds', () => {\n    expect(total([1, 2])).toBe(3);\n  });\n});\n";

  test('a pytest draft with a fixture and monkeypatch in its test hits no draft rule, though the production rules would flag it', () => {
    expect(scan('python', py).hits).toEqual([]);
    expect(scan('python', py, false).hits.length).toBeGreaterThan(0);
  });

  test('a jest draft with jest.mock at its top hits no draft rule', () => {
    expect(scan('typescript', ts).hits).toEqual([]);
  });
});

// Item 1 of issue 43's weak points: the same call is a hit or not by its arguments.
describe('a process is judged by its arguments, not by the name of the call', () => {
  const detach = (lang: CodeLanguage, text: string) =>
    scan(lang, text)
      .hits.filter((h) => h.shape === 'draft-detach')
      .map((h) => h.rule);

  test.each([
    ['an ordinary run', 'import subprocess\nsubprocess.run(["make", "check"], check=True)\n', []],
    [
      'a flag bound once to False',
      'import subprocess\nNEW = False\nsubprocess.run(["ls"], start_new_session=NEW)\n',
      [],
    ],
    [
      'a flag bound once to True',
      'import subprocess\nNEW = True\nsubprocess.run(["ls"], start_new_session=NEW)\n',
      ['draft-py-spawn-detached'],
    ],
    [
      'a dict literal spread inside another',
      'import subprocess\nbase = {"text": True}\nsubprocess.run(["ls"], **{**base, "start_new_session": True})\n',
      ['draft-py-spawn-detached'],
    ],
    [
      'a dict built by a comprehension (cannot be read)',
      'import subprocess\nsubprocess.run(["ls"], **{k: True for k in ["start_new_session"]})\n',
      ['draft-py-spawn-detached'],
    ],
    [
      'preexec_fn as the seventh positional argument',
      'import os, subprocess\nsubprocess.Popen(["ls"], -1, None, None, None, None, os.setsid).wait()\n',
      ['draft-py-spawn-detached'],
    ],
    [
      'a partial that binds nothing detaching, waited',
      'import functools, subprocess\nrun = functools.partial(subprocess.run, check=True)\nrun(["ls"])\n',
      [],
    ],
    [
      'a shell string with 2>&1 and &&, shell=True',
      'import subprocess\nsubprocess.run("make 2>&1 && echo ok", shell=True)\n',
      [],
    ],
    [
      'a computed shell string, shell=True',
      'import subprocess, sys\nsubprocess.run(sys.argv[1], shell=True)\n',
      ['draft-py-shell-detach'],
    ],
    [
      'a computed command without a shell',
      'import subprocess, sys\nsubprocess.run([sys.executable, sys.argv[1]])\n',
      [],
    ],
  ] as const)('Python: %s', (_what, text, rules) => {
    expect(detach('python', text)).toEqual(rules);
  });

  test.each([
    [
      'spawn waited on close',
      "import { spawn } from 'node:child_process';\nspawn('ls', ['-l'], { stdio: 'inherit' }).on('close', () => {});\n",
      [],
    ],
    [
      'detached: false through a const',
      "import { spawn } from 'node:child_process';\nconst d = false;\nspawn('ls', [], { detached: d });\n",
      [],
    ],
    [
      'detached computed',
      "import { spawn } from 'node:child_process';\nspawn('ls', [], { detached: process.env.BG === '1' });\n",
      ['draft-js-detach'],
    ],
    [
      'shell: true with a lone &',
      "import { spawn } from 'node:child_process';\nspawn('sleep 60 &', { shell: true });\n",
      ['draft-js-shell-detach'],
    ],
    [
      'an execFile with a callback',
      "import { execFile } from 'node:child_process';\nexecFile('git', ['status'], (err) => {});\n",
      [],
    ],
  ] as const)('JS: %s', (_what, text, rules) => {
    expect(detach('typescript', text)).toEqual(rules);
  });
});
