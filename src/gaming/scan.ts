// The gaming-shape scanner (pure): the lines an agent's commit adds, against SHAPES. One pass
// over the lines; per line, each pattern of its language costs one indexOf and, when the needle
// is there, one bounded regular expression: linear in the added text, whatever it holds.
import type { AddedLine } from './diff.js';
import { SHAPES, languageOf, type Language, type ShapePattern } from './shapes.js';

export interface GamingHit {
  shape: string;
  path: string;
  line: number;
}

interface Compiled {
  shape: string;
  p: ShapePattern;
}

/** The patterns of each language, compiled once. */
const BY_LANGUAGE = new Map<Language, Compiled[]>();
for (const s of SHAPES)
  for (const p of s.patterns)
    for (const l of p.languages) {
      const list = BY_LANGUAGE.get(l) ?? [];
      list.push({ shape: s.id, p });
      BY_LANGUAGE.set(l, list);
    }

/** A whole-line comment: it runs nothing. */
function isComment(text: string, lang: Language): boolean {
  let i = 0;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  const c = text[i];
  if (lang === 'python' || lang === 'ruby') return c === '#';
  return (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) || c === '*';
}

interface Pending {
  path: string;
  line: number;
  wants: Compiled[];
}

export interface ScanOptions {
  /** Literals that name where this run's reports go (from its report globs): `report-write`. */
  reportNeedles?: readonly string[];
}

/**
 * Every shape an added line matches, once per shape and line, in the lines' order. The lines
 * of one file come in ascending order (as a diff gives them); a two-line pattern's second line
 * must be the very next added line.
 */
export function scanAddedLines(lines: Iterable<AddedLine>, o: ScanOptions = {}): GamingHit[] {
  const hits: GamingHit[] = [];
  const needles = (o.reportNeedles ?? []).filter((n) => n.length >= 6);
  let pending: Pending | null = null;
  let langPath = '';
  let lang: Language | undefined;
  for (const a of lines) {
    if (a.path !== langPath) {
      langPath = a.path;
      lang = languageOf(a.path);
    }
    const prev = pending as Pending | null;
    pending = null;
    if (lang === undefined || isComment(a.text, lang)) continue;
    const seen = new Set<string>();
    const hit = (shape: string, line: number) => {
      if (seen.has(shape)) return;
      seen.add(shape);
      hits.push({ shape, path: a.path, line });
    };
    if (prev && prev.path === a.path && prev.line + 1 === a.line) {
      for (const c of prev.wants) if (c.p.next!.test(a.text)) hit(c.shape, prev.line);
    }
    const wants: Compiled[] = [];
    for (const c of BY_LANGUAGE.get(lang)!) {
      const p = c.p;
      if (a.text.indexOf(p.needle) < 0) continue;
      if (p.unless !== undefined && a.text.indexOf(p.unless) >= 0) continue;
      if (p.re && !p.re.test(a.text)) continue;
      if (p.next) wants.push(c);
      else hit(c.shape, a.line);
    }
    for (const n of needles) if (a.text.indexOf(n) >= 0) hit('report-write', a.line);
    if (wants.length > 0) pending = { path: a.path, line: a.line, wants };
  }
  return hits;
}

/**
 * The literals of report globs worth looking for in code: each glob's longest stretch without
 * a wildcard, when it is long enough to mean that place (`reports/`, `junit.xml`).
 */
export function reportNeedles(globs: readonly string[]): string[] {
  const out = new Set<string>();
  for (const g of globs) {
    for (const part of g.replace(/^\$\{?RUNNER_TEMP\}?\/?/, '').split(/[*?[\]{}!]+/)) {
      const t = part.replace(/^\.?\//, '');
      if (t.length >= 8 && /[/.]/.test(t)) out.add(t);
    }
  }
  return [...out];
}
