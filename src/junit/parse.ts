// One JUnit XML report → its raw test cases and the runner (dialect) that wrote it.

import { GateError, type ParsedReport, type Status } from '../types.js';
import {
  countCase,
  countResultElement,
  declaredTotals,
  TOTALS_COUNT,
  totalsProblem,
  type SuiteTotals,
  type TotalsCount,
} from './report-totals.js';
import {
  MAX_NAME_CHARS,
  oneLine,
  type CaseExtras,
  type Evidence,
  type SuiteCase,
} from './dialects/dialect.js';
import { detectDialect } from './dialects/index.js';
import { pytestOutcome } from './dialects/pytest.js';
import { NameCheck } from './ambiguity.js';
import { parseNunit } from './dialects/nunit.js';
import { parseTrx } from './dialects/trx.js';
import { parseXunitNet } from './dialects/xunit-net.js';
import { decodeText, lineAt, scanXml, type Attributes } from './scan.js';

// Children of `<testcase>` that carry a result, as bits; anything else in a case is ignored.
const ERROR = 1;
const FAILURE = 2;
const RERUN_ERROR = 4;
const RERUN_FAILURE = 8;
const SKIPPED = 16;
const FLAKY = 32;

function resultBit(element: string): number {
  switch (element) {
    case 'error':
      return ERROR;
    case 'failure':
      return FAILURE;
    case 'skipped':
      return SKIPPED;
    case 'rerunError':
      return RERUN_ERROR;
    case 'rerunFailure':
      return RERUN_FAILURE;
    case 'flakyError':
    case 'flakyFailure':
      return FLAKY;
    default:
      return 0;
  }
}

/** `status`/`result` attribute values some writers (gtest, CUnit, tst) use for a case that did not run. */
const NOT_RUN = new Set(['disabled', 'skipped', 'skip', 'notrun', 'not run', 'ignored']);

/** Node's junit reporter ends its report with comments such as `<!-- tests 3 -->`. */
const NODE_SUMMARY_COMMENT =
  /^ (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) [0-9.]+ $/;

/** An open `<testsuite>` or `<testsuites>`. */
interface Suite {
  depth: number;
  name: string;
  /** Its `file`, or the nearest enclosing suite's. */
  file?: string;
  /** Names of the enclosing `<testsuite>` elements and its own, joined with ' > '. */
  path: string;
  /** What its own attributes declare, and what it holds (report-totals.ts compares them). */
  totals?: SuiteTotals;
}

function caseStatus(bits: number, notRun: boolean): Status {
  if (bits & ERROR) return 'error';
  if (bits & FAILURE) return 'fail';
  if (bits & RERUN_ERROR) return 'error';
  if (bits & RERUN_FAILURE) return 'fail';
  if (bits & SKIPPED || notRun) return 'skip';
  return 'pass';
}

/** How much of a collection error's text is read to find its first line. */
const MAX_ERROR_TEXT = 64 * 1024;

// One line of a reason or error: shared with the readers of other formats (dialects/).
export { MAX_DETAIL_CHARS, oneLine } from './dialects/dialect.js';

/**
 * The reason of pytest's module-level skip, written as Python's repr of
 * `(path, line, 'Skipped: reason')`; anything else is kept as it is.
 */
