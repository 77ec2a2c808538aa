// A real history for the replay test (__tests__/replay.test.ts): a small pytest project, `calc`,
// frozen with one rule for the golden tests (the rest by init's default, each test locked to
// its own file), and 32 honest commits by a human that edit, add, parametrize, rename and delete tests and
// goldens beside production changes, plus agent tricks tried on top of some of them. Each
// step edits the working tree; the test commits it, runs pytest and judges it.

/** Files to write (a string) or delete (null). */
export type Edit = Record<string, string | null>;

export interface Step {
  message: string;
  edit: Edit | ((read: (path: string) => string) => Edit);
  /** More arguments for `update`, when the commit needs it: a rule for a new golden's tests. */
  update?: string[];
  /** Agent tricks tried on top of this commit (each judged, then thrown away). */
  tricks?: Trick[];
}

export interface Trick {
  name: string;
  edit: (read: (path: string) => string) => Edit;
  /** The agent also runs `ledger-gate update` before committing. */
  update?: boolean;
}

const test = (name: string, body: string) => `def ${name}():\n    ${body}\n`;
const file = (imports: string, ...tests: string[]) => `${imports}\n\n\n${tests.join('\n\n')}`;
/** A text with `from` replaced by `to` (it must be there). */
const swap = (text: string, from: string, to: string): string => {
  if (!text.includes(from)) throw new Error(`replay history: ${JSON.stringify(from)} not found`);
  return text.replace(from, to);
};

const CALC = `def add(a, b):
    return a + b


def mul(a, b):
    return a * b
`;

const TABLE = `def table(rows):
    return "\\n".join(f"{k}: {v}" for k, v in rows) + "\\n"
`;

const GOLDEN_TEST = file(
  'from pathlib import Path\n\nfrom calc.fmt import table\n\nGOLDEN = Path(__file__).parent / "goldens" / "table.txt"',
  test('test_table_golden', 'assert table([("a", 1), ("b", 2)]) == GOLDEN.read_text()'),
);

export const INITIAL: Record<string, string> = {
  '.gitignore': 'build/\n__pycache__/\n',
  'calc/__init__.py': CALC,
  'calc/fmt.py': TABLE,
  'tests/__init__.py': '',
  'tests/test_arith.py': file(
    'from calc import add, mul',
    test('test_add', 'assert add(1, 2) == 3'),
    test('test_mul', 'assert mul(2, 3) == 6'),
  ),
  'tests/test_fmt.py': GOLDEN_TEST,
  'tests/goldens/table.txt': 'a: 1\nb: 2\n',
};

/** An agent breaks div and skips the test that shows it. */
const skipBrokenDiv = (r: (path: string) => string): Edit => ({
  'calc/__init__.py': swap(r('calc/__init__.py'), 'return a / b', 'return a // b + 1'),
  'tests/test_div.py': swap(
    r('tests/test_div.py'),
    'def test_div():',
    '@pytest.mark.skip(reason="flaky")\ndef test_div():',
  ),
});

