// decide(): the decision table applied to plain facts. No I/O: the adapters gather the facts
// (ledger, mapped test results, artifact digests, seed counts, the change) and pass them in.
import { dottedModule } from '../junit/pytest.js';
import type {
  ArtifactFact,
  Change,
  CollectionOutcome,
  Counts,
  Decision,
  Expect,
  Finding,
  Ledger,
  LedgerIssue,
  LedgerRow,
  Report,
  ReportProblem,
  RuleKey,
  SeedsFact,
  TestResult,
  UnmappedCase,
} from '../types.js';
import { SortedPaths } from './pathIndex.js';
import type { ShippedReport } from './report-origin.js';
import { normaliseReason, skipMismatch } from './skip-reason.js';
import { RULES, SEVERITY, rule, ruleOrder } from './table.js';

export interface DecideInput {
  ledgerFile: string;
  /** The change's ledger; undefined when it could not be read at all. */
  ledger?: Ledger;
  ledgerErrors: LedgerIssue[];
  tests: TestResult[];
  unmapped: UnmappedCase[];
  reportProblems: ReportProblem[];
  /** Report files the change ships (report-origin.ts): not read, each a reject. */
  shippedReports?: ShippedReport[];
  /** pytest modules skipped or broken at collection (not tests). */
  collection?: CollectionOutcome[];
  /** Ids from the collected list, when given: each with a row must have a result (§3). */
  collected?: string[];
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
  for (const r of input.shippedReports ?? [])
    findings.push(finding('report-in-change', { ...NO_CASE, message: r.message, file: r.file }));
  if (cases === 0 && input.reportProblems.length === 0) {
    findings.push(
      finding('report-invalid', { ...NO_CASE, message: 'no report holds any test case' }),
    );
  }
  for (const o of input.collection ?? []) findings.push(collectionFinding(o));
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
    skippedModuleRows(ledger, input, facts, seen, findings);
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

  private notAdded?: SortedPaths;

