// The base run (docs/stronger-evidence.md): the head's tests run against the base's production
// code, paired id by id with the head's run. Pure: the adapter (src/gather/stronger-evidence.ts) reads
// the reports and hands over plain facts. A test that passes without the change does not test
// it; a base set that cannot be a run on the base's code pairs nothing ("unknown").
import { rowFor } from '../ledger/file-rows.js';
import type {
  BasePairing,
  Change,
  CollectionOutcome,
  Finding,
  Ledger,
  LedgerRow,
  ReportProblem,
  TestResult,
} from '../types.js';
import { finding, NO_CASE } from './finding.js';

export const PASSES_WITHOUT_CHANGE = 'it passes without the change: it does not test it';

/**
 * New evidence that is not shown to fail without the change: it passes there, or the base run
 * skipped it or does not hold it (a test can skip itself on the base's code), said as such.
 */
const NOT_SHOWN: Partial<Record<BasePairing, string>> = {
  'pass-to-pass': PASSES_WITHOUT_CHANGE,
  'skip-on-base': 'it is not shown to fail without the change: the base run skipped it',
  'absent-on-base': 'it is not shown to fail without the change: the base run does not hold it',
};

export interface BaseRunFacts {
  tests: TestResult[];
  /** Cases that mapped to no id (not paired, but they are cases: the set is not empty). */
  unmapped: number;
  collection: CollectionOutcome[];
  /** Globs that matched nothing, files that could not be read or parsed. */
  problems: ReportProblem[];
  /** Base report files with the very bytes of a head report: `[base, head]`. */
  identical: [string, string][];
  /** Base report files the change ships (not read). */
  shipped: { file: string; message: string }[];
}

export interface BaseRunInput {
  base: BaseRunFacts;
  /** The head's mapped results. */
  head: TestResult[];
  /** The change's ledger (valid), or undefined. */
  ledger?: Ledger;
  change?: Change;
  ledgerFile: string;
  isProduction: (path: string) => boolean;
  /** Whether production paths were given at all (no-failing-test needs them). */
  productionGiven: boolean;
  requireFailToPass: boolean;
}

export interface BaseRunJudgement {
  findings: Finding[];
  /** The pairing of a head test id; undefined for an id the head run does not hold. */
  pairing: (id: string) => BasePairing | undefined;
  notes: string[];
}

const EVIDENCE = new Set(['property', 'locked_fixture']);
const failed = (t: TestResult) => t.status === 'fail' || t.status === 'error';
const fileOf = (t: TestResult): string | undefined => {
  if (t.file) return t.file;
  const i = t.id.indexOf('::');
  return i > 0 ? t.id.slice(0, i) : undefined;
};

/** Why the base set cannot be a run of the head's tests on the base's code, as findings. */
function invalidity(input: BaseRunInput, headIds: Set<string>): Finding[] {
  const { base, change } = input;
  const out: Finding[] = [];
  const bad = (message: string, file?: string) =>
    out.push(finding('report-invalid', { ...NO_CASE, message: `base run: ${message}`, file }));
  for (const p of base.problems) bad(p.message, p.file);
  for (const s of base.shipped) out.push(finding('report-in-change', { ...NO_CASE, ...s }));
  const cases = base.tests.length + base.unmapped + base.collection.length;
  if (cases === 0 && base.problems.length === 0)
    bad('no base report holds any test case (base-junit): nothing is paired');
  for (const [b, h] of base.identical)
    bad(
      `has the same bytes as the head's report ${h}: it is a copy of the head run, not a run on the base's production code`,
      b,
    );
  if (change) {
    // The base run runs the head's tests: a test the change deleted (its file deleted, or an
    // id gone from a file the change edits) cannot be in it. Then it ran the base's tests.
    const touched = new Set(change.changed.map((c) => c.path));
    for (const t of base.tests) {
      const file = fileOf(t);
      if (headIds.has(t.id) || file === undefined || !touched.has(file)) continue;
      bad(
        `holds ${t.id}, a test the change deletes: it ran the base's tests, not the head's on the base's production code`,
        file,
      );
      break; // one is proof enough
    }
  }
  return out;
}

