// One JUnit XML report → its raw test cases and the runner (dialect) that wrote it.

import { GateError, type Dialect, type ParsedReport, type RawCase, type Status } from '../types.js';
import { lineAt, scanXml } from './scan.js';

/** Children of `<testcase>` that carry a result; anything else in a case is ignored. */
const RESULT_ELEMENTS = new Set([
  'failure',
  'error',
  'skipped',
  'flakyFailure',
  'flakyError',
  'rerunFailure',
  'rerunError',
]);

/** `status`/`result` attribute values some writers (gtest, CUnit, tst) use for a case that did not run. */
const NOT_RUN = new Set(['disabled', 'skipped', 'skip', 'notrun', 'not run', 'ignored']);

/** Node's junit reporter ends its report with comments such as `<!-- tests 3 -->`. */
const NODE_SUMMARY_COMMENT =
  /^ (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) [0-9.]+ $/;

/**
 * A case as this reader returns it: a RawCase plus the name of its innermost suite, used as
 * the id prefix when a case has neither a file nor a classname (jest-junit's `classname=""`).
 */
export interface SuiteCase extends RawCase {
  suite?: string;
  /** Names of every enclosing `<testsuite>`, outermost first, joined with ' > ' (node's ids). */
  suitePath?: string;
}

interface OpenCase {
  raw: SuiteCase;
  seen: Set<string>;
  notRun: boolean;
}

/** Signals of each dialect, gathered while reading; the strongest wins at the end. */
interface Signals {
  pytest: boolean;
  surefire: boolean;
  go: boolean;
  node: boolean;
  jest: boolean;
  vitest: boolean;
  mocha: boolean;
}

function caseStatus(c: OpenCase): Status {
  const s = c.seen;
  if (s.has('error')) return 'error';
  if (s.has('failure')) return 'fail';
  if (s.has('rerunError')) return 'error';
  if (s.has('rerunFailure')) return 'fail';
  if (s.has('skipped') || c.notRun) return 'skip';
  return 'pass';
}

function dialectOf(s: Signals): Dialect {
  if (s.pytest) return 'pytest';
  if (s.surefire) return 'surefire';
  if (s.go) return 'go-junit-report';
  if (s.node) return 'node';
  if (s.vitest) return 'vitest';
  if (s.jest) return 'jest-junit';
  if (s.mocha) return 'mocha';
  return 'generic';
}

function noteSuiteName(name: string | undefined, root: boolean, s: Signals): void {
  if (name === undefined) return;
  if (name === 'pytest') s.pytest = true;
  else if (root && name === 'jest tests') s.jest = true;
  else if (root && name === 'vitest tests') s.vitest = true;
  else if (root && name === 'Mocha Tests') s.mocha = true;
}

/**
 * Reads one report. Throws a GateError (file and line) for anything that is not a
 * well-formed JUnit document; a report without test cases is not an error here.
 */
export function parseReport(xml: string, file: string): ParsedReport {
  const cases: RawCase[] = [];
  const signals: Signals = {
    pytest: false,
    surefire: false,
    go: false,
    node: false,
    jest: false,
    vitest: false,
    mocha: false,
  };
  // The `file` each open element passes down (a suite's file applies to its cases).
  const files: (string | undefined)[] = [];
  const names: string[] = [];
  const paths: string[] = [];
  let current: OpenCase | null = null;
  let caseDepth = -1;
  let depth = 0;
  let anyOwnFile = false;

  scanXml(xml, file, {
    open(name, attrs, at) {
      const parentFile = files.length ? files[files.length - 1] : undefined;
      if (depth === 0) {
        if (name !== 'testsuites' && name !== 'testsuite') {
          throw new GateError(
            `root element <${name}> is not a JUnit report (expected <testsuites> or <testsuite>)`,
            file,
            lineAt(xml, at),
          );
        }
        for (const v of attrs.values())
          if (v.includes('maven.apache.org/surefire')) signals.surefire = true;
      }
      if (current !== null) {
        if (name === 'testcase' || name === 'testsuite') {
          throw new GateError(`<${name}> inside a <testcase>`, file, lineAt(xml, at));
        }
        if (depth === caseDepth + 1 && RESULT_ELEMENTS.has(name)) {
          current.seen.add(name);
          if (name !== 'failure' && name !== 'error' && name !== 'skipped')
            current.raw.flakyAttempts++;
        }
      } else if (name === 'testcase') {
        const caseName = attrs.get('name');
        if (caseName === undefined || caseName === '') {
          throw new GateError('a <testcase> without a name', file, lineAt(xml, at));
        }
        const own = attrs.get('file');
        const raw: SuiteCase = { name: caseName, status: 'pass', flakyAttempts: 0, report: file };
        const classname = attrs.get('classname');
        if (classname !== undefined) raw.classname = classname;
        const caseFile = own ?? parentFile;
        if (caseFile !== undefined && caseFile !== '') raw.file = caseFile;
        const line = attrs.get('line');
        if (line !== undefined && /^[0-9]{1,9}$/.test(line)) raw.line = Number(line);
        const suite = names.length ? names[names.length - 1] : undefined;
        if (suite !== undefined && suite !== '') raw.suite = suite;
        const suitePath = paths.length ? paths[paths.length - 1] : '';
        if (suitePath !== '') raw.suitePath = suitePath;
        const status = (attrs.get('status') ?? attrs.get('result'))?.toLowerCase();
        current = { raw, seen: new Set(), notRun: NOT_RUN.has(status ?? '') };
        if (own !== undefined) anyOwnFile = true;
        caseDepth = depth;
      } else if (name === 'testsuite' || name === 'testsuites') {
        noteSuiteName(attrs.get('name'), depth === 0, signals);
      } else if (name === 'property') {
        const prop = attrs.get('name');
        if (prop === 'go.version') signals.go = true;
      }
      const own = attrs.get('file');
      files.push(name === 'testsuite' && own !== undefined && own !== '' ? own : parentFile);
      names.push(
        name === 'testsuite' || name === 'testsuites'
          ? (attrs.get('name') ?? '')
          : names.length
            ? names[names.length - 1]
            : '',
      );
      const parentPath = paths.length ? paths[paths.length - 1] : '';
      const suiteName = name === 'testsuite' ? (attrs.get('name') ?? '') : '';
      paths.push(
        suiteName === ''
          ? parentPath
          : parentPath === ''
            ? suiteName
            : `${parentPath} > ${suiteName}`,
      );
      depth++;
    },
    close() {
      depth--;
      files.pop();
      names.pop();
      paths.pop();
      if (current !== null && depth === caseDepth) {
        current.raw.status = caseStatus(current);
        cases.push(current.raw);
        current = null;
        caseDepth = -1;
      }
    },
    comment(text) {
      if (NODE_SUMMARY_COMMENT.test(text)) signals.node = true;
    },
  });

  const dialect = dialectOf(signals);
  const report: ParsedReport = { file, dialect, cases };
  if (dialect === 'pytest') {
    report.pytestHasFile = anyOwnFile;
    // pytest writes a 0-based `line`.
    for (const c of cases) if (c.line !== undefined) c.line += 1;
  }
  return report;
}