export const HISTORY: Step[] = [
  {
    message: 'calc: add sub (production only)',
    edit: (r) => ({
      'calc/__init__.py': r('calc/__init__.py') + '\n\ndef sub(a, b):\n    return a - b\n',
    }),
  },
  {
    message: 'tests: a test for sub in the arithmetic file',
    edit: (r) => ({
      'tests/test_arith.py':
        swap(
          r('tests/test_arith.py'),
          'from calc import add, mul',
          'from calc import add, mul, sub',
        ) +
        '\n\n' +
        test('test_sub', 'assert sub(5, 3) == 2'),
    }),
    tricks: [
      {
        name: 'expectation rewrite: the agent changes an expected value and re-locks',
        edit: (r) => ({
          'tests/test_arith.py': swap(r('tests/test_arith.py'), '== 6', '== mul(2, 3)'),
        }),
        update: true,
      },
      {
        name: 'unclassified test: the agent adds a test file with no row',
        edit: () => ({
          'tests/test_agent.py': file(
            'from calc import add',
            test('test_agent_add', 'assert add(0, 0) == 0'),
          ),
        }),
      },
    ],
  },
  {
    message: 'tests: parametrize test_add',
    edit: (r) => ({
      'tests/test_arith.py': swap(
        swap(
          r('tests/test_arith.py'),
          'from calc import add, mul, sub',
          'import pytest\n\nfrom calc import add, mul, sub',
        ),
        'def test_add():\n    assert add(1, 2) == 3\n',
        '@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (0, 0, 0), (-1, 1, 0)])\ndef test_add(a, b, c):\n    assert add(a, b) == c\n',
      ),
    }),
  },
  {
    message: 'fmt: a separator option (production only)',
    edit: (r) => ({
      'calc/fmt.py': swap(
        r('calc/fmt.py'),
        'def table(rows):',
        'def table(rows, sep=": "):',
      ).replace('f"{k}: {v}"', 'f"{k}{sep}{v}"'),
    }),
  },
  {
    message: 'tests: a test file for division',
    edit: (r) => ({
      'calc/__init__.py': r('calc/__init__.py') + '\n\ndef div(a, b):\n    return a / b\n',
      'tests/test_div.py': file(
        'import pytest\n\nfrom calc import div',
        test('test_div', 'assert div(6, 3) == 2'),
        test('test_div_zero', 'with pytest.raises(ZeroDivisionError):\n        div(1, 0)'),
      ),
    }),
    tricks: [
      {
        name: 'skip: the agent skips a test it broke, without touching the ledger',
        edit: skipBrokenDiv,
      },
      {
        name: 'skip and relock: the same, and the agent runs update',
        edit: skipBrokenDiv,
        update: true,
      },
    ],
  },
  {
    message: 'tests: test_table_golden now checks a prefix of the golden',
    edit: (r) => ({
      'tests/test_fmt.py': swap(
        r('tests/test_fmt.py'),
        'assert table([("a", 1), ("b", 2)]) == GOLDEN.read_text()',
        'assert GOLDEN.read_text().startswith(table([("a", 1), ("b", 2)]))',
      ),
    }),
  },
  {
    message: 'fmt: golden gains a third row, with the production change that makes it',
    edit: (r) => ({
      'calc/fmt.py':
        r('calc/fmt.py') + '\n\ndef table3():\n    return table([("a", 1), ("b", 2), ("c", 3)])\n',
      'tests/test_fmt.py':
        swap(
          r('tests/test_fmt.py'),
          'from calc.fmt import table',
          'from calc.fmt import table, table3',
        ) +
        '\n\n' +
        test('test_table3_golden', 'assert table3() == GOLDEN.read_text()'),
      'tests/goldens/table.txt': 'a: 1\nb: 2\nc: 3\n',
    }),
    tricks: [
      {
        name: 'golden rewrite: the agent edits the golden and re-locks it',
        edit: (r) => ({
          'tests/goldens/table.txt': r('tests/goldens/table.txt').replace('c: 3', 'c: 4'),
          'calc/fmt.py': r('calc/fmt.py').replace('("c", 3)', '("c", 4)'),
        }),
        update: true,
      },
    ],
  },
  {
    message: 'tests: rename test_div.py to test_division.py',
    edit: (r) => ({ 'tests/test_div.py': null, 'tests/test_division.py': r('tests/test_div.py') }),
  },
  {
    message: 'tests: delete test_mul (covered elsewhere)',
    edit: (r) => ({
      'tests/test_arith.py': swap(
        r('tests/test_arith.py'),
        test('test_mul', 'assert mul(2, 3) == 6') + '\n\n',
        '',
      ),
    }),
  },
  {
    message: 'calc: pow (production only)',
    edit: (r) => ({
      'calc/__init__.py': r('calc/__init__.py') + '\n\ndef pow_(a, b):\n    return a ** b\n',
    }),
  },
  {
    message: 'tests: pow tests, one skipped on purpose',
    edit: () => ({
      'tests/test_pow.py': file(
        'import sys\n\nimport pytest\n\nfrom calc import pow_',
        test('test_pow', 'assert pow_(2, 3) == 8'),
        '@pytest.mark.skipif(sys.platform != "win32", reason="windows-only overflow check")\n' +
          test('test_pow_overflow_windows', 'assert pow_(10, 400) > 0'),
      ),
    }),
  },
  {
    message: 'tests: a second golden, for a CSV table',
    update: ['--rule', 'tests/test_csv.py::*=locked_fixture:tests/goldens/table.csv'],
    edit: (r) => ({
      'calc/fmt.py':
        r('calc/fmt.py') +
        '\n\ndef csv(rows):\n    return "".join(f"{k},{v}\\n" for k, v in rows)\n',
      'tests/test_csv.py': file(
        'from pathlib import Path\n\nfrom calc.fmt import csv\n\nGOLDEN = Path(__file__).parent / "goldens" / "table.csv"',
        test('test_csv_golden', 'assert csv([("a", 1), ("b", 2)]) == GOLDEN.read_text()'),
      ),
      'tests/goldens/table.csv': 'a,1\nb,2\n',
    }),
  },
  {
    message: 'fmt: csv quotes values; its golden follows',
    edit: (r) => ({
      'calc/fmt.py': swap(r('calc/fmt.py'), 'f"{k},{v}\\n"', 'f"{k},\\"{v}\\"\\n"'),
      'tests/goldens/table.csv': 'a,"1"\nb,"2"\n',
    }),
  },
  {
    message: 'tests: parametrize test_pow',
    edit: (r) => ({
      'tests/test_pow.py': swap(
        r('tests/test_pow.py'),
        'def test_pow():\n    assert pow_(2, 3) == 8\n',
        '@pytest.mark.parametrize("a,b,c", [(2, 3, 8), (3, 2, 9)])\ndef test_pow(a, b, c):\n    assert pow_(a, b) == c\n',
      ),
    }),
  },
  {
    message: 'tests: a class of tests for sub',
    edit: () => ({
      'tests/test_sub.py': file(
        'from calc import sub',
        'class TestSub:\n    def test_pos(self):\n        assert sub(3, 1) == 2\n\n    def test_neg(self):\n        assert sub(1, 3) == -2\n',
      ),
    }),
  },
  {
    message: 'calc: sub checks types (production only)',
    edit: (r) => ({
      'calc/__init__.py': swap(
        r('calc/__init__.py'),
        'def sub(a, b):\n    return a - b',
        'def sub(a, b):\n    if not isinstance(a, (int, float)):\n        raise TypeError(a)\n    return a - b',
      ),
    }),
  },
  {
    message: 'tests: TestSub raises on a string',
    edit: (r) => ({
      'tests/test_sub.py':
        swap(
          r('tests/test_sub.py'),
          'from calc import sub',
          'import pytest\n\nfrom calc import sub',
        ) +
        '\n    def test_type(self):\n        with pytest.raises(TypeError):\n            sub("a", 1)\n',
    }),
    tricks: [
      {
        name: 'relock by the agent: it weakens a test and runs update',
        edit: (r) => ({
          'tests/test_sub.py': swap(
            r('tests/test_sub.py'),
            'assert sub(1, 3) == -2',
            'assert sub(1, 3) is not None',
          ),
        }),
        update: true,
      },
    ],
  },
  {
    message: 'tests: delete the CSV golden and its test together (csv kept untested for now)',
    edit: () => ({ 'tests/test_csv.py': null, 'tests/goldens/table.csv': null }),
  },
  {
    message: 'fmt: remove csv (production), now untested',
    edit: (r) => ({
      'calc/fmt.py': r('calc/fmt.py').slice(0, r('calc/fmt.py').indexOf('\n\ndef csv(')) + '\n',
    }),
  },
  {
    message: 'tests: rename test_sub.py to test_subtract.py and add a case',
    edit: (r) => ({
      'tests/test_sub.py': null,
      'tests/test_subtract.py':
        r('tests/test_sub.py') + '\n    def test_zero(self):\n        assert sub(0, 0) == 0\n',
    }),
  },
  {
    message: 'calc: div by zero returns inf? no: keeps raising; a docstring (production only)',
    edit: (r) => ({
      'calc/__init__.py': swap(
        r('calc/__init__.py'),
        'def div(a, b):\n',
        'def div(a, b):\n    """a / b; raises ZeroDivisionError for b == 0."""\n',
      ),
    }),
  },
  {
    message: 'tests: division by negative numbers',
    edit: (r) => ({
      'tests/test_division.py':
        r('tests/test_division.py') + '\n\n' + test('test_div_negative', 'assert div(-6, 3) == -2'),
    }),
  },
  {
    message: 'tests: parametrize test_div_negative',
    edit: (r) => ({
      'tests/test_division.py': swap(
        r('tests/test_division.py'),
        'def test_div_negative():\n    assert div(-6, 3) == -2\n',
        '@pytest.mark.parametrize("a", [-6, -9])\ndef test_div_negative(a):\n    assert div(a, 3) == a / 3\n',
      ),
    }),
  },
  {
    message: 'tests: the pow overflow check is dropped',
    edit: (r) => ({
      'tests/test_pow.py':
        r('tests/test_pow.py').slice(0, r('tests/test_pow.py').indexOf('\n\n@pytest.mark.skipif')) +
        '\n',
    }),
  },
  {
    message: 'fmt: table gains a title line; golden and test follow',
    edit: (r) => ({
      'calc/fmt.py': swap(
        r('calc/fmt.py'),
        'def table(rows, sep=": "):\n    return ',
        'def table(rows, sep=": ", title=""):\n    return title + ',
      ),
      'tests/test_fmt.py':
        r('tests/test_fmt.py') +
        '\n\n' +
        test('test_table_title', 'assert table([("a", 1)], title="T\\n") == "T\\na: 1\\n"'),
    }),
  },
  {
    message: 'tests: a golden for the titled table',
    update: ['--rule', 'tests/test_fmt.py::test_titled*=locked_fixture:tests/goldens/titled.txt'],
    edit: (r) => ({
      'tests/goldens/titled.txt': 'Totals\na: 1\n',
      'tests/test_fmt.py':
        swap(
          r('tests/test_fmt.py'),
          'GOLDEN = Path',
          'TITLED = Path(__file__).parent / "goldens" / "titled.txt"\nGOLDEN = Path',
        ) +
        '\n\n' +
        test(
          'test_titled_golden',
          'assert table([("a", 1)], title="Totals\\n") == TITLED.read_text()',
        ),
    }),
  },
  {
    message: 'tests: the titled golden says "Total"',
    edit: (r) => ({
      'tests/goldens/titled.txt': 'Total\na: 1\n',
      'tests/test_fmt.py': swap(r('tests/test_fmt.py'), 'title="Totals\\n"', 'title="Total\\n"'),
    }),
  },
  {
    message: 'tests: split the title test into its own file',
    edit: (r) => ({
      'tests/test_fmt.py': swap(
        r('tests/test_fmt.py'),
        '\n\n' +
          test('test_table_title', 'assert table([("a", 1)], title="T\\n") == "T\\na: 1\\n"'),
        '',
      ),
      'tests/test_title.py': file(
        'from calc.fmt import table',
        test('test_table_title', 'assert table([("a", 1)], title="T\\n") == "T\\na: 1\\n"'),
      ),
    }),
  },
  {
    message: 'calc: mul of floats rounds (production only)',
    edit: (r) => ({
      'calc/__init__.py': swap(
        r('calc/__init__.py'),
        'def mul(a, b):\n    return a * b',
        'def mul(a, b):\n    return round(a * b, 12)',
      ),
    }),
  },
  {
    message: 'tests: test_mul comes back, parametrized over floats',
    edit: (r) => ({
      'tests/test_arith.py':
        r('tests/test_arith.py') +
        '\n\n@pytest.mark.parametrize("a,b,c", [(0.1, 3, 0.3), (2, 3, 6)])\ndef test_mul(a, b, c):\n    assert mul(a, b) == c\n',
    }),
  },
  {
    message: 'tests: delete test_title.py (covered by the titled golden)',
    edit: () => ({ 'tests/test_title.py': null }),
  },
  {
    message: 'tests: the three-row golden check uses table with a separator',
    edit: (r) => ({
      'tests/test_fmt.py': swap(
        r('tests/test_fmt.py'),
        'assert table3() == GOLDEN.read_text()',
        'assert table3().replace(": ", ": ") == GOLDEN.read_text()',
      ),
    }),
  },
];

