// ctest --output-junit: the test's name as both classname and name; its verdict is the
// `status` attribute, not the markup. CTest writes every test that did not run as
// <skipped>, but counts one as failed unless SKIP_RETURN_CODE or SKIP_REGULAR_EXPRESSION
// skipped it (a missing executable, a failed fixture or dependency, missing files): the
// runner's verdict wins.
import { GateError, type Status } from '../../types.js';
import { attrsAre, fileOrClassId, type DialectReader } from './dialect.js';

const SKIPPED_BY_TEST = /^(?:SKIP_RETURN_CODE=|SKIP_REGULAR_EXPRESSION_MATCHED)/;

function verdict(status: string | undefined, skipReason: string | undefined): Status | undefined {
  switch (status) {
    case 'run':
      return undefined; // as the markup says (a WILL_FAIL test that failed is a pass)
    case 'fail':
      return 'fail';
    case 'disabled':
      return 'skip';
    case 'notrun':
      return skipReason !== undefined && SKIPPED_BY_TEST.test(skipReason) ? 'skip' : 'fail';
    default:
      return 'error';
  }
}

export const ctest: DialectReader = {
  name: 'ctest',
  claims: (e) => attrsAre(e.caseAttrs, 'name classname time status'),
  id: fileOrClassId,
  finish(report, cases, extras) {
    for (const c of cases) {
      const status = extras.statuses.get(c);
      const v = verdict(status, c.detail);
      if (v === 'error' && status !== undefined) {
        throw new GateError(
          `CTest status '${status}' of test '${c.name}' is not one CTest writes (run, fail, notrun, disabled)`,
          report.file,
        );
      }
      if (v !== undefined) c.status = v;
    }
  },
};
