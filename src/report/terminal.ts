// The short report `ledger-gate check` prints by default: the decision and what it means, the
// counts (test cases by status, findings by result, rules matched), the findings that reject
// or ask for review (a golden's as one entry), the notes. Plain lines, made inert for a
// workflow log (neutralise, forLog); colour only when asked (a terminal without NO_COLOR).
import { rule } from '../decision/table.js';
import type { Finding, Result } from '../types.js';
import { agentChangesLines } from './agent-changes.js';
import { clip, forLog, neutralise } from './escape.js';
import { countLines, groupFindings, type Entry } from './groups.js';
import { verdict, type SummaryInput } from './summary.js';

export interface TerminalOptions {
  color?: boolean;
  /** Entries (a finding, or a golden's findings) listed before the rest are counted. */
  maxEntries?: number;
  /** Test ids listed under a golden. */
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
    ledger ? (id) => ledger.byId.get(id)?.artifact : undefined,
  );
  const counts = countLines(report.counts, report.findings.length, input.tests);
  const out: string[] = [
    `${paint(report.decision, paint('bold', report.decision))}: ${verdict(report)}`,
    `  ${counts.cases}`,
    `  ${counts.findings}`,
  ];
  if (groups.length > 0)
    out.push(`  rules matched: ${groups.map((g) => `${g.key} ${g.count}`).join(' · ')}`);
  const touched = agentChangesLines(report.agentChanges);
  if (touched.length > 0) out.push('', ...touched);

  const place = (f: { file?: string; line?: number }) =>
    f.file ? neutralise(f.line ? `${f.file}:${f.line}` : f.file) : '';
  const line = (e: Entry): string[] => {
    const f: Finding = e.findings[0];
    const said = f.accepts ? `${f.message}; an approval accepts ${f.accepts}` : f.message;
    const message = `    ${neutralise(clip(said, 500))}`;
    if (e.artifact !== undefined) {
      const n = e.findings.length;
      const ids = e.findings
        .slice(0, perGolden)
        .map((x) => `    ${neutralise(clip(x.id ?? '', 300))}  ${paint('dim', place(x))}`);
      if (n > perGolden) ids.push(`    … and ${n - perGolden} more`);
      return [
        `  golden ${neutralise(e.artifact)}: ${n} test${n === 1 ? '' : 's'}`,
        message,
        ...ids,
      ];
    }
    const what = [f.status, f.class].filter(Boolean).join(', ');
    const head = [
      f.id ? neutralise(clip(f.id, 300)) : '',
      what ? `(${what})` : '',
      paint('dim', place(f)),
    ];
    return [`  ${head.filter(Boolean).join(' ')}`, message];
  };

  let shown = 0;
  let left = 0;
  for (const g of groups.filter((x) => x.acting)) {
    const r = rule(g.key);
    const entries = g.entries.filter((e) => e.result === 'reject' || e.result === 'review');
    if (shown >= maxEntries) {
      for (const e of entries) left += e.findings.length;
      continue;
    }
    out.push('', `${paint(r.result, r.result)} ${g.key} · ${g.count} — ${r.action}`);
    for (const e of entries) {
      if (shown >= maxEntries) left += e.findings.length;
      else {
        out.push(...line(e));
        shown++;
      }
    }
  }
  if (left > 0)
    out.push(
      '',
      `… and ${left} more finding${left === 1 ? '' : 's'}: --summary FILE or --json FILE lists every one`,
    );
  if (input.notes.length > 0) out.push('');
  for (const note of input.notes) out.push(`note: ${neutralise(note)}`);
  // Each piece of input was made one visible line; no line may read as a workflow command.
  return forLog(out.join('\n') + '\n');
}