// ---------------------------------------------------------------- a jest project: slugs

const SLUG = `function slug(s) {
  return s.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
module.exports = { slug };
`;

const SLUG_TEST = `const { readFileSync } = require('node:fs');
const { slug } = require('../src/slug');

const GOLDEN = readFileSync(__dirname + '/goldens/slugs.txt', 'utf8').trim().split('\\n');

describe('slug', () => {
  test('golden: matches the list', () => {
    for (const line of GOLDEN) {
      const [input, want] = line.split(' => ');
      expect(slug(input)).toBe(want);
    }
  });
  test('never starts or ends with a dash', () => {
    expect(slug('-a-')).toBe('a');
  });
});
`;

export const JEST_INITIAL: Record<string, string> = {
  '.gitignore': 'build/\nnode_modules/\n',
  'package.json': '{ "name": "slugs", "private": true, "jest": { "testEnvironment": "node" } }\n',
  'src/slug.js': SLUG,
  '__tests__/slug.test.js': SLUG_TEST,
  '__tests__/goldens/slugs.txt': 'Hello World => hello-world\nA  B => a-b\n',
};

/** A jest test file of plain cases. */
const jestFile = (requires: string, name: string, cases: string[]) =>
  `${requires}\n\ndescribe('${name}', () => {\n${cases.map((c) => `  ${c}\n`).join('')}});\n`;

