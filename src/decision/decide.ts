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
import { SEVERITY, rule, ruleOrder } from './table.js';

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

type Draft = Omit<Finding, 'result'>;

export function decide(input: DecideInput): Report {
  const findings: Draft[] = [];
  const cases = input.tests.length + input.unmapped.length;

  for (const p of input.reportProblems) {
    findings.push({
      rule: 'report-invalid',
      id: null,
      status: null,
      class: null,
      message: p.message,
      file: p.file,
      line: p.line,
    });
  }
  if (cases === 0 && input.reportProblems.length === 0) {
    findings.push({
      rule: 'report-invalid',
      id: null,
      status: null,
      class: null,
      message: 'no report holds any test case',
    });
  }
  for (const u of input.unmapped) {
    const c = u.case;
    findings.push({
      rule: 'report-unmapped',
      id: null,
      status: c.status,
      class: null,
      message: `${c.classname ? c.classname + ' ' : ''}${c.name}: ${u.reason}`,
      file: c.report,
    });
  }

  for (const issue of input.ledgerErrors) {
    findings.push({
      rule: 'ledger-invalid',
      id: null,
      status: null,
      class: null,
      message: issue.message,
      file: issue.file,
      line: issue.line,
    });
  }
  // A ledger that fails validation classifies nothing: no admit may come from it.
  const ledger = input.ledgerErrors.length === 0 ? input.ledger : undefined;
  if (ledger) {
    const facts = new ChangeFacts(input.change);
    for (const t of input.tests) findings.push(caseFinding(t, ledger, input, facts));
    findings.push(...missingRows(ledger, input));
    if (input.change)
      findings.push(...ledgerChangeFindings(ledger, input.change, input.ledgerFile));
    if (input.change) findings.push(...goldenNoBump(ledger, input, facts));
  }
  return finalize(
    findings.map((f) => ({ ...f, result: rule(f.rule).result })),
    cases,
  );
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

  /** Seeds may only grow: a file deleted or rewritten below the folder shrinks the corpus. */
  seedsShrunk(folder: string): boolean {
    const prefix = folder.endsWith('/') ? folder : folder + '/';
    for (const [path, status] of this.touched) {
      if (path.startsWith(prefix) && status !== 'A') return true;
    }
    return false;
  }

  digestBumped(row: LedgerRow): boolean {
    const before = this.baseRows.get(row.id);
    return !before || before.digest !== row.digest;
  }
}

function caseFinding(t: TestResult, ledger: Ledger, input: DecideInput, facts: ChangeFacts): Draft {
  const row = ledger.byId.get(t.id);
  const base = { id: t.id, status: t.status, file: t.file, line: t.line };
  if (!row)
    return {
      ...base,
      rule: 'unclassified',
      class: null,
      message: `${t.status} on an id missing from the ledger`,
    };

  const at = { ...base, class: row.class, file: input.ledgerFile, line: row.line };
  const applies: { rule: RuleKey; message: string }[] = [];
  const add = (key: RuleKey, message: string) => applies.push({ rule: key, message });
  const passed = t.status === 'pass';

  if (row.class === 'locked_fixture' || row.class === 'property') {
    if (t.status === 'fail' || t.status === 'error')
      add('classified-fail', `${t.status} on a ${row.class} test`);
    if (t.status === 'skip') add('classified-skip', `skipped ${row.class} test`);
    if (passed && t.flaky) add('flaky-pass', 'passed only after a recorded rerun or flaky failure');
  }
  switch (row.class) {
    case 'locked_fixture': {
      const artifact = row.artifact!;
      const fact = input.artifacts.get(artifact);
      if (!fact || fact.problem)
        add('fixture-missing', `artifact ${artifact}: ${fact?.problem ?? 'not read'}`);
      else if (fact.digest !== row.digest)
        add(
          'fixture-digest-mismatch',
          `artifact ${artifact} is ${fact.digest}, the ledger says ${row.digest}`,
        );
      else if (input.change && facts.goldenRewritten(artifact) && facts.digestBumped(row)) {
        add(
          'fixture-contract-change',
          `golden ${artifact} changed and its digest was bumped in this change`,
        );
      } else if (passed && !t.flaky)
        add('fixture-unchanged', `artifact ${artifact} matches its digest`);
      break;
    }
    case 'property': {
      const seeds = row.seeds!;
      const fact = input.seeds.get(seeds);
      if (!fact || fact.problem || fact.files === 0)
        add('property-seeds-empty', `seeds ${seeds}: ${fact?.problem ?? 'no seed file'}`);
      else if (input.change && facts.seedsShrunk(seeds))
        add(
          'property-seeds-shrunk',
          `seed files under ${seeds} were deleted or rewritten in this change`,
        );
      else if (passed && !t.flaky)
        add('property-seeded', `invariant ${row.invariant} with ${fact.files} seed file(s)`);
      break;
    }
    case 'quarantine':
      if (passed) add('quarantine-pass', `pass on a quarantined id (owner ${row.owner})`);
      else if (t.status === 'skip') add('quarantine-removed', 'a quarantined test was skipped');
      else add('quarantine-fail', `${t.status} on a quarantined id, as expected`);
      break;
    case 'draft':
      if (passed) add('draft-pass', `pass on a draft (source ${row.source}): promote or drop it`);
      else add('draft-not-passing', `${t.status} on a draft`);
      if (passed && t.flaky)
        add('flaky-pass', 'passed only after a recorded rerun or flaky failure');
      break;
  }
  const chosen = mostSevere(applies);
  return { ...at, rule: chosen.rule, message: chosen.message };
}

