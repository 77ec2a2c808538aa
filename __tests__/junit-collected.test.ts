// parseCollected over real `pytest --collect-only` outputs (scripts/fixtures/pytest-collect).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { parseCollected } from '../src/junit/collected.js';
import { GateError } from '../src/types.js';

const DIR = '__fixtures__/junit/pytest/collect';
const read = (name: string) => parseCollected(readFileSync(`${DIR}/${name}`, 'utf8'), name);

function refusal(run: () => unknown): GateError {
  try {
    run();
  } catch (e) {
    if (e instanceof GateError) return e;
    throw e;
  }
  throw new Error('expected a GateError');
}

describe('parseCollected', () => {
  test('reads the ids and skips the warnings section and the summary line', () => {
    expect(read('warnings.txt')).toEqual(['test_warns.py::test_a', 'test_warns.py::TestB::test_b']);
  });

  test('a deselected run lists only what was selected', () => {
    expect(read('deselected.txt')).toEqual(['test_warns.py::TestB::test_b']);
  });

  test('no tests collected is an empty list, not an error', () => {
    expect(read('none.txt')).toEqual([]);
  });

  test('collection errors are refused with the line that says so', () => {
    const e = refusal(() => read('errors.txt'));
    expect(e.message).toMatch(/pytest reported collection errors/);
    expect(e.file).toBe('errors.txt');
    expect(e.line).toBe(4);
  });

  test('-qq output (counts per file) is refused', () => {
    const e = refusal(() => read('qq.txt'));
    expect(e.oneLine).toBe(
      "qq.txt:1: 'test_warns.py: 2' is not a pytest node id (expected the output of pytest --collect-only -q)",
    );
  });

  test('output without -q is refused rather than read as no ids', () => {
    expect(refusal(() => read('not-quiet.txt')).message).toMatch(/without -q/);
  });

  test('a summary that disagrees with the listed ids is refused (a cut or edited file)', () => {
    const text = 'a.py::test_1\n\n3 tests collected in 0.01s\n';
    expect(refusal(() => parseCollected(text, 'c.txt')).oneLine).toBe(
      "c.txt:3: '3 tests collected in 0.01s' but 1 node ids are listed before it",
    );
  });

  test('CRLF line ends, duplicates and several outputs one after another', () => {
    const text =
      'a.py::test_1\r\na.py::test_2[x y]\r\n\r\n2 tests collected in 0.01s\r\n' +
      'b/c.py::T::test_3\na.py::test_1\n\n2 tests collected in 0.02s\n';
    expect(parseCollected(text, 'c.txt')).toEqual([
      'a.py::test_1',
      'a.py::test_2[x y]',
      'b/c.py::T::test_3',
    ]);
  });

  test('the real collected.txt of the pytest fixture project', () => {
    const ids = parseCollected(
      readFileSync('__fixtures__/junit/pytest/collected.txt', 'utf8'),
      'collected.txt',
    );
    expect(ids).toHaveLength(37);
    expect(new Set(ids).size).toBe(37);
  });
});
