// decide(): the decision table applied to plain facts. No I/O: the adapters gather the facts
// (ledger, mapped test results, artifact digests, seed counts, the change) and pass them in.
import type {
  ArtifactFact,
  Change,
  Counts,
  Decision,
  Expect,
  Finding,
  Ledger,
  LedgerIssue,
  LedgerRow,
  Report,
  RuleKey,
  SeedsFact,
  TestResult,
  UnmappedCase,
} from '../types.js';
import { RULES, SEVERITY, rule, ruleOrder } from './table.js';

export interface ReportProblem {
  file: string;
  message: string;
  line?: number;
}

export interface DecideInput {
  ledgerFile: string;
  /** The change's ledger; undefined when it could not be read at all. */
  ledger?: Ledger;
  ledgerErrors: LedgerIssue[];
  tests: TestResult[];
  unmapped: UnmappedCase[];
  reportProblems: ReportProblem[];
  /** Keyed by the row's repo-relative artifact path. */
  artifacts: Map<string, ArtifactFact>;
  /** Keyed by the row's repo-relative seeds folder. */
  seeds: Map<string, SeedsFact>;
  /** Absent without a base: the diff rules are skipped. */
  change?: Change;
  isProduction: (path: string) => boolean;
  /** Golden paths; by default every artifact a locked_fixture row names. */
  isGolden?: (path: string) => boolean;
  expect: Expect;
}

export function decide(input: DecideInput): Report {
  const findings: Finding[] = [];
  const cases = input.tests.length + input.unmapped.length;

  for (const p of input.reportProblems) {
    findings.push(
      finding('report-invalid', { ...NO_CASE, message: p.message, file: p.file, line: p.line }),
    );
  }
  if (cases === 0 && input.reportProblems.length === 0) {
    findings.push(
      finding('report-invalid', { ...NO_CASE, message: 'no report holds any test case' }),
    );
  }
  for (const u of input.unmapped) {
    const c = u.case;
    const message = `${c.classname ? c.classname + ' ' : ''}${c.name}: ${u.reason}`;
    findings.push(
      finding('report-unmapped', { ...NO_CASE, status: c.status, message, file: c.report }),
    );
  }

  for (const issue of input.ledgerErrors) {
    findings.push(
      finding('ledger-invalid', {
        ...NO_CASE,
        message: issue.message,
        file: issue.file,
        line: issue.line,
      }),
    );
  }
  // A ledger that fails validation classifies nothing: no admit may come from it.
  const ledger = input.ledgerErrors.length === 0 ? input.ledger : undefined;
  if (ledger) {
    const facts = new ChangeFacts(input.change);
    const seen = new Set<LedgerRow>(); // rows with a result, by identity
    for (const t of input.tests) findings.push(caseFinding(t, ledger, input, facts, seen));
    missingRows(ledger, input, seen, findings);
    if (input.change) {
      ledgerChangeFindings(ledger, input.change, input.ledgerFile, findings);
      goldenNoBump(ledger, input, facts, findings);
    }
  }
  return finalize(findings, cases);
}

/** What the change did to goldens and seed folders, relative to the base ledger. */
class ChangeFacts {
  readonly touched = new Map<string, string>();
  readonly baseRows: Map<string, LedgerRow>;

  constructor(change: Change | undefined) {
    for (const c of change?.changed ?? []) this.touched.set(c.path, c.status);
    const base = change?.baseLedger;
    this.baseRows = base?.ledger && base.errors.length === 0 ? base.ledger.byId : new Map();
  }

  goldenRewritten(path: string): boolean {
    return this.touched.has(path);
  }

  private readonly shrunk = new Map<string, boolean>();

  /** Seeds may only grow: a file deleted or rewritten below the folder shrinks the corpus. */
  seedsShrunk(folder: string): boolean {
    // Once per folder: many rows share one, and a change may touch many paths.
    let hit = this.shrunk.get(folder);
    if (hit === undefined) {
      const prefix = folder.endsWith('/') ? folder : folder + '/';
      hit = false;
      for (const [path, status] of this.touched) {
        if (path.startsWith(prefix) && status !== 'A') {
          hit = true;
          break;
        }
      }
      this.shrunk.set(folder, hit);
    }
    return hit;
  }

  digestBumped(row: LedgerRow): boolean {
    const before = this.baseRows.get(row.id);
    return !before || before.digest !== row.digest;
  }
}

// Rank of a rule when several apply to one case: most severe result first, then table order.
const RANK = new Map<RuleKey, number>(
  RULES.map((r, i) => [r.key, SEVERITY[r.result] * 1000 + (999 - i)]),
);

/** The rule that applies to a case, kept as the cases' rules are found (no list per case). */
class Choice {
  rule: RuleKey | null = null;
  message = '';
  private rank = -1;
  add(key: RuleKey, message: string): void {
    const rank = RANK.get(key)!;
    if (rank > this.rank) {
      this.rank = rank;
      this.rule = key;
      this.message = message;
    }
  }
}

