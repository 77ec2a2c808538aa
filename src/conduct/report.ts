// A conduct report (docs/conduct.md), read from its text (pure): the JSON lines the pytest
// recorder (src/conduct/pytest/ledger_gate_conduct.py) writes. The test process wrote it, and
// the agent's production code ran in that process, so it is hostile input: every field is
// checked for type and size, every path must be a plain repository path, and the lines must
// come in order (a header, the sites, one complete record, then what ran after). Anything
// else is one line saying why, and the gate refuses the report.

export const CONDUCT_VERSION = 1;
export const CONDUCT_TOOL = 'ledger-gate-conduct';
/** The report's size cap: the recorder writes at most some 10,000 sites of a few hundred bytes. */
export const CONDUCT_BYTES = 32 * 1024 * 1024;
const MAX_LINES = 20_000;
const MAX_STRING = 400;
const MAX_LIST = 16;

export const CONDUCT_KINDS = [
  'open',
  'listdir',
  'write',
  'code',
  'frame',
  'tracer',
  'process',
  'audithook',
  'ctypes',
  'memory',
  'exit-hook',
] as const;
export type ConductKind = (typeof CONDUCT_KINDS)[number];

/** One place in a repository file where the run did something of one kind. */
export interface ConductSite {
  kind: ConductKind;
  file: string;
  line: number;
  /** The audit events seen there (`open`, `subprocess.Popen`, …). */
  events: string[];
  /** What it read, listed, ran or reached (paths repository-relative when inside). */
  targets: string[];
  /** What it opened for writing, removed, renamed or changed. */
  writes: string[];
  /** Only through the import system (an `import` line reading a module). */
  viaImport: boolean;
  /** Recorded after the complete record: a thread or exit hook still running. */
  after: boolean;
}

export interface ConductReport {
  run: { id: string | null; attempt: string | null };
  /** The JUnit report and conduct report paths as the recorder saw them. */
  junitPath: string | null;
  reportPath: string | null;
  sites: ConductSite[];
  /** The JUnit report's sha256 when the session ended; null when the run wrote none. */
  junitSha256: string | null;
  junitProblem?: string;
  /** Sites left out past the recorder's caps. */
  dropped: number;
  /** Events the recorder failed on (it never raises into the code under test). */
  errors: number;
  /**
   * What the watcher saw go wrong with the channel or the JUnit report: garbage sent to it,
   * the channel closed while the test process still ran, the JUnit report changed between
   * the session's end and the process's. Undefined when nothing did.
   */
  tampered?: string;
}

type Obj = Record<string, unknown>;

class Bad extends Error {}

export function parseConductReport(text: string): ConductReport | { error: string } {
  try {
    return parse(text);
  } catch (e) {
    if (e instanceof Bad) return { error: e.message };
    throw e;
  }
}

