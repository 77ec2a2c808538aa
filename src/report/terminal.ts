// The short report `ledger-gate check` prints by default: the decision and what it means, the
// counts (test cases by status, findings by result, rules matched), the findings that reject
// or ask for review (one file's as one entry), each with the command that resolves it, the
// notes. Plain lines, made inert for a workflow log (neutralise, forLog); colour only when
// asked (a terminal without NO_COLOR).
import { fixForMany } from '../decision/fix.js';
import { testChangesOf } from '../decision/test-changes.js';
import { rowFor } from '../ledger/file-rows.js';
import { goldenLabel } from '../ledger/golden-set.js';
import type { Finding, Result } from '../types.js';
import { agentChangesLines } from './agent-changes.js';
import { pairingText } from './pairing.js';
import { entriesLine } from './headline.js';
import { clip, forLog, neutralise } from './escape.js';
import {
  countLines,
  entryAccepts,
  groupFindings,
  shortDigests,
  type Entry,
  type RuleGroup,
} from './groups.js';
import type { SummaryInput } from './summary.js';
import { actionOf, clearBlock, commandLine, whySentence } from './top.js';
import { findingTotal } from '../decision/admits.js';

export interface TerminalOptions {
  color?: boolean;
  /**
   * Entries (a finding, or one file's findings) listed before the rest are counted; shared
   * out among the rules, so every rule gets its lines before any rule's tail is cut.
   */
  maxEntries?: number;
  /** Test ids listed under a file's entry. */
  idsPerGolden?: number;
}

const SGR: Record<Result | 'bold' | 'dim', string> = {
  reject: '31', // red
  review: '33', // yellow
  admit: '32', // green
  info: '36', // cyan
  bold: '1',
  dim: '2',
};

