// docs/gaming-shapes.md's table, rendered from SHAPES (`ledger-gate rules --gaming`;
// scripts/sync-readme.mjs writes it between the page's `shapes` markers).
import type { RuleFamily } from '../code/language.js';
import { RULES } from '../code/scan.js';
import { SHAPES, type Language } from './shapes.js';

const plain = (s: string): string => s.replace(/\|/g, '\\|');
/** A code span that holds any text: `` x `` with its pipes escaped for a table cell. */
const code = (s: string): string => `\`\` ${s.replace(/\|/g, '\\|')} \`\``;
const NAMES: Record<Language, string> = {
  python: 'Python',
  js: 'JS/TS',
  go: 'Go',
  java: 'Java/Kotlin',
  ruby: 'Ruby',
};

/** The parser's rule files, as the docs name their languages. */
const PARSED: readonly (readonly [string, RuleFamily])[] = [
  ['Python', 'python'],
  ['JS/TS', 'js'],
  ['Go', 'go'],
  ['Java', 'java'],
  ['Ruby', 'ruby'],
];

export function renderGamingShapes(): string {
  const out = [
    '| shape | languages | looks for | the trick it stops | source |',
    '|---|---|---|---|---|',
  ];
  const parsed = (id: string) =>
    PARSED.filter(([, f]) => RULES[f].some((r) => r.shape === id)).map(([l]) => `${l} (parser)`);
  for (const s of SHAPES) {
    const langs = [
      ...[...new Set(s.patterns.flatMap((p) => p.languages))].map((l) => NAMES[l]),
      ...parsed(s.id),
    ];
    out.push(
      `| \`${s.id}\` | ${langs.join(', ')} | ${plain(s.what)} | ${plain(s.stops)} | ${plain(s.source)} |`,
    );
  }
  out.push('');
  for (const s of SHAPES) {
    out.push(`### \`${s.id}\``, '');
    if (s.patterns.length > 0)
      out.push('| language | needle | then the line matches | unless |', '|---|---|---|---|');
    for (const p of s.patterns) {
      const re = p.re
        ? code(p.re.source) + (p.next ? ` and the next added line ${code(p.next.source)}` : '')
        : '';
      out.push(
        `| ${p.languages.map((l) => NAMES[l]).join(', ')} | ${code(p.needle)} | ${re} | ${p.unless ? code(p.unless) : ''} |`,
      );
    }
    const rules = PARSED.flatMap(([l, f]) => RULES[f].map((r) => [l, r] as const)).filter(
      ([, r]) => r.shape === s.id,
    );
    if (rules.length > 0) {
      if (s.patterns.length > 0) out.push('');
      out.push('| parser rule | language | catches |', '|---|---|---|');
      for (const [l, r] of rules) out.push(`| \`${r.id}\` | ${l} | ${plain(r.what)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
