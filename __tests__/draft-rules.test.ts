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
