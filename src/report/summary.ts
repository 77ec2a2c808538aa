// The Markdown summary (job summary, check run, `ledger-gate check --summary`): the decision
// first, the decision table with a count per rule, the notes, then the findings grouped by rule,
// most severe first. Everything that came from a test name or the ledger goes through escape.ts.
import { SEVERITY, rule, ruleOrder } from '../decision/table.js';
import type { Finding, Report, Result, RuleKey } from '../types.js';
import { cell, clip, code, codeCell, text } from './escape.js';
import { renderRulesTable } from './table-md.js';

export interface SummaryInput {
  report: Report;
  notes: string[];
  warnings?: { message: string; file: string; line: number }[];
}

export interface SummaryOptions {
  /** UTF-8 bytes. Default 1 MiB, GitHub's job summary limit; 65535 keeps a check run's summary/text within its character limit too. */
  maxBytes?: number;
  /** Heading at the top; default `ledger-gate`. */
  title?: string;
}

export const JOB_SUMMARY_MAX_BYTES = 1024 * 1024;

const MARK: Record<Result, string> = { reject: '❌', review: '⚠️', admit: '✅', info: 'ℹ️' };

/** One sentence that says what the decision means and what to do about it. */
function verdict(report: Report): string {
  const n = report.counts;
  const plural = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
  switch (report.decision) {
    case 'reject':
      return `${plural(n.reject, 'finding')} reject${n.reject === 1 ? 's' : ''} this change; fix them and re-run.`;
    case 'review':
      return (
        `${plural(n.review, 'finding')} need${n.review === 1 ? 's' : ''} a human review: an approving review ` +
        'on the head commit, from someone with write access who is neither the author nor an agent, admits them.'
      );
    default:
      return 'Every finding admits: the test evidence of this change is admissible.';
  }
}

function byRule(findings: Finding[]): { key: RuleKey; findings: Finding[] }[] {
  const groups = new Map<RuleKey, Finding[]>();
  for (const f of findings) {
    const list = groups.get(f.rule);
    if (list) list.push(f);
    else groups.set(f.rule, [f]);
  }
  // A loop, not Math.max(...list): spreading 100k+ findings overflows the call stack.
  const worst = (list: Finding[]) => {
    let w = -1;
    for (const f of list) w = Math.max(w, SEVERITY[f.result]);
    return w;
  };
  return [...groups.entries()]
    .map(([key, list]) => ({ key, findings: list }))
    .sort(
      (a, b) =>
        worst(b.findings) - worst(a.findings) ||
        SEVERITY[rule(b.key).result] - SEVERITY[rule(a.key).result] ||
        ruleOrder(a.key) - ruleOrder(b.key),
    );
}

function where(f: { file?: string; line?: number }): string {
  if (!f.file) return '';
  return codeCell(f.line ? `${f.file}:${f.line}` : f.file);
}

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Appends parts while they fit under the byte budget; what does not fit is counted, not shown. */
class Budget {
  private parts: string[] = [];
  private used = 0;
  constructor(private readonly max: number) {}
  /** True (and appended) when `s` plus `reserve` bytes still fits. */
  add(s: string, reserve = 0): boolean {
    const n = bytes(s);
    if (this.used + n + reserve > this.max) return false;
    this.parts.push(s);
    this.used += n;
    return true;
  }
  /** Appends regardless of the budget: only for text already reserved. */
  force(s: string): void {
    this.parts.push(s);
    this.used += bytes(s);
  }
  toString(): string {
    return this.parts.join('');
  }
}

// Room kept for the closing of an open group and the line that says what was cut.
const RESERVE = 600;