export function collectionSkipReason(text: string): { reason: string; path?: string } {
  const m = /^\((['"])(.*?)\1, \d+, (['"])(?:Skipped: )?([\s\S]*)\3\)\s*$/.exec(text.trim());
  if (!m) return { reason: oneLine(text) };
  return { reason: oneLine(m[4].replace(/\\(['"\\])/g, '$1')), path: m[2] };
}

/**
 * The first line of a collection error: pytest prints the exception on lines starting with
 * `E   ` after the traceback; without one, the text's first non-empty line.
 */
export function collectionErrorLine(text: string): string {
  const lines = text.split('\n');
  const e = lines.find((l) => /^E {3}\S/.test(l));
  return oneLine(e !== undefined ? e.slice(4) : (lines.find((l) => l.trim() !== '') ?? ''));
}

/** A non-negative integer of at most 9 digits, else undefined. */
function lineNumber(text: string | undefined): number | undefined {
  if (text === undefined || text.length === 0 || text.length > 9) return undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return undefined;
  }
  return Number(text);
}

/**
 * Reads one report. Throws a GateError (file and line) for anything that is not a
 * well-formed JUnit document; a report without test cases is not an error here.
 */
export function parseReport(xml: string, file: string): ParsedReport {
  const root = rootElement(xml);
  switch (root) {
    case 'TestRun':
      return parseTrx(xml, file);
    case 'test-run':
      return parseNunit(xml, file);
    case 'assemblies':
    case 'assembly':
      return parseXunitNet(xml, file, root);
    default:
      return parseJunit(xml, file);
  }
}

// The root's name, past a BOM, the XML declaration, comments and blanks (the format's
// reader then checks the whole document).
const ROOT = /^\uFEFF?(?:<\?xml[^>]*\?>)?(?:[ \t\r\n]|<!--(?:[^-]|-[^-])*-->)*<([A-Za-z_][-\w.]*)/;

function rootElement(xml: string): string | undefined {
  return ROOT.exec(xml.slice(0, 64 * 1024))?.[1];
}

function parseJunit(xml: string, file: string): ParsedReport {
  const cases: SuiteCase[] = [];
  const evidence: Evidence = {
    root: '',
    rootAttrs: [],
    properties: new Set(),
    pytestMarks: false,
    surefireSchema: false,
    nodeSummary: false,
  };
  const extras: CaseExtras = { anyOwnFile: false, skipPaths: new Map(), statuses: new Map() };
  const suites: Suite[] = [];
  let depth = 0;
  // The open test case, if any (cases do not nest).
  let current: SuiteCase | null = null;
  let caseDepth = -1;
  let bits = 0;
  let notRun = false;
  // The last case's file: a run of cases in one file keeps one string, not one per case (the
  // cases live until the report is read: what they hold is what the collector copies).
  let lastFile: string | undefined;
  // Text of the open case's collection outcome element, gathered for its detail.
  let capture: string[] | null = null;
  let captured = 0;
  // The first leaf suite whose own totals disagree with what it holds, per way of counting
  // (report-totals.ts; which one applies is known once the dialect is).
  const rewritten = new Map<TotalsCount, { message: string; at: number }>();

  /** The attribute's value, refused when it is longer than MAX_NAME_CHARS. */
  const capped = (value: string | undefined, what: string, at: number): string | undefined => {
    if (value !== undefined && value.length > MAX_NAME_CHARS) {
      throw new GateError(
        `${what} of ${value.length} characters (over ${MAX_NAME_CHARS})`,
        file,
        lineAt(xml, at),
      );
    }
    return value;
  };

  const names = new NameCheck(xml, file);
  scanXml(xml, file, {
    open(name, attrs, at) {
      if (depth > 0 || name === 'testsuites' || name === 'testsuite') names.check(name, attrs, at);
      if (current !== null) {
        if (name === 'testcase' || name === 'testsuite') {
          throw new GateError(`<${name}> inside a <testcase>`, file, lineAt(xml, at));
        }
        if (depth === caseDepth + 1) {
          const bit = resultBit(name);
          if (bit === 0 && resultBit(name.toLowerCase()) !== 0) {
            // <Failure> is an unknown element to an XML parser, a failure to a reader that
            // ignores case: ambiguous, refused.
            throw new GateError(
              `<${name}> in a <testcase> differs from <${name.toLowerCase()}> only by case (readers disagree on it)`,
              file,
              lineAt(xml, at),
            );
          }
          bits |= bit;
          if (bit === FAILURE || bit === ERROR) {
            const t = suites.length ? suites[suites.length - 1].totals : undefined;
            if (t) countResultElement(t);
          }
          if (bit === FLAKY || bit === RERUN_ERROR || bit === RERUN_FAILURE)
            current.flakyAttempts++;
          if (bit === SKIPPED || bit === ERROR) {
            const message = attrs.get('message');
            const type = attrs.get('type');
            if (type === 'pytest.skip' || type === 'pytest.xfail') evidence.pytestMarks = true;
            const outcome = pytestOutcome(name, type, message);
            if (outcome !== undefined && current.outcome === undefined) {
              current.outcome = outcome;
              if (outcome === 'xfail' && message) current.detail = oneLine(message);
              else if (outcome !== 'xfail') capture = [];
            } else if (bit === SKIPPED && message && current.detail === undefined) {
              current.detail = oneLine(message);
            }
          }
        }
      } else if (depth === 0 && name !== 'testsuites' && name !== 'testsuite') {
        throw new GateError(
          `root element <${name}> is not a JUnit report (expected <testsuites> or <testsuite>)`,
          file,
          lineAt(xml, at),
        );
      } else if (name === 'testcase') {
        const caseName = capped(attrs.get('name'), 'a <testcase> name', at);
        if (caseName === undefined || caseName === '') {
          throw new GateError('a <testcase> without a name', file, lineAt(xml, at));
        }
        const suite = suites.length ? suites[suites.length - 1] : undefined;
        // Every field a case's tag may set is in the literal (undefined until set), so setting
        // them keeps the object as it was made, not growing a second store per case.
        const c: SuiteCase = {
          name: caseName,
          classname: undefined,
          file: undefined,
          line: undefined,
          status: 'pass',
          flakyAttempts: 0,
          report: file,
          suite: undefined,
          suitePath: undefined,
        };
        const classname = capped(attrs.get('classname'), 'a <testcase> classname', at);
        // Writers often repeat the name as the classname: one string then.
        if (classname !== undefined) c.classname = classname === caseName ? caseName : classname;
        let own = capped(attrs.get('file'), 'a <testcase> file', at);
        if (own === lastFile) own = lastFile;
        else lastFile = own;
        if (own !== undefined) extras.anyOwnFile = true;
        evidence.caseAttrs ??= attrNames(attrs);
        const caseFile = own || suite?.file;
        if (caseFile) c.file = caseFile;
        const line = lineNumber(attrs.get('line'));
        if (line !== undefined) c.line = line;
        if (suite?.name) c.suite = suite.name;
        if (suite?.path) c.suitePath = suite.path;
        const status = attrs.get('status') ?? attrs.get('result');
        if (status !== undefined) extras.statuses.set(c, status);
        notRun = status !== undefined && NOT_RUN.has(status.toLowerCase());
        bits = 0;
        current = c;
        caseDepth = depth;
      } else if (name === 'testsuite' || name === 'testsuites') {
        const rawName = capped(attrs.get('name'), `a <${name}> name`, at);
        const suiteName = rawName ?? '';
        if (depth === 0) {
          evidence.root = name;
          evidence.rootAttrs = attrNames(attrs);
          if (rawName !== undefined) evidence.rootName = rawName;
          if (attrs.values().some((v) => v.includes('maven.apache.org/surefire'))) {
            evidence.surefireSchema = true;
          }
        }
        if (name === 'testsuite' && evidence.suiteAttrs === undefined) {
          evidence.suiteAttrs = attrNames(attrs);
          if (rawName !== undefined) evidence.suiteName = rawName;
        }
        const parent = suites.length ? suites[suites.length - 1] : undefined;
        const own =
          name === 'testsuite' ? capped(attrs.get('file'), 'a <testsuite> file', at) : undefined;
        const parentPath = parent?.path ?? '';
        const path =
          name !== 'testsuite' || suiteName === ''
            ? parentPath
            : parentPath === ''
              ? suiteName
              : `${parentPath} > ${suiteName}`;
        if (parent?.totals) parent.totals.nested = true;
        suites.push({
          depth,
          name: suiteName,
          file: own || parent?.file,
          path,
          totals: name === 'testsuite' ? declaredTotals(attrs, at) : undefined,
        });
      } else if (name === 'property') {
        const prop = attrs.get('name');
        if (prop !== undefined && evidence.properties.size < 64) evidence.properties.add(prop);
      }
      depth++;
    },
    close() {
      depth--;
      if (current !== null) {
        if (capture !== null && depth === caseDepth + 1) {
          const text = capture.join('');
          if (current.outcome === 'collection-error') current.detail = collectionErrorLine(text);
          else {
            const skip = collectionSkipReason(text);
            current.detail = skip.reason;
            if (skip.path) extras.skipPaths.set(current, skip.path);
          }
          capture = null;
          captured = 0;
        }
        if (depth === caseDepth) {
          current.status = caseStatus(bits, notRun);
          const t = suites.length ? suites[suites.length - 1].totals : undefined;
          if (t) countCase(t, current.status);
          cases.push(current);
          current = null;
          caseDepth = -1;
        }
      } else if (suites.length && suites[suites.length - 1].depth === depth) {
        const done = suites.pop()!;
        for (const counts of ['elements', 'cases'] as const) {
          const wrong = done.totals && totalsProblem(done.totals, counts);
          if (wrong && !rewritten.has(counts))
            rewritten.set(counts, { message: wrong, at: done.totals!.at });
        }
      }
    },
    comment(text) {
      if (NODE_SUMMARY_COMMENT.test(text)) evidence.nodeSummary = true;
    },
    text(input, start, end, cdata) {
      if (capture === null || captured >= MAX_ERROR_TEXT) return;
      const raw = input.slice(start, Math.min(end, start + MAX_ERROR_TEXT - captured));
      captured += raw.length;
      capture.push(cdata ? raw : decodeText(raw));
    },
  });

  const reader = detectDialect(evidence);
  const counts = TOTALS_COUNT.get(reader.name);
  const wrong = counts && rewritten.get(counts);
  if (wrong) throw new GateError(wrong.message, file, lineAt(xml, wrong.at));
  const report: ParsedReport = { file, dialect: reader.name, cases };
  if (reader.name !== 'pytest') {
    // Only pytest writes these outcomes; elsewhere the same markup is an ordinary case.
    for (const c of cases) {
      if (c.outcome !== undefined) delete c.outcome;
    }
  }
  reader.finish?.(report, cases, extras);
  return report;
}

function attrNames(attrs: Attributes): string[] {
  return attrs.names.slice(0, attrs.count);
}
