// Findings as people read them (summary and terminal): grouped by rule, most severe first,
// and a golden's findings as one entry, so a golden shared by 94 tests is one line naming the
// 94 tests, not 94 lines. The JSON report keeps one finding per test; this is only a view.
import { SEVERITY, rule, ruleOrder } from '../decision/table.js';
import type { Counts, Finding, PlainAdmits, Result, RuleKey, TestResult } from '../types.js';

/**
 * The rules whose findings are shown one entry per file: a golden's findings by the artifact
 * their rows name (so one honest edit of a golden is one entry, not one per test), a
 * `{file}`-locked test file's row edits by that file, and unclassified tests by their test
 * file. A finding without such a file stays an entry of its own.
 */
const BY_FILE: ReadonlyMap<RuleKey, { label: string; of: 'artifact' | 'test file' }> = new Map([
  ['fixture-unchanged', { label: 'golden', of: 'artifact' }],
  ['fixture-digest-mismatch', { label: 'golden', of: 'artifact' }],
  ['fixture-contract-change', { label: 'golden', of: 'artifact' }],
  ['fixture-missing', { label: 'golden', of: 'artifact' }],
  ['ledger-contract-change', { label: 'file', of: 'artifact' }],
  ['ledger-agent-edit', { label: 'file', of: 'artifact' }],
  ['unclassified', { label: 'test file', of: 'test file' }],
] as const);

/**
 * The root causes of a broken run: shown first, before the findings that follow from them
 * (no report read leaves every row without a result; no ledger leaves every test unclassified).
 */
export const ROOT_CAUSES: readonly RuleKey[] = [
  'report-invalid',
  'collection-error',
  'ledger-invalid',
  'report-unmapped',
];

/** One line of a list: a single finding, or every finding of one rule on one file. */
export interface Entry {
  result: Result;
  findings: Finding[];
  /** The file the findings share (a golden, a test file); set only on a file's entry. */
  artifact?: string;
  /** What that file is, for people: `golden`, `file`, `test file`. */
  label?: string;
}

export interface RuleGroup {
  key: RuleKey;
  /** How many findings, whatever the entries. */
  count: number;
  entries: Entry[];
  /** A reject or review among them: the group is shown open, before everything else. */
  acting: boolean;
  /**
   * The most severe of its findings' results: its heading's, which an option may have raised
   * past the table's (`require-killed-mutants`, `require-fail-to-pass` make a review a reject).
   */
  worst: Result;
  /** Findings admitted by an approval. */
  approved: number;
  /** The entries are per file (a golden, a test file); a finding without one is its own entry. */
  byGolden: boolean;
}

/**
 * Groups by rule, most severe first (then by the rule's own result, then table order).
 * `artifactOf` names the golden a test's ledger row locks; without it nothing is merged.
 */
export function groupFindings(
  findings: readonly Finding[],
  artifactOf?: (id: string) => string | undefined,
  admits?: PlainAdmits,
): RuleGroup[] {
  const byRule = new Map<RuleKey, Finding[]>();
  for (const f of findings) {
    const list = byRule.get(f.rule);
    if (list) list.push(f);
    else byRule.set(f.rule, [f]);
  }
  const groups: { group: RuleGroup; worst: number }[] = [];
  for (const [key, list] of byRule) {
    // A loop, not Math.max(...list): spreading 100k+ findings overflows the call stack.
    let worst = -1;
    let worstResult: Result = list[0].result;
    let approved = 0;
    for (const f of list) {
      if (SEVERITY[f.result] > worst) [worst, worstResult] = [SEVERITY[f.result], f.result];
      if (f.approved_by) approved++;
    }
    const group = ruleGroup(key, list.length, () => list, worstResult, approved, artifactOf);
    groups.push({ group, worst });
  }
  // The plain admits are counted from their columns; their entries, which only a reader of
  // an admit group's entries asks for, are made then (decision/admits.ts).
  for (const key of admits?.rules() ?? []) {
    let list: Finding[] | undefined;
    const listOf = () => (list ??= [...admits!.findingsOf(key)]);
    const group = ruleGroup(key, admits!.countOf(key), listOf, 'admit', 0, artifactOf);
    groups.push({ group, worst: SEVERITY.admit });
  }
  // An entry's result is its findings' result, so a group's worst entry is its worst finding.
  const cause = (k: RuleKey) => (ROOT_CAUSES.includes(k) ? 1 : 0);
  return groups
    .sort(
      (a, b) =>
        b.worst - a.worst ||
        cause(b.group.key) - cause(a.group.key) ||
        ROOT_CAUSES.indexOf(a.group.key) - ROOT_CAUSES.indexOf(b.group.key) ||
        SEVERITY[rule(b.group.key).result] - SEVERITY[rule(a.group.key).result] ||
        ruleOrder(a.group.key) - ruleOrder(b.group.key),
    )
    .map((g) => g.group);
}

