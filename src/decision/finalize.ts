// The report's order, counts and decision, from the findings of every rule family.
import type { Counts, Decision, Finding, Report } from '../types.js';
import { SEVERITY, ruleOrder } from './table.js';

/**
 * Orders findings (most severe first, then table order, then as found) and computes counts
 * and the decision. A stable bucket sort: there are only a few dozen (result, rule) pairs.
 */
export function finalize(findings: Finding[], cases: number): Report {
  const buckets = new Map<number, Finding[]>();
  const counts: Counts = { cases, admit: 0, review: 0, reject: 0, info: 0 };
  for (const f of findings) {
    counts[f.result]++;
    const k = SEVERITY[f.result] * 1000 + (999 - ruleOrder(f.rule));
    const b = buckets.get(k);
    if (b) b.push(f);
    else buckets.set(k, [f]);
  }
  const sorted: Finding[] = [];
  for (const k of [...buckets.keys()].sort((a, b) => b - a)) {
    for (const f of buckets.get(k)!) sorted.push(f);
  }
  const decision: Decision = counts.reject > 0 ? 'reject' : counts.review > 0 ? 'review' : 'admit';
  return { version: 1, decision, counts, findings: sorted };
}
