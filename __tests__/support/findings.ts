// A decided report with its plain admits made findings (src/decision/admits.ts), in the
// report's order: for tests that read every finding of a report, as the JSON report lists them.
import { eachFinding } from '../../src/decision/admits.js';
import type { Report } from '../../src/types.js';

export function withAdmits(report: Report): Report {
  const out: Report = { ...report, findings: [...eachFinding(report)] };
  delete out.admits;
  return out;
}

/** A report's production-gaming-shape findings, each as `result:file:line`. */
export function gamingHits(r: { report: Report }): string[] {
  return r.report.findings
    .filter((f) => f.rule === 'production-gaming-shape')
    .map((f) => `${f.result}:${f.file}:${f.line}`);
}
