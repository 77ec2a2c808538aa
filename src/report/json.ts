// The JSON report of CONTRACT.md §6, with its keys in the contract's order.
import type { Finding, Report } from '../types.js';

function finding(f: Finding): Record<string, unknown> {
  const out: Record<string, unknown> = {
    rule: f.rule,
    result: f.result,
    id: f.id,
    status: f.status,
    class: f.class,
    message: f.message,
  };
  if (f.file !== undefined) out.file = f.file;
  if (f.line !== undefined) out.line = f.line;
  if (f.approved_by !== undefined) out.approved_by = f.approved_by;
  if (f.accepts !== undefined) out.accepts = f.accepts;
  return out;
}

export function toJson(report: Report): string {
  const c = report.counts;
  const body = {
    version: 1,
    decision: report.decision,
    counts: { cases: c.cases, admit: c.admit, review: c.review, reject: c.reject, info: c.info },
    findings: report.findings.map(finding),
  };
  return JSON.stringify(body, null, 2) + '\n';
}