function parse(text: string): ConductReport {
  if (text.length === 0) throw new Bad('it is empty: the test run did not finish');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else throw new Bad('its last line is cut: the test run did not finish writing it');
  if (lines.length > MAX_LINES) throw new Bad(`it has more than ${MAX_LINES} lines`);
  const head = record(lines[0], 1);
  if (head.type !== 'header' || head.tool !== CONDUCT_TOOL)
    throw new Bad('line 1 is not a ledger-gate-conduct header');
  if (head.version !== CONDUCT_VERSION)
    throw new Bad(`version ${str(head.version, 'version', 1, true)} is not ${CONDUCT_VERSION}`);
  const run = obj(head.run, 'run', 1);
  const out: ConductReport = {
    run: { id: str(run.id, 'run.id', 1, true), attempt: str(run.attempt, 'run.attempt', 1, true) },
    junitPath: str(head.junit, 'junit', 1, true),
    reportPath: str(head.report, 'report', 1, true),
    sites: [],
    junitSha256: null,
    dropped: 0,
    errors: 0,
  };
  let complete = -1;
  for (let i = 1; i < lines.length; i++) {
    const n = i + 1;
    const r = record(lines[i], n);
    if (r.type === 'site' || r.type === 'after') {
      if ((r.type === 'site') !== complete < 0)
        throw new Bad(
          `line ${n}: a ${r.type} record ${complete < 0 ? 'before' : 'after'} the complete record`,
        );
      out.sites.push(site(r, n));
    } else if (r.type === 'complete') {
      if (complete >= 0) throw new Bad(`line ${n}: a second complete record`);
      complete = n;
      const sites = count(r.sites, 'sites', n);
      if (sites !== out.sites.length)
        throw new Bad(
          `line ${n}: the complete record counts ${sites} sites, the report holds ${out.sites.length}`,
        );
      out.dropped = count(r.dropped, 'dropped', n);
      out.errors = count(r.errors, 'errors', n);
      const corrupt = r.corrupt === undefined ? 0 : count(r.corrupt, 'corrupt', n);
      if (corrupt > 0)
        out.tampered = `${corrupt} message(s) to the recorder were not its own (written into its channel)`;
      else if (r.closed_early === true)
        out.tampered = "the recorder's channel was closed while the test process still ran";
      else if (r.junit_changed === true)
        out.tampered =
          'the JUnit report changed after the test session ended, before the process did';
      if (r.junit !== null && r.junit !== undefined) {
        const j = obj(r.junit, 'junit', n);
        const sha = str(j.sha256, 'junit.sha256', n, true);
        if (sha !== null && !/^[0-9a-f]{64}$/.test(sha))
          throw new Bad(`line ${n}: junit.sha256 is not a sha256`);
        out.junitSha256 = sha;
        const problem = str(j.problem, 'junit.problem', n, true);
        if (problem !== null) out.junitProblem = problem;
        out.junitPath = str(j.path, 'junit.path', n, true) ?? out.junitPath;
      }
    } else throw new Bad(`line ${n}: an unknown record type`);
  }
  if (complete < 0) throw new Bad('it has no complete record: the test session did not end');
  return out;
}

function record(line: string, n: number): Obj {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    throw new Bad(`line ${n} is not JSON`);
  }
  return obj(v, 'the record', n);
}

function site(r: Obj, n: number): ConductSite {
  const kind = str(r.kind, 'kind', n, false)!;
  if (!(CONDUCT_KINDS as readonly string[]).includes(kind))
    throw new Bad(`line ${n}: an unknown kind`);
  const file = str(r.file, 'file', n, false)!;
  if (!plainPath(file)) throw new Bad(`line ${n}: file is not a plain repository path`);
  const line = count(r.line, 'line', n);
  if (line < 1) throw new Bad(`line ${n}: line is not a line number`);
  // `after` records carry one event as `event`; sites their list as `events`.
  const events =
    r.type === 'after' ? [str(r.event, 'event', n, false)!] : list(r.events, 'events', n);
  return {
    kind: kind as ConductKind,
    file,
    line,
    events,
    targets: list(r.targets, 'targets', n),
    writes: list(r.writes, 'writes', n),
    viaImport: r.via === 'import',
    after: r.type === 'after',
  };
}

/** A repository-relative path the gate can look up: no `..`, not absolute, no control bytes. */
function plainPath(p: string): boolean {
  return (
    p !== '' &&
    !p.startsWith('/') &&
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    !/[\u0000-\u001f\u007f\\]/.test(p) &&
    !p.split('/').some((s) => s === '..' || s === '.' || s === '')
  );
}

function obj(v: unknown, what: string, n: number): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Bad(`line ${n}: ${what} is not an object`);
  return v as Obj;
}

function str(v: unknown, what: string, n: number, nullable: boolean): string | null {
  if (v === undefined || v === null) {
    if (nullable) return null;
    throw new Bad(`line ${n}: ${what} is missing`);
  }
  if (typeof v !== 'string') throw new Bad(`line ${n}: ${what} is not a string`);
  if (v.length > MAX_STRING) throw new Bad(`line ${n}: ${what} is longer than ${MAX_STRING}`);
  return v;
}

function count(v: unknown, what: string, n: number): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
    throw new Bad(`line ${n}: ${what} is not a count`);
  return v;
}

function list(v: unknown, what: string, n: number): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > MAX_LIST)
    throw new Bad(`line ${n}: ${what} is not a list of at most ${MAX_LIST}`);
  return v.map((x) => str(x, what, n, false)!);
}

/** The run the tests are judged from, on a runner (same run): a conduct report must be its. */
export function runOf(env: NodeJS.ProcessEnv): { id: string; attempt?: string } | undefined {
  const id = env.GITHUB_RUN_ID;
  return id ? { id, attempt: env.GITHUB_RUN_ATTEMPT || undefined } : undefined;
}
