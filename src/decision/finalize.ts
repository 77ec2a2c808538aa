// The report's order, counts and decision, from the findings of every rule family.
import type { Counts, Decision, Finding, PlainAdmits, Report } from '../types.js';
import { orderKey } from './admits.js';

/**
 * Orders findings (most severe first, then table order, then as found) and computes counts
 * and the decision; the plain admits (decision/admits.ts) are counted, not sorted: their
 * columns are in the order found. A stable bucket sort: there are only a few dozen
 * (result, rule) pairs.
 */
export function finalize(findings: Finding[], cases: number, admits?: PlainAdmits): Report {
  const buckets = new Map<number, Finding[]>();
  const counts: Counts = { cases, admit: admits?.length ?? 0, review: 0, reject: 0, info: 0 };
  for (const f of findings) {
    counts[f.result]++;
    const k = orderKey(f.rule, f.result);
    const b = buckets.get(k);
    if (b) b.push(f);
    else buckets.set(k, [f]);
  }
  const sorted: Finding[] = [];
  for (const k of [...buckets.keys()].sort((a, b) => b - a)) {
    for (const f of buckets.get(k)!) sorted.push(f);
  }
  const decision: Decision = counts.reject > 0 ? 'reject' : counts.review > 0 ? 'review' : 'admit';
  const report: Report = { version: 1, decision, counts, findings: sorted };
  if (admits !== undefined) report.admits = admits;
  return report;
}

/**
 * A decided report with its findings replaced (more rules' findings added, reviews approved):
 * decided again, keeping its plain admits and what the agents changed.
 */
export function refinalize(report: Report, findings: Finding[]): Report {
  const out = finalize(findings, report.counts.cases, report.admits);
  if (report.agentChanges) out.agentChanges = report.agentChanges;
  return out;
}
