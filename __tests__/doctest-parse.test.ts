// The doctest reader (src/code/doctest.ts) against Python's own doctest module: the examples
// of each docstring as DocTestParser gives them, and the docstrings DocTestFinder collects
// from a module, by name; and the ledger's doctest artifacts as the validator takes them.
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parserFor } from '../src/adapters/code/grammars.js';
import {
  docstringsWithExamples,
  doctestExamples,
  findDoctest,
  moduleNames,
  qualnamesOf,
} from '../src/code/doctest.js';
import { parseLedger, parseLedgerWith } from '../src/ledger/parse.js';

const DOCSTRINGS = [
  'Plain.\n\n>>> 1 + 1\n2\n',
  '  Indented.\n\n    >>> x = [\n    ...   1,\n    ... ]\n    >>> x\n    [1]\n\n  prose after\n',
  '>>> print("a\\n\\nb")\na\n<BLANKLINE>\nb\n',
  '>>> 1/0\nTraceback (most recent call last):\n  ...\nZeroDivisionError: division by zero\n',
  '\t>>> 3  # doctest: +ELLIPSIS\n\t3\n\nthen\n>>> 4\n4',
  '>>> a = 1\n>>> b = 2\n>>> a + b\n3\n   \n>>> None\n',
  'No examples at all, only >>>text in prose.\n',
];

/** What Python's doctest parser makes of each text: [source, want] pairs. */
function pythonExamples(texts: string[]): [string, string][][] {
  const script =
    'import doctest, json, sys\n' +
    'p = doctest.DocTestParser()\n' +
    'print(json.dumps([[[e.source, e.want] for e in p.get_examples(t)] for t in json.load(sys.stdin)]))\n';
  return JSON.parse(
    execFileSync('python3', ['-c', script], { input: JSON.stringify(texts), encoding: 'utf8' }),
  ) as [string, string][][];
}

test("each docstring's examples are what Python's DocTestParser gives", () => {
  const theirs = pythonExamples(DOCSTRINGS);
  const ours = DOCSTRINGS.map((d) => doctestExamples(d).map((e) => [e.source, e.want]));
  expect(ours).toEqual(theirs);
  expect(ours[0]).toEqual([['1 + 1\n', '2\n']]);
});

const MODULE = `"""Module.

>>> 1
1
"""
import functools


def top():
    """Top.

    >>> top()
    """

    def inner():
        """Not collected: a nested function.

        >>> 0
        0
        """


def plain():
    """No example here."""


class Box:
    """A box.

    >>> Box().size
    0
    """

    size = 0

    @property
    def full(self):
        """Full?

        >>> Box().full
        False
        """
        return False

    @full.setter
    def full(self, value):
        pass

    @staticmethod
    def make():
        r"""Raw.

        >>> Box.make().size
        0
        """
        return Box()

    class Inner:
        """Nested class.

        >>> 2
        2
        """


if True:
    def conditional():
        """Defined under an if.

        >>> 5
        5
        """
`;

describe('a module read as pytest --doctest-modules collects it', () => {
  test("the docstrings with examples are DocTestFinder's, by name", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'doctest-finder-'));
    try {
      writeFileSync(path.join(dir, 'box.py'), MODULE);
      const script =
        'import doctest, json, sys\nsys.path.insert(0, sys.argv[1])\nimport box\n' +
        'print(json.dumps(sorted(t.name for t in doctest.DocTestFinder().find(box) if t.examples)))\n';
      const theirs = JSON.parse(
        execFileSync('python3', ['-c', script, dir], { encoding: 'utf8' }),
      ) as string[];
      const parse = await parserFor('python');
      const tree = parse(MODULE)!;
      const ours = [...docstringsWithExamples(tree.rootNode).keys()]
        .map((q) => (q === '' ? 'box' : `box.${q}`))
        .sort();
      expect(ours).toEqual(theirs);
      expect(theirs).toContain('box.Box.full');
      expect(findDoctest(tree.rootNode, 'box.py', 'box.top')).toEqual({
        examples: [{ source: 'top()\n', want: '' }],
      });
      expect(findDoctest(tree.rootNode, 'box.py', 'box.plain')).toEqual({
        problem: 'has no docstring with examples for box.plain',
      });
      tree.delete();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a doctest name maps to a qualified name under any module name pytest may use', () => {
    expect(moduleNames('src/pkg/mod.py')).toEqual(['mod', 'pkg.mod', 'src.pkg.mod']);
    expect(moduleNames('src/pkg/__init__.py')).toEqual(['pkg', 'src.pkg']);
    expect(moduleNames('README.md')).toEqual([]);
    expect(qualnamesOf('src/pkg/mod.py', 'pkg.mod.Box.size')).toEqual(['Box.size']);
    expect(qualnamesOf('src/pkg/mod.py', 'mod')).toEqual(['']);
    expect(qualnamesOf('src/pkg/mod.py', 'model.x')).toEqual([]);
  });
});

describe('a doctest artifact in the ledger', () => {
  const row = (artifact: string) =>
    'version: 1\nrows:\n  - id: src/shop.py::shop.total\n    class: locked_fixture\n' +
    `    digest: sha256:${'a'.repeat(64)}\n    artifact: ${artifact}\n`;
  const errors = (artifact: string) =>
    parseLedger(row(artifact), 'tests/ledger.yaml').errors.map((e) => e.message);

  test('is a module path and a dotted name, read alike by both ledger readers', () => {
    expect(errors('src/shop.py#doctest:shop.total')).toEqual([]);
    const text = row('src/shop.py#doctest:shop.total  # the examples of total');
    for (const reader of ['fast', 'yaml'] as const)
      expect(parseLedgerWith(text, 'l', reader)!.ledger!.rows[0].artifact).toBe(
        'src/shop.py#doctest:shop.total',
      );
    expect(parseLedger(row('src/shop.py#doctest:shop.total'), 'l').ledger!.rows[0].artifact).toBe(
      'src/shop.py#doctest:shop.total',
    );
  });

  test('refuses a module that is no .py file, a bad name, and a path that climbs out', () => {
    expect(errors('src/shop.md#doctest:shop')).toEqual([
      "artifact 'src/shop.md#doctest:shop' locks a doctest of a file that is no Python module (.py)",
    ]);
    expect(errors('src/shop.py#doctest:shop..total')).toEqual([
      "artifact 'src/shop.py#doctest:shop..total' names doctest 'shop..total', which is no dotted Python name",
    ]);
    expect(errors('../shop.py#doctest:shop')).toEqual([
      "artifact '../shop.py' climbs out of the repository",
    ]);
    expect(errors('src/./shop.py#doctest:shop')[0]).toContain("write 'src/shop.py'");
  });
});
