// Visual Studio's TRX (`dotnet test --logger trx`, MSTest, xUnit.net and NUnit adapters),
// read as its own format: each <UnitTestResult> joined to its <UnitTest> definition, the id
// `<TestMethod className>::<testName>` (testName as the adapter gives it: a full method
// name, or a display name with a theory's arguments; a result with no className, testName). A data-driven result (MSTest) is
// judged by its inner results, one case each. TRX records no reruns.
import { GateError, type ParsedReport, type RawCase, type Status } from '../../types.js';
import { MAX_NAME_CHARS } from './dialect.js';
import { scanFormat } from './own-format.js';

// TestOutcome (Microsoft.VisualStudio.TestTools.Common); anything else is not a verdict.
const OUTCOMES: Record<string, Status> = {
  Passed: 'pass',
  Failed: 'fail',
  Timeout: 'fail',
  NotExecuted: 'skip',
  Inconclusive: 'skip',
  Error: 'error',
  Aborted: 'error',
  Disconnected: 'error',
  NotRunnable: 'error',
  PassedButRunAborted: 'error',
};

interface Result {
  testId: string;
  testName: string;
  status: Status;
  inner: boolean;
}

export function parseTrx(xml: string, file: string): ParsedReport {
  const classOf = new Map<string, string>();
  const results: Result[] = [];
  const open: (Result | null)[] = [];
  let unitTest: string | null = null;
  scanFormat(xml, file, 'TestRun', 'a TRX TestRun', {
    open(name, attrs, fail) {
      if (name === 'UnitTest') unitTest = attrs.get('id') ?? null;
      else if (name === 'TestMethod' && unitTest !== null) {
        // A pseudo-test (xUnit v3's '[Test Class Cleanup Failure (…)]') has no className.
        classOf.set(unitTest, attrs.get('className') ?? '');
      } else if (name === 'UnitTestResult') {
        const testId = attrs.get('testId');
        const testName = attrs.get('testName');
        if (!testId || !testName) throw fail('a <UnitTestResult> without testId or testName');
        if (testName.length > MAX_NAME_CHARS) {
          throw fail(`a testName of ${testName.length} characters (over ${MAX_NAME_CHARS})`);
        }
        const outcome = attrs.get('outcome');
        const status =
          outcome !== undefined && Object.hasOwn(OUTCOMES, outcome) ? OUTCOMES[outcome] : undefined;
        if (status === undefined) {
          throw fail(
            `test '${testName}' has outcome '${outcome ?? ''}', which is not a TRX verdict`,
          );
        }
        const parent = open.findLast((r) => r !== null);
        if (parent) parent.inner = true;
        const r: Result = { testId, testName, status, inner: false };
        results.push(r);
        open.push(r);
        return;
      }
      open.push(null);
    },
    close(name) {
      open.pop();
      if (name === 'UnitTest') unitTest = null;
    },
  });
  const cases: RawCase[] = [];
  for (const r of results) {
    if (r.inner) continue; // judged by its inner results
    const className = classOf.get(r.testId);
    if (className === undefined) {
      throw new GateError(
        `test '${r.testName}' (testId ${r.testId}) has no <UnitTest> definition`,
        file,
      );
    }
    cases.push({
      name: r.testName,
      classname: className,
      status: r.status,
      flakyAttempts: 0,
      report: file,
    });
  }
  return { file, dialect: 'trx', cases };
}
