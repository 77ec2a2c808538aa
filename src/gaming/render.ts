// docs/gaming-shapes.md's table, rendered from SHAPES (`ledger-gate rules --gaming`;
// scripts/sync-readme.mjs writes it between the page's `shapes` markers).
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

export function renderGamingShapes(): string {
  const out = [
    '| shape | languages | looks for | the trick it stops | source |',
    '|---|---|---|---|---|',
  ];
  for (const s of SHAPES) {
    const langs = [...new Set(s.patterns.flatMap((p) => p.languages))].map((l) => NAMES[l]);
    out.push(
      `| \`${s.id}\` | ${langs.join(', ')} | ${plain(s.what)} | ${plain(s.stops)} | ${plain(s.source)} |`,
    );
  }
  out.push('');
  for (const s of SHAPES) {
    out.push(
      `### \`${s.id}\``,
      '',
      '| language | needle | then the line matches | unless |',
      '|---|---|---|---|',
    );
    for (const p of s.patterns) {
      const re = p.re
        ? code(p.re.source) + (p.next ? ` and the next added line ${code(p.next.source)}` : '')
        : '';
      out.push(
        `| ${p.languages.map((l) => NAMES[l]).join(', ')} | ${code(p.needle)} | ${re} | ${p.unless ? code(p.unless) : ''} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}
