// Raw cases from every report → one TestResult per test id (see docs/test-ids.md).

import { posix } from 'node:path';
import type {
  CollectionOutcome,
  Dialect,
  ParsedReport,
  RawCase,
  Status,
  TestResult,
  UnmappedCase,
} from '../types.js';
import { normaliseReason } from '../decision/skip-reason.js';
import { fileOrClassId } from './dialects/dialect.js';
import { readerOf } from './dialects/index.js';
import { dottedModule, indexCollected, Xunit1Ids, type CollectedIndex } from './pytest.js';

export interface MapOptions {
  /** Node ids from `pytest --collect-only -q`; when given, pytest cases map only through it. */
  collected?: string[];
  /** Absolute path of the repository, to make absolute `file` attributes repo-relative. */
  repoRoot?: string;
}

interface Merged {
  id: string;
  /** Results counted per report (a report's same-named cases count once, see below). */
  pass: number;
  fail: number;
  error: number;
  skip: number;
  /** A passing case recorded reruns or flaky failures of its own. */
  passAfterRerun: boolean;
  /** Skipped cases by why: a todo, an xfail, or a plain skip. */
  todo: number;
  xfail: number;
  plainSkip: number;
  /** The distinct reasons its skipped cases gave, normalised ('' for none); null: no skip. */
  skipReasons: string[] | null;
  file?: string;
  line?: number;
  reports: string[];
  /** The report being read, its worst status so far, how many cases had this id in it. */
  cur: string | null;
  curStatus: Status;
  curCount: number;
  /**
   * Every status seen in the report being read, and in any report where the id repeated, as
   * bits of STATUS_BIT: a number, not a Set per id (100k Sets showed as GC in profiles).
   */
  curStatuses: number;
  twinStatuses: number;
  duplicates?: { count: number; report: string };
}

// Worst first: a same-named twin that fails makes the id fail.
const BADNESS: Record<Status, number> = { error: 3, fail: 2, skip: 1, pass: 0 };
const STATUS_ORDER: Status[] = ['pass', 'fail', 'error', 'skip'];
const STATUS_BIT: Record<Status, number> = { pass: 1, fail: 2, error: 4, skip: 8 };

/** Counts the current report's result for `m` once, however many cases it had. */
function commit(m: Merged): void {
  if (m.cur === null) return;
  m[m.curStatus]++;
  if (m.curCount > 1) {
    if (m.duplicates === undefined || m.curCount > m.duplicates.count)
      m.duplicates = { count: m.curCount, report: m.cur };
    m.twinStatuses |= m.curStatuses;
  }
  m.cur = null;
}

const ABSOLUTE = /^(?:\/|[A-Za-z]:\/|\/\/)/;

/** A report path as a repo-relative, `/`-separated path when it can be one. */
export function repoPath(file: string, repoRoot?: string): string {
  let p = file.replaceAll('\\', '/');
  if (ABSOLUTE.test(p)) {
    if (repoRoot !== undefined) {
      const root = repoRoot.replaceAll('\\', '/').replace(/\/+$/, '');
      const windows = /^[A-Za-z]:\//.test(root);
      const head = p.slice(0, root.length + 1);
      if (windows ? head.toLowerCase() === (root + '/').toLowerCase() : head === root + '/') {
        p = p.slice(root.length + 1);
      } else return posix.normalize(p);
    } else return posix.normalize(p);
  }
  p = posix.normalize(p);
  return p === '.' ? '' : p;
}

type Mapped = { id: string } | { reason: string; candidates: string[] };

function pytestId(
  c: RawCase,
  index: CollectedIndex | undefined,
  xunit1: Xunit1Ids,
  prefix: string,
): Mapped {
  const classname = withoutPrefix(c.classname ?? '', prefix);
  if (index !== undefined) {
    const hits = index.get(classname)?.get(c.name) ?? [];
    if (hits.length === 1) return { id: hits[0] };
    if (hits.length === 0) {
      return {
        reason: `no collected id gives classname '${classname}' and name '${c.name}'`,
        candidates: [],
      };
    }
    return {
      reason: `${hits.length} collected ids give classname '${classname}' and name '${c.name}'`,
      candidates: [...hits],
    };
  }
  if (c.file === undefined) {
    return {
      reason:
        'a pytest report without file attributes (junit_family=xunit2): pass --collected (the output of pytest --collect-only -q) or write the report with -o junit_family=xunit1',
      candidates: [],
    };
  }
  const r = xunit1.id(c.file, classname, c.name);
  return 'id' in r ? r : { reason: `${r.reason}: pass --collected`, candidates: [] };
}