/** One rule's group over its findings, which `listOf` gives when the entries are first read. */
function ruleGroup(
  key: RuleKey,
  count: number,
  listOf: () => Finding[],
  worst: Result,
  approved: number,
  artifactOf: ((id: string) => string | undefined) | undefined,
): RuleGroup {
  // Each finding's file is looked up once (a 100k-row map; lookups showed in profiles), and
  // only when the entries or byGolden are first read: the terminal reads only the acting
  // groups', the summary only those of the groups that fit its budget, and a group may hold
  // a million findings.
  const by = BY_FILE.get(key);
  let artifacts: (string | undefined)[] | null | undefined;
  const artifactsOf = () =>
    (artifacts ??=
      by?.of === 'test file'
        ? listOf().map((f) => idFile(f.id))
        : by && artifactOf
          ? listOf().map((f) => (f.id !== null ? artifactOf(f.id) : undefined))
          : null);
  let entries: Entry[] | undefined;
  let byGolden: boolean | undefined;
  return {
    key,
    count,
    get entries() {
      const files = artifactsOf();
      return (entries ??= files ? fileEntries(listOf(), files, by!.label) : listOf().map(single));
    },
    acting: SEVERITY[worst] >= SEVERITY.review,
    worst,
    approved,
    get byGolden() {
      const files = artifactsOf();
      return (byGolden ??= files !== null && files.some((a) => a !== undefined));
    },
  };
}

const single = (f: Finding): Entry => ({ result: f.result, findings: [f] });

/**
 * One entry per file, result, message and approver: what differs is never merged away; a
 * finding without a file is an entry of its own. Entries come in the order of their first
 * finding. Found by file, then message (two map lookups, no composite key built per
 * finding), then among the few results and approvers.
 */
function fileEntries(
  list: readonly Finding[],
  artifacts: readonly (string | undefined)[],
  label: string,
): Entry[] {
  const entries: Entry[] = [];
  const byFile = new Map<string, Map<string, Entry[]>>();
  for (let i = 0; i < list.length; i++) {
    const f = list[i];
    const artifact = artifacts[i];
    if (artifact === undefined) {
      entries.push(single(f));
      continue;
    }
    let byMessage = byFile.get(artifact);
    if (!byMessage) byFile.set(artifact, (byMessage = new Map()));
    let same = byMessage.get(f.message);
    if (!same) byMessage.set(f.message, (same = []));
    const approver = f.approved_by ?? null;
    const e = same.find(
      (x) => x.result === f.result && (x.findings[0].approved_by ?? null) === approver,
    );
    if (e) e.findings.push(f);
    else {
      // A test file locked to its own bytes (a `{file}` row) is a test file, not a golden.
      const own = label === 'golden' && artifact === idFile(f.id);
      const made: Entry = {
        result: f.result,
        findings: [f],
        artifact,
        label: own ? 'test file' : label,
      };
      same.push(made);
      entries.push(made);
    }
  }
  return entries;
}

