// The folders (src/code/fold-python.ts, fold-js.ts): what an expression of literals evaluates
// to, read through the readers' literal facts on real parsed trees; where a write lands
// (src/code/paths.ts); and the bounds: a cycle, a long chain and a huge value stay cheap.
import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Tree } from 'web-tree-sitter';
import { parserFor } from '../src/adapters/code/grammars.js';
import { MAX_TEXT } from '../src/code/constant.js';
import type { FileFacts } from '../src/code/events.js';
import { readJs } from '../src/code/js.js';
import { joinPath, parentOf, pathOfText, whereTo } from '../src/code/paths.js';
import { readPython } from '../src/code/python.js';
import { scanTree } from '../src/code/scan.js';

let py: (t: string) => Tree | null;
let js: (t: string) => Tree | null;
beforeAll(async () => {
  py = await parserFor('python');
  js = await parserFor('javascript');
});

function facts(lang: 'python' | 'js', text: string): FileFacts {
  const tree = (lang === 'python' ? py : js)(text)!;
  try {
    return lang === 'python' ? readPython(tree.rootNode) : readJs(tree.rootNode);
  } finally {
    tree.delete();
  }
}
const literals = (lang: 'python' | 'js', text: string) =>
  facts(lang, text).events.flatMap((e) => (e.kind === 'literal' ? [e.text] : []));
const writes = (lang: 'python' | 'js', text: string) =>
  facts(lang, text).events.flatMap((e) => (e.kind === 'write' ? [e.target] : []));

describe('Python expressions of literals are evaluated', () => {
  test.each([
    ['x = "_get" + "frame"', '_getframe'],
    ['x = "".join(["__", "tests", "__"])', '__tests__'],
    ['x = "%s_%s" % ("PYTEST", "CURRENT")', 'PYTEST_CURRENT'],
    ['x = "{}{}".format("_py", "test")', '_pytest'],
    ['x = chr(95) * 2 + "main" + chr(95) * 2', '__main__'],
    ['x = "tsetyp"[::-1]', 'pytest'],
    ['x = "xxpytestyy"[2:-2]', 'pytest'],
    ['x = "PyTest".lower()', 'pytest'],
    ['import base64\nx = base64.b64decode("cHl0ZXN0").decode()', 'pytest'],
    ['x = f"{\'py\'}test"', 'pytest'],
    ['x = bytes([112, 121]).decode() + "test"', 'pytest'],
    ['k = "py"\nx = k + "test"', 'pytest'],
    ['x = "\\x70ytest"', 'pytest'],
    ['x = "".join(map(chr, [112, 121]))', 'py'],
    ['x = "xtest".replace("x", "py")', 'pytest'],
    ['import codecs\nx = codecs.decode("clgrfg", "rot13")', 'pytest'],
  ])('%s', (text, value) => {
    expect(literals('python', text)).toContain(value);
  });

  test('a name bound twice, a parameter or a call of unknown code is not a constant', () => {
    const got = literals(
      'python',
      'k = "a"\nk = "b"\ndef f(p):\n    return k + "x", p + "y", g() + "z"\n',
    );
    expect(got).not.toContain('ax');
    expect(got).not.toContain('bx');
    expect(got.some((t) => t.endsWith('y') && t.length > 1)).toBe(false);
  });
});

describe('JavaScript expressions of literals are evaluated', () => {
  test.each([
    ["x = ['__', 'tests', '__'].join('')", '__tests__'],
    ["x = `${'JEST'}_WORKER_ID`", 'JEST_WORKER_ID'],
    ["x = 'tsej'.split('').reverse().join('')", 'jest'],
    ['x = String.fromCharCode(106, 101, 115, 116)', 'jest'],
    ["x = atob('amVzdA==')", 'jest'],
    ["x = Buffer.from('amVzdA==', 'base64').toString()", 'jest'],
    ["x = 'JEST'.toLowerCase()", 'jest'],
    ["x = 'xjestx'.slice(1, -1)", 'jest'],
    ["x = 'asymmetric'.concat('Match')", 'asymmetricMatch'],
    ["const k = 'exp'; x = k + 'ect'", 'expect'],
    ["x = [...'jest'].join('')", 'jest'],
    ["x = 'je\\u0073t'", 'jest'],
  ])('%s', (text, value) => {
    expect(literals('js', text)).toContain(value);
  });
});

