// jest's own results (`jest --json --outputFile=FILE`) read as a report. jest-junit writes
// `test.todo` as a passing case (jest-junit issue #242); jest's JSON says "todo". Given
// beside the jest-junit report, it makes a todo a skip (map.ts: a todo is never a pass).
// Ids are those of jest-junit with `addFileAttribute` and its default templates:
// `<file>::<ancestor titles and title, joined by spaces>`. It also counts each test's
// invocations, so a pass after jest.retryTimes is a recorded rerun (flaky-pass).

import { GateError, type ParsedReport, type RawCase, type Status } from '../types.js';
import { MAX_NAME_CHARS } from './dialects/dialect.js';
import { parseReport } from './parse.js';

/** Does this text look like JSON rather than XML? (A JUnit report starts with `<`.) */
export function looksLikeJson(text: string): boolean {
  const first = /\S/.exec(text.slice(0, 4096));
  return first !== null && first[0] === '{';
}

/** A report file's text: jest's JSON results, or else a JUnit XML report. */
export function parseReportText(text: string, file: string): ParsedReport {
  return looksLikeJson(text) ? parseJestJson(text, file) : parseReport(text, file);
}

const STATUS: Record<string, Status> = {
  passed: 'pass',
  failed: 'fail',
  pending: 'skip',
  skipped: 'skip',
  disabled: 'skip',
  todo: 'skip',
};

function fail(file: string, message: string): never {
  throw new GateError(`not jest --json results: ${message}`, file);
}

function str(v: unknown, what: string, file: string): string {
  if (typeof v !== 'string') fail(file, `${what} is not a string`);
  if (v.length > MAX_NAME_CHARS) {
    throw new GateError(`${what} of ${v.length} characters (over ${MAX_NAME_CHARS})`, file);
  }
  return v;
}

export function parseJestJson(text: string, file: string): ParsedReport {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new GateError(`malformed JSON: ${String((e as Error).message).split('\n')[0]}`, file);
  }
  const results = (doc as { testResults?: unknown } | null)?.testResults;
  if (typeof doc !== 'object' || doc === null || !Array.isArray(results)) {
    fail(file, 'no `testResults` list');
  }
  const cases: RawCase[] = [];
  results.forEach((suite: unknown, i: number) => {
    if (typeof suite !== 'object' || suite === null)
      fail(file, `testResults[${i}] is not an object`);
    const s = suite as { name?: unknown; assertionResults?: unknown; status?: unknown };
    const path = str(s.name, `testResults[${i}].name`, file);
    if (!Array.isArray(s.assertionResults))
      fail(file, `testResults[${i}].assertionResults is not a list`);
    if (s.assertionResults.length === 0 && s.status === 'failed') {
      // The file failed to run at all (a syntax error, a throw at load): not a pass of anything.
      cases.push({
        name: 'Test suite failed to run',
        file: path,
        status: 'error',
        flakyAttempts: 0,
        report: file,
      });
    }
    s.assertionResults.forEach((a: unknown, j: number) => {
      const where = `testResults[${i}].assertionResults[${j}]`;
      if (typeof a !== 'object' || a === null) fail(file, `${where} is not an object`);
      const r = a as {
        ancestorTitles?: unknown;
        title?: unknown;
        status?: unknown;
        invocations?: unknown;
      };
      const title = str(r.title, `${where}.title`, file);
      if (!Array.isArray(r.ancestorTitles)) fail(file, `${where}.ancestorTitles is not a list`);
      const ancestors = r.ancestorTitles.map((t: unknown, k: number) =>
        str(t, `${where}.ancestorTitles[${k}]`, file),
      );
      const raw = str(r.status, `${where}.status`, file);
      // An unknown status is not a pass: read it as an error, fail closed.
      const status = Object.hasOwn(STATUS, raw) ? STATUS[raw] : 'error';
      // jest-junit's ids (its default templates), a top-level test's without the leading space.
      const name = ancestors.length > 0 ? `${ancestors.join(' ')} ${title}` : title;
      if (name.length > MAX_NAME_CHARS) {
        throw new GateError(`${where}: a name of ${name.length} characters`, file);
      }
      // jest.retryTimes: jest-junit writes a pass on retry as a plain pass; the JSON counts
      // the invocations, a recorded rerun.
      const runs = typeof r.invocations === 'number' ? r.invocations : 1;
      const flakyAttempts = Number.isSafeInteger(runs) && runs > 1 ? runs - 1 : 0;
      const c: RawCase = { name, file: path, status, flakyAttempts, report: file };
      if (raw === 'todo') c.outcome = 'todo';
      cases.push(c);
    });
  });
  return { file, dialect: 'jest-json', cases };
}
