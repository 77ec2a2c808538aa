// mapCases on plain data: ids per runner, pytest mapping through the collected list, and
// how cases with the same id merge (docs/test-ids.md).
import { describe, expect, test } from '@jest/globals';
import { mapCases, repoPath } from '../src/junit/map.js';
import type { SuiteCase } from '../src/junit/parse.js';
import { binXmlEscape, mangleTestAddress } from '../src/junit/pytest.js';
import type { Dialect, ParsedReport, Status } from '../src/types.js';

function report(file: string, dialect: Dialect, cases: Partial<SuiteCase>[]): ParsedReport {
  return {
    file,
    dialect,
    cases: cases.map((c) => ({ name: 't', status: 'pass', flakyAttempts: 0, report: file, ...c })),
  };
}

describe('merging the same id', () => {
  const merge = (...runs: [Status, number?][]) => {
    const reports = runs.map(([status, flakyAttempts], i) =>
      report(`r${i}.xml`, 'generic', [
        { classname: 'C', name: 't', status, flakyAttempts: flakyAttempts ?? 0 },
      ]),
    );
    const { tests } = mapCases(reports, {});
    expect(tests).toHaveLength(1);
    return `${tests[0].status}${tests[0].flaky ? ' flaky' : ''}`;
  };

  test.each([
    [[['pass'], ['pass']], 'pass'],
    [[['fail'], ['fail']], 'fail'],
    [[['skip'], ['skip']], 'skip'],
    [[['error'], ['error']], 'error'],
    [[['fail'], ['pass']], 'pass flaky'],
    [[['pass'], ['error']], 'pass flaky'],
    [[['pass', 1]], 'pass flaky'],
    [[['pass', 1], ['pass']], 'pass flaky'],
    [[['fail', 2]], 'fail'],
    [[['pass'], ['skip']], 'pass'],
    [[['skip'], ['fail']], 'fail'],
    [[['fail'], ['error']], 'error'],
    [[['skip'], ['error']], 'error'],
    [[['skip'], ['fail'], ['pass']], 'pass flaky'],
  ] as [[Status, number?][], string][])('%j → %s', (runs, expected) => {
    expect(merge(...runs)).toBe(expected);
  });

  test('one result lists every report once, and takes file and line from the first case that has them', () => {
    const { tests } = mapCases(
      [
        report('a.xml', 'generic', [{ classname: 'C' }, { classname: 'C' }]),
        report('b.xml', 'generic', [{ classname: 'C', file: undefined }]),
        report('c.xml', 'jest-junit', [{ file: 'C', line: 3 }]),
      ],
      {},
    );
    expect(tests).toEqual([
      {
        id: 'C::t',
        status: 'pass',
        flaky: false,
        reports: ['a.xml', 'b.xml', 'c.xml'],
        file: 'C',
        line: 3,
        duplicates: { count: 2, report: 'a.xml', statuses: ['pass'] },
      },
    ]);
  });

  test('ids are Map keys: __proto__ and constructor merge like any other id', () => {
    const { tests } = mapCases(
      [
        report('a.xml', 'generic', [
          { name: '__proto__' },
          { name: '__proto__', status: 'fail' },
          { name: 'constructor' },
        ]),
        report('b.xml', 'generic', [{ name: 'constructor', status: 'fail' }]),
      ],
      {},
    );
    expect(tests.map((t) => [t.id, t.status, t.flaky])).toEqual([
      ['__proto__', 'fail', false],
      ['constructor', 'pass', true],
    ]);
  });

  // Same-named cases in one report are twins (two tests that share a name), not attempts,
  // except where the dialect writes reruns as repeated cases (gotestsum).
  test.each([
    ['generic', ['pass', 'fail'], 'fail', ['pass', 'fail']],
    ['vitest', ['fail', 'pass'], 'fail', ['pass', 'fail']],
    ['jest-junit', ['pass', 'skip', 'pass'], 'skip', ['pass', 'skip']],
    ['mocha', ['error', 'fail'], 'error', ['fail', 'error']],
    ['surefire', ['pass', 'pass'], 'pass', ['pass']],
  ] as [Dialect, Status[], Status, Status[]][])(
    '%s: %j in one report is one test, %s, with every status kept',
    (dialect, statuses, status, kept) => {
      const { tests } = mapCases(
        [
          report(
            'r.xml',
            dialect,
            statuses.map((st) => ({ classname: 'C', status: st })),
          ),
        ],
        {},
      );
      expect(tests).toEqual([
        {
          id: 'C::t',
          status,
          flaky: false,
          reports: ['r.xml'],
          duplicates: { count: statuses.length, report: 'r.xml', statuses: kept },
          // A skipped case without a message gives no reason.
          ...(kept.includes('skip') ? { skipReasons: [''] } : {}),
        },
      ]);
    },
  );

  test('a pytest module skipped in several workers (xdist) is one collection outcome', () => {
    const skip = {
      classname: '',
      name: 'tests.test_m',
      status: 'skip' as Status,
      outcome: 'collection-skipped' as const,
      detail: 'r',
    };
    const { collection, tests } = mapCases([report('r.xml', 'pytest', [skip, skip])], {});
    expect(tests).toEqual([]);
    expect(collection).toEqual([
      { kind: 'collection-skipped', module: 'tests.test_m', detail: 'r', report: 'r.xml' },
    ]);
  });

  test('go-junit-report: a case written again in one report is a rerun', () => {
    const { tests } = mapCases(
      [report('r.xml', 'go-junit-report', [{ status: 'fail' }, { status: 'pass' }])],
      {},
    );
    expect(tests).toEqual([{ id: 't', status: 'pass', flaky: true, reports: ['r.xml'] }]);
  });

  test('a todo is never a pass, whatever another report wrote for it; a failure still wins', () => {
    const merged = (...cases: Partial<SuiteCase>[]) =>
      mapCases(
        cases.map((c, i) => report(`r${i}`, 'jest-junit', [{ file: 'f.js', ...c }])),
        {},
      ).tests.map(
        (t) => `${t.status}${t.outcome ? ' ' + t.outcome : ''}${t.flaky ? ' flaky' : ''}`,
      );
    expect(merged({}, { status: 'skip', outcome: 'todo' })).toEqual(['skip todo']);
    expect(merged({ status: 'fail' }, { status: 'skip', outcome: 'todo' })).toEqual(['fail']);
    expect(merged({ status: 'skip', outcome: 'xfail' })).toEqual(['skip xfail']);
    // An xfail only when no plain skip: a plain skip is judged more strictly.
    expect(merged({ status: 'skip', outcome: 'xfail' }, { status: 'skip' })).toEqual(['skip']);
  });
});

