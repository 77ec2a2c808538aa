// Every file of the shared JUnit corpus (real reports from three other projects' test
// fixtures; see __fixtures__/corpus/README.md): it parses into cases with the right
// statuses, or is refused with a one-line GateError that names the file and line.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { mapCases } from '../src/junit/map.js';
import { parseReport } from '../src/junit/parse.js';
import { GateError } from '../src/types.js';

const DIR = '__fixtures__/corpus';

/** `dialect cases: N pass, N fail, N error, N skip[, N flaky]`, or the expected refusal. */
const CORPUS: [string, string | RegExp][] = [
  ['README.md', /text before the root element/],
  [
    'action-junit-report/test_results/catch2/report.xml',
    'generic 1: 0 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/container-structure/test.xml',
    'generic 3: 3 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/corrupt-junit/e2e-tests/corrupt/target/sf-reports/TEST-test.CorruptTest.xml',
    /unterminated CDATA section/,
  ],
  [
    'action-junit-report/test_results/cunit/testEmpty.xml',
    'generic 0: 0 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/cunit/testFailure.xml',
    'generic 4: 3 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/flaky_retries/flaky_all_failures.xml',
    'generic 3: 0 pass, 2 fail, 1 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/flaky_retries/flaky_success_first.xml',
    'generic 3: 1 pass, 1 fail, 1 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/flaky_retries/flaky_with_classname_file.xml',
    'generic 5: 3 pass, 1 fail, 1 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/issues/testDisabled.xml',
    'generic 22: 6 pass, 4 fail, 2 error, 10 skip',
  ],
  [
    'action-junit-report/test_results/issues/testFailedDisabled.xml',
    'generic 1: 0 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/junit-server-test/report.xml',
    'go-junit-report 4: 2 pass, 1 fail, 0 error, 1 skip',
  ],
  [
    'action-junit-report/test_results/junit-web-test/expected.xml',
    /'<' in attribute 'time' on <testcase>/,
  ],
  [
    'action-junit-report/test_results/junit-web-test/expectedRetries.xml',
    /'<' in attribute 'time' on <testcase>/,
  ],
  [
    'action-junit-report/test_results/junit_flaky_failure/marathon_junit_report.xml',
    'generic 1: 1 pass, 0 fail, 0 error, 0 skip, 1 flaky',
  ],
  [
    'action-junit-report/test_results/junit_flaky_failure/mixed_flaky_and_passed.xml',
    'generic 3: 3 pass, 0 fail, 0 error, 0 skip, 1 flaky',
  ],
  [
    'action-junit-report/test_results/marathon_tests/com.mikepenz.DummyTest#test_02_dummy.xml',
    'generic 1: 1 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/marathon_tests/com.mikepenz.DummyTest3#test_01.xml',
    'generic 1: 0 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/marathon_tests/com.mikepenz.DummyUtilTest#test_01_dummy.xml',
    'generic 1: 0 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/maven_surefire_flaky/surefire-report.xml',
    'generic 1: 1 pass, 0 fail, 0 error, 0 skip, 1 flaky',
  ],
  ['action-junit-report/test_results/mocha/mocha.xml', 'mocha 1: 1 pass, 0 fail, 0 error, 0 skip'],
  [
    'action-junit-report/test_results/multiple/test_10.xml',
    'generic 3: 3 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/multiple/test_11.xml',
    'generic 3: 2 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/multiple/test_12.xml',
    'generic 3: 2 pass, 0 fail, 0 error, 1 skip',
  ],
  [
    'action-junit-report/test_results/multiple_failures/test_multiple_errors.xml',
    'generic 3: 1 pass, 0 fail, 2 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/multiple_failures/test_multiple_failures.xml',
    'generic 4: 1 pass, 2 fail, 0 error, 1 skip',
  ],
  [
    'action-junit-report/test_results/nested/junit.xml',
    'generic 5: 2 pass, 3 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/nested/multi-level.xml',
    'generic 3: 3 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/nextest/basic.xml',
    'generic 3: 2 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/perl/result.xml',
    'generic 1: 1 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/python/report.xml',
    'pytest 3: 1 pass, 2 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/python/report_flaky.xml',
    'pytest 4: 2 pass, 2 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/tests/email/pom.xml',
    /root element <project> is not a JUnit report/,
  ],
  [
    'action-junit-report/test_results/tests/email/target/surefire-reports/TEST-action.surefire.report.email.EmailAddressTest.xml',
    'surefire 9: 2 pass, 2 fail, 5 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/tests/pom.xml',
    /root element <project> is not a JUnit report/,
  ],
  [
    'action-junit-report/test_results/tests/utils/pom.xml',
    /root element <project> is not a JUnit report/,
  ],
  [
    'action-junit-report/test_results/tests/utils/target/surefire-reports/TEST-action.surefire.report.calc.AllOkTest.xml',
    'surefire 1: 1 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/tests/utils/target/surefire-reports/TEST-action.surefire.report.calc.CalcUtilsTest.xml',
    'surefire 2: 0 pass, 2 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/tests/utils/target/surefire-reports/TEST-action.surefire.report.calc.StringUtilsTest.xml',
    'surefire 5: 2 pass, 2 fail, 0 error, 1 skip',
  ],
  [
    'action-junit-report/test_results/xunit/report.xml',
    'generic 4: 3 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'action-junit-report/test_results/xunit/report_fl_on_f.xml',
    'generic 4: 3 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/bazel/suite-logs.xml',
    'generic 1: 0 pass, 0 fail, 1 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/empty-system-out-err.xml',
    'generic 1: 1 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/jest/jest-junit.xml',
    'jest-junit 2: 2 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/junit.multiresult.xml',
    'generic 4: 1 pass, 1 fail, 1 error, 1 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/minimal-attributes.xml',
    'generic 4: 1 pass, 1 fail, 1 error, 1 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/mocha/latex-utensils.xml',
    'mocha 109: 109 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/no-attributes.xml',
    /a <testcase> without a name/,
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/no-cases-but-tests.xml',
    'pytest 0: 0 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/no-cases.xml',
    'pytest 0: 0 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/non-junit.xml',
    /root element <suites> is not a JUnit report/,
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/corrupt-xml.xml',
    /element <skipped> is never closed/,
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.fail.xml',
    'pytest 5: 3 pass, 1 fail, 0 error, 1 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.gloo.elastic.spark.tf.xml',
    'pytest 22: 20 pass, 0 fail, 0 error, 2 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.gloo.elastic.spark.torch.xml',
    'pytest 22: 22 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.gloo.elastic.xml',
    'pytest 14: 10 pass, 0 fail, 0 error, 4 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.gloo.standalone.xml',
    'pytest 97: 80 pass, 0 fail, 0 error, 17 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.gloo.static.xml',
    'pytest 24: 12 pass, 0 fail, 0 error, 12 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.mpi.integration.xml',
    'pytest 3: 3 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.mpi.standalone.xml',
    'pytest 97: 96 pass, 0 fail, 0 error, 1 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.mpi.static.xml',
    'pytest 24: 24 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.spark.integration.1.xml',
    'pytest 35: 33 pass, 0 fail, 0 error, 2 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.spark.integration.2.xml',
    'pytest 35: 33 pass, 0 fail, 0 error, 2 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/scalatest/TEST-uk.co.gresearch.spark.diff.DiffOptionsSuite.xml',
    'generic 5: 5 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/testsuite-in-testsuite.xml',
    'phpunit 5: 5 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/testsuite-root.xml',
    'phpunit 5: 5 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/tst/disabled.xml',
    'generic 31: 6 pass, 19 fail, 1 error, 5 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/unsupported-unicode.xml',
    'pytest 7: 1 pass, 2 fail, 2 error, 2 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/with-xml-entities.xml',
    'generic 4: 0 pass, 1 fail, 1 error, 2 skip',
  ],
  [
    'publish-unit-test-result-action/python/test/files/junit-xml/xunit/xunit.xml',
    'generic 2: 2 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    // NUnit 3 XML: its own reader (__tests__/junit-dotnet.test.ts).
    'test-reporter/__tests__/fixtures/dotnet-nunit.xml',
    'nunit 9: 3 pass, 3 fail, 2 error, 1 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/empty/java-junit.xml',
    'generic 0: 0 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/empty/jest-junit-empty-testsuite.xml',
    'jest-junit 0: 0 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/empty/jest-junit.xml',
    'jest-junit 0: 0 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/empty/phpunit-empty.xml',
    'generic 0: 0 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/external/java/TEST-org.apache.pulsar.AddMissingPatchVersionTest.xml',
    'generic 2: 0 pass, 1 fail, 0 error, 1 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/external/java/empty_failures.xml',
    'generic 3: 2 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/external/java/junit4-basic.xml',
    'generic 6: 5 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/external/java/junit4-complete.xml',
    'generic 8: 5 pass, 1 fail, 1 error, 1 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/external/java/pulsar-test-report.xml',
    'generic 808: 793 pass, 1 fail, 0 error, 14 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/external/jest/jest-react-component-test-results.xml',
    'jest-junit 1: 1 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/external/jest/jest-test-results.xml',
    /a <testcase> without a name/,
  ],
  [
    'test-reporter/__tests__/fixtures/external/nunit-sample.xml',
    'nunit 18: 12 pass, 1 fail, 1 error, 4 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/external/phpunit/junit-basic.xml',
    'generic 9: 8 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/external/phpunit/phpcheckstyle-phpunit.xml',
    'phpunit 30: 28 pass, 2 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/jest-junit-eslint.xml',
    'generic 1: 1 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/jest-junit.xml',
    'jest-junit 6: 1 pass, 4 fail, 0 error, 1 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/junit-with-message.xml',
    'generic 1: 0 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/nette-tester/BootstrapFormRenderer-report.xml',
    'generic 4: 4 pass, 0 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/nette-tester/tester-v1.7-report.xml',
    'generic 65: 61 pass, 1 fail, 0 error, 3 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/phpunit/phpunit-paths.xml',
    'generic 6: 0 pass, 6 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/phpunit/phpunit.xml',
    'generic 12: 10 pass, 2 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/python-xunit-pytest.xml',
    'pytest 10: 6 pass, 2 fail, 0 error, 2 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/python-xunit-unittest.xml',
    'generic 8: 4 pass, 1 fail, 1 error, 2 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/swift-xunit.xml',
    'generic 3: 2 pass, 1 fail, 0 error, 0 skip',
  ],
  [
    'test-reporter/__tests__/fixtures/test-errors/jest/jest-test-results.xml',
    'jest-junit 2: 0 pass, 0 fail, 2 error, 0 skip',
  ],
];

