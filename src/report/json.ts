// The JSON report of CONTRACT.md §6, with its keys in the contract's order.
import { eachFinding } from '../decision/admits.js';
import type { AgentChange, Finding, Report } from '../types.js';

/**
 * One finding as `JSON.stringify` with an indent of 2 writes it as an item of the report's
 * `findings` (4 spaces in, its fields 6), its fields in the contract's order (§6). Built
 * here: stringifying each batch and re-indenting it was 5.5 s of the action's 17 s at a
 * million findings (report-speed-equivalence.test.ts holds the two to the same bytes).
 */
function findingJson(f: Finding, quote: (s: string) => string): string {
  let out =
    '\n    {\n      "rule": ' +
    quote(f.rule) +
    ',\n      "result": ' +
    quote(f.result) +
    ',\n      "id": ' +
    (f.id === null ? 'null' : quote(f.id)) +
    ',\n      "status": ' +
    (f.status === null ? 'null' : quote(f.status)) +
    ',\n      "class": ' +
    (f.class === null ? 'null' : quote(f.class)) +
    ',\n      "message": ' +
    quote(f.message);
  if (f.fix !== undefined) out += ',\n      "fix": ' + quote(f.fix);
  if (f.file !== undefined) out += ',\n      "file": ' + quote(f.file);
  if (f.line !== undefined) out += ',\n      "line": ' + JSON.stringify(f.line);
  if (f.approved_by !== undefined) out += ',\n      "approved_by": ' + quote(f.approved_by);
  if (f.accepts !== undefined) out += ',\n      "accepts": ' + quote(f.accepts);
  if (f.base_run !== undefined) out += ',\n      "base_run": ' + quote(f.base_run);
  if (f.mutants !== undefined)
    out += ',\n      "mutants": ' + JSON.stringify(f.mutants, null, 2).replaceAll('\n', '\n      ');
  return out + '\n    }';
}

/**
 * JSON.stringify for strings, remembering the last few hundred it quoted: a million findings
 * share a few thousand messages, files, rules and classes.
 */
function quoter(): (s: string) => string {
  const known = new Map<string, string>();
  return (s) => {
    let q = known.get(s);
    if (q === undefined) {
      q = JSON.stringify(s);
      if (known.size >= 512) known.clear();
      known.set(s, q);
    }
    return q;
  };
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
      ...(report.fix !== undefined ? { fix: report.fix } : {}),
      ...(report.agentChanges ? { agent_changes: report.agentChanges.map(agentChange) } : {}),
      ...(report.test_changes ? { test_changes: report.test_changes } : {}),
      findings: [],
    },
    null,
    2,
  );
  // The plain admits' entries are made from their columns here, a batch at a time
  // (decision/admits.ts): none is kept as a finding between the decision and this writer.
  const all = eachFinding(report);
  let f = all.next();
  if (f.done) {
    yield head + '\n';
    return;
  }
  // head ends with `"findings": []\n}`: open the array, write the batches, close it.
  yield head.slice(0, head.length - '[]\n}'.length) + '[';
  const quote = quoter();
  let first = true;
  while (!f.done) {
    let items = '';
    for (let k = 0; k < batch && !f.done; k++, f = all.next()) {
      items += (first ? '' : ',') + findingJson(f.value, quote);
      first = false;
    }
    yield items;
  }
  yield '\n  ]\n}\n';
}
