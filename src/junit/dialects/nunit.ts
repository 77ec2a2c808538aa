// NUnit 3's result XML (`nunit3-console`, `dotnet test --logger nunit`): every <test-case>,
// at any depth of <test-suite>s, as `<classname>::<name>` (the name with a parameterized
// test's arguments), or the fullname where a console writes no classname. A Failed case labelled Error, Invalid or Cancelled is an error; a
// Warning is no pass (NUnit counts it apart from the passes); Inconclusive is a skip.
import type { ParsedReport, RawCase, Status } from '../../types.js';
import { MAX_NAME_CHARS } from './dialect.js';
import { scanFormat } from './own-format.js';

function verdict(result: string | undefined, label: string | undefined): Status | undefined {
  switch (result) {
    case 'Passed':
      return 'pass';
    case 'Failed':
      return label === 'Error' || label === 'Invalid' || label === 'Cancelled' ? 'error' : 'fail';
    case 'Warning':
      return 'fail';
    case 'Skipped':
    case 'Inconclusive':
      return 'skip';
    default:
      return undefined;
  }
}

export function parseNunit(xml: string, file: string): ParsedReport {
  const cases: RawCase[] = [];
  scanFormat(xml, file, 'test-run', 'an NUnit 3 test-run', {
    open(name, attrs, fail) {
      if (name !== 'test-case') return;
      // Without a classname (older NUnit 3 consoles), the fullname is the id.
      const classname = attrs.get('classname');
      const caseName = classname ? attrs.get('name') : attrs.get('fullname');
      if (!caseName) throw fail('a <test-case> without a name (or, with no classname, a fullname)');
      if (caseName.length > MAX_NAME_CHARS || (classname?.length ?? 0) > MAX_NAME_CHARS) {
        throw fail(`a <test-case> name or classname over ${MAX_NAME_CHARS} characters`);
      }
      const result = attrs.get('result');
      const status = verdict(result, attrs.get('label'));
      if (status === undefined) {
        throw fail(
          `test '${caseName}' has result '${result ?? ''}', which is not an NUnit verdict`,
        );
      }
      const c: RawCase = { name: caseName, status, flakyAttempts: 0, report: file };
      if (classname) c.classname = classname;
      cases.push(c);
    },
  });
  return { file, dialect: 'nunit', cases };
}
