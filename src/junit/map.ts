// Raw cases from every report → one TestResult per test id (see docs/test-ids.md).

import { posix } from 'node:path';
import type {
  CollectionOutcome,
  Dialect,
  ParsedReport,
  RawCase,
  TestResult,
  UnmappedCase,
} from '../types.js';
import { normaliseReason } from '../decision/skip-reason.js';
import { fileOrClassId, idPrefix } from './dialects/dialect.js';
import { readerOf } from './dialects/index.js';
import {
  OUTCOME_CODE,
  PER_TEST,
  STATUSES,
  STATUS_CODE,
  Table,
  writeTest,
  type PackedTests,
} from './packed.js';
import { IdTable } from './id-table.js';
import { dottedModule, indexCollected, Xunit1Ids, type CollectedIndex } from './pytest.js';

export interface MapOptions {
  /** Node ids from `pytest --collect-only -q`; when given, pytest cases map only through it. */
  collected?: string[];
  /** Absolute path of the repository, to make absolute `file` attributes repo-relative. */
  repoRoot?: string;
}

// By status code (STATUS_CODE): how bad a result is, worst first error, fail, skip, pass (a
// same-named twin that fails makes the id fail), and its bit among a test's statuses.
const BADNESS = [0, 2, 3, 1];
const STATUS_BIT = [1, 2, 4, 8];

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

type Final = Pick<TestResult, 'status' | 'flaky' | 'outcome'>;
// The few final statuses, made once: a million ids allocate none.
const TODO: Final = { status: 'skip', flaky: false, outcome: 'todo' };
const PASS: Final = { status: 'pass', flaky: false };
const FLAKY_PASS: Final = { status: 'pass', flaky: true };
const ERROR: Final = { status: 'error', flaky: false };
const FAIL: Final = { status: 'fail', flaky: false };
const XFAIL: Final = { status: 'skip', flaky: false, outcome: 'xfail' };
const SKIP: Final = { status: 'skip', flaky: false };

function finalStatus(m: MergeColumns, i: number): Final {
  const fail = m.fail[i];
  const error = m.error[i];
  // A todo is never a pass, whatever another report (jest-junit) wrote for it.
  if (m.todo[i] > 0 && fail === 0 && error === 0) return TODO;
  if (m.pass[i] > 0) return fail > 0 || error > 0 || m.passAfterRerun[i] === 1 ? FLAKY_PASS : PASS;
  if (error > 0) return ERROR;
  if (fail > 0) return FAIL;
  // An xfail only when no plain skip: a plain skip is judged more strictly.
  if (m.xfail[i] > 0 && m.plainSkip[i] === 0) return XFAIL;
  return SKIP;
}

/**
 * The merge state of every id as columns, one slot per id in first-seen order. A million ids
 * are a few typed arrays here, not a million records with their report lists (allocating and
 * collecting those was a third of the reports worker's time at XL, bench/README.md). What few
 * ids have (a second report, a skip reason, same-named twins) is kept beside, by slot.
 */
class MergeColumns {
  readonly ids = new IdTable();
  private cap = 1024;
  /** Results counted per report (a report's same-named cases count once). */
  pass = new Int32Array(this.cap);
  fail = new Int32Array(this.cap);
  error = new Int32Array(this.cap);
  skip = new Int32Array(this.cap);
  /** Skipped cases by why: a todo, an xfail, or a plain skip. */
  todo = new Int32Array(this.cap);
  xfail = new Int32Array(this.cap);
  plainSkip = new Int32Array(this.cap);
  /** 1: a passing case recorded reruns or flaky failures of its own. */
  passAfterRerun = new Uint8Array(this.cap);
  /** Index + 1 in the files table, 0 for none; line + 1, 0 for none. */
  file = new Int32Array(this.cap);
  line = new Int32Array(this.cap);
  /** Its first report's index; every report's, in order, once it has two (moreReports). */
  firstReport = new Int32Array(this.cap);
  readonly moreReports = new Map<number, number[]>();
  /** The report being read + 1 (0: none), its worst status so far, its cases with this id. */
  cur = new Int32Array(this.cap);
  curStatus = new Uint8Array(this.cap);
  curCount = new Int32Array(this.cap);
  /** Every status seen in the report being read, and in any report where the id repeated. */
  curStatuses = new Uint8Array(this.cap);
  twinStatuses = new Uint8Array(this.cap);
  /** The distinct reasons its skipped cases gave, normalised ('' for none). */
  readonly skipReasons = new Map<number, string[]>();
  readonly duplicates = new Map<number, { count: number; report: number }>();

  get size(): number {
    return this.ids.size;
  }

  /** The slot of `id`, a new one (first report `report`) when it is not known yet. */
  slotOf(id: string, report: number): number {
    const size = this.size;
    return this.ready(this.ids.slotOf(id), size, report);
  }

