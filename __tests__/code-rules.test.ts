// The parser's rule files run their own examples: each `hit` file (every line added) must make
// its rule hit, each `clean` file must not; then the reading itself: aliases, local values,
// only added lines count, and a file the grammar cannot read is a problem, not a pass.
import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Tree } from 'web-tree-sitter';
import { parserFor } from '../src/adapters/code/grammars.js';
import { codeLanguageOf, type CodeLanguage } from '../src/code/language.js';
import { RULES, scanTree } from '../src/code/scan.js';
import { SHAPE_IDS } from '../src/gaming/shapes.js';

const parsers = new Map<CodeLanguage, (t: string) => Tree | null>();
beforeAll(async () => {
  for (const l of ['python', 'javascript', 'typescript', 'tsx'] as const)
    parsers.set(l, await parserFor(l));
});

const allLines = (text: string) => text.split('\n').map((_, i) => i + 1);
function scan(lang: CodeLanguage, text: string, added = allLines(text)) {
  const tree = parsers.get(lang)!(text)!;
  try {
    return scanTree(lang, tree.rootNode, added);
  } finally {
    tree.delete();
  }
}

describe.each([
  ['python', 'python'],
  ['js', 'typescript'],
] as const)('the %s rule file', (family, lang) => {
  const rules = RULES[family];
  test.each(rules.map((r) => [r.id, r] as const))('%s: its examples', (_id, r) => {
    expect(SHAPE_IDS).toContain(r.shape);
    expect(r.hit.length).toBeGreaterThan(0);
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
      expect({ example: c, rules: v.hits.map((x) => x.rule) }).toEqual({
        example: c,
        rules: expect.not.arrayContaining([r.id]),
      });
    }
  });
});

describe('reading code as code', () => {
  test('a name used on an added line is resolved through an import kept on an old line', () => {
    const text =
      'from inspect import stack as _s\n\ndef f():\n    return 1\n\ndef g():\n    return _s()\n';
    expect(scan('python', text, [7]).hits.map((h) => [h.shape, h.line])).toEqual([
      ['caller-frame', 7],
    ]);
    // The same file with only an unrelated line added: the old use is not the agent's.
    expect(scan('python', text, [4]).hits).toEqual([]);
  });

  test('a JS value followed through locals and destructuring', () => {
    const text =
      'const { stack: s } = { stack: 1 };\nexport function f() {\n  const err = new Error("probe");\n  const keep = err;\n  return keep.stack;\n}\n';
    expect(scan('javascript', text).hits.map((h) => h.shape)).toContain('caller-frame');
  });

  test('a parameter that shares a global name is a local, not the global', () => {
    expect(scan('javascript', 'export function f(it) {\n  it.x = 1;\n}\n').hits).toEqual([]);
    expect(scan('python', 'def f(inspect):\n    return inspect.stack\n').hits).toEqual([]);
  });

  test('a syntax error on an added line is a problem naming the line; elsewhere it is not', () => {
    const text = 'def f(:\n    pass\n\nx = 1\n';
    expect(scan('python', text, [1]).problem).toMatch(/line 1/);
    expect(scan('python', text, [4]).problem).toBeUndefined();
  });

  test('the grammar of each extension', () => {
    expect(
      ['a.py', 'a.mjs', 'a.ts', 'a.tsx', 'a.jsx', 'a.min.js', 'a.go'].map(codeLanguageOf),
    ).toEqual(['python', 'javascript', 'typescript', 'tsx', 'tsx', undefined, undefined]);
  });
});