describe('where a write lands', () => {
  test('paths judged from where they start', () => {
    const dir = { anchor: 'dir', segs: [] } as const;
    const file = { anchor: 'file', segs: [] } as const;
    expect(whereTo(joinPath(dir, pathOfText('.cache/x.json')))).toBe('inside');
    expect(whereTo(joinPath(dir, pathOfText('../tests/test_a.py')))).toBe('outside');
    expect(whereTo(joinPath(parentOf(file), pathOfText('../x')))).toBe('outside');
    expect(whereTo(joinPath(dir, pathOfText('a/../b')))).toBe('inside');
    expect(whereTo(pathOfText('tests/test_calc.py'))).toBe('outside');
    expect(whereTo(pathOfText('/tmp/out.txt'))).toBe('inside');
    expect(whereTo(joinPath(dir, { anchor: 'text', segs: ['?'] }))).toBe('unevaluated');
    expect(whereTo({ anchor: 'text', segs: ['?', 'x.json'] })).toBe('caller');
    expect(whereTo({ anchor: 'text', segs: ['?', '..', 'y'] })).toBe('caller');
  });

  test('Python and JS writes, read from code', () => {
    expect(
      writes(
        'python',
        'import os\nH = os.path.dirname(__file__)\nopen(os.path.join(H, "c.json"), "w")\nopen(os.path.join(H, "..", "x"), "a")\nopen(os.path.join(H, "r"))\nopen(p, "w")\n',
      ),
    ).toEqual(['inside', 'outside', 'caller']);
    expect(
      writes(
        'js',
        'const fs = require("f" + "s");\nfs.writeFileSync(`${__dirname}/c.json`, "");\nfs.appendFileSync(__dirname + "/../x", "");\nfs.writeFileSync(p, "");\nfs.readFileSync(__dirname + "/../x");\n',
      ),
    ).toEqual(['inside', 'outside', 'caller']);
  });
});

describe('bounded', () => {
  test('a cycle of names and calls through each other ends, and the file is read', () => {
    for (const [lang, text] of [
      ['python', 'a = f(b)\nb = f(a)\nx = g(x + "y")\nc = a.join(c)\n'],
      ['js', 'let a = f(b);\nlet b = f(a);\nlet x = g(x + "y");\nlet c = a.join(c);\n'],
    ] as const)
      expect(facts(lang, text).capped).toBeUndefined();
  });

  test('a value past MAX_TEXT characters is not a constant; a long chain stays linear', () => {
    const big = `x = "${'a'.repeat(MAX_TEXT)}" + "b"\n`;
    expect(literals('python', big)).not.toContain(`${'a'.repeat(MAX_TEXT)}b`);
    const chain = `x = ${Array.from({ length: 3000 }, () => '"a"').join(' + ')}\n`;
    const t0 = performance.now();
    literals('python', chain);
    literals('js', chain.replace('x =', 'const x ='));
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

describe('a file nested past what the readers can walk', () => {
  // The readers recurse per nesting level: a file an agent writes thousands deep comes back
  // unread (a review under production-gaming-shape), never as an exception that stops the gate.
  test.each([
    ['python' as const, `x = ${'f('.repeat(5000)}1${')'.repeat(5000)}\n`],
    ['python' as const, `x = ${'a + '.repeat(20000)}1\n`],
    ['python' as const, `x = ${'-'.repeat(20000)}1\n`],
    ['javascript' as const, `x = ${'f('.repeat(5000)}1${')'.repeat(5000)};\n`],
    ['javascript' as const, `x = ${'!'.repeat(20000)}1;\n`],
  ])('%s: unread, with the reason', (lang, text) => {
    const tree = (lang === 'python' ? py : js)(text)!;
    try {
      const v = scanTree(lang, tree.rootNode, [1]);
      expect(v.hits).toEqual([]);
      expect(v.problem).toMatch(/nested too deeply/);
    } finally {
      tree.delete();
    }
  });
});
