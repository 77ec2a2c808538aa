// The top of every report people read (summary, check run, terminal): the decision, one plain
// sentence of why, and one block of the commands that clear what can be cleared, before any
// table. An agent's edits are given back by one restore of every path they touched; a human's
// upkeep by the report's one `ledger-gate update`; otherwise each distinct command once.
import { restoreCommand } from '../decision/agent-fix.js';
import { NO_LEDGER, fixForMany, shellQuote, type FixContext } from '../decision/fix.js';
import { rule } from '../decision/table.js';
import type { Report, RuleKey } from '../types.js';
import { neutralise } from './escape.js';
import { ROOT_CAUSES, idFile, type Entry, type RuleGroup } from './groups.js';

/** Commands shown in the block, and their bytes; the rest are named under their rules. */
const MAX_COMMANDS = 5;
const MAX_BLOCK_BYTES = 2000;

/** What the report's one command is, said the same way in the summary and the terminal. */
export const ONE_FIX = 'one command brings the ledger level with this change';

export interface ClearBlock {
  /** One sentence: what the commands do. */
  lead: string;
  commands: string[];
  /** Distinct commands of the findings that the block does not hold (too many to show). */
  cut: number;
  /** Every command the block covers, a restore of an agent path included: not repeated below. */
  covers: (cmd: string) => boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A restore of the base's files (`git checkout BASE -- …`, `git rm … --`): one part of a fix. */
const isRestore = (part: string) => /^git (checkout|rm) /.test(part);

/** The fix of an entry as the tables show it: one command for its findings. */
export function entryFix(e: Entry, ctx: FixContext | undefined): string | undefined {
  return ctx ? fixForMany(e.findings, ctx) : e.findings[0].fix;
}

/** The paths an agent's commits changed that the report gives back (decision/agent-fix.ts). */
function agentPaths(ctx: FixContext | undefined): string[] {
  const agent = ctx?.agent;
  if (!ctx || !agent) return [];
  return [...agent.paths, ...(agent.ledger ? [ctx.ledger] : [])];
}

export function clearBlock(
  report: Report,
  acting: readonly RuleGroup[],
  ctx: FixContext | undefined,
): ClearBlock | undefined {
  if (report.decision === 'admit') return undefined;
  const fixes: string[] = [];
  // A broken run's root cause comes first and alone: the rows it leaves without a result are
  // not dropped at the top (groups.ts ROOT_CAUSES).
  const causes = acting.filter((g) => ROOT_CAUSES.includes(g.key));
  const from = causes.length > 0 ? causes : acting;
  // The first entries of each rule: a rule of 100,000 entries is not scanned whole.
  for (const g of from)
    for (const e of g.entries.slice(0, 500)) {
      if (e.result !== 'reject' && e.result !== 'review') continue;
      const f = entryFix(e, ctx);
      if (f !== undefined && !fixes.includes(f)) fixes.push(f);
    }
  const restore = agentPaths(ctx);
  if (report.fix !== undefined) {
    const one = report.fix;
    return {
      lead: `${cap(ONE_FIX)}; commit what it writes:`,
      commands: [one],
      cut: 0,
      covers: (c) => c === one,
    };
  }
  const shown: string[] = [];
  let lead: string;
  if (ctx && restore.length > 0) {
    const all = restoreCommand(restore, {
      ledger: ctx.ledger,
      base: ctx.base,
      isAdded: ctx.isAdded,
      quote: shellQuote,
    });
    shown.push(all);
    lead = `Restore what the agent's commits changed (${plural(restore.length, 'file')}), then commit and push:`;
  } else if (causes.length > 0) {
    lead =
      'Start with the root cause, from the repository root (the findings below may follow from it):';
  } else if (report.decision === 'review') {
    lead =
      'Who can admit it: a reviewer with write access, neither the author nor an agent, approving the pull request on its head commit:';
  } else {
    lead = 'These commands clear it, from the repository root; commit what they write:';
  }
  // The rest of each fix, with the restores the first command already does taken out.
  const rest = (f: string) =>
    restore.length > 0
      ? f
          .split(' && ')
          .filter((p) => !isRestore(p))
          .join(' && ')
      : f;
  let bytes = shown.reduce((n, c) => n + Buffer.byteLength(c) + 1, 0);
  let cut = 0;
  const taken = new Set<string>();
  for (const f of fixes) {
    const r = rest(f);
    if (r === '' || taken.has(r)) continue;
    taken.add(r);
    const n = Buffer.byteLength(r) + 1;
    if (shown.length >= MAX_COMMANDS || bytes + n > MAX_BLOCK_BYTES) {
      cut++;
      continue;
    }
    shown.push(r);
    bytes += n;
  }
  if (shown.length === 0) return undefined;
  const inBlock = new Set(shown);
  return {
    lead,
    commands: shown,
    cut,
    covers: (c) => inBlock.has(c) || rest(c) === '' || inBlock.has(rest(c)),
  };
}

/**
 * A command as one line that runs as it is: `promote X   (or: drop X)` and `…   (then pass
 * --collected c)` say their aside as a shell comment.
 */
export function commandLine(c: string): string {
  return neutralise(c).replace(/ {3}\((or|then)(:?) (.*)\)$/, '   # $1$2 $3');
}

/** The commands as a fenced block no line of them can close, each one line (never wrapped). */
export function commandFence(commands: readonly string[]): string {
  const lines = commands.map(commandLine);
  let longest = 2;
  for (const l of lines)
    for (const run of l.match(/`+|~+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}sh\n${lines.join('\n')}\n${fence}\n`;
}

/** Short words for the rules a reject is most often about; the rest say their signal. */
const REASONS: Partial<Record<RuleKey, (entries: number, tests: number) => string>> = {
  'fixture-digest-mismatch': (e) =>
    `${plural(e, 'locked file or golden', 'locked files or goldens')} changed while ${e === 1 ? 'its ledger row' : 'their ledger rows'} did not`,
  unclassified: (_, t) => `${plural(t, 'test')} ${t === 1 ? 'has' : 'have'} no ledger row`,
  'classified-missing': (_, t) =>
    `${plural(t, 'classified test')} ${t === 1 ? 'has' : 'have'} no result in any report`,
  'classified-fail': (_, t) => `${plural(t, 'classified test')} ${t === 1 ? 'fails' : 'fail'}`,
  'classified-skip': (_, t) =>
    `${plural(t, 'classified test')} ${t === 1 ? 'skips' : 'skip'} with no reason on ${t === 1 ? 'its' : 'their'} row`,
  'draft-pass': (_, t) =>
    `${plural(t, "agent's draft")} ${t === 1 ? 'passes' : 'pass'} and ${t === 1 ? 'awaits' : 'await'} a human's promotion`,
  'quarantine-removed': (_, t) =>
    `${plural(t, 'quarantined test')} ${t === 1 ? 'is' : 'are'} missing from the reports or ${t === 1 ? 'skips' : 'skip'} for another reason`,
  'flaky-pass': (_, t) => `${plural(t, 'test')} passed only on a rerun`,
  'fixture-missing': (e) =>
    `${plural(e, 'golden')} ${e === 1 ? 'is' : 'are'} missing or unreadable`,
  'production-golden-no-bump': (_, t) =>
    `a golden changed with production code while its ${t === 1 ? 'row' : 'rows'} kept the old digest`,
  'report-invalid': () => 'a test report could not be used',
  'collection-error': () => 'a test module could not be collected',
  'ledger-invalid': () => 'the ledger is not valid',
};

/**
 * What the agent's commits changed in words: `2 test files and the ledger`. A test file
 * locked to its own bytes is a golden to the evidence rules, and a test file to a reader.
 */
function agentWhat(report: Report, acting: readonly RuleGroup[]): string | undefined {
  const testFiles = new Set<string>();
  for (const g of acting)
    for (const e of g.entries.slice(0, 500)) {
      const file = idFile(e.findings[0].id);
      if (file !== undefined) testFiles.add(file);
    }
  const kinds = new Map<string, number>();
  for (const c of report.agentChanges ?? []) {
    const kind = c.kind === 'goldens' && testFiles.has(c.path) ? 'tests' : c.kind;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const parts: string[] = [];
  const tests = kinds.get('tests') ?? 0;
  const goldens = kinds.get('goldens') ?? 0;
  const harness = kinds.get('harness') ?? 0;
  if (tests) parts.push(plural(tests, 'test file'));
  if (goldens) parts.push(plural(goldens, 'golden'));
  if (harness) parts.push(plural(harness, 'harness file'));
  if (kinds.get('ledger')) parts.push('the ledger');
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const AGENT_RULES: ReadonlySet<RuleKey> = new Set([
  'agent-test-edit',
  'agent-harness-edit',
  'ledger-agent-edit',
]);

/**
 * The decision's one plain sentence of why (the summary's and the terminal's first line). A
 * review says who can act on it, unless the block of commands under it (`block`) says so.
 */
export function whySentence(report: Report, acting: readonly RuleGroup[], block = false): string {
  if (report.decision === 'admit')
    return 'Every finding admits: the test evidence of this change is admissible.';
  if (report.decision === 'review') {
    const n = report.counts.review;
    if (block)
      return `${plural(n, 'finding')} need${n === 1 ? 's' : ''} a human review before this change is admitted.`;
    return (
      `${plural(n, 'finding')} need${n === 1 ? 's' : ''} a human review: a reviewer with write access, ` +
      'who is neither the author nor an agent, approves the pull request on its head commit, and that admits them.'
    );
  }
  const rejects = acting.filter((g) => g.entries.some((e) => e.result === 'reject'));
  const agent = rejects.some((g) => AGENT_RULES.has(g.key)) ? agentWhat(report, acting) : undefined;
  if (agent !== undefined) {
    const skips = skippedBy(rejects);
    return (
      `An agent's commits changed ${agent}, which only a human may change` +
      (skips > 0 ? ` (${plural(skips, 'test')} now ${skips === 1 ? 'skips' : 'skip'})` : '') +
      '.'
    );
  }
  const first = rejects[0];
  if (first === undefined) return `${plural(report.counts.reject, 'finding')} reject this change.`;
  if (first.key === 'ledger-invalid' && first.entries[0].findings[0].message.startsWith(NO_LEDGER))
    return 'There is no ledger yet: `ledger-gate init` freezes this run into one.';
  const entries = first.entries.filter((e) => e.result === 'reject');
  const tests = entries.reduce((n, e) => n + e.findings.length, 0);
  const said =
    REASONS[first.key]?.(entries.length, tests) ??
    `${plural(tests, 'finding')} of \`${first.key}\` (${rule(first.key).signal})`;
  const more = rejects.length - 1;
  return `${cap(said)}${more > 0 ? `, and ${plural(more, 'more rule')} below` : ''}.`;
}

/** Tests among the reject findings that skip: an agent's added skip, named as one. */
function skippedBy(groups: readonly RuleGroup[]): number {
  const ids = new Set<string>();
  for (const g of groups)
    for (const e of g.entries)
      for (const f of e.findings) if (f.status === 'skip' && f.id !== null) ids.add(f.id);
  return ids.size;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The rule's human action, or, when every entry's command gives back an agent's edit, that
 * plainly: an agent's deleted or skipped test is restored, never dropped from the ledger.
 */
export function actionOf(
  g: RuleGroup,
  fix: FixContext | undefined,
  top: ClearBlock | undefined,
): string {
  const restores =
    fix?.agent !== undefined &&
    g.entries.slice(0, 50).every((e) => {
      const c = entryFix(e, fix);
      return c !== undefined && /^git (checkout|rm) /.test(c) && !c.includes('ledger-gate');
    });
  if (!restores) return rule(g.key).action;
  return top?.commands[0]?.startsWith('git ')
    ? "an agent's commits made this: the command at the top restores it; a human makes the edit if it is meant"
    : "an agent's commits made this: restore it (the command below); a human makes the edit if it is meant";
}
