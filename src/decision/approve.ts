// A review finding becomes admit once an eligible human approved the head commit (§3).
// Who is eligible is decided by the GitHub adapter; this only records it.
import type { Report } from '../types.js';
import { refinalize } from './finalize.js';

export function applyApproval(report: Report, approver: string): Report {
  const findings = report.findings.map((f) =>
    f.result === 'review' ? { ...f, result: 'admit' as const, approved_by: approver } : f,
  );
  const out = refinalize(report, findings);
  if (report.fix !== undefined) out.fix = report.fix;
  return out;
}
