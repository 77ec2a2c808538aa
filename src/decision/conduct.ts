// The conduct findings (pure): what the recorder saw production code do in the test run
// (src/conduct/report.ts), kept where an agent's commit wrote the line that did it. A line a
// human wrote, a test file, a line the agent did not touch: none of them is the agent's doing.
// `production-conduct` asks for review; a write to the evidence (a test, golden, ledger,
// harness or report path) rejects. The report's identity is checked first: a report that is
// not this run's, or whose JUnit report changed after the session, is `report-invalid`.
import type { ConductReport, ConductSite } from '../conduct/report.js';
import type { Finding, PathKind } from '../types.js';
import { finding, NO_CASE } from './finding.js';

/** Findings shown at most; past it, one more says how many were left out. */
export const MAX_CONDUCT_FINDINGS = 200;

const EVIDENCE: ReadonlySet<PathKind> = new Set([
  'tests',
  'goldens',
  'ledger',
  'reports',
  'harness',
]);

export interface ConductInput {
  /** The conduct report as the gate shows it. */
  file: string;
  report: ConductReport;
  /** The run the tests are judged from (GITHUB_RUN_ID, _ATTEMPT); undefined: not known (a local run). */
  run?: { id: string; attempt?: string };
  /** The sha256 of each JUnit report the gate judges. */
  junitDigests: ReadonlySet<string>;
  /** The head lines each production file's agent commits wrote (mutation-evidence's judgedLines). */
  judged: ReadonlyMap<string, readonly number[]>;
  /** What kind of path a repository path is (EvidencePaths.kind). */
  kindOf: (path: string) => PathKind;
}

function sameRun(i: Pick<ConductInput, 'report' | 'run'>): boolean {
  const r = i.report.run;
  return (
    !i.run || (r.id === i.run.id && (i.run.attempt === undefined || r.attempt === i.run.attempt))
  );
}

/** Why the report cannot be taken as this run's; undefined when it can. */
export function conductIdentity(i: Omit<ConductInput, 'judged' | 'kindOf'>): string | undefined {
  const r = i.report;
  if (i.run && !sameRun(i))
    return `it was written by run ${r.run.id ?? '(none)'} attempt ${r.run.attempt ?? '(none)'}, not by the run judged (${i.run.id} attempt ${i.run.attempt ?? '?'})`;
  if (r.tampered !== undefined) return r.tampered;
  if (r.junitSha256 === null)
    return `the run's JUnit report could not be tied to it (${r.junitProblem ?? 'pytest ran without --junitxml'})`;
  if (!i.junitDigests.has(r.junitSha256))
    return `none of the JUnit reports judged has the bytes ${r.junitPath ?? 'the JUnit report'} had when the test session ended (changed afterwards, or from another run)`;
  return undefined;
}

export function conductFindings(i: ConductInput): Finding[] {
  const r = i.report;
  const invalid = (why: string) => [
    finding('report-invalid', {
      ...NO_CASE,
      file: i.file,
      message: `conduct report ${i.file}: ${why}`,
    }),
  ];
  const why = conductIdentity(i);
  // Another run's report says nothing about this one; this run's, with its JUnit report
  // changed afterwards, still says what the agent's lines did (likely what changed it).
  const junitChanged =
    r.junitSha256 !== null && (r.tampered !== undefined || !i.junitDigests.has(r.junitSha256));
  if (why !== undefined && !(junitChanged && sameRun(i))) return invalid(why);
  const out: Finding[] = why === undefined ? [] : invalid(why);
  let left = 0;
  const reportPaths = new Set([i.report.junitPath, i.report.reportPath].filter((p) => p !== null));
  const isEvidence = (p: string) =>
    reportPaths.has(p) || (!p.startsWith('/') && EVIDENCE.has(i.kindOf(p)));
  for (const s of i.report.sites) {
    if (!agentLine(i.judged, s)) continue;
    const evidenceTargets = s.targets.filter(isEvidence);
    // A module read by an `import` line is how Python runs, unless it is a test or the harness.
    if (s.viaImport && evidenceTargets.length === 0) continue;
    if (out.length >= MAX_CONDUCT_FINDINGS) {
      left++;
      continue;
    }
    const struck = s.writes.flatMap((w) => w.split(' -> ')).filter(isEvidence);
    const f = finding('production-conduct', {
      ...NO_CASE,
      file: s.file,
      line: s.line,
      message: `${s.file}:${s.line}, a line an agent's commit wrote, ${describe(s)}${s.after ? ' after the test session ended' : ' in the test run'} (${s.events.join(', ')})`,
      accepts: `what ${s.file}:${s.line} does in the run as the head has it`,
    });
    if (struck.length > 0) f.result = 'reject';
    out.push(f);
  }
  if (left > 0)
    out.push(
      finding('production-conduct', {
        ...NO_CASE,
        file: i.file,
        message: `conduct report ${i.file}: ${left} more site(s) on agent lines not shown`,
      }),
    );
  if (i.report.dropped > 0)
    out.push(
      finding('production-conduct', {
        ...NO_CASE,
        file: i.file,
        message: `conduct report ${i.file}: the recorder dropped ${i.report.dropped} site(s) past its caps, so what they did is not known`,
      }),
    );
  return out;
}

function agentLine(judged: ReadonlyMap<string, readonly number[]>, s: ConductSite): boolean {
  const lines = judged.get(s.file);
  if (!lines) return false;
  // Sorted ascending (judgedLines): a binary search, a report may hold thousands of sites.
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid] === s.line) return true;
    if (lines[mid] < s.line) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

const VERBS: Record<ConductSite['kind'], string> = {
  open: 'opened',
  listdir: 'listed',
  write: 'changed',
  code: 'ran code built at run time:',
  frame: 'reached a frame:',
  tracer: 'set a tracer:',
  process: 'started or signalled a process:',
  audithook: 'added an audit hook',
  ctypes: 'used ctypes:',
  memory: "walked the garbage collector's objects:",
  'exit-hook': 'registered an exit hook or signal handler:',
};

function describe(s: ConductSite): string {
  const shown = (l: string[]) =>
    l
      .slice(0, 4)
      .map((t) => `\`${t}\``)
      .join(', ') + (l.length > 4 ? `, and ${l.length - 4} more` : '');
  const parts: string[] = [];
  if (s.writes.length > 0) parts.push(`wrote ${shown(s.writes)}`);
  if (s.targets.length > 0 || s.writes.length === 0)
    parts.push(`${VERBS[s.kind]}${s.targets.length > 0 ? ` ${shown(s.targets)}` : ''}`);
  return parts.join(' and ');
}