describe('ids of runners other than pytest', () => {
  const idOf = (c: Partial<SuiteCase>, dialect: Dialect = 'generic', repoRoot?: string) =>
    mapCases([report('r.xml', dialect, [c])], { repoRoot }).tests[0].id;

  test('file when the report carries one, else classname, else the suite, else the name alone', () => {
    expect(idOf({ file: 'src/a.test.ts', classname: 'A', name: 'adds' })).toBe(
      'src/a.test.ts::adds',
    );
    expect(idOf({ classname: 'com.x.ATest', name: 'adds' })).toBe('com.x.ATest::adds');
    expect(idOf({ classname: '', suite: 'src/a.test.ts', name: 'adds' })).toBe(
      'src/a.test.ts::adds',
    );
    expect(idOf({ name: 'Command Test: apt-get upgrade' })).toBe('Command Test: apt-get upgrade');
  });

  test("node's ids carry the suite path, other runners' do not", () => {
    expect(idOf({ file: 'a.mjs', suitePath: 'math > inner', name: 'adds' }, 'node')).toBe(
      'a.mjs::math > inner > adds',
    );
    expect(idOf({ file: 'a.mjs', suitePath: 'math', name: 'adds' }, 'mocha')).toBe('a.mjs::adds');
  });

  test.each([
    ['/home/runner/work/r/r/src/a.test.ts', '/home/runner/work/r/r', 'src/a.test.ts'],
    ['/home/runner/work/r/r/src/a.test.ts', '/home/runner/work/r/r/', 'src/a.test.ts'],
    ['/elsewhere/a.test.ts', '/home/runner/work/r/r', '/elsewhere/a.test.ts'],
    [
      '/home/runner/work/r/rr/a.test.ts',
      '/home/runner/work/r/r',
      '/home/runner/work/r/rr/a.test.ts',
    ],
    ['/abs/a.test.ts', undefined, '/abs/a.test.ts'],
    ['C:\\a\\repo\\src\\a.test.ts', 'c:\\a\\repo', 'src/a.test.ts'],
    ['src\\win\\a.test.ts', undefined, 'src/win/a.test.ts'],
    ['./src/./b/../a.test.ts', undefined, 'src/a.test.ts'],
  ])('%s with root %s → %s', (file, root, expected) => {
    expect(repoPath(file, root)).toBe(expected);
    expect(idOf({ file, name: 'n' }, 'generic', root)).toBe(`${expected}::n`);
  });
});