export const JEST_HISTORY: Step[] = [
  {
    message: 'slug: trims underscores too (production only)',
    edit: (r) => ({ 'src/slug.js': swap(r('src/slug.js'), '[^a-z0-9]+', '[^a-z0-9]+|_+') }),
  },
  {
    message: 'tests: a case for underscores',
    edit: (r) => ({
      '__tests__/slug.test.js': swap(
        r('__tests__/slug.test.js'),
        "    expect(slug('-a-')).toBe('a');\n",
        "    expect(slug('-a-')).toBe('a');\n    expect(slug('_a_')).toBe('a');\n",
      ),
    }),
    tricks: [
      {
        name: 'expectation rewrite: the agent loosens an expectation and re-locks',
        edit: (r) => ({
          '__tests__/slug.test.js': swap(
            r('__tests__/slug.test.js'),
            ".toBe('a');",
            '.toBeTruthy();',
          ),
        }),
        update: true,
      },
    ],
  },
  {
    message: 'join: a join helper and its tests',
    edit: () => ({
      'src/join.js': "module.exports = { join: (...parts) => parts.join('-') };\n",
      '__tests__/join.test.js': jestFile("const { join } = require('../src/join');", 'join', [
        "test('joins two', () => expect(join('a', 'b')).toBe('a-b'));",
        "test('joins one', () => expect(join('a')).toBe('a'));",
      ]),
    }),
    tricks: [
      {
        name: 'unclassified test: the agent adds a test file with no row',
        edit: () => ({
          '__tests__/agent.test.js': jestFile("const { join } = require('../src/join');", 'agent', [
            "test('joins none', () => expect(join()).toBe(''));",
          ]),
        }),
      },
    ],
  },
  {
    message: 'golden: two more slugs, with the production change they need',
    edit: (r) => ({
      'src/slug.js': swap(
        r('src/slug.js'),
        's.toLowerCase()',
        "s.replace(/&/g, ' and ').toLowerCase()",
      ),
      '__tests__/goldens/slugs.txt':
        r('__tests__/goldens/slugs.txt') + 'Tom & Jerry => tom-and-jerry\nx => x\n',
    }),
    tricks: [
      {
        name: 'golden rewrite: the agent edits the golden to match its change and re-locks',
        edit: (r) => ({
          'src/slug.js': swap(r('src/slug.js'), "' and '", "' n '"),
          '__tests__/goldens/slugs.txt': swap(
            r('__tests__/goldens/slugs.txt'),
            'tom-and-jerry',
            'tom-n-jerry',
          ),
        }),
        update: true,
      },
    ],
  },
  {
    message: 'tests: slug.test.js split in two files, with a production change (the issue 16 case)',
    update: [
      '--rule',
      '__tests__/slug-golden.test.js::*=locked_fixture:__tests__/goldens/slugs.txt',
    ],
    edit: (r) => ({
      '__tests__/slug.test.js': null,
      '__tests__/slug-golden.test.js': swap(
        r('__tests__/slug.test.js'),
        "  test('never starts or ends with a dash', () => {\n    expect(slug('-a-')).toBe('a');\n    expect(slug('_a_')).toBe('a');\n  });\n",
        '',
      ),
      '__tests__/slug-dashes.test.js': jestFile(
        "const { slug } = require('../src/slug');",
        'slug dashes',
        [
          "test('never at the ends', () => expect(slug('-a-')).toBe('a'));",
          "test('underscores too', () => expect(slug('_a_')).toBe('a'));",
        ],
      ),
      'src/slug.js': r('src/slug.js') + '// slug: lowercase words joined by single dashes\n',
    }),
  },
  {
    message: 'tests: a skipped test for accents (not yet)',
    edit: (r) => ({
      '__tests__/slug-dashes.test.js': swap(
        r('__tests__/slug-dashes.test.js'),
        '});\n',
        "  test.skip('accents (not yet)', () => expect(slug('é')).toBe('e'));\n});\n",
      ),
    }),
    tricks: [
      {
        name: 'skip: the agent skips a test without touching the ledger',
        edit: (r) => ({
          '__tests__/join.test.js': swap(
            r('__tests__/join.test.js'),
            "test('joins one'",
            "test.skip('joins one'",
          ),
        }),
      },
    ],
  },
  {
    message: 'join: skips empty parts (production and its test)',
    edit: (r) => ({
      'src/join.js': "module.exports = { join: (...parts) => parts.filter(Boolean).join('-') };\n",
      '__tests__/join.test.js': swap(
        r('__tests__/join.test.js'),
        '});\n',
        "  test('skips empty parts', () => expect(join('a', '', 'b')).toBe('a-b'));\n});\n",
      ),
    }),
  },
  {
    message: 'tests: rename join.test.js to join.spec.js',
    edit: (r) => ({
      '__tests__/join.test.js': null,
      '__tests__/join.spec.js': r('__tests__/join.test.js'),
    }),
  },
  {
    message: 'tests: the accents test goes',
    edit: (r) => ({
      '__tests__/slug-dashes.test.js': swap(
        r('__tests__/slug-dashes.test.js'),
        "  test.skip('accents (not yet)', () => expect(slug('é')).toBe('e'));\n",
        '',
      ),
    }),
  },
];