function caseFinding(
  t: TestResult,
  ledger: Ledger,
  input: DecideInput,
  facts: ChangeFacts,
  seen: Set<LedgerRow>,
): Finding {
  const row = ledger.byId.get(t.id);
  if (!row) {
    const message = `${t.status} on an id missing from the ledger`;
    return finding('unclassified', {
      id: t.id,
      status: t.status,
      class: null,
      message,
      file: t.file,
      line: t.line,
    });
  }
  seen.add(row);

  const choice = new Choice();
  const passed = t.status === 'pass';

  if (row.class === 'locked_fixture' || row.class === 'property') {
    if (t.status === 'fail' || t.status === 'error')
      choice.add('classified-fail', `${t.status} on a ${row.class} test`);
    if (t.status === 'skip') choice.add('classified-skip', `skipped ${row.class} test`);
    if (passed && t.flaky)
      choice.add('flaky-pass', 'passed only after a recorded rerun or flaky failure');
  }
  switch (row.class) {
    case 'locked_fixture': {
      const artifact = row.artifact!;
      const fact = input.artifacts.get(artifact);
      if (!fact || fact.problem)
        choice.add('fixture-missing', `artifact ${artifact}: ${fact?.problem ?? 'not read'}`);
      else if (fact.digest !== row.digest)
        choice.add(
          'fixture-digest-mismatch',
          `artifact ${artifact} is ${fact.digest}, the ledger says ${row.digest}`,
        );
      else if (input.change && facts.goldenRewritten(artifact) && facts.digestBumped(row)) {
        choice.add(
          'fixture-contract-change',
          `golden ${artifact} changed and its digest was bumped in this change`,
        );
      } else if (passed && !t.flaky)
        choice.add('fixture-unchanged', `artifact ${artifact} matches its digest`);
      break;
    }
    case 'property': {
      const seeds = row.seeds!;
      const fact = input.seeds.get(seeds);
      if (!fact || fact.problem || fact.files === 0)
        choice.add('property-seeds-empty', `seeds ${seeds}: ${fact?.problem ?? 'no seed file'}`);
      else if (input.change && facts.seedsShrunk(seeds))
        choice.add(
          'property-seeds-shrunk',
          `seed files under ${seeds} were deleted or rewritten in this change`,
        );
      else if (passed && !t.flaky)
        choice.add('property-seeded', `invariant ${row.invariant} with ${fact.files} seed file(s)`);
      break;
    }
    case 'quarantine':
      if (passed) choice.add('quarantine-pass', `pass on a quarantined id (owner ${row.owner})`);
      else if (t.status === 'skip')
        choice.add('quarantine-removed', 'a quarantined test was skipped');
      else choice.add('quarantine-fail', `${t.status} on a quarantined id, as expected`);
      break;
    case 'draft':
      if (passed)
        choice.add('draft-pass', `pass on a draft (source ${row.source}): promote or drop it`);
      else choice.add('draft-not-passing', `${t.status} on a draft`);
      if (passed && t.flaky)
        choice.add('flaky-pass', 'passed only after a recorded rerun or flaky failure');
      break;
  }
  return finding(choice.rule!, {
    id: t.id,
    status: t.status,
    class: row.class,
    message: choice.message,
    file: input.ledgerFile,
    line: row.line,
  });
}

type Fields = Omit<Finding, 'rule' | 'result'>;

/** The fields of a finding that concerns no test case and no ledger row. */
const NO_CASE = { id: null, status: null, class: null } as const;

/** A finding; every one is built here, so all share one object shape. */
function finding(key: RuleKey, f: Fields): Finding {
  const out: Finding = {
    rule: key,
    result: rule(key).result,
    id: f.id,
    status: f.status,
    class: f.class,
    message: f.message,
  };
  if (f.file !== undefined) out.file = f.file;
  if (f.line !== undefined) out.line = f.line;
  return out;
}

/** Rows that must have a result (§3 `expect`) but have none. */
function missingRows(
  ledger: Ledger,
  input: DecideInput,
  seen: Set<LedgerRow>,
  out: Finding[],
): void {
  const ranFiles = new Set<string>();
  if (input.expect === 'ran-files') for (const t of input.tests) ranFiles.add(idPrefix(t.id));
  for (const row of ledger.rows) {
    if (seen.has(row)) continue;
    if (input.expect === 'ran-files' && !ranFiles.has(idPrefix(row.id))) continue;
    const at = (key: RuleKey, message: string) =>
      finding(key, {
        id: row.id,
        status: null,
        class: row.class,
        message,
        file: input.ledgerFile,
        line: row.line,
      });
    if (row.class === 'locked_fixture' || row.class === 'property') {
      out.push(at('classified-missing', 'no result in any report'));
    } else if (row.class === 'quarantine') {
      out.push(at('quarantine-removed', 'quarantined id missing from the reports'));
    }
  }
}

