// The command that resolves a finding, for a human (pure): each rule's template in table.ts
// filled in from the finding's facts (its id, its row's artifact or seeds) and the run's own
// inputs (the report globs, the collected list, the ledger, the base), so what is printed can
// be typed as it is, from the repository root.
import type { Finding, LedgerRow } from '../types.js';
import { agentRestore, guardFix, type AgentRestore } from './agent-fix.js';
import { idPrefix } from './evidence.js';
import { goldenPatterns } from '../ledger/golden-set.js';
import { SEVERITY, rule } from './table.js';

export const DEFAULT_LEDGER = 'tests/ledger.yaml';

/** The message of the `ledger-invalid` finding when there is no ledger at all (its root cause). */
export const NO_LEDGER = 'no ledger here';

/** What a fix is made of, beyond the finding itself. */
export interface FixContext {
  /** The report globs the run used (as `--junit` takes them). */
  junit: readonly string[];
  collected?: string;
  /** The ledger's repo-relative path. */
  ledger: string;
  /** The ledger the commands read without --ledger (the repository's test folder's); default DEFAULT_LEDGER. */
  defaultLedger?: string;
  /** The base ref the change was compared with, when one was given. */
  base?: string;
  /** The row a finding's id names: the change's, else the base's (a deleted row). */
  row: (id: string) => LedgerRow | undefined;
  /** The path is one the change adds: an agent's is given back by removing it. */
  isAdded?: (path: string) => boolean;
  /** What the report's agent findings give back (set by addFixes; decision/agent-fix.ts). */
  agent?: AgentRestore;
}

/** A word or path as the shell reads it back: bare when safe, else single-quoted. */
export function shellQuote(s: string): string {
  return /^[\w./:=@%+,-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

/** `--junit 'g' … [--collected c]`: the run, as the upkeep commands take it. */
export function runArgs(ctx: FixContext): string {
  const parts = ctx.junit.map((g) => `--junit ${shellQuote(g)}`);
  if (ctx.collected !== undefined) parts.push(`--collected ${shellQuote(ctx.collected)}`);
  return parts.join(' ');
}

/** The template filled in; undefined when it names a fact this finding does not have. */
function fill(template: string, f: Finding, ctx: FixContext): string | undefined {
  const row = f.id !== null ? ctx.row(f.id) : undefined;
  const facts: Record<string, string | undefined> = {
    id: f.id !== null ? shellQuote(f.id) : undefined,
    // A list or glob is its patterns, each quoted: `relock` and `git checkout` take them all.
    artifact:
      row?.artifact !== undefined
        ? goldenPatterns(row.artifact).map(shellQuote).join(' ')
        : undefined,
    seeds: row?.seeds !== undefined ? shellQuote(row.seeds) : undefined,
    module: f.file !== undefined ? shellQuote(f.file) : undefined,
    run: runArgs(ctx),
    L:
      ctx.ledger === (ctx.defaultLedger ?? DEFAULT_LEDGER)
        ? ''
        : ` --ledger ${shellQuote(ctx.ledger)}`,
    ledger: shellQuote(ctx.ledger),
    base: shellQuote(ctx.base ?? 'HEAD'),
    // The finding's own fix, which only its facts know (a workflow's line: draft-run.ts).
    own: f.fix,
  };
  let missing = false;
  const out = template.replace(/\$(\w+)/g, (_, name: string) => {
    const v = facts[name];
    if (v === undefined) missing = true;
    return v ?? '';
  });
  if (missing) return undefined;
  // An agent's edit is given back, never re-locked (agent-fix.ts).
  return guardFix(out.trim(), f, row?.artifact, ctx.agent, {
    ledger: ctx.ledger,
    base: ctx.base,
    isAdded: ctx.isAdded,
    quote: shellQuote,
  });
}

/** The command for one finding; undefined for a finding that needs no action. */
export function fixFor(f: Finding, ctx: FixContext): string | undefined {
  if (SEVERITY[f.result] < SEVERITY.review) return undefined;
  // No ledger at all: the next step is to freeze this run into one.
  if (f.rule === 'ledger-invalid' && f.message.startsWith(NO_LEDGER))
    return fill("ledger-gate init $run --owner '<who answers for it>'$L", f, ctx);
  const r = rule(f.rule);
  // A review made a reject by the team's setting (require-fail-to-pass): no approval clears it.
  if (f.result === 'reject' && r.result === 'review') return undefined;
  return r.fix === undefined ? undefined : fill(r.fix, f, ctx);
}

/** The one command for several findings shown as one entry: their shared fix, or the rule's. */
export function fixForMany(findings: readonly Finding[], ctx: FixContext): string | undefined {
  const first = findings[0];
  if (first === undefined) return undefined;
  const fixes = new Set(findings.map((f) => f.fix));
  if (fixes.size === 1) return first.fix;
  const many = rule(first.rule).fixMany;
  return many === undefined ? undefined : fill(many, first, ctx);
}

// A rename or a replaced test file is new tests with no row and old rows with no result:
// `update` does both at once, so when both kinds are there, both name it.
const UPKEEP: ReadonlySet<string> = new Set(['unclassified', 'classified-missing']);

/** Sets `fix` on every reject and review finding. */
export function addFixes(findings: Finding[], ctx: FixContext): void {
  ctx.agent = agentRestore(findings, ctx.ledger);
  const kinds = new Set(findings.filter((f) => UPKEEP.has(f.rule)).map((f) => f.rule));
  // Several new tests of one file are one entry with one command (`update`), in the JSON too.
  const newPerFile = new Map<string, number>();
  for (const f of findings)
    if (f.rule === 'unclassified' && f.id !== null) {
      const file = idPrefix(f.id);
      newPerFile.set(file, (newPerFile.get(file) ?? 0) + 1);
    }
  for (const f of findings) {
    // A fix only the finding's facts know (a workflow's line, a file to move) stands.
    if (f.fix !== undefined) continue;
    const many = rule(f.rule).fixMany;
    const grouped =
      (kinds.size > 1 && UPKEEP.has(f.rule)) ||
      (f.rule === 'unclassified' && f.id !== null && newPerFile.get(idPrefix(f.id))! > 1);
    const fix = grouped && many !== undefined ? fill(many, f, ctx) : fixFor(f, ctx);
    if (fix !== undefined) f.fix = fix;
  }
}