export function renderSummary(input: SummaryInput, opts: SummaryOptions = {}): string {
  const max = opts.maxBytes ?? JOB_SUMMARY_MAX_BYTES;
  const { report } = input;
  const warnings = input.warnings ?? [];
  const counts: Partial<Record<RuleKey, number>> = {};
  for (const f of report.findings) counts[f.rule] = (counts[f.rule] ?? 0) + 1;

  const c = report.counts;
  const head =
    `## ${MARK[report.decision]} ${text(opts.title ?? 'ledger-gate')}: ${report.decision}\n\n` +
    `${verdict(report)}\n\n` +
    `**${c.cases}** test case${c.cases === 1 ? '' : 's'} · **${c.reject}** reject · **${c.review}** review · ` +
    `**${c.admit}** admit · **${c.info}** info\n\n` +
    `### Decision table\n\n${renderRulesTable(counts)}\n`;

  const out = new Budget(max);
  if (!out.add(head, RESERVE)) {
    // Only a tiny budget gets here: keep the decision, drop the rest.
    return clipBytes(`## ${report.decision}\n\n${verdict(report)}\n`, max);
  }

  if (input.notes.length > 0) {
    out.add('### Notes\n\n', RESERVE);
    for (const note of input.notes) out.add(`- ${text(clip(note, 2000))}\n`, RESERVE);
    out.add('\n', RESERVE);
  }

  let warningsCut = 0;
  if (warnings.length > 0 && out.add('### Warnings\n\n', RESERVE)) {
    for (const [i, w] of warnings.entries()) {
      const line = `- ${code(`${w.file}:${w.line}`)} ${text(clip(w.message, 2000))}\n`;
      if (!out.add(line, RESERVE)) {
        warningsCut = warnings.length - i;
        break;
      }
    }
    out.add('\n', RESERVE);
  } else {
    warningsCut = warnings.length;
  }

  let findingsCut = 0;
  let full = false;
  if (report.findings.length > 0) out.add('### Findings\n\n', RESERVE);
  for (const group of byRule(report.findings)) {
    if (full) {
      findingsCut += group.findings.length;
      continue;
    }
    const r = rule(group.key);
    const approved = group.findings.filter((f) => f.approved_by).length;
    // Admitted and informational findings are folded away: they need no action.
    const folded = !group.findings.some((f) => f.result === 'reject' || f.result === 'review');
    // Inside an HTML block Markdown is not parsed, hence <code> in the folded heading.
    const key = folded ? `<code>${group.key}</code>` : `\`${group.key}\``;
    const title =
      `${MARK[r.result]} ${key} — ${r.result} · ${group.findings.length}` +
      (approved ? ` (${approved} admitted by approval)` : '');
    const open = folded
      ? `<details><summary>${title}</summary>\n\n`
      : `#### ${title}\n\n_${r.action}_\n\n`;
    const header =
      '| result | id | status | class | where | message |' +
      (approved ? ' approved by |' : '') +
      '\n|---|---|---|---|---|---|' +
      (approved ? '---|' : '') +
      '\n';
    const close = folded ? '\n</details>\n\n' : '\n';
    // Rows are rendered one at a time, only while they fit: a group may hold 100k findings.
    const row = (f: Finding) =>
      `| ${f.result} | ${codeCell(f.id)} | ${f.status ?? '—'} | ${f.class ?? '—'} | ${where(f)} | ${cell(f.accepts ? `${f.message}; an approval accepts ${f.accepts}` : f.message)} |` +
      (approved ? ` ${codeCell(f.approved_by)} |` : '') +
      '\n';
    const list = group.findings;
    if (!out.add(open + header + row(list[0]), RESERVE)) {
      full = true;
      findingsCut += list.length;
      continue;
    }
    let shown = 1;
    for (; shown < list.length; shown++) if (!out.add(row(list[shown]), RESERVE)) break;
    if (shown < list.length) {
      full = true;
      findingsCut += list.length - shown;
    }
    out.force(close);
  }

  if (findingsCut > 0 || warningsCut > 0) {
    const what = [
      findingsCut > 0 ? `${findingsCut} of ${report.findings.length} findings` : '',
      warningsCut > 0 ? `${warningsCut} of ${warnings.length} warnings` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    out.force(
      `> **Cut to stay under ${max} bytes:** ${what} not shown here. ` +
        'The JSON report holds every finding.\n',
    );
  }
  return out.toString();
}

/** The longest prefix of `s` within `max` UTF-8 bytes, cut between code points. */
export function clipBytes(s: string, max: number): string {
  if (bytes(s) <= max) return s;
  let used = 0;
  let end = 0;
  for (const ch of s) {
    const n = bytes(ch);
    if (used + n > max) break;
    used += n;
    end += ch.length;
  }
  return s.slice(0, end);
}