  /** slotOf(`${prefix}::${name}`, report), without making that string. */
  slotOfPair(prefix: string, name: string, report: number): number {
    const size = this.size;
    return this.ready(this.ids.slotOfPair(prefix, name), size, report);
  }

  /** Room for `n` more ids (a report's cases), made at once rather than by doubling. */
  reserve(n: number): void {
    this.ids.reserve(n);
    if (this.size + n > this.cap) this.grow(this.size + n);
  }

  /** Slot `i`, made ready (first report `report`) when it is new: the table had `size` before. */
  private ready(i: number, size: number, report: number): number {
    if (i < size) return i;
    if (i === this.cap) this.grow();
    this.firstReport[i] = report;
    return i;
  }

  /** Adds `report` to the slot's reports unless it is there. */
  addReport(i: number, report: number): void {
    const more = this.moreReports.get(i);
    if (more === undefined) {
      if (this.firstReport[i] !== report) this.moreReports.set(i, [this.firstReport[i], report]);
    } else if (more[more.length - 1] !== report && !more.includes(report)) more.push(report);
  }

  /** Counts the current report's result for slot `i` once, however many cases it had. */
  commit(i: number): void {
    const cur = this.cur[i];
    if (cur === 0) return;
    this.count(i, this.curStatus[i]);
    const n = this.curCount[i];
    if (n > 1) {
      const d = this.duplicates.get(i);
      if (d === undefined || n > d.count) this.duplicates.set(i, { count: n, report: cur - 1 });
      this.twinStatuses[i] |= this.curStatuses[i];
    }
    this.cur[i] = 0;
  }

  count(i: number, status: number): void {
    if (status === 0) this.pass[i]++;
    else if (status === 1) this.fail[i]++;
    else if (status === 2) this.error[i]++;
    else this.skip[i]++;
  }

  commitAll(): void {
    for (let i = 0; i < this.ids.size; i++) this.commit(i);
  }

  /** Doubles the columns, or more until they hold `need` (powers of two, as they grew before). */
  private grow(need = 0): void {
    let cap = Math.max(1024, this.cap * 2);
    while (cap < need) cap *= 2;
    for (const name of COLUMNS) {
      const a = this[name];
      const b = new (a.constructor as new (n: number) => typeof a)(cap);
      b.set(a);
      (this as Record<Column, Int32Array | Uint8Array>)[name] = b;
    }
    this.cap = cap;
  }
}

/** Every column, each grown together. */
const COLUMNS = [
  'pass',
  'fail',
  'error',
  'skip',
  'todo',
  'xfail',
  'plainSkip',
  'passAfterRerun',
  'file',
  'line',
  'firstReport',
  'twinStatuses',
  'cur',
  'curStatus',
  'curCount',
  'curStatuses',
] as const;
type Column = (typeof COLUMNS)[number];

