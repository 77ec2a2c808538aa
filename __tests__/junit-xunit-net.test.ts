// xUnit.net's own XML, real reports from public fixtures (__fixtures__/junit/xunit-net/
// README.md): spekt/xunit.testlogger's (`dotnet test --logger xunit`), xunit.console's from
// the Jenkins xUnit plugin's tests, and an xUnit.net 1 file with a theory's data rows. Every
// case's id and status; the skip reason; what is refused; init then check on a run admits.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { mapCases } from '../src/junit/map.js';
import { parseReport } from '../src/junit/parse.js';
import { GateError } from '../src/types.js';
import { initThenCheck } from './support/init-check.js';

const DIR = '__fixtures__/junit/xunit-net';

function read(file: string) {
  const report = parseReport(readFileSync(`${DIR}/${file}`, 'utf8'), file);
  const { tests, unmapped } = mapCases([report], {});
  expect(unmapped).toEqual([]);
  return {
    dialect: report.dialect,
    ids: Object.fromEntries(tests.map((t) => [t.id, t.status])),
    reasons: Object.fromEntries(
      tests.filter((t) => t.skipReasons).map((t) => [t.id, t.skipReasons]),
    ),
  };
}

describe('xUnit.net XML', () => {
  test('dotnet test --logger xunit (spekt/xunit.testlogger): `<type>::<name>`, pass, fail, skip', () => {
    const C = 'Xunit.Xml.TestLogger.NetCore.Tests';
    expect(read('testlogger-netcore.xml')).toEqual({
      dialect: 'xunit-net',
      ids: {
        [`${C}.UnitTest1::${C}.UnitTest1.SkipTest11`]: 'skip',
        [`${C}.UnitTest1::${C}.UnitTest1.FailTest11`]: 'fail',
        [`${C}.UnitTest1::${C}.UnitTest1.PassTest11`]: 'pass',
        [`${C}.UnitTest2::${C}.UnitTest2.FailTest22`]: 'fail',
        [`${C}.UnitTest2::${C}.UnitTest2.PAssTest21`]: 'pass',
      },
      // The skip's <reason> is its reason, as check compares it with a row's `skip:`.
      reasons: { [`${C}.UnitTest1::${C}.UnitTest1.SkipTest11`]: ['Skipped'] },
    });
    const full = read('testlogger-netfull.xml');
    expect(Object.values(full.ids).sort()).toEqual(['fail', 'fail', 'pass', 'pass']);
  });

  test('xunit.console 2: the same ids TRX gives, a display name as written, traits ignored', () => {
    const F = 'MyProject.Tests.SampleFact';
    expect(read('jenkinsci-testcase1.xml')).toEqual({
      dialect: 'xunit-net',
      ids: {
        [`${F}::${F}.FailedTest`]: 'fail',
        [`${F}::${F}.SuccessfulTest`]: 'pass',
        [`${F}::${F}.SkippedTest`]: 'skip',
      },
      reasons: { [`${F}::${F}.SkippedTest`]: ['On Purpose'] },
    });
    // A test with traits: the traits are not part of its id.
    expect(read('jenkinsci-testcase2.xml').ids).toEqual({
      [`${F}::SuccessfulTestWithTrait`]: 'pass',
    });
    // DisplayName tests: the name as xUnit.net shows it.
    const names = Object.keys(read('jenkinsci-testcase5.xml').ids);
    expect(names).toHaveLength(5);
    expect(names[0]).toBe('UnitTest.UnitTest::Uninstall application if it is installed.');
    // A writer that leaves the type empty: the name alone.
    expect(read('jenkinsci-testcase6.xml').ids).toEqual({ 'collection1\\test.xml': 'fail' });
    // An assembly with no collection holds no test (the gate then says no report holds one).
    expect(read('jenkinsci-testcase4.xml').ids).toEqual({});
  });

  test("xUnit.net 1 (<assembly> root, <class>): a theory's data rows are a test each", () => {
    const A = 'Pickles.TestHarness.xUnit.AdditionFeature';
    const row = (a: number, b: number, r: number) =>
      `${A}::${A}.AddingSeveralNumbers(firstNumber: "${a}", secondNumber: "${b}", result: "${r}", exampleTags: System.String[])`;
    expect(read('pickles-xunit1.xml')).toEqual({
      dialect: 'xunit-net',
      ids: {
        [`${A}::${A}.AddTwoNumbers`]: 'pass',
        [row(40, 50, 90)]: 'pass',
        [row(60, 70, 130)]: 'pass',
        [`${A}::${A}.FailToAddTwoNumbers`]: 'fail',
      },
      reasons: {},
    });
  });

  test('every report in the folder is read above', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.xml'));
    const text = readFileSync('__tests__/junit-xunit-net.test.ts', 'utf8');
    expect(files.filter((f) => !text.includes(`'${f}'`))).toEqual([]);
  });

  const doc = (tests: string, errors = '<errors />') =>
    `<?xml version="1.0" encoding="utf-8"?><assemblies><assembly name="T.dll" total="1">${errors}<collection name="c">${tests}</collection></assembly></assemblies>`;

  test('an assembly error (a cleanup that threw outside any test) is an error case that rejects', () => {
    const r = parseReport(
      doc(
        '<test name="N.C.m" type="N.C" method="m" result="Pass" />',
        '<errors><error type="test-class-cleanup" name="N.C"><failure exception-type="System.Exception"><message>boom</message></failure></error></errors>',
      ),
      'x.xml',
    );
    expect(r.cases.map((c) => [c.classname, c.name, c.status])).toEqual([
      [undefined, '[test-class-cleanup] N.C', 'error'],
      ['N.C', 'N.C.m', 'pass'],
    ]);
  });

  test('NotRun (an explicit test not asked for) is a skip; a result xUnit.net does not write is refused', () => {
    const one = (result: string) =>
      parseReport(doc(`<test name="N.C.m" type="N.C" method="m" result="${result}" />`), 'x.xml');
    expect(one('NotRun').cases[0].status).toBe('skip');
    for (const [xml, message] of [
      [
        doc('<test name="N.C.m" type="N.C" result="Passed" />'),
        /result 'Passed', which is not an xUnit.net verdict/,
      ],
      [doc('<test type="N.C" result="Pass" />'), /a <test> without a name/],
      [
        doc(
          '<test name="a" type="N.C" result="Pass"><test name="b" type="N.C" result="Pass" /></test>',
        ),
        /a <test> inside a <test>/,
      ],
      [doc(`<test name="${'x'.repeat(5000)}" type="N.C" result="Pass" />`), /over 4096 characters/],
    ] as const) {
      let error: unknown;
      try {
        parseReport(xml, 'x.xml');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(GateError);
      expect((error as GateError).message).toMatch(message);
      expect((error as GateError).line).toBeGreaterThan(0);
    }
  });
});

test.each(['testlogger-netcore.xml', 'pickles-xunit1.xml'])(
  'init then check on %s admits',
  async (file) => {
    expect(await initThenCheck(DIR, file)).toEqual({
      init: 0,
      check: 0,
      stderr: 'ledger-gate: admit\n',
    });
  },
);
