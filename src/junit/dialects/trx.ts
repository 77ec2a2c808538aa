// Visual Studio's TRX (`dotnet test --logger trx`, MSTest, xUnit.net and NUnit adapters),
// read as its own format: each <UnitTestResult> joined to its <UnitTest> definition, the id
// `<TestMethod className>::<testName>` (testName as the adapter gives it: a full method
// name, or a display name with a theory's arguments; a result with no className, testName). A data-driven result (MSTest) is
// judged by its inner results, one case each. TRX records no reruns.
import { GateError, type ParsedReport, type RawCase, type Status } from '../../types.js';
import { NameCheck } from '../ambiguity.js';
import { MAX_NAME_CHARS } from '../parse.js';
import { lineAt, scanXml } from '../scan.js';

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
  const names = new NameCheck(xml, file);
  const classOf = new Map<string, string>();
  const results: Result[] = [];
  const open: (Result | null)[] = [];
  let unitTest: string | null = null;
  let depth = 0;
  function fail(message: string, at: number): never {
    throw new GateError(message, file, lineAt(xml, at));
  }
  scanXml(xml, file, {
    open(name, attrs, at) {
      names.check(name, attrs, at);
      if (depth === 0 && name !== 'TestRun')
        fail(`root element <${name}> is not a TRX TestRun`, at);
      depth++;
      if (name === 'UnitTest') unitTest = attrs.get('id') ?? null;
      else if (name === 'TestMethod' && unitTest !== null) {
        // A pseudo-test (xUnit v3's '[Test Class Cleanup Failure (…)]') has no className.
        classOf.set(unitTest, attrs.get('className') ?? '');
      } else if (name === 'UnitTestResult') {
        const testId = attrs.get('testId');
        const testName = attrs.get('testName');
        if (!testId || !testName) fail('a <UnitTestResult> without testId or testName', at);
        if (testName.length > MAX_NAME_CHARS) {
          fail(`a testName of ${testName.length} characters (over ${MAX_NAME_CHARS})`, at);
        }
        const outcome = attrs.get('outcome');
        const status =
          outcome !== undefined && Object.hasOwn(OUTCOMES, outcome) ? OUTCOMES[outcome] : undefined;
        if (status === undefined) {
          fail(`test '${testName}' has outcome '${outcome ?? ''}', which is not a TRX verdict`, at);
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
      depth--;
      open.pop();
      if (name === 'UnitTest') unitTest = null;
    },
    comment() {},
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