/** `sha256:9f3c1a2b…`: a digest in prose, short; the JSON report has each in full. */
export function shortDigests(text: string): string {
  return text.replace(/\bsha256:([0-9a-f]{8})[0-9a-f]{56}\b/g, 'sha256:$1…');
}

/**
 * What an approval of an entry accepts: a single finding's row; for several, the contract
 * they share (without the id, which differs) when they share one.
 */
export function entryAccepts(e: Entry): string | undefined {
  const first = e.findings[0];
  if (first.accepts === undefined || e.findings.length === 1) return first.accepts;
  // The tests of one file row accept that one row.
  if (e.findings.every((f) => f.accepts === first.accepts)) return first.accepts;
  const strip = (f: Finding) =>
    f.id !== null && f.accepts?.startsWith(`${f.id}: `)
      ? f.accepts.slice(f.id.length + 2)
      : f.accepts;
  const shared = strip(first);
  return e.findings.every((f) => strip(f) === shared) ? `each row's ${shared}` : undefined;
}

/** `4 pass · 1 fail`: how many of each status, in a fixed order, zeros left out. */
export function statusCounts(tests: readonly Pick<TestResult, 'status'>[]): [string, number][] {
  // Counted by comparison, not a Map look-up per test: read twice per run over 100,000 at L.
  let pass = 0;
  let fail = 0;
  let error = 0;
  let skip = 0;
  let by: Map<string, number> | undefined;
  for (const { status: s } of tests) {
    if (s === 'pass') pass++;
    else if (s === 'fail') fail++;
    else if (s === 'error') error++;
    else if (s === 'skip') skip++;
    else (by ??= new Map()).set(s, (by.get(s) ?? 0) + 1);
  }
  const known: [string, number][] = [
    ['pass', pass],
    ['fail', fail],
    ['error', error],
    ['skip', skip],
  ];
  // A status this list does not know yet is still counted, after the known ones.
  const other = [...(by ?? [])].sort(([a], [b]) => (a < b ? -1 : 1));
  return [...known.filter(([, n]) => n > 0), ...other];
}

/**
 * The action's test-count outputs: `tests` the distinct test ids read (counts.cases, unmapped
 * cases included), and the mapped ones by status, a failure being a fail or an error.
 */
export function testCounts(
  tests: readonly Pick<TestResult, 'status'>[],
  cases: number,
): { tests: number; passed: number; failed: number; skipped: number } {
  const by = new Map(statusCounts(tests));
  const n = (s: string) => by.get(s) ?? 0;
  return { tests: cases, passed: n('pass'), failed: n('fail') + n('error'), skipped: n('skip') };
}

/**
 * The two counts people read, never mixed: test cases by status (unmapped cases apart), and
 * findings by result. Without the test results only the number of cases is known.
 */
export function countLines(
  counts: Counts,
  findings: number,
  tests?: readonly Pick<TestResult, 'status'>[],
): { cases: string; findings: string } {
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  let cases = plural(counts.cases, 'test case');
  if (tests) {
    const parts = statusCounts(tests).map(([s, n]) => `${n} ${s}`);
    const unmapped = counts.cases - tests.length;
    if (unmapped > 0) parts.push(`${unmapped} unmapped`);
    if (parts.length > 0) cases += ` by status: ${parts.join(' · ')}`;
  }
  const results = (['reject', 'review', 'admit', 'info'] as const)
    .map((r) => `${counts[r]} ${r}`)
    .join(' · ');
  return { cases, findings: `${plural(findings, 'finding')} by result: ${results}` };
}

/** The part of an id before its first `::`: the test file for most runners. */
export function idFile(id: string | null): string | undefined {
  if (!id) return undefined;
  const i = id.indexOf('::');
  return i > 0 ? id.slice(0, i) : undefined;
}
