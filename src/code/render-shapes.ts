// docs/gaming-shapes.md's table, rendered from the shapes and the parser's rules
// (`ledger-gate rules --gaming`; scripts/sync-readme.mjs writes it between the page's
// `shapes` markers): each shape, the languages a rule reads it in, and its rules.
import { DRAFT_RULES, RULES } from './scan.js';
import { SHAPES } from './shapes.js';
import type { CodeRule } from './rule.js';

const plain = (s: string): string => s.replace(/\|/g, '\\|');
const NAMES: Record<string, string> = {
  python: 'Python',
  js: 'JS/TS',
  go: 'Go',
  java: 'Java',
  ruby: 'Ruby',
};
const nameOf = (family: string) => NAMES[family] ?? family;

export function renderGamingShapes(): string {
  const sets: [string, CodeRule][] = [
    ...Object.entries(RULES).flatMap(([f, rs]) =>
      rs.map((r) => [nameOf(f), r] as [string, CodeRule]),
    ),
    ...Object.entries(DRAFT_RULES).flatMap(([f, rs]) =>
      rs.map((r) => [`${nameOf(f)} drafts`, r] as [string, CodeRule]),
    ),
  ];
  const out = [
    '| shape | languages | looks for | the trick it stops | source |',
    '|---|---|---|---|---|',
  ];
  for (const s of SHAPES) {
    const langs = [...new Set(sets.filter(([, r]) => r.shape === s.id).map(([l]) => l))];
    out.push(
      `| \`${s.id}\` | ${langs.join(', ')} | ${plain(s.what)} | ${plain(s.stops)} | ${plain(s.source)} |`,
    );
  }
  out.push('');
  for (const s of SHAPES) {
    out.push(`### \`${s.id}\``, '', '| parser rule | language | catches |', '|---|---|---|');
    for (const [l, r] of sets.filter(([, r]) => r.shape === s.id))
      out.push(`| \`${r.id}\` | ${l} | ${plain(r.what)} |`);
    out.push('');
  }
  return out.join('\n');
}