/** Every slot's TestResult, in slot order. */
function resultsOf(m: MergeColumns, names: string[], files: string[]): TestResult[] {
  m.commitAll();
  // One list per report for the ids it alone ran, shared (and frozen: nothing may add to one).
  const only = names.map((n) => Object.freeze([n]) as string[]);
  const ids = m.ids.ids();
  const tests: TestResult[] = new Array(m.size);
  for (let i = 0; i < m.size; i++) {
    const { status, flaky, outcome } = finalStatus(m, i);
    const more = m.moreReports.get(i);
    const reports = more === undefined ? only[m.firstReport[i]] : more.map((r) => names[r]);
    const t: TestResult = { id: ids[i], status, flaky, reports };
    if (outcome !== undefined) t.outcome = outcome;
    const reasons = m.skipReasons.get(i);
    if (reasons !== undefined) t.skipReasons = reasons;
    const d = m.duplicates.get(i);
    if (d !== undefined) {
      const statuses = STATUSES.filter((_, b) => (m.twinStatuses[i] & STATUS_BIT[b]) !== 0);
      t.duplicates = { count: d.count, report: names[d.report], statuses };
    }
    if (m.file[i] !== 0) t.file = files[m.file[i] - 1];
    if (m.line[i] !== 0) t.line = m.line[i] - 1;
    tests[i] = t;
  }
  return tests;
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
  /** done(), with the tests as columns (what the reports worker sends). */
  packed(): Omit<MappedCases, 'tests'> & { tests: PackedTests };
} {
  const index = opts.collected !== undefined ? indexCollected(opts.collected) : undefined;
  const xunit1 = new Xunit1Ids();
  const m = new MergeColumns();
  const reportNames = new Table();
  const files = new Table();
  const unmapped: UnmappedCase[] = [];
  const collection: CollectionOutcome[] = [];
  const collectionSeen = new Set<string>();
  // Many cases share one file: each distinct path is normalised once, and a run of cases
  // in one file (as reports write them) is looked up once: each case's file is a new string,
  // hashed anew by every lookup.
  const repoPaths = new Map<string, string>();
  let lastFile: string | undefined;
  let lastRepo = '';
  const toRepo = (file: string): string => {
    if (file === lastFile) return lastRepo;
    let p = repoPaths.get(file);
    if (p === undefined) {
      p = repoPath(file, opts.repoRoot);
      repoPaths.set(file, p);
    }
    lastFile = file;
    lastRepo = p;
    return p;
  };
  // A report's cases carry its name: the last one's index is kept.
  let lastReport: string | undefined;
  let lastReportIndex = -1;

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
    const plainIds = reader.id === undefined || reader.id === fileOrClassId;
    m.reserve(report.cases.length);
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
      // pytest's id first: a case it cannot map is reported, its report not yet numbered.
      let pytest: string | undefined;
      if (asPytest) {
        const mapped = pytestId(c, index, xunit1, prefix);
        if (!('id' in mapped)) {
          unmapped.push({ case: c, reason: mapped.reason, candidates: mapped.candidates });
          continue;
        }
        pytest = mapped.id;
      }
      if (c.report !== lastReport) {
        lastReport = c.report;
        lastReportIndex = reportNames.index(c.report);
      }
      const r = lastReportIndex;
      const known = m.size;
      let i: number;
      if (pytest !== undefined) i = m.slotOf(pytest, r);
      else {
        const file = c.file !== undefined ? toRepo(c.file) : '';
        if (plainIds || reader.plainId?.(c) === true) {
          // fileOrClassId's id, found without making its string.
          const before = idPrefix(c, file);
          i = before === '' ? m.slotOf(c.name, r) : m.slotOfPair(before, c.name, r);
        } else i = m.slotOf(reader.id!(c, file), r);
      }
      const status = STATUS_CODE[c.status];
      if (rerunsAsCases) m.count(i, status);
      else if (m.cur[i] === r + 1) {
        // A same-named case in the same report: one test, judged by its worst result.
        m.curCount[i]++;
        m.curStatuses[i] |= STATUS_BIT[status];
        if (BADNESS[status] > BADNESS[m.curStatus[i]]) m.curStatus[i] = status;
      } else {
        m.commit(i);
        m.cur[i] = r + 1;
        m.curStatus[i] = status;
        m.curCount[i] = 1;
        m.curStatuses[i] = STATUS_BIT[status];
      }
      if (c.status === 'pass' && c.flakyAttempts > 0) m.passAfterRerun[i] = 1;
      if (c.outcome === 'todo') m.todo[i]++;
      else if (c.status === 'skip') {
        if (c.outcome === 'xfail') m.xfail[i]++;
        else m.plainSkip[i]++;
      }
      if (c.status === 'skip') {
        const reason = skipReason(c, report.dialect);
        const reasons = m.skipReasons.get(i);
        if (reasons === undefined) m.skipReasons.set(i, [reason]);
        else if (!reasons.includes(reason)) reasons.push(reason);
      }
      if (m.file[i] === 0 && c.file !== undefined) {
        m.file[i] = files.index(asPytest ? c.file.replaceAll('\\', '/') : toRepo(c.file)) + 1;
        if (c.line !== undefined) m.line[i] = c.line + 1;
      }
      if (i < known) m.addReport(i, r);
    }
  };

  const done = (): MappedCases => ({
    tests: resultsOf(m, reportNames.list, files.list),
    unmapped,
    collection,
  });

  const packed = (): Omit<MappedCases, 'tests'> & { tests: PackedTests } => {
    m.commitAll();
    const reasons = new Table();
    let size = 1 + m.size * PER_TEST;
    for (const more of m.moreReports.values()) size += more.length - 1;
    size += m.size;
    for (const list of m.skipReasons.values()) size += list.length;
    const numbers = new Int32Array(size);
    numbers[0] = m.size;
    let k = 1;
    let r = 1 + m.size * PER_TEST; // where the next report or reason index goes
    for (let i = 0; i < m.size; i++, k += PER_TEST) {
      const { status, flaky, outcome } = finalStatus(m, i);
      const more = m.moreReports.get(i);
      const list = m.skipReasons.get(i);
      const d = m.duplicates.get(i);
      writeTest(
        numbers,
        k,
        m.ids.length(i),
        STATUS_CODE[status],
        flaky,
        m.line[i],
        m.file[i],
        more === undefined ? 1 : more.length,
        outcome === undefined ? 0 : OUTCOME_CODE[outcome],
        d?.count ?? 0,
        d?.report ?? 0,
        d === undefined ? 0 : m.twinStatuses[i],
        list?.length ?? -1,
      );
      if (more === undefined) numbers[r++] = m.firstReport[i];
      else for (const x of more) numbers[r++] = x;
      if (list !== undefined) for (const x of list) numbers[r++] = reasons.index(x);
    }
    const tests: PackedTests = {
      ids: m.ids.latin1() ?? m.ids.text(),
      files: files.list,
      reports: reportNames.list,
      reasons: reasons.list,
      numbers,
    };
    return { tests, unmapped, collection };
  };
  return { add, done, packed };
}
