// xUnit.net's own XML (`dotnet test --logger xunit`, xunit.console's `-xml`; root <assemblies>,
// or <assembly> for xUnit.net 1's `/xml`): every <test>, at any depth of <collection>s (or 1's
// <class>es), as `<type>::<name>`, the id TRX gives the same test (`<className>::<testName>`),
// so a project moving between loggers keeps its ledger. The name is xUnit.net's display name:
// the full method name, a theory's data row with its arguments, or a DisplayName; a test with
// an empty type is its name alone. Traits are metadata, not part of the id. Pass, Fail and
// Skip (its <reason> the skip's reason) are the verdicts, and v3's NotRun (an explicit test not
// asked for) a skip; anything else is refused. An assembly-level <error> (a fixture or class
// cleanup that threw, outside every test) is an error case of its own, `[<type>] <name>`, so
// it rejects instead of vanishing.
import type { ParsedReport, RawCase, Status } from '../../types.js';
import { MAX_NAME_CHARS, oneLine } from './dialect.js';
import { scanFormat } from './own-format.js';

const RESULTS: Record<string, Status> = {
  Pass: 'pass',
  Fail: 'fail',
  Skip: 'skip',
  NotRun: 'skip',
};

/** The reason text kept while reading (a reason is one line in the end). */
const MAX_REASON_TEXT = 4096;

/** `root` is the document's root element: `assemblies` (v2, v3) or `assembly` (xUnit.net 1). */
export function parseXunitNet(
  xml: string,
  file: string,
  root: 'assemblies' | 'assembly',
): ParsedReport {
  const cases: RawCase[] = [];
  // The open <test> and whether its <reason> is open: a reason's text is gathered.
  let test: RawCase | null = null;
  let reason: string[] | null = null;
  let reasonChars = 0;
  scanFormat(xml, file, root, 'an xUnit.net assemblies', {
    open(name, attrs, fail) {
      if (name === 'reason' && test !== null) {
        reason = [];
        reasonChars = 0;
        return;
      }
      if (name !== 'test' && name !== 'error') return;
      if (test !== null) throw fail(`a <${name}> inside a <test>`);
      const caseName = attrs.get('name');
      const type = name === 'error' ? `[${attrs.get('type') ?? 'error'}]` : attrs.get('type');
      if (!caseName) throw fail(`a <${name}> without a name`);
      if (caseName.length > MAX_NAME_CHARS || (type?.length ?? 0) > MAX_NAME_CHARS) {
        throw fail(`a <${name}> name or type over ${MAX_NAME_CHARS} characters`);
      }
      let status: Status = 'error';
      if (name === 'test') {
        const result = attrs.get('result');
        const s =
          result !== undefined && Object.hasOwn(RESULTS, result) ? RESULTS[result] : undefined;
        if (s === undefined) {
          throw fail(
            `test '${caseName}' has result '${result ?? ''}', which is not an xUnit.net verdict`,
          );
        }
        status = s;
      }
      const c: RawCase = { name: caseName, status, flakyAttempts: 0, report: file };
      // An assembly error's "type" names what failed (test-class-cleanup, …): a prefix apart.
      if (name === 'error') c.name = `${type} ${caseName}`;
      else if (type) c.classname = type;
      cases.push(c);
      test = name === 'test' ? c : null;
    },
    text(t) {
      if (reason === null || reasonChars >= MAX_REASON_TEXT) return;
      reason.push(t);
      reasonChars += t.length;
    },
    close(name) {
      if (name === 'reason' && reason !== null && test !== null) {
        const r = oneLine(reason.join(''));
        if (r !== '' && test.status === 'skip') test.detail = r;
        reason = null;
      } else if (name === 'test') test = null;
    },
  });
  return { file, dialect: 'xunit-net', cases };
}
