// What every JUnit dialect reader provides, and the evidence it is recognised by.

import type { Dialect, ParsedReport, RawCase } from '../../types.js';

/**
 * The longest name, classname, file or suite name a case may carry. Ids are built from them
 * and shown in annotations and summaries; nothing a runner writes comes near this.
 */
export const MAX_NAME_CHARS = 4096;

/**
 * A case as the JUnit reader (../parse.ts) returns it: a RawCase plus the name of its innermost suite, used as
 * the id prefix when a case has neither a file nor a classname (jest-junit's `classname=""`).
 */
export interface SuiteCase extends RawCase {
  suite?: string;
  /** Names of every enclosing `<testsuite>`, outermost first, joined with ' > ' (node's ids). */
  suitePath?: string;
}

/**
 * What a report holds that says which runner wrote it, gathered while it is read: the shape
 * of its first elements (attribute names, in the order written: each writer has its own)
 * and marks only one runner writes. Never a value a user sets (a suite's name), except
 * where a reader says so and only together with its shape.
 */
export interface Evidence {
  /** `testsuites` or `testsuite`. */
  root: string;
  /** Attribute names of the root, in order. */
  rootAttrs: string[];
  /** The root's `name` attribute. */
  rootName?: string;
  /** Attribute names of the first `<testsuite>` (the root, when it is one), in order. */
  suiteAttrs?: string[];
  /** The first `<testsuite>`'s `name`. */
  suiteName?: string;
  /** Attribute names of the first `<testcase>`, in order. */
  caseAttrs?: string[];
  /** Names of the `<property>` elements seen. */
  properties: Set<string>;
  /** A `<skipped>` (or other result) typed `pytest.skip`/`pytest.xfail`. */
  pytestMarks: boolean;
  /** A root attribute names Surefire's schema. */
  surefireSchema: boolean;
  /** Node's closing comments (`<!-- tests 3 -->`). */
  nodeSummary: boolean;
}

/** What a report says about its cases beyond RawCase, kept aside for `finish`. */
export interface CaseExtras {
  /** Some case carries its own `file` (pytest's xunit1). */
  anyOwnFile: boolean;
  /** The module path each pytest collection skip names (xunit2 writes no `file`). */
  skipPaths: Map<SuiteCase, string>;
  /** Each case's `status` (or `result`) attribute as written (CTest's verdict). */
  statuses: Map<SuiteCase, string>;
}

export interface DialectReader {
  name: Dialect;
  /** Does the report's content say this runner wrote it? */
  claims(e: Evidence): boolean;
  /**
   * The id of a case (every dialect but pytest's, whose ids map.ts rebuilds from node ids).
   * `file` is the case's file made repo-relative ('' when it has none).
   */
  id?(c: SuiteCase, file: string): string;
  /**
   * For a reader with an `id` of its own: is this case's id fileOrClassId's? The mapper then
   * finds it without making its string (map.ts).
   */
  plainId?(c: SuiteCase): boolean;
  /** Writes a rerun as another case with the same id in the same report (gotestsum). */
  rerunsAsCases?: boolean;
  /**
   * Reads what the runner means where the markup alone says otherwise (statuses, lines),
   * once the report is read; throws a GateError for a report it knows to be wrong.
   */
  finish?(report: ParsedReport, cases: SuiteCase[], extras: CaseExtras): void;
}

/** Are these attribute names exactly `expected`, in that order? */
export function attrsAre(names: string[] | undefined, expected: string): boolean {
  return names !== undefined && names.join(' ') === expected;
}

/** Is every name in `names` one of `allowed`? */
export function attrsWithin(names: string[] | undefined, allowed: ReadonlySet<string>): boolean {
  return names === undefined || names.every((n) => allowed.has(n));
}

/** The id most runners' reports give: `<file or classname>::<name>` (see docs/test-ids.md). */
export function fileOrClassId(c: SuiteCase, file: string): string {
  const prefix = idPrefix(c, file);
  return prefix === '' ? c.name : `${prefix}::${c.name}`;
}

/** What fileOrClassId puts before `::` ('' for none). */
export function idPrefix(c: SuiteCase, file: string): string {
  return file !== '' ? file : c.classname || c.suite || '';
}

/** The longest reason or error line kept from a report (it is shown, not parsed). */
export const MAX_DETAIL_CHARS = 300;

/** One line, at most MAX_DETAIL_CHARS long. */
export function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL_CHARS ? flat.slice(0, MAX_DETAIL_CHARS - 1) + '…' : flat;
}