export function judgeBaseRun(input: BaseRunInput): BaseRunJudgement {
  const headIds = new Set(input.head.map((t) => t.id));
  const findings = invalidity(input, headIds);
  const notes: string[] = [];
  if (findings.length > 0) {
    notes.push('base run: invalid, so every test is paired as "unknown" (never as discriminating)');
    return {
      findings,
      pairing: (id) => (headIds.has(id) ? 'unknown' : undefined),
      notes,
    };
  }
  const baseById = new Map(input.base.tests.map((t) => [t.id, t]));
  // A module that could not be collected on the base failed there: its tests need the change.
  const brokenFiles = new Set(
    input.base.collection
      .filter((c) => c.kind === 'collection-error' && c.file !== undefined)
      .map((c) => c.file!),
  );
  const pairs = new Map<string, BasePairing>();
  const counts = new Map<BasePairing, number>();
  for (const t of input.head) {
    if (t.status === 'skip') continue;
    const b = baseById.get(t.id);
    let p: BasePairing;
    if (b === undefined) {
      const f = fileOf(t);
      p =
        f !== undefined && brokenFiles.has(f)
          ? failed(t)
            ? 'fail-to-fail'
            : 'fail-to-pass'
          : 'absent-on-base';
    } else if (b.status === 'skip') p = 'skip-on-base';
    // A base pass only after a rerun is no clean pass: it failed there at least once.
    else if (failed(b) || b.flaky) p = failed(t) ? 'fail-to-fail' : 'fail-to-pass';
    else p = failed(t) ? 'pass-to-fail' : 'pass-to-pass';
    pairs.set(t.id, p);
    counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  notes.push(
    `base run: ${input.base.tests.length} tests paired with the head's: ` +
      ([...counts].map(([p, n]) => `${n} ${p}`).join(', ') || 'none'),
  );
  const pairing = (id: string) => pairs.get(id);
  findings.push(...newEvidence(input, pairing, notes));
  findings.push(...untestedPatch(input, pairing, notes));
  return { findings, pairing, notes };
}

/** A promoted draft or newly classified test of the change that passes on the base too. */
function newEvidence(
  input: BaseRunInput,
  pairing: (id: string) => BasePairing | undefined,
  notes: string[],
): Finding[] {
  const { ledger, change } = input;
  if (!ledger) return [];
  if (!change) {
    notes.push('base run without a base ref: which tests are new evidence was not judged');
    return [];
  }
  const bl = change.baseLedger;
  const baseLedger = bl?.ledger && bl.errors.length === 0 ? bl.ledger : undefined;
  const out: Finding[] = [];
  for (const t of input.head) {
    const pair = pairing(t.id);
    const message = pair === undefined ? undefined : NOT_SHOWN[pair];
    if (t.status !== 'pass' || message === undefined) continue;
    const row = rowFor(ledger, t.id);
    if (!row || !EVIDENCE.has(row.class)) continue;
    const before: LedgerRow | undefined = baseLedger && rowFor(baseLedger, t.id);
    // New evidence: no class at the base, a draft there (a promotion), or another class (a
    // quarantine re-classed): the change asks for it to count now.
    if (before && before.class === row.class) continue;
    const f = finding('passes-without-change', {
      id: t.id,
      status: 'pass',
      class: row.class,
      message,
      file: input.ledgerFile,
      line: row.line,
    });
    if (input.requireFailToPass) f.result = 'reject';
    out.push(f);
  }
  return out;
}

/** With require-fail-to-pass: an agent's production change that no classified test needs. */
function untestedPatch(
  input: BaseRunInput,
  pairing: (id: string) => BasePairing | undefined,
  notes: string[],
): Finding[] {
  const { change, ledger } = input;
  if (!input.requireFailToPass || !change || !ledger) return [];
  if (!input.productionGiven) {
    notes.push(
      'require-fail-to-pass: no production paths given, so no-failing-test was not checked',
    );
    return [];
  }
  const whole = new Set(change.changed.map((c) => c.path));
  const agentPaths = new Set<string>();
  if (change.commits) {
    for (const c of change.commits)
      if (c.agent)
        for (const p of c.paths)
          if (whole.has(p.path) && input.isProduction(p.path)) agentPaths.add(p.path);
  } else if (change.agentAuthored) {
    for (const p of whole) if (input.isProduction(p)) agentPaths.add(p);
  }
  if (agentPaths.size === 0) return [];
  const needed = input.head.some(
    (t) => pairing(t.id) === 'fail-to-pass' && EVIDENCE.has(rowFor(ledger, t.id)?.class ?? ''),
  );
  if (needed) return [];
  const paths = [...agentPaths].sort();
  const shown =
    paths.slice(0, 5).join(', ') + (paths.length > 5 ? ` and ${paths.length - 5} more` : '');
  return [
    finding('no-failing-test', {
      ...NO_CASE,
      message: `the agent's production change (${shown}) has no classified test that fails without it: it is not shown to be tested`,
      file: paths[0],
    }),
  ];
}