export function idPrefix(id: string): string {
  const i = id.indexOf('::');
  return i < 0 ? id : id.slice(0, i);
}

// `skip` included: saying a test may skip is a contract change like any other (§2).
const CONTRACT_FIELDS = ['class', 'digest', 'artifact', 'invariant', 'seeds', 'skip'] as const;

/** The ledger's own change, judged against the base ledger (never the change's own file). */
function ledgerChangeFindings(
  ledger: Ledger,
  change: Change,
  ledgerFile: string,
  out: Finding[],
): void {
  const key: RuleKey = change.agentAuthored ? 'ledger-agent-edit' : 'ledger-contract-change';
  const by = change.agentAuthored ? 'agent-authored change' : 'change';
  const base = change.baseLedger;
  const baseRows = base?.ledger && base.errors.length === 0 ? base.ledger.rows : [];
  const baseIds = new Set(baseRows.map((r) => r.id));
  const at = (row: LedgerRow, k: RuleKey, message: string, line?: number) =>
    finding(k, { id: row.id, status: null, class: row.class, message, file: ledgerFile, line });

  for (const before of baseRows) {
    const after = ledger.byId.get(before.id);
    if (!after) {
      out.push(at(before, key, `${by} deletes the ${before.class} row (base line ${before.line})`));
      if (before.class === 'quarantine')
        out.push(at(before, 'quarantine-removed', 'the quarantine row was deleted or renamed'));
      continue;
    }
    const changed = CONTRACT_FIELDS.filter((f) => (before[f] ?? null) !== (after[f] ?? null));
    if (changed.length === 0) continue;
    const what = changed
      .map((f) => `${f} ${before[f] ?? '(none)'} → ${after[f] ?? '(none)'}`)
      .join(', ');
    out.push(
      at(
        after,
        key,
        `${by} edits an existing row: ${what}`,
        after.keyLines[changed[0]] ?? after.line,
      ),
    );
    if (before.class === 'quarantine' && after.class !== 'quarantine') {
      out.push(
        at(after, 'quarantine-removed', `quarantine row re-classed as ${after.class}`, after.line),
      );
    }
  }
  for (const row of ledger.rows) {
    if (baseIds.has(row.id) || row.class === 'draft') continue;
    const why = base === null ? ' (the base has no ledger)' : '';
    out.push(at(row, key, `${by} adds a ${row.class} row${why}`, row.line));
  }
}

/** Production code and goldens changed together, with no digest bump for a changed golden. */
function goldenNoBump(
  ledger: Ledger,
  input: DecideInput,
  facts: ChangeFacts,
  out: Finding[],
): void {
  const changed = input.change!.changed.map((c) => c.path);
  const production = changed.filter((p) => input.isProduction(p));
  if (production.length === 0) return;
  const artifacts = new Map<string, LedgerRow[]>();
  const note = (row: LedgerRow) => {
    if (!row.artifact) return;
    const list = artifacts.get(row.artifact);
    if (list) list.push(row);
    else artifacts.set(row.artifact, [row]);
  };
  for (const row of ledger.rows) note(row);
  for (const row of facts.baseRows.values()) note(row);
  const isGolden = input.isGolden ?? ((p: string) => artifacts.has(p));
  for (const golden of changed.filter(isGolden)) {
    const rows = (artifacts.get(golden) ?? []).filter((r) => ledger.byId.get(r.id) === r);
    if (rows.some((r) => facts.digestBumped(r))) continue;
    const row = rows[0];
    const more = production.length > 1 ? ', …' : '';
    out.push(
      finding('production-golden-no-bump', {
        id: row?.id ?? null,
        status: null,
        class: row?.class ?? null,
        message: `golden ${golden} changed together with ${production.length} production path(s) (${production[0]}${more}) without a digest bump`,
        file: input.ledgerFile,
        line: row?.line,
      }),
    );
  }
}

/**
 * Orders findings (most severe first, then table order, then as found) and computes counts
 * and the decision. A stable bucket sort: there are only a few dozen (result, rule) pairs.
 */
export function finalize(findings: Finding[], cases: number): Report {
  const buckets = new Map<number, Finding[]>();
  const counts: Counts = { cases, admit: 0, review: 0, reject: 0, info: 0 };
  for (const f of findings) {
    counts[f.result]++;
    const k = SEVERITY[f.result] * 1000 + (999 - ruleOrder(f.rule));
    const b = buckets.get(k);
    if (b) b.push(f);
    else buckets.set(k, [f]);
  }
  const sorted: Finding[] = [];
  for (const k of [...buckets.keys()].sort((a, b) => b - a)) {
    for (const f of buckets.get(k)!) sorted.push(f);
  }
  const decision: Decision = counts.reject > 0 ? 'reject' : counts.review > 0 ? 'review' : 'admit';
  return { version: 1, decision, counts, findings: sorted };
}
