// The plain admits of a decision as columns, not findings. A plain admit is a passing test
// that its row admits by the table alone: `fixture-unchanged` (a locked_fixture whose golden
// matches its digest) and `property-seeded` (a property with its seed files), the table's only
// two `admit` rules (CONTRACT §3). At 100,000 tests they are nearly every result, and nobody
// reads them one by one: the counts, the summary's "needs no action" line and the JSON
// report's entries come from these columns, each entry made only when the report is written.
// Everything else (rejects, reviews, infos, a review an approval admitted) stays a Finding.
import type { BasePairing, Finding, PlainAdmits, RuleKey, TestResult } from '../types.js';
import { finding } from './finding.js';
import { SEVERITY, ruleOrder } from './table.js';

/** The rules of plain admits, in table order, and the class each admits. */
const PLAIN: readonly { rule: RuleKey; class: 'locked_fixture' | 'property' }[] = [
  { rule: 'fixture-unchanged', class: 'locked_fixture' },
  { rule: 'property-seeded', class: 'property' },
];
const CODE = new Map<RuleKey, number>(PLAIN.map((p, i) => [p.rule, i]));

/** Whether a rule's findings from a test against its row are plain admits (kept as columns). */
export function isPlainRule(rule: RuleKey): boolean {
  return CODE.has(rule);
}

/** A base run's pairings by code; 0 is none (docs/stronger-evidence.md). */
const PAIRINGS: readonly (BasePairing | undefined)[] = [
  undefined,
  'fail-to-pass',
  'pass-to-pass',
  'pass-to-fail',
  'fail-to-fail',
  'skip-on-base',
  'absent-on-base',
  'unknown',
];
const PAIRING_CODE = new Map(PAIRINGS.map((p, i) => [p, i]));

/**
 * Per admit: the test's index in the decision's results, its rule, its row's line and its
 * message (an index into the few distinct messages: a golden's tests share one). Its status is
 * `pass`, its class its rule's, its file the ledger's: the same for every admit.
 */
export class AdmitColumns implements PlainAdmits {
  length = 0;
  private test = new Int32Array(1024);
  private rule = new Uint8Array(1024);
  private line = new Int32Array(1024);
  private message = new Uint32Array(1024);
  /** Allocated only when a base run pairs a test (stronger evidence). */
  private pairing: Uint8Array | undefined;
  private readonly messages: string[] = [];
  private readonly messageIndex = new Map<string, number>();
  private lastMessage: string | undefined;
  private lastIndex = 0;
  private readonly byRule = new Array<number>(PLAIN.length).fill(0);

  constructor(
    private readonly tests: readonly TestResult[],
    private readonly ledgerFile: string,
  ) {}

  /** Records the admit of `tests[test]` under `rule`, which must be a plain rule. */
  add(test: number, rule: RuleKey, line: number, message: string): void {
    if (this.length === this.test.length) this.grow();
    const i = this.length++;
    const code = CODE.get(rule)!;
    this.test[i] = test;
    this.rule[i] = code;
    this.line[i] = line;
    this.message[i] = this.messageOf(message);
    this.byRule[code]++;
  }

  countOf(rule: RuleKey): number {
    const code = CODE.get(rule);
    return code === undefined ? 0 : this.byRule[code];
  }

  rules(): RuleKey[] {
    return PLAIN.filter((_, i) => this.byRule[i] > 0).map((p) => p.rule);
  }

  *findingsOf(rule: RuleKey): Generator<Finding> {
    const code = CODE.get(rule);
    if (code === undefined || this.byRule[code] === 0) return;
    for (let i = 0; i < this.length; i++) if (this.rule[i] === code) yield this.findingAt(i);
  }

  pair(pairing: (id: string) => BasePairing | undefined): void {
    for (let i = 0; i < this.length; i++) {
      const p = pairing(this.tests[this.test[i]].id);
      if (p === undefined) continue;
      this.pairing ??= new Uint8Array(this.test.length);
      this.pairing[i] = PAIRING_CODE.get(p)!;
    }
  }

  /** The admit at `i` as the finding decide() made before columns: the same fields. */
  private findingAt(i: number): Finding {
    const p = PLAIN[this.rule[i]];
    const f = finding(p.rule, {
      id: this.tests[this.test[i]].id,
      status: 'pass',
      class: p.class,
      message: this.messages[this.message[i]],
      file: this.ledgerFile,
      line: this.line[i],
    });
    const pairing = this.pairing && PAIRINGS[this.pairing[i]];
    if (pairing !== undefined) f.base_run = pairing;
    return f;
  }

  private messageOf(message: string): number {
    // Consecutive cases of one golden share one message string: no lookup for them.
    if (message === this.lastMessage) return this.lastIndex;
    let k = this.messageIndex.get(message);
    if (k === undefined) {
      k = this.messages.length;
      this.messages.push(message);
      this.messageIndex.set(message, k);
    }
    this.lastMessage = message;
    this.lastIndex = k;
    return k;
  }

  private grow(): void {
    const n = this.test.length * 2;
    const wider = <T extends Int32Array | Uint8Array | Uint32Array>(
      a: T,
      make: (n: number) => T,
    ) => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.test = wider(this.test, (k) => new Int32Array(k));
    this.rule = wider(this.rule, (k) => new Uint8Array(k));
    this.line = wider(this.line, (k) => new Int32Array(k));
    this.message = wider(this.message, (k) => new Uint32Array(k));
    if (this.pairing) this.pairing = wider(this.pairing, (k) => new Uint8Array(k));
  }
}

/** How many findings a report holds: its findings and its plain admits. */
export function findingTotal(report: { findings: readonly Finding[]; admits?: PlainAdmits }) {
  return report.findings.length + (report.admits?.length ?? 0);
}

/** A rule's place in the report's order: most severe result first, then table order. */
export function orderKey(rule: RuleKey, result: Finding['result']): number {
  return SEVERITY[result] * 1000 + (999 - ruleOrder(rule));
}

/**
 * Every finding of a report in its order (CONTRACT §6), the plain admits made from their
 * columns where their rule falls among the findings (which finalize() sorted).
 */
export function* eachFinding(report: {
  findings: readonly Finding[];
  admits?: PlainAdmits;
}): Generator<Finding> {
  const pending = report.admits?.rules() ?? [];
  let next = 0;
  for (const f of report.findings) {
    const k = orderKey(f.rule, f.result);
    while (next < pending.length && orderKey(pending[next], 'admit') > k)
      yield* report.admits!.findingsOf(pending[next++]);
    yield f;
  }
  while (next < pending.length) yield* report.admits!.findingsOf(pending[next++]);
}
