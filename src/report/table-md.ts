// The decision table of CONTRACT.md §3 as Markdown, rendered from RULES: the README's table
// and the job summary's come from the same rows as decide(), so they cannot drift apart.
import {
  DEFAULT_DRAFT_PATHS,
  DEFAULT_HARNESS_PATHS,
  DEFAULT_TEST_PATHS,
  LOCKFILES,
  type PathEntry,
} from '../decision/evidence-paths.js';
import { RULES } from '../decision/table.js';
import { CANNOT_STOP, DISTRUSTS, TRUSTS } from '../decision/threat-model.js';
import type { RuleKey } from '../types.js';

// RULES is our own text, not input: only a pipe could break a row.
const plain = (s: string): string => s.replace(/\|/g, '\\|');

/**
 * `| rule | signal | class | result | human action |`, one row per rule in table order.
 * With `counts`, a last `count` column holds the number of findings of each rule; with
 * `matchedOnly`, only the rules whose count is not zero are rows.
 */
export function renderRulesTable(
  counts?: Partial<Record<RuleKey, number>>,
  opts: { matchedOnly?: boolean } = {},
): string {
  const head = ['rule', 'signal', 'class', 'result', 'human action'];
  if (counts) head.push('count');
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of RULES) {
    // The summary lists only the rules that matched (its size is bounded; docs have the rest).
    if (opts.matchedOnly && !counts?.[r.key]) continue;
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

/**
 * The README's threat model: what the gate trusts and does not, the trick each rule stops
 * (rules that only admit or inform stop none and are left out), and what it cannot stop.
 */
export function renderThreatModel(): string {
  const list = (items: readonly string[]) => items.map((i) => `- ${i}\n`).join('');
  const rows = RULES.filter((r) => !r.stops.startsWith('nothing')).map(
    (r) => `| \`${r.key}\` | ${r.result} | ${plain(r.stops)} |`,
  );
  return (
    '**What the gate trusts**, because a pull request cannot change it before it is judged:\n\n' +
    list(TRUSTS) +
    '\n**What it does not trust: anything the change ships.**\n\n' +
    list(DISTRUSTS) +
    '\n**The trick each rule stops:**\n\n' +
    '| rule | result | the trick it stops |\n|---|---|---|\n' +
    rows.join('\n') +
    '\n\n**What it cannot stop:**\n\n' +
    list(CANNOT_STOP)
  );
}

/** docs/evidence-paths.md's lists: each default path set, an entry a row with its source. */
export function renderEvidencePaths(): string {
  const table = (entries: readonly PathEntry[]) =>
    '| path | runner | source |\n|---|---|---|\n' +
    entries
      .map(
        (e) =>
          `| ${e.shown ? plain(e.shown) : `\`${e.glob}\``} | ${plain(e.runner)} | ${plain(e.source)} |`,
      )
      .join('\n') +
    '\n';
  return (
    '### Test paths (`--test-paths`, `test-paths`)\n\n' +
    "Besides these, every file that holds a ledger row's test, its artifact and its seed files.\n\n" +
    table(DEFAULT_TEST_PATHS) +
    '\n### Harness paths (`--harness-paths`, `harness-paths`)\n\n' +
    table(DEFAULT_HARNESS_PATHS) +
    '\n### Draft paths (`--draft-paths`, `draft-paths`)\n\n' +
    DEFAULT_DRAFT_PATHS.map((g) => `- \`${g}\`\n`).join('') +
    '\n### Lockfiles a bot may update (review, when listed in the harness paths)\n\n' +
    LOCKFILES.map((g) => `- \`${g}\`\n`).join('')
  );
}
