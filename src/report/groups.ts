// Findings as people read them (summary and terminal): grouped by rule, most severe first,
// and a golden's findings as one entry, so a golden shared by 94 tests is one line naming the
// 94 tests, not 94 lines. The JSON report keeps one finding per test; this is only a view.
import { SEVERITY, rule, ruleOrder } from '../decision/table.js';
import type { Counts, Finding, Result, RuleKey, TestResult } from '../types.js';

/** The rules whose findings are about a golden file: grouped by the artifact the row names. */
const BY_GOLDEN: ReadonlySet<RuleKey> = new Set([
  'fixture-unchanged',
  'fixture-digest-mismatch',
  'fixture-contract-change',
  'fixture-missing',
]);

/** One line of a list: a single finding, or every finding of one rule on one golden. */
export interface Entry {
  result: Result;
  findings: Finding[];
  /** The golden the findings share; set only on a golden's entry. */
  artifact?: string;
}

export interface RuleGroup {
  key: RuleKey;
  /** How many findings, whatever the entries. */
  count: number;
  entries: Entry[];
  /** A reject or review among them: the group is shown open, before everything else. */
  acting: boolean;
  /** Findings admitted by an approval. */
  approved: number;
  /** The entries are golden entries (one per artifact). */
  byGolden: boolean;
}

/**
 * Groups by rule, most severe first (then by the rule's own result, then table order).
 * `artifactOf` names the golden a test's ledger row locks; without it nothing is merged.
 */
export function groupFindings(
  findings: readonly Finding[],
  artifactOf?: (id: string) => string | undefined,
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
    let approved = 0;
    for (const f of list) {
      worst = Math.max(worst, SEVERITY[f.result]);
      if (f.approved_by) approved++;
    }
    // Each finding's golden is looked up once (a 100k-row map; lookups showed in profiles).
    const artifacts = BY_GOLDEN.has(key) && artifactOf ? goldensOf(list, artifactOf) : undefined;
    // Entries are built when first read: the terminal reads only the acting groups', the
    // summary only those of the groups that fit its budget, and a group may hold 100k findings.
    let entries: Entry[] | undefined;
    const group: RuleGroup = {
      key,
      count: list.length,
      get entries() {
        return (entries ??= artifacts ? goldenEntries(list, artifacts) : list.map(single));
      },
      acting: worst >= SEVERITY.review,
      approved,
      byGolden: artifacts !== undefined,
    };
    groups.push({ group, worst });
  }
  // An entry's result is its findings' result, so a group's worst entry is its worst finding.
  return groups
    .sort(
      (a, b) =>
        b.worst - a.worst ||
        SEVERITY[rule(b.group.key).result] - SEVERITY[rule(a.group.key).result] ||
        ruleOrder(a.group.key) - ruleOrder(b.group.key),
    )
    .map((g) => g.group);
}

const single = (f: Finding): Entry => ({ result: f.result, findings: [f] });

/** The golden of each finding, in order; undefined unless every finding has one. */
function goldensOf(
  list: readonly Finding[],
  artifactOf: (id: string) => string | undefined,
): string[] | undefined {
  const out: string[] = new Array<string>(list.length);
  for (let i = 0; i < list.length; i++) {
    const id = list[i].id;
    const artifact = id !== null ? artifactOf(id) : undefined;
    if (!artifact) return undefined;
    out[i] = artifact;
  }
  return out;
}

/**
 * One entry per golden, result, message and approver: what differs is never merged away.
 * Entries come in the order of their first finding. Found by golden, then message (two map
 * lookups, no composite key built per finding), then among the few results and approvers.
 */
function goldenEntries(list: readonly Finding[], artifacts: readonly string[]): Entry[] {
  const entries: Entry[] = [];
  const byGolden = new Map<string, Map<string, Entry[]>>();
  for (let i = 0; i < list.length; i++) {
    const f = list[i];
    const artifact = artifacts[i];
    let byMessage = byGolden.get(artifact);
    if (!byMessage) byGolden.set(artifact, (byMessage = new Map()));
    let same = byMessage.get(f.message);
    if (!same) byMessage.set(f.message, (same = []));
    const approver = f.approved_by ?? null;
    const e = same.find(
      (x) => x.result === f.result && (x.findings[0].approved_by ?? null) === approver,
    );
    if (e) e.findings.push(f);
    else {
      const made: Entry = { result: f.result, findings: [f], artifact };
      same.push(made);
      entries.push(made);
    }
  }
  return entries;
}

/** `4 pass · 1 fail`: how many of each status, in a fixed order, zeros left out. */
export function statusCounts(tests: readonly Pick<TestResult, 'status'>[]): [string, number][] {
  const by = new Map<string, number>();
  for (const t of tests) by.set(t.status, (by.get(t.status) ?? 0) + 1);
  const order = ['pass', 'fail', 'error', 'skip'];
  const known = order.filter((s) => by.has(s)).map((s): [string, number] => [s, by.get(s)!]);
  // A status this list does not know yet is still counted, after the known ones.
  const other = [...by].filter(([s]) => !order.includes(s)).sort(([a], [b]) => (a < b ? -1 : 1));
  return [...known, ...other];
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