function mostSevere<T extends { rule: RuleKey }>(applies: T[]): T {
  return applies.reduce((best, a) => {
    const d = SEVERITY[rule(a.rule).result] - SEVERITY[rule(best.rule).result];
    return d > 0 || (d === 0 && ruleOrder(a.rule) < ruleOrder(best.rule)) ? a : best;
  });
}

/** Rows that must have a result (§3 `expect`) but have none. */
function missingRows(ledger: Ledger, input: DecideInput): Draft[] {
  const seen = new Set(input.tests.map((t) => t.id));
  const ranFiles = new Set(input.tests.map((t) => idPrefix(t.id)));
  const out: Draft[] = [];
  for (const row of ledger.rows) {
    if (seen.has(row.id)) continue;
    if (input.expect === 'ran-files' && !ranFiles.has(idPrefix(row.id))) continue;
    const at = {
      id: row.id,
      status: null,
      class: row.class,
      file: input.ledgerFile,
      line: row.line,
    };
    if (row.class === 'locked_fixture' || row.class === 'property') {
      out.push({ ...at, rule: 'classified-missing', message: 'no result in any report' });
    } else if (row.class === 'quarantine') {
      out.push({
        ...at,
        rule: 'quarantine-removed',
        message: 'quarantined id missing from the reports',
      });
    }
  }
  return out;
}

export function idPrefix(id: string): string {
  const i = id.indexOf('::');
  return i < 0 ? id : id.slice(0, i);
}

const CONTRACT_FIELDS = ['class', 'digest', 'artifact', 'invariant', 'seeds'] as const;

/** The ledger's own change, judged against the base ledger (never the change's own file). */
function ledgerChangeFindings(ledger: Ledger, change: Change, ledgerFile: string): Draft[] {
  const out: Draft[] = [];
  const key: RuleKey = change.agentAuthored ? 'ledger-agent-edit' : 'ledger-contract-change';
  const by = change.agentAuthored ? 'agent-authored change' : 'change';
  const base = change.baseLedger;
  const baseRows = base?.ledger && base.errors.length === 0 ? base.ledger.rows : [];
  const baseById = new Map(baseRows.map((r) => [r.id, r]));
  const at = (row: LedgerRow, line?: number) => ({
    id: row.id,
    status: null,
    class: row.class,
    file: ledgerFile,
    line,
  });

  for (const before of baseRows) {
    const after = ledger.byId.get(before.id);
    if (!after) {
      out.push({
        ...at(before),
        rule: key,
        message: `${by} deletes the ${before.class} row (base line ${before.line})`,
      });
      if (before.class === 'quarantine')
        out.push({
          ...at(before),
          rule: 'quarantine-removed',
          message: 'the quarantine row was deleted or renamed',
        });
      continue;
    }
    const changed = CONTRACT_FIELDS.filter((f) => (before[f] ?? null) !== (after[f] ?? null));
    if (changed.length === 0) continue;
    const what = changed
      .map((f) => `${f} ${before[f] ?? '(none)'} → ${after[f] ?? '(none)'}`)
      .join(', ');
    out.push({
      ...at(after, after.keyLines[changed[0]] ?? after.line),
      rule: key,
      message: `${by} edits an existing row: ${what}`,
    });
    if (before.class === 'quarantine' && after.class !== 'quarantine') {
      out.push({
        ...at(after, after.line),
        rule: 'quarantine-removed',
        message: `quarantine row re-classed as ${after.class}`,
      });
    }
  }
  for (const row of ledger.rows) {
    if (baseById.has(row.id) || row.class === 'draft') continue;
    out.push({
      ...at(row, row.line),
      rule: key,
      message: `${by} adds a ${row.class} row${base === null ? ' (the base has no ledger)' : ''}`,
    });
  }
  return out;
}

/** Production code and goldens changed together, with no digest bump for a changed golden. */
function goldenNoBump(ledger: Ledger, input: DecideInput, facts: ChangeFacts): Draft[] {
  const changed = input.change!.changed.map((c) => c.path);
  const production = changed.filter((p) => input.isProduction(p));
  if (production.length === 0) return [];
  const artifacts = new Map<string, LedgerRow[]>();
  for (const row of [...ledger.rows, ...facts.baseRows.values()]) {
    if (row.artifact) artifacts.set(row.artifact, [...(artifacts.get(row.artifact) ?? []), row]);
  }
  const isGolden = input.isGolden ?? ((p: string) => artifacts.has(p));
  const out: Draft[] = [];
  for (const golden of changed.filter(isGolden)) {
    const rows = (artifacts.get(golden) ?? []).filter((r) => ledger.byId.get(r.id) === r);
    if (rows.some((r) => facts.digestBumped(r))) continue;
    const row = rows[0];
    out.push({
      rule: 'production-golden-no-bump',
      id: row?.id ?? null,
      status: null,
      class: row?.class ?? null,
      message: `golden ${golden} changed together with ${production.length} production path(s) (${production[0]}${production.length > 1 ? ', …' : ''}) without a digest bump`,
      file: input.ledgerFile,
      line: row?.line,
    });
  }
  return out;
}

/** Orders findings (most severe first, then table order) and computes counts and the decision. */
export function finalize(findings: Finding[], cases: number): Report {
  const sorted = findings
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        SEVERITY[b.f.result] - SEVERITY[a.f.result] ||
        ruleOrder(a.f.rule) - ruleOrder(b.f.rule) ||
        a.i - b.i,
    )
    .map(({ f }) => f);
  const counts: Counts = { cases, admit: 0, review: 0, reject: 0, info: 0 };
  for (const f of sorted) counts[f.result]++;
  const decision: Decision = counts.reject > 0 ? 'reject' : counts.review > 0 ? 'review' : 'admit';
  return { version: 1, decision, counts, findings: sorted };
}
