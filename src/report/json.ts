// The JSON report of CONTRACT.md §6, with its keys in the contract's order.
import type { AgentChange, Finding, Report } from '../types.js';

function finding(f: Finding): Record<string, unknown> {
  const out: Record<string, unknown> = {
    rule: f.rule,
    result: f.result,
    id: f.id,
    status: f.status,
    class: f.class,
    message: f.message,
  };
  if (f.fix !== undefined) out.fix = f.fix;
  if (f.file !== undefined) out.file = f.file;
  if (f.line !== undefined) out.line = f.line;
  if (f.approved_by !== undefined) out.approved_by = f.approved_by;
  if (f.accepts !== undefined) out.accepts = f.accepts;
  return out;
}

function agentChange(a: AgentChange): Record<string, unknown> {
  return { kind: a.kind, path: a.path, status: a.status, commits: a.commits };
}

export function toJson(report: Report): string {
  return [...jsonChunks(report)].join('');
}

/**
 * toJson's text in pieces, `batch` findings at a time, so that a writer never holds the
 * whole text (30 MB at 100k findings) nor a copy of every finding at once. The pieces join to
 * exactly `JSON.stringify(body, null, 2) + '\n'`: each batch is stringified as an array and
 * indented one level more (JSON text has no raw newline inside a string).
 */
export function* jsonChunks(report: Report, batch = 2000): Generator<string> {
  const c = report.counts;
  const head = JSON.stringify(
    {
      version: 1,
      decision: report.decision,
      counts: { cases: c.cases, admit: c.admit, review: c.review, reject: c.reject, info: c.info },
      ...(report.agentChanges ? { agent_changes: report.agentChanges.map(agentChange) } : {}),
      findings: [],
    },
    null,
    2,
  );
  const all = report.findings;
  if (all.length === 0) {
    yield head + '\n';
    return;
  }
  // head ends with `"findings": []\n}`: open the array, write the batches, close it.
  yield head.slice(0, head.length - '[]\n}'.length) + '[';
  for (let i = 0; i < all.length; i += batch) {
    const text = JSON.stringify(all.slice(i, i + batch).map(finding), null, 2);
    // `[\n  {…},\n  {…}\n]` → `\n    {…},\n    {…}`
    const items = text.slice(1, -2).replaceAll('\n', '\n  ');
    yield i === 0 ? items : ',' + items;
  }
  yield '\n  ]\n}\n';
}