  /**
   * Seeds may only grow: a file deleted or rewritten below the folder shrinks the corpus.
   * `folder` is the row's canonical path (the validator stores no other), as git writes paths.
   */
  seedsShrunk(folder: string): boolean {
    this.notAdded ??= new SortedPaths(
      [...this.touched].filter(([, status]) => status !== 'A').map(([path]) => path),
    );
    return this.notAdded.anyBelow(folder);
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
  const statuses = t.duplicates?.statuses;
  if (statuses === undefined || statuses.length < 2)
    return judgeCase(t, ledger, input, facts, seen);
  // Same-named tests in one report: judge each status they had, keep the most severe.
  let best: Finding | undefined;
  for (const status of statuses) {
    const variant: TestResult = { ...t, status, flaky: status === 'pass' && t.flaky };
    if (status !== 'skip') delete variant.outcome;
    const f = judgeCase(variant, ledger, input, facts, seen);
    if (best === undefined || RANK.get(f.rule)! > RANK.get(best.rule)!) best = f;
  }
  return best!;
}

function judgeCase(
  t: TestResult,
  ledger: Ledger,
  input: DecideInput,
  facts: ChangeFacts,
  seen: Set<LedgerRow>,
): Finding {
  const row = ledger.byId.get(t.id);
  if (!row) {
    const how = t.outcome ? `${t.status} (${t.outcome})` : t.status;
    const message = `${how} on an id missing from the ledger${duplicateNote(t)}`;
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
  const skipped = what(t);

  if (row.class === 'locked_fixture' || row.class === 'property') {
    if (t.status === 'fail' || t.status === 'error')
      choice.add('classified-fail', `${t.status} on a ${row.class} test`);
    if (t.status === 'skip') {
      // A skip is evidence of nothing: only a row that names this skip's reason expects it.
      const other = row.skip === undefined ? NO_SKIP : skipMismatch(row.skip, t);
      if (other === undefined)
        choice.add(
          'expected-skip',
          `${skipped} ${row.class} test; its row expects a skip: ${row.skip}`,
        );
      else choice.add('classified-skip', `${skipped} ${row.class} test, and ${other}`);
    }
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
      else if (t.outcome === 'xfail')
        choice.add(
          'quarantine-fail',
          'xfail (an expected failure) on a quarantined id, as expected',
        );
      else if (t.status === 'skip') {
        const other = row.skip === undefined ? NO_SKIP : skipMismatch(row.skip, t);
        if (other === undefined)
          choice.add(
            'expected-skip',
            `${skipped} quarantined test; its row expects a skip: ${row.skip}`,
          );
        else choice.add('quarantine-removed', `${skipped} quarantined test, and ${other}`);
      } else choice.add('quarantine-fail', `${t.status} on a quarantined id, as expected`);
      break;
    case 'draft':
      if (passed)
        choice.add('draft-pass', `pass on a draft (source ${row.source}): promote or drop it`);
      else choice.add('draft-not-passing', `${t.status} on a draft`);
      if (passed && t.flaky)
        choice.add('flaky-pass', 'passed only after a recorded rerun or flaky failure');
      break;
  }
  const f = finding(choice.rule!, {
    id: t.id,
    status: t.status,
    class: row.class,
    message: choice.message + duplicateNote(t),
    file: input.ledgerFile,
    line: row.line,
  });
  // What an approval of this review accepts: the row as this change has it.
  if (f.result === 'review') f.accepts = describeRow(row.id, row);
  return f;
}

/** The message's tail for a skip on a row that expects none. */
const NO_SKIP = 'its row gives no `skip:` reason';

/** How a skipped test skipped, for messages: `skipped`, `xfail (…) on a`, `todo (…) on a`. */
function what(t: TestResult): string {
  if (t.outcome === 'xfail') return 'xfail (an expected failure, not evidence) on a';
  if (t.outcome === 'todo') return 'todo (a test not written yet) on a';
  return 'skipped';
}

/** Same-named cases merged in one report are named, so a twin's failure is not a mystery. */
function duplicateNote(t: TestResult): string {
  const d = t.duplicates;
  if (d === undefined) return '';
  return ` (${d.count} cases with this id in ${d.report}: same-named tests, judged by the worst result)`;
}

function collectionFinding(o: CollectionOutcome): Finding {
  const where = o.file ?? o.module;
  const message =
    o.kind === 'collection-skipped'
      ? `module ${where} skipped at collection: ${o.detail}`
      : `module ${where} could not be collected: ${o.detail}`;
  return finding(o.kind, { ...NO_CASE, message, file: o.file ?? o.report });
}

/**
 * Rows of tests in a module skipped at collection, without a result of their own: their
 * tests never ran, so each is judged as a skip (a reject unless its row expects one).
 */
function skippedModuleRows(
  ledger: Ledger,
  input: DecideInput,
  facts: ChangeFacts,
  seen: Set<LedgerRow>,
  out: Finding[],
): void {
  const skipped = new Map<string, CollectionOutcome>();
  for (const o of input.collection ?? [])
    if (o.kind === 'collection-skipped') skipped.set(o.module, o);
  if (skipped.size === 0) return;
  for (const row of ledger.rows) {
    if (seen.has(row)) continue;
    const o = skipped.get(dottedModule(idPrefix(row.id)));
    if (o === undefined) continue;
    const t: TestResult = {
      id: row.id,
      status: 'skip',
      flaky: false,
      reports: [o.report],
      skipReasons: [normaliseReason(o.detail)],
    };
    const f = caseFinding(t, ledger, input, facts, seen);
    f.message = `its module was skipped at collection (${o.detail}): ${f.message}`;
    out.push(f);
  }
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
  if (f.accepts !== undefined) out.accepts = f.accepts;
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
  if (input.expect === 'ran-files') {
    for (const t of input.tests) ranFiles.add(idPrefix(t.id));
    // A module that failed to collect ran, as far as its rows are concerned.
    for (const o of input.collection ?? []) if (o.file !== undefined) ranFiles.add(o.file);
  }
  // Whatever `expect` says, a collected id with a row must have a result (a lost shard).
  const collected = input.collected !== undefined ? new Set(input.collected) : undefined;
  for (const row of ledger.rows) {
    if (seen.has(row)) continue;
    const wasCollected = collected?.has(row.id) === true;
    if (input.expect === 'ran-files' && !ranFiles.has(idPrefix(row.id)) && !wasCollected) continue;
    const at = (key: RuleKey, message: string) =>
      finding(key, {
        id: row.id,
        status: null,
        class: row.class,
        message,
        file: input.ledgerFile,
        line: row.line,
      });
    const why = wasCollected ? 'collected, but no result in any report' : 'no result in any report';
    if (row.class === 'locked_fixture' || row.class === 'property') {
      out.push(at('classified-missing', why));
    } else if (row.class === 'quarantine') {
      out.push(
        at(
          'quarantine-removed',
          `quarantined id ${wasCollected ? 'collected, but ' : ''}missing from the reports`,
        ),
      );
    }
  }
}

export function idPrefix(id: string): string {
  const i = id.indexOf('::');
  return i < 0 ? id : id.slice(0, i);
}

// `skip` included: saying a test may skip is a contract change like any other (§2).
export const CONTRACT_FIELDS = [
  'class',
  'digest',
  'artifact',
  'invariant',
  'seeds',
  'skip',
] as const;

/**
 * A row's contract, as one comparable string: '' when the row is absent. Two versions of a
 * row with the same value make the same promise; only a change of it is a ledger edit.
 */
export function contractValue(row: LedgerRow | undefined): string {
  return row ? JSON.stringify(CONTRACT_FIELDS.map((f) => row[f] ?? null)) : '';
}

/** The row as an approval would accept it: its id and contract fields at the head. */
export function describeRow(id: string, row: LedgerRow | undefined): string {
  if (!row) return `${id}: row deleted`;
  const fields = CONTRACT_FIELDS.filter((f) => row[f] !== undefined).map((f) => `${f} ${row[f]}`);
  return `${id}: ${fields.join(', ')}`;
}

/**
 * The ledger's own change, judged against the base ledger (never the change's own file).
 * Each row's change is an agent's or a human's by the commit that last touched the row
 * (change.rowAuthors); rows without one take the change's authorship.
 */
function ledgerChangeFindings(
  ledger: Ledger,
  change: Change,
  ledgerFile: string,
  out: Finding[],
): void {
  const base = change.baseLedger;
  const baseRows = base?.ledger && base.errors.length === 0 ? base.ledger.rows : [];
  const baseIds = new Set(baseRows.map((r) => r.id));
  const who = (id: string) =>
    change.rowAuthors?.get(id) ?? { agent: change.agentAuthored, why: change.authorship };
  const edit = (row: LedgerRow, message: string, line?: number) => {
    const w = who(row.id);
    const key: RuleKey = w.agent ? 'ledger-agent-edit' : 'ledger-contract-change';
    const f = finding(key, {
      id: row.id,
      status: null,
      class: row.class,
      message: `${w.agent ? 'agent-authored change' : 'change'} ${message} (${w.why})`,
      file: ledgerFile,
      line,
    });
    if (!w.agent) f.accepts = describeRow(row.id, ledger.byId.get(row.id));
    return f;
  };

  for (const before of baseRows) {
    const after = ledger.byId.get(before.id);
    if (!after) {
      // Deleting a quarantine row is a ledger edit like any other (review for a human, reject
      // for an agent): a test that still runs is then unclassified, and a deleted test leaves
      // nothing to quarantine. A reject here would leave no way to retire a quarantine.
      out.push(edit(before, `deletes the ${before.class} row (base line ${before.line})`));
      continue;
    }
    const changed = CONTRACT_FIELDS.filter((f) => (before[f] ?? null) !== (after[f] ?? null));
    if (changed.length === 0) continue;
    const what = changed
      .map((f) => `${f} ${before[f] ?? '(none)'} → ${after[f] ?? '(none)'}`)
      .join(', ');
    // Re-classing a fixed quarantine (unfreezing it) is the same: a reviewed ledger edit.
    out.push(
      edit(after, `edits an existing row: ${what}`, after.keyLines[changed[0]] ?? after.line),
    );
  }
  for (const row of ledger.rows) {
    if (baseIds.has(row.id) || row.class === 'draft') continue;
    const why = base === null ? ' (the base has no ledger)' : '';
    out.push(edit(row, `adds a ${row.class} row${why}`, row.line));
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