describe('pytest ids', () => {
  test('mangleTestAddress and binXmlEscape agree with pytest 7.2 (see the real fixtures)', () => {
    expect(mangleTestAddress('tests/test_x.py::TestA::TestB::test_f[a::b/c.d]')).toEqual({
      classname: 'tests.test_x.TestA.TestB',
      name: 'test_f[a::b/c.d]',
    });
    expect(mangleTestAddress('tests/odd[dir]/test_o.py::test_f')).toEqual({
      classname: '',
      name: 'tests.odd[dir]/test_o.py::test_f',
    });
    expect(binXmlEscape('a\u0007b\u007f🎉\ud7ff')).toBe('a#x07b#x7F#x1F389\ud7ff');
  });

  const pytestCase = (classname: string, name: string, file?: string) =>
    report('p.xml', 'pytest', [{ classname, name, file }]);

  test('with a collected list: exactly one match maps, several are reported with candidates', () => {
    const collected = [
      'tests/a.py::TestX::test_f',
      'tests/a/TestX.py::test_f',
      'tests/b.py::test_g',
    ];
    const { tests, unmapped } = mapCases(
      [
        pytestCase('tests.a.TestX', 'test_f', 'tests/a.py'),
        pytestCase('tests.b', 'test_g'),
        pytestCase('tests.b', 'test_h'),
      ],
      { collected },
    );
    expect(tests.map((t) => t.id)).toEqual(['tests/b.py::test_g']);
    expect(unmapped.map((u) => [u.reason, u.candidates])).toEqual([
      [
        "2 collected ids give classname 'tests.a.TestX' and name 'test_f'",
        ['tests/a.py::TestX::test_f', 'tests/a/TestX.py::test_f'],
      ],
      ["no collected id gives classname 'tests.b' and name 'test_h'", []],
    ]);
  });

  test('with a collected list, a report of unknown origin is read as pytest', () => {
    const { tests, unmapped } = mapCases(
      [
        report('g.xml', 'generic', [
          { classname: 'tests.b', name: 'test_g' },
          { classname: 'Other', name: 'x' },
        ]),
      ],
      { collected: ['tests/b.py::test_g'] },
    );
    expect(tests.map((t) => t.id)).toEqual(['tests/b.py::test_g']);
    expect(unmapped.map((u) => u.case.name)).toEqual(['x']);
  });

  test('xunit1 without a collected list: rebuilt when exact, otherwise unmapped with the reason', () => {
    const { tests, unmapped } = mapCases(
      [
        report('p.xml', 'pytest', [
          {
            classname: 'tests.test_x.TestA',
            name: 'test_f[x::y]',
            file: 'tests/test_x.py',
            line: 4,
          },
          { classname: 'tests.test_x', name: 'test_g', file: 'tests\\test_x.py' },
          { classname: 'pre.tests.test_x', name: 'test_h', file: 'tests/test_x.py' },
          { classname: 'tests.test_x', name: 'test_i[#x07]', file: 'tests/test_x.py' },
          { classname: 'tests.test_x', name: 'a::b', file: 'tests/test_x.py' },
          { classname: 'tests.test_x', name: 'test_🎉', file: 'tests/test_x.py' },
          { classname: 'tests.test_x', name: 'test_j' },
        ]),
      ],
      {},
    );
    expect(tests.map((t) => [t.id, t.file, t.line])).toEqual([
      ['tests/test_x.py::TestA::test_f[x::y]', 'tests/test_x.py', 4],
      ['tests/test_x.py::test_g', 'tests/test_x.py', undefined],
    ]);
    expect(unmapped.map((u) => u.reason)).toEqual([
      "classname 'pre.tests.test_x' does not start with the module of file 'tests/test_x.py' (a test inherited from another module, or junit_prefix): pass --collected",
      "the name 'test_i[#x07]' may hold characters pytest escaped as '#x..': pass --collected",
      "the name 'a::b' holds '::' outside its parameters: pass --collected",
      "the name 'test_🎉' holds characters pytest would have escaped: pass --collected",
      'a pytest report without file attributes (junit_family=xunit2): pass --collected (the output of pytest --collect-only -q) or write the report with -o junit_family=xunit1',
    ]);
  });
});