/** A classname with pytest's --junit-prefix taken off (the module of a collection outcome: ''). */
function withoutPrefix(classname: string, prefix: string): string {
  if (prefix === '') return classname;
  if (classname === prefix) return '';
  return classname.startsWith(prefix + '.') ? classname.slice(prefix.length + 1) : classname;
}

/** Is this classname pytest's for the case without any prefix? */
function unprefixed(c: RawCase, classname: string, index: CollectedIndex | undefined): boolean {
  if (index !== undefined) return index.has(classname);
  if (c.file === undefined) return true; // nothing to tell by: read as written
  const module = dottedModule(c.file.replaceAll('\\', '/'));
  return classname === module || classname.startsWith(module + '.');
}

/** The prefix a case's classname would have, read against the collected ids or its file. */
function prefixOf(c: RawCase, classname: string, index: CollectedIndex | undefined): string | null {
  for (let dot = classname.indexOf('.'); dot !== -1; dot = classname.indexOf('.', dot + 1)) {
    const rest = classname.slice(dot + 1);
    if (unprefixed(c, rest, index)) return classname.slice(0, dot);
  }
  return null;
}

/**
 * pytest's --junit-prefix (junit_prefix), which pytest puts before every classname and is
 * the whole classname of a module's collection outcome: one prefix for the whole report, or
 * none. Where the cases disagree, none is taken off, and what does not map is reported.
 */
export function junitPrefix(cases: RawCase[], index: CollectedIndex | undefined): string {
  let found: string | null = null;
  for (const c of cases) {
    const classname = c.classname ?? '';
    let p: string | null;
    if (c.outcome === 'collection-skipped' || c.outcome === 'collection-error') p = classname;
    else if (unprefixed(c, classname, index)) p = '';
    else p = prefixOf(c, classname, index);
    if (p === null) continue; // maps under no prefix: left to be reported
    if (found === null) found = p;
    else if (found !== p) return '';
  }
  return found ?? '';
}

/** A skipped case's reason, normalised; node writes `message="true"` for `{ skip: true }`. */
function skipReason(c: RawCase, dialect: Dialect): string {
  if (dialect === 'node' && c.detail === 'true') return '';
  return normaliseReason(c.detail);
}

function finalStatus(m: Merged): Pick<TestResult, 'status' | 'flaky' | 'outcome'> {
  // A todo is never a pass, whatever another report (jest-junit) wrote for it.
  if (m.todo > 0 && m.fail === 0 && m.error === 0) {
    return { status: 'skip', flaky: false, outcome: 'todo' };
  }
  if (m.pass > 0) {
    return { status: 'pass', flaky: m.fail > 0 || m.error > 0 || m.passAfterRerun };
  }
  if (m.error > 0) return { status: 'error', flaky: false };
  if (m.fail > 0) return { status: 'fail', flaky: false };
  // An xfail only when no plain skip: a plain skip is judged more strictly.
  if (m.xfail > 0 && m.plainSkip === 0) return { status: 'skip', flaky: false, outcome: 'xfail' };
  return { status: 'skip', flaky: false };
}

export interface MappedCases {
  tests: TestResult[];
  unmapped: UnmappedCase[];
  collection: CollectionOutcome[];
}

/**
 * Maps every case to its test id and merges cases with the same id. pytest cases that
 * cannot be mapped exactly are returned as unmapped, with the reason and any candidates.
 */
export function mapCases(reports: ParsedReport[], opts: MapOptions): MappedCases {
  const mapper = caseMapper(opts);
  for (const report of reports) mapper.add(report);
  return mapper.done();
}

/**
 * mapCases one report at a time, in order: a report's cases can be dropped once added, so a
 * million cases in 50 shards are never all held at once (measured: see bench/README.md).
 */
