// The decision table of CONTRACT.md §3 as Markdown, rendered from RULES: the README's table
// and the job summary's come from the same rows as decide(), so they cannot drift apart.
import { RULES } from '../decision/table.js';
import type { RuleKey } from '../types.js';

// RULES is our own text, not input: only a pipe could break a row.
const plain = (s: string): string => s.replace(/\|/g, '\\|');

/**
 * `| rule | signal | class | result | human action |`, one row per rule in table order.
 * With `counts`, a last `count` column holds the number of findings of each rule.
 */
export function renderRulesTable(counts?: Partial<Record<RuleKey, number>>): string {
  const head = ['rule', 'signal', 'class', 'result', 'human action'];
  if (counts) head.push('count');
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of RULES) {
    const cells = [`\`${r.key}\``, plain(r.signal), plain(r.class), r.result, plain(r.action)];
    if (counts) {
      const n = counts[r.key] ?? 0;
      // Bold a count that is not zero, so the rows that fired stand out.
      cells.push(n > 0 ? `**${n}**` : '0');
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n') + '\n';
}