function summary(path: string): string {
  const r = parseReport(readFileSync(`${DIR}/${path}`, 'utf8'), path);
  const n = { pass: 0, fail: 0, error: 0, skip: 0 };
  let flaky = 0;
  for (const c of r.cases) {
    n[c.status]++;
    flaky += c.flakyAttempts;
  }
  const base = `${r.dialect} ${r.cases.length}: ${n.pass} pass, ${n.fail} fail, ${n.error} error, ${n.skip} skip`;
  return flaky ? `${base}, ${flaky} flaky` : base;
}

describe('the JUnit corpus', () => {
  // The table above is checked against the folder, so a file added to the corpus without an
  // expected outcome fails here instead of going untested.
  test('every file in the corpus folder has an expected outcome, and every entry a file', () => {
    const found = readdirSync(DIR, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => `${d.parentPath}/${d.name}`.slice(DIR.length + 1))
      .sort();
    expect(found).toEqual(CORPUS.map(([path]) => path).sort());
  });

  test.each(CORPUS)('%s', (path, expected) => {
    if (typeof expected === 'string') {
      expect(summary(path)).toBe(expected);
      return;
    }
    let error: unknown;
    try {
      summary(path);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GateError);
    const g = error as GateError;
    expect(g.message).toMatch(expected);
    expect(g.file).toBe(path);
    expect(g.line).toBeGreaterThan(0);
    expect(g.oneLine).not.toMatch(/[\r\n]/);
  });
});

