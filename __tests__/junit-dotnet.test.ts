// .NET's formats, real reports from dorny/test-reporter's fixtures (__fixtures__/junit/dotnet/
// README.md): TRX read as its own format, NUnit 3 XML; every case's id and status, and init
// then check on a run admits.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { mapCases } from '../src/junit/map.js';
import { parseReport } from '../src/junit/parse.js';
import { initThenCheck } from './support/init-check.js';

const DIR = '__fixtures__/junit/dotnet';
const X = 'DotnetTests.XUnitTests.CalculatorTests';
const V3 = 'DotnetTests.XUnitV3Tests.FixtureTests';
const M = 'NUnit.Tests.Assemblies.MockTestFixture';

function read(file: string) {
  const report = parseReport(readFileSync(`${DIR}/${file}`, 'utf8'), file);
  const { tests, unmapped } = mapCases([report], {});
  expect(unmapped).toEqual([]);
  return { dialect: report.dialect, ids: Object.fromEntries(tests.map((t) => [t.id, t.status])) };
}

describe('TRX', () => {
  test('xUnit.net 2 through dotnet test --logger trx: `<className>::<testName>`', () => {
    expect(read('dotnet-trx.trx')).toEqual({
      dialect: 'trx',
      ids: {
        [`${X}::${X}.Timeout_Test`]: 'pass',
        [`${X}::${X}.Passing_Test`]: 'pass',
        // A theory with a DisplayName: the adapter's testName is the display name.
        [`${X}::Should be even number(i: 3)`]: 'fail',
        [`${X}::Should be even number(i: 2)`]: 'pass',
        [`${X}::${X}.Skipped_Test`]: 'skip',
        [`${X}::Custom Name`]: 'pass',
        [`${X}::${X}.Exception_In_TargetTest`]: 'fail',
        [`${X}::${X}.Exception_In_Test`]: 'fail',
        [`${X}::${X}.Failing_Test`]: 'fail',
        [`${X}::${X}.Is_Even_Number(i: 2)`]: 'pass',
        [`${X}::${X}.Is_Even_Number(i: 3)`]: 'fail',
      },
    });
  });

  test('xUnit.net v3: a class cleanup failure is a failing result of its own (no className)', () => {
    expect(read('dotnet-xunitv3.trx')).toEqual({
      dialect: 'trx',
      ids: {
        [`${V3}::${V3}.Failing_Test`]: 'fail',
        [`${V3}::${V3}.Passing_Test`]: 'pass',
        [`[Test Class Cleanup Failure (${V3}.Passing_Test)]`]: 'fail',
        [`[Test Class Cleanup Failure (${V3}.Failing_Test)]`]: 'fail',
      },
    });
  });

  test('MSTest (a real project): 79 results, the NotExecuted ones skipped', () => {
    const { dialect, ids } = read('SilentNotes.trx');
    expect(dialect).toBe('trx');
    const counts = Object.values(ids).reduce<Record<string, number>>(
      (n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }),
      {},
    );
    // The file's own ResultSummary: total 79, executed 67, passed 67.
    expect(readFileSync(`${DIR}/SilentNotes.trx`, 'utf8')).toMatch(
      /total="79" executed="67" passed="67"/,
    );
    expect(counts).toEqual({ pass: 67, skip: 12 });
    expect(
      ids[
        'VanillaCloudStorageClientTest.CloudStorageProviders.FtpCloudStorageClientTest::ThrowsWithInvalidUrl'
      ],
    ).toBe('skip');
  });

  test('an outcome TRX does not define, or a result without its definition, is refused', () => {
    const trx = (outcome: string, id = 't1') =>
      `<TestRun xmlns="http://microsoft.com/schemas/VisualStudio/TeamTest/2010"><Results><UnitTestResult testId="t1" testName="N.C.m" outcome="${outcome}"/></Results><TestDefinitions><UnitTest id="${id}" name="N.C.m"><TestMethod className="N.C" name="m"/></UnitTest></TestDefinitions></TestRun>`;
    expect(parseReport(trx('Passed'), 'r.trx').cases).toMatchObject([
      { name: 'N.C.m', status: 'pass' },
    ]);
    expect(() => parseReport(trx('Warning'), 'r.trx')).toThrow(
      /outcome 'Warning', which is not a TRX verdict/,
    );
    expect(() => parseReport(trx('Passed', 't2'), 'r.trx')).toThrow(/has no <UnitTest> definition/);
  });
});

describe('NUnit 3 XML', () => {
  test('`<classname>::<name>`; Failed with label Error is an error', () => {
    expect(read('dotnet-nunit.xml')).toEqual({
      dialect: 'nunit',
      ids: {
        [`${X}::Exception_In_TargetTest`]: 'error',
        [`${X}::Exception_In_Test`]: 'error',
        [`${X}::Failing_Test`]: 'fail',
        [`${X}::Is_Even_Number(2)`]: 'pass',
        [`${X}::Is_Even_Number(3)`]: 'fail',
        [`${X}::Passing_Test`]: 'pass',
        [`${X}::Passing_Test_With_Description`]: 'pass',
        [`${X}::Skipped_Test`]: 'skip',
        // NUnit writes a timed-out test as Failed (no label).
        [`${X}::Timeout_Test`]: 'fail',
      },
    });
  });

  test("nunit3-console without classnames: the fullname; the counts are the run's own", () => {
    const { dialect, ids } = read('nunit-sample.xml');
    expect(dialect).toBe('nunit');
    expect(ids[`${M}.FailingTest`]).toBe('fail');
    expect(ids[`${M}.TestWithException`]).toBe('error');
    expect(ids[`${M}.InconclusiveTest`]).toBe('skip');
    expect(ids['NUnit.Tests.FixtureWithTestCases.MethodWithParameters(9,11)']).toBe('pass');
    const n = (s: string) => Object.values(ids).filter((v) => v === s).length;
    // <test-run total="18" passed="12" failed="2" inconclusive="1" skipped="3">
    expect([Object.keys(ids).length, n('pass'), n('fail') + n('error'), n('skip')]).toEqual([
      18, 12, 2, 4,
    ]);
  });
});

test.each(['dotnet-trx.trx', 'dotnet-nunit.xml'])('init then check on %s admits', async (file) => {
  expect(await initThenCheck(DIR, file)).toEqual({
    init: 0,
    check: 0,
    stderr: 'ledger-gate: admit\n',
  });
});
