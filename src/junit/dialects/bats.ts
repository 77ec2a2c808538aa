// bats --formatter junit: a <testsuite> per .bats file, `<file>::<test name>`.
import { GateError } from '../../types.js';
import { attrsAre, fileOrClassId, type DialectReader } from './dialect.js';

// bats 1.8's junit formatter, after a test passed on a BATS_TEST_RETRIES retry, writes a
// phantom skipped case and names every later case 'begin N <name>' (its TAP stream says
// otherwise): such a report cannot be read as the run it records.
const RETRY_GARBLED = /^begin \d+ /;

export const bats: DialectReader = {
  name: 'bats',
  claims: (e) =>
    e.root === 'testsuites' &&
    attrsAre(e.rootAttrs, 'time') &&
    e.suiteName?.endsWith('.bats') === true,
  id: fileOrClassId,
  finish(report, cases) {
    const bad = cases.find((c) => RETRY_GARBLED.test(c.name));
    if (bad !== undefined) {
      throw new GateError(
        `bats wrote a case named '${bad.name}': its junit formatter garbles the report after a BATS_TEST_RETRIES retry (write the report without retries)`,
        report.file,
      );
    }
  },
};