describe('ids from corpus reports', () => {
  const ids = (path: string, repoRoot?: string) => {
    const r = parseReport(readFileSync(`${DIR}/${path}`, 'utf8'), path);
    return mapCases([r], { repoRoot });
  };

  test('a pytest xunit1 report from another project maps to node ids without a collected list', () => {
    const { tests, unmapped } = ids(
      'publish-unit-test-result-action/python/test/files/junit-xml/pytest/junit.fail.xml',
    );
    expect(unmapped).toEqual([]);
    expect(tests.map((t) => `${t.id} ${t.status} ${t.line}`)).toEqual([
      'test/test_spark.py::SparkTests::test_check_shape_compatibility pass 1413',
      'test/test_spark.py::SparkTests::test_get_available_devices skip 1642',
      'test/test_spark.py::SparkTests::test_get_col_info pass 1103',
      'test/test_spark.py::SparkTests::test_rsh_events fail 820',
      'test/test_spark.py::SparkTests::test_rsh_with_non_zero_exit_code pass 814',
    ]);
  });

  test('a pytest xunit2 report without the collected list is unmapped, never guessed', () => {
    const { tests, unmapped } = ids('action-junit-report/test_results/python/report_flaky.xml');
    expect(tests).toEqual([]);
    expect(unmapped.map((u) => u.case.name)).toEqual([
      'test_which_succeeds',
      'test_which_fails',
      'test_with_error',
      'test_with_flaky_success',
    ]);
  });

  test('Surefire flakyFailure inside a passing case is a flaky pass', () => {
    const { tests } = ids(
      'action-junit-report/test_results/maven_surefire_flaky/surefire-report.xml',
    );
    expect(tests).toEqual([
      {
        id: 'io.sodadata.dependson.soda.integrations.msteams.MicrosoftTeamsCrudTest::createWebhook',
        status: 'pass',
        flaky: true,
        reports: ['action-junit-report/test_results/maven_surefire_flaky/surefire-report.xml'],
      },
    ]);
  });

  test('a case repeated in one file of a generic writer is one test, judged by every result', () => {
    // Whoever wrote this file, its dialect records no reruns: the three cases may be three
    // tests sharing a name, so the id is an error with its pass kept (not a flaky pass).
    const { tests } = ids(
      'action-junit-report/test_results/flaky_retries/flaky_with_classname_file.xml',
      '/home/runner/work/foo/bar',
    );
    const report = 'action-junit-report/test_results/flaky_retries/flaky_with_classname_file.xml';
    expect(tests.find((t) => t.id === 'test_foo.py::test_foo')).toMatchObject({
      status: 'error',
      flaky: false,
      duplicates: { count: 3, report, statuses: ['pass', 'fail', 'error'] },
    });
  });

  test('absolute phpunit paths become repo-relative with repoRoot', () => {
    const { tests } = ids(
      'test-reporter/__tests__/fixtures/phpunit/phpunit-paths.xml',
      '/home/runner/work/repo',
    );
    expect(tests[0]).toMatchObject({
      id: 'src/Fake.php::testFailure',
      file: 'src/Fake.php',
      line: 42,
    });
  });
});
