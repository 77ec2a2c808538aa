// The report-write rule a run derives from its own report globs (data, built once per run by
// src/gather/evidence-gaming.ts): a literal that names where this run's reports go
// (`reports/`, `build/junit.xml`) is the shape of a report rewrite wherever it is spelled.
import type { CodeRule } from '../rule.js';

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

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `rules` and, when the globs name a place, the rule that finds it in a literal. */
export function withReportGlobs(
  rules: readonly CodeRule[],
  globs: readonly string[],
): readonly CodeRule[] {
  const needles = reportNeedles(globs);
  if (needles.length === 0) return rules;
  return [
    ...rules,
    {
      id: 'report-globs',
      shape: 'report-write',
      what: "a literal holding a place the run's report globs name",
      when: { on: 'literal', text: new RegExp(needles.map(escapeRe).join('|')) },
      hit: [],
      clean: [],
    },
  ];
}