export function renderTerminal(input: SummaryInput, opts: TerminalOptions = {}): string {
  const paint = (style: keyof typeof SGR, s: string) =>
    opts.color ? `\u001b[${SGR[style]}m${s}\u001b[0m` : s;
  const maxEntries = opts.maxEntries ?? 30;
  const perGolden = opts.idsPerGolden ?? 3;
  const { report } = input;
  const ledger = input.ledger;
  const groups = groupFindings(
    report.findings,
    ledger ? (id) => rowFor(ledger, id)?.artifact : undefined,
    report.admits,
  );
  const counts = countLines(report.counts, findingTotal(report), input.tests);
  const actingGroups = groups.filter((g) => g.acting);
  // The decision and why, then the one block of commands, before anything else (top.ts).
  const top = clearBlock(report, actingGroups, input.fix);
  const out: string[] = [
    `${paint(report.decision, paint('bold', report.decision))}: ${whySentence(report, actingGroups, top !== undefined)}`,
  ];
  if (top !== undefined) {
    out.push(`  ${top.lead}`);
    for (const c of top.commands) out.push(`    ${commandLine(clip(c, 1000))}`);
    if (top.cut > 0) out.push(`    # and ${top.cut} more under their rules below`);
  }
  for (const r of ['reject', 'review'] as const) {
    const said = entriesLine(groups, r);
    if (said !== undefined) out.push(`  ${neutralise(said)}`);
  }
  out.push(`  ${counts.cases}`, `  ${counts.findings}`);
  if (groups.length > 0)
    out.push(`  rules matched: ${groups.map((g) => `${g.key} ${g.count}`).join(' · ')}`);
  const touched = agentChangesLines(report.agentChanges);
  if (touched.length > 0) out.push('', ...touched);

  // One line per distinct command: a fix already printed (at the top too) is not printed again.
  const printed = new Set<string>();
  const fixOnce = (fix: string | undefined, lead: string): string[] => {
    if (fix === undefined || printed.has(fix) || top?.covers(fix)) return [];
    printed.add(fix);
    return [`${lead}${neutralise(clip(fix, 500))}`];
  };
  const place = (f: { file?: string; line?: number }) =>
    f.file ? neutralise(f.line ? `${f.file}:${f.line}` : f.file) : '';
  const line = (e: Entry): string[] => {
    const f: Finding = e.findings[0];
    const accepts = entryAccepts(e);
    const pair = pairingText(e.findings);
    const plain = accepts ? `${f.message}; an approval accepts ${accepts}` : f.message;
    const said = pair ? `${plain} (base run: ${pair})` : plain;
    const message = `    ${neutralise(clip(shortDigests(said), 500))}`;
    const moved = testChangesOf(report.test_changes, e.artifact);
    const movedLine = moved === undefined ? [] : [`    tests: ${neutralise(clip(moved, 500))}`];
    const fix = input.fix ? fixForMany(e.findings, input.fix) : f.fix;
    const fixLine = fixOnce(fix, '    fix: ');
    // A golden's entry names its golden even for one test; another file's, from two tests on.
    if (e.artifact !== undefined && (e.label === 'golden' || e.findings.length > 1)) {
      const n = e.findings.length;
      const ids = e.findings
        .slice(0, perGolden)
        .map((x) => `    ${neutralise(clip(x.id ?? '', 300))}  ${paint('dim', place(x))}`);
      if (n > perGolden) ids.push(`    … and ${n - perGolden} more`);
      return [
        `  ${e.label ?? 'golden'} ${neutralise(goldenLabel(e.artifact))}: ${n} test${n === 1 ? '' : 's'}`,
        message,
        ...movedLine,
        ...ids,
        ...fixLine,
      ];
    }
    const what = [f.status, f.class].filter(Boolean).join(', ');
    const head = [
      f.id ? neutralise(clip(f.id, 300)) : '',
      what ? `(${what})` : '',
      paint('dim', place(f)),
    ];
    return [`  ${head.filter(Boolean).join(' ')}`, message, ...movedLine, ...fixLine];
  };

  const acting = groups
    .filter((x) => x.acting)
    .map((g) => ({
      g,
      entries: g.entries.filter((e) => e.result === 'reject' || e.result === 'review'),
    }));
  const quota = shareOut(
    acting.map((a) => a.entries.length),
    maxEntries,
  );
  let left = 0;
  for (const [i, { g, entries }] of acting.entries()) {
    out.push(
      '',
      `${paint(g.worst, g.worst)} ${g.key} · ${g.count} — ${actionOf(g, input.fix, top)}`,
    );
    const listed = entries.slice(0, quota[i]);
    // Entries that share one command (28 unmapped cases) list it once, after them.
    const shared = listed.length > 1 ? sharedFix(listed, input) : undefined;
    const sharedLine =
      shared !== undefined ? fixOnce(shared, `  fix for all ${listed.length}: `) : [];
    for (const e of listed) out.push(...line(e));
    out.push(...sharedLine);
    const cut = countFindings(entries.slice(quota[i]));
    if (cut > 0) {
      left += cut;
      out.push(`  … and ${cut} more ${g.key} finding${cut === 1 ? '' : 's'}${manyFix(g, input)}`);
    }
  }
  if (left > 0)
    out.push(
      '',
      `${left} finding${left === 1 ? '' : 's'} not listed: --summary FILE or --json FILE lists every one`,
    );
  if (input.notes.length > 0) out.push('');
  for (const note of input.notes) out.push(`note: ${neutralise(note)}`);
  // Each piece of input was made one visible line; no line may read as a workflow command.
  return forLog(out.join('\n') + '\n');
}

/**
 * How many entries each group lists, `max` in all: one each in turn, so that every group
 * gets its lines before any group's tail (a rule with 70 entries does not hide the next).
 */
export function shareOut(sizes: readonly number[], max: number): number[] {
  const out = sizes.map(() => 0);
  let given = 0;
  for (let more = true; more && given < max;) {
    more = false;
    for (let i = 0; i < sizes.length && given < max; i++) {
      if (out[i] < sizes[i]) {
        out[i]++;
        given++;
        more = true;
      }
    }
  }
  return out;
}

function countFindings(entries: readonly Entry[]): number {
  let n = 0;
  for (const e of entries) n += e.findings.length;
  return n;
}

/** The one command every listed entry has, when they share one. */
function sharedFix(entries: readonly Entry[], input: SummaryInput): string | undefined {
  let shared: string | undefined;
  for (const e of entries) {
    const fix = input.fix ? fixForMany(e.findings, input.fix) : e.findings[0].fix;
    if (fix === undefined || (shared !== undefined && fix !== shared)) return undefined;
    shared = fix;
  }
  return shared;
}

/** `: ledger-gate update …` when one command resolves every finding of the group. */
function manyFix(g: RuleGroup, input: SummaryInput): string {
  const all = g.entries.flatMap((e) => e.findings);
  const fix = input.fix ? fixForMany(all, input.fix) : undefined;
  return fix ? `; for all of them: ${neutralise(clip(fix, 500))}` : '';
}