export function caseMapper(opts: MapOptions): {
  add(report: ParsedReport): void;
  done(): MappedCases;
} {
  const index = opts.collected !== undefined ? indexCollected(opts.collected) : undefined;
  const xunit1 = new Xunit1Ids();
  const merged = new Map<string, Merged>();
  const unmapped: UnmappedCase[] = [];
  const collection: CollectionOutcome[] = [];
  const collectionSeen = new Set<string>();
  // Many cases share one file: each distinct path is normalised once.
  const repoPaths = new Map<string, string>();
  const toRepo = (file: string): string => {
    let p = repoPaths.get(file);
    if (p === undefined) {
      p = repoPath(file, opts.repoRoot);
      repoPaths.set(file, p);
    }
    return p;
  };

  const add = (report: ParsedReport): void => {
    // With a collected list, a report of unknown origin is read as pytest's (fail closed:
    // what matches no collected id is reported, not guessed).
    const asPytest =
      report.dialect === 'pytest' || (index !== undefined && report.dialect === 'generic');
    const reader = readerOf(report.dialect);
    const prefix = asPytest ? junitPrefix(report.cases, index) : '';
    // Same-named cases in one report are distinct tests that share a name (two `test('x')`
    // in one file), not attempts, except where the runner writes each attempt (gotestsum).
    const rerunsAsCases = reader.rerunsAsCases === true;
    for (const c of report.cases) {
      if (c.outcome === 'collection-skipped' || c.outcome === 'collection-error') {
        // A module, not a test (parseReport keeps these outcomes for pytest reports only).
        const o: CollectionOutcome = {
          kind: c.outcome,
          module: c.name,
          detail: c.detail ?? '',
          report: c.report,
        };
        if (c.file !== undefined) o.file = toRepo(c.file);
        // pytest-xdist writes a module's collection outcome once per worker.
        const key = `${o.kind}\0${o.module}`;
        if (!collectionSeen.has(key)) {
          collectionSeen.add(key);
          collection.push(o);
        }
        continue;
      }
      let id: string;
      if (asPytest) {
        const r = pytestId(c, index, xunit1, prefix);
        if (!('id' in r)) {
          unmapped.push({ case: c, reason: r.reason, candidates: r.candidates });
          continue;
        }
        id = r.id;
      } else id = (reader.id ?? fileOrClassId)(c, c.file !== undefined ? toRepo(c.file) : '');

      let m = merged.get(id);
      if (m === undefined) {
        m = {
          id,
          pass: 0,
          fail: 0,
          error: 0,
          skip: 0,
          passAfterRerun: false,
          todo: 0,
          xfail: 0,
          plainSkip: 0,
          skipReasons: null,
          // A literal of the one report: `[]` then push reserves 17 slots (~140 bytes an id).
          reports: [c.report],
          cur: null,
          curStatus: 'pass',
          curCount: 0,
          curStatuses: 0,
          twinStatuses: 0,
        };
        merged.set(id, m);
      }
      if (rerunsAsCases) m[c.status]++;
      else if (m.cur === c.report) {
        // A same-named case in the same report: one test, judged by its worst result.
        m.curCount++;
        m.curStatuses |= STATUS_BIT[c.status];
        if (BADNESS[c.status] > BADNESS[m.curStatus]) m.curStatus = c.status;
      } else {
        commit(m);
        m.cur = c.report;
        m.curStatus = c.status;
        m.curCount = 1;
        m.curStatuses = STATUS_BIT[c.status];
      }
      if (c.status === 'pass' && c.flakyAttempts > 0) m.passAfterRerun = true;
      if (c.outcome === 'todo') m.todo++;
      else if (c.status === 'skip') {
        if (c.outcome === 'xfail') m.xfail++;
        else m.plainSkip++;
      }
      if (c.status === 'skip') {
        const reason = skipReason(c, report.dialect);
        if (m.skipReasons === null) m.skipReasons = [reason];
        else if (!m.skipReasons.includes(reason)) m.skipReasons.push(reason);
      }
      if (m.file === undefined && c.file !== undefined) {
        m.file = asPytest ? c.file.replaceAll('\\', '/') : toRepo(c.file);
        if (c.line !== undefined) m.line = c.line;
      }
      const reportsOf = m.reports;
      if (reportsOf[reportsOf.length - 1] !== c.report && !reportsOf.includes(c.report)) {
        reportsOf.push(c.report);
      }
    }
  };

  const done = (): MappedCases => {
    const tests: TestResult[] = [];
    for (const m of merged.values()) {
      commit(m);
      const { status, flaky, outcome } = finalStatus(m);
      const t: TestResult = { id: m.id, status, flaky, reports: m.reports };
      if (outcome !== undefined) t.outcome = outcome;
      if (m.skipReasons !== null) t.skipReasons = m.skipReasons;
      if (m.duplicates !== undefined) {
        const statuses = STATUS_ORDER.filter((st) => (m.twinStatuses & STATUS_BIT[st]) !== 0);
        t.duplicates = { ...m.duplicates, statuses };
      }
      if (m.file !== undefined) t.file = m.file;
      if (m.line !== undefined) t.line = m.line;
      tests.push(t);
    }
    return { tests, unmapped, collection };
  };
  return { add, done };
}
