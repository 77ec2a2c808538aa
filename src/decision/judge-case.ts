// The per-case judgement: one test result against the row that classes it (exact or file row).
import { dottedModule } from '../junit/pytest.js';
import { rowFor } from '../ledger/file-rows.js';
import type {
  CollectionOutcome,
  Finding,
  Ledger,
  LedgerRow,
  RuleKey,
  TestResult,
} from '../types.js';
import { isPlainRule, type AdmitColumns } from './admits.js';
import type { ChangeFacts } from './change-facts.js';
import type { DecideInput } from './decide-input.js';
import { idPrefix } from './evidence.js';
import { finding, NO_CASE } from './finding.js';
import { describeRow } from './ledger-change.js';
import { normaliseReason, skipMismatch } from './skip-reason.js';
import { goldenLabel } from '../ledger/golden-set.js';
import { RULES, SEVERITY } from './table.js';

// Rank of a rule when several apply to one case: most severe result first, then table order.
const RANK = new Map<RuleKey, number>(
  RULES.map((r, i) => [r.key, SEVERITY[r.result] * 1000 + (999 - i)]),
);

/** The rule that applies to a case, kept as the cases' rules are found (no list per case). */
class Choice {
  rule: RuleKey | null = null;
  message = '';
  private rank = -1;
  /** Ready for the next case: one Choice serves every case (judgeCase never nests). */
  reset(): this {
    this.rule = null;
    this.message = '';
    this.rank = -1;
    return this;
  }
  add(key: RuleKey, message: string): void {
    const rank = RANK.get(key)!;
    if (rank > this.rank) {
      this.rank = rank;
      this.rule = key;
      this.message = message;
    }
  }
}

const CHOICE = new Choice();

/**
 * Every result against its row: the plain admits go into `admits` (decision/admits.ts), the
 * rest come back as findings, in the order of the results.
 */
export function judgeCases(
  tests: readonly TestResult[],
  ledger: Ledger,
  input: DecideInput,
  facts: ChangeFacts,
  seen: Set<LedgerRow>,
  admits: AdmitColumns,
): Finding[] {
  const out: Finding[] = [];
  UNCHANGED.clear();
  for (let i = 0; i < tests.length; i++) {
    const t = tests[i];
    const statuses = t.duplicates?.statuses;
    const f =
      statuses === undefined || statuses.length < 2
        ? judgeCase(t, ledger, input, facts, seen, { admits, test: i })
        : caseFinding(t, ledger, input, facts, seen);
    if (f === null) continue;
    // A twin's worst may be an admit too (every twin passed): a column, as any admit.
    if (f.result === 'admit' && isPlainRule(f.rule)) admits.add(i, f.rule, f.line!, f.message);
    else out.push(f);
  }
  return out;
}

export function caseFinding(
  t: TestResult,
  ledger: Ledger,
  input: DecideInput,
  facts: ChangeFacts,
  seen: Set<LedgerRow>,
): Finding {
  const statuses = t.duplicates?.statuses;
  if (statuses === undefined || statuses.length < 2)
    return judgeCase(t, ledger, input, facts, seen)!;
  // Same-named tests in one report: judge each status they had, keep the most severe.
  let best: Finding | undefined;
  for (const status of statuses) {
    const variant: TestResult = { ...t, status, flaky: status === 'pass' && t.flaky };
    if (status !== 'skip') delete variant.outcome;
    const f = judgeCase(variant, ledger, input, facts, seen)!;
    if (best === undefined || RANK.get(f.rule)! > RANK.get(best.rule)!) best = f;
  }
  return best!;
}

/**
 * One result against its row. With `into`, a plain admit is recorded there and null comes
 * back: no finding object for the most common result of all; without it, always a finding.
 */
function judgeCase(
  t: TestResult,
  ledger: Ledger,
  input: DecideInput,
  facts: ChangeFacts,
  seen: Set<LedgerRow>,
  into?: { admits: AdmitColumns; test: number },
): Finding | null {
  const row = rowFor(ledger, t.id);
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

  const choice = CHOICE.reset();
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
      const fact = input.artifacts.get(row.artifact!);
      if (!fact || fact.problem)
        choice.add(
          'fixture-missing',
          `artifact ${goldenLabel(row.artifact!)}: ${fact?.problem ?? 'not read'}`,
        );
      else if (fact.digest !== row.digest)
        choice.add(
          'fixture-digest-mismatch',
          `artifact ${goldenLabel(row.artifact!)} is ${fact.digest}, the ledger says ${row.digest}`,
        );
      // A new row's golden is under review as the row's addition (ledger-contract-change):
      // one cause, one finding, so its tests are judged by the bytes alone.
      else if (input.change && facts.goldenRewritten(row.artifact!) && facts.relocked(row)) {
        choice.add(
          'fixture-contract-change',
          `golden ${goldenLabel(row.artifact!)} changed and its digest was bumped in this change`,
        );
      } else if (passed && !t.flaky) choice.add('fixture-unchanged', unchanged(row.artifact!));
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
        choice.add('property-seeded', SEEDED.get(row.invariant!, fact.files));
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
  if (into && isPlainRule(choice.rule!)) {
    into.admits.add(into.test, choice.rule!, row.line, choice.message + duplicateNote(t));
    return null;
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

/**
 * An admitted case's message, the same for every case of its row: built once while
 * consecutive cases share its inputs (a report lists a file's cases together), so a million
 * admitted cases hold a few thousand strings, not a million.
 */
class LastMessage {
  private a: string | undefined;
  private b = 0;
  private message = '';
  constructor(private readonly build: (a: string, b: number) => string) {}
  get(a: string, b = 0): string {
    if (a !== this.a || b !== this.b) {
      this.a = a;
      this.b = b;
      this.message = this.build(a, b);
    }
    return this.message;
  }
}

// An unchanged golden's message, per artifact: a report's cases need not list a golden's
// rows together (at L, consecutive cases alternate goldens and seeds), and one string per
// golden is also what the admits' columns then find by its cached hash. Emptied per judgeCases.
const UNCHANGED = new Map<string, string>();
function unchanged(artifact: string): string {
  let m = UNCHANGED.get(artifact);
  if (m === undefined) {
    m = `artifact ${goldenLabel(artifact)} matches its digest`;
    UNCHANGED.set(artifact, m);
  }
  return m;
}
// A seeded property's message by its last inputs, not a Map: only property cases ask, and
// they repeat an invariant and its seed count case after case; a Map would want one key made
// of both per case.
const SEEDED = new LastMessage(
  (invariant, files) => `invariant ${invariant} with ${files} seed file(s)`,
);

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

export function collectionFinding(o: CollectionOutcome): Finding {
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
export function skippedModuleRows(
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
