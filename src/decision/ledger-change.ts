// The ledger's own change, row by row against the base ledger: what a row promises, and who
// changed the promise (a human's edit is reviewed, an agent's rejected).
import type { Change, Finding, Ledger, LedgerRow, RuleKey } from '../types.js';
import { finding } from './finding.js';
import { goldenLabel } from '../ledger/golden-set.js';
import { rowFor } from '../ledger/file-rows.js';
import { keyLine } from '../ledger/key-lines.js';

// `skip` included: saying a test may skip is a contract change like any other (§2).
export const CONTRACT_FIELDS = [
  'class',
  'digest',
  'artifact',
  'invariant',
  'seeds',
  'skip',
] as const;

/**
 * A row's contract, as one comparable string: '' when the row is absent. Two versions of a
 * row with the same value make the same promise; only a change of it is a ledger edit.
 */
export function contractValue(row: LedgerRow | undefined): string {
  return row ? JSON.stringify(CONTRACT_FIELDS.map((f) => row[f] ?? null)) : '';
}

/** The row as an approval would accept it: its id and contract fields at the head. */
export function describeRow(id: string, row: LedgerRow | undefined): string {
  if (!row) return `${id}: row deleted`;
  const fields = CONTRACT_FIELDS.filter((f) => row[f] !== undefined).map(
    (f) => `${f} ${f === 'artifact' ? goldenLabel(row[f]!) : row[f]}`,
  );
  return `${id}: ${fields.join(', ')}`;
}

/**
 * The ledger's own change, judged against the base ledger (never the change's own file).
 * Each row's change is an agent's or a human's by the commit that last touched the row
 * (change.rowAuthors); rows without one take the change's authorship. A human's edit that
 * only moves a row's digest to the one `relocked` gives its artifact (a golden or test file
 * whose tests are `fixture-contract-change` for that digest) is not reported again: one
 * changed file, one entry (an exact row beside a file row included).
 */
export function ledgerChangeFindings(
  ledger: Ledger,
  change: Change,
  ledgerFile: string,
  relocked: ReadonlyMap<string, string>,
  out: Finding[],
): void {
  const base = change.baseLedger;
  const baseRows = base?.ledger && base.errors.length === 0 ? base.ledger.rows : [];
  const baseIds = new Set(baseRows.map((r) => r.id));
  const who = (id: string) =>
    change.rowAuthors?.get(id) ?? { agent: change.agentAuthored, why: change.authorship };
  const edit = (row: LedgerRow, message: string, line?: number) => {
    const w = who(row.id);
    const key: RuleKey = w.agent ? 'ledger-agent-edit' : 'ledger-contract-change';
    const f = finding(key, {
      id: row.id,
      status: null,
      class: row.class,
      message: `${w.agent ? 'agent-authored change' : 'change'} ${message} (${w.why})`,
      file: ledgerFile,
      line,
    });
    if (!w.agent) f.accepts = describeRow(row.id, ledger.byId.get(row.id));
    return f;
  };

  for (const before of baseRows) {
    const after = ledger.byId.get(before.id);
    if (!after) {
      // Deleting a quarantine row is a ledger edit like any other (review for a human, reject
      // for an agent): a test that still runs is then unclassified, and a deleted test leaves
      // nothing to quarantine. A reject here would leave no way to retire a quarantine.
      out.push(edit(before, `deletes the ${before.class} row (base line ${before.line})`));
      continue;
    }
    const changed = CONTRACT_FIELDS.filter((f) => (before[f] ?? null) !== (after[f] ?? null));
    if (changed.length === 0) continue;
    if (after.class === 'draft' && before.class !== 'draft') {
      out.push(draftOver(after, before, ledgerFile, who(after.id).why));
      continue;
    }
    const onlyRelocked =
      changed.length === 1 &&
      changed[0] === 'digest' &&
      after.artifact !== undefined &&
      relocked.get(after.artifact) === after.digest;
    if (onlyRelocked && !who(after.id).agent) continue;
    const what = changed
      .map((f) => `${f} ${before[f] ?? '(none)'} → ${after[f] ?? '(none)'}`)
      .join(', ');
    // Re-classing a fixed quarantine (unfreezing it) is the same: a reviewed ledger edit.
    out.push(
      edit(after, `edits an existing row: ${what}`, keyLine(after, changed[0]) ?? after.line),
    );
  }
  const baseById = base?.ledger && base.errors.length === 0 ? base.ledger : undefined;
  for (const row of ledger.rows) {
    if (baseIds.has(row.id)) continue;
    if (row.class === 'draft') {
      // A draft row beats the file row that classes its test: a classified test's failure
      // would read as a draft's (info). Whoever appends it, the base's class stands.
      const classed = baseById && rowFor(baseById, row.id);
      if (classed && classed.class !== 'draft')
        out.push(draftOver(row, classed, ledgerFile, who(row.id).why));
      continue;
    }
    const why = base === null ? ' (the base has no ledger)' : '';
    out.push(edit(row, `adds a ${row.class} row${why}`, row.line));
  }
}

/**
 * `ledger-agent-edit`, whoever wrote it: a draft row for a test the base's `classed` row (its
 * own, or its file's) classifies. Drafts are proposals; they never re-class a judged test.
 */
function draftOver(row: LedgerRow, classed: LedgerRow, ledgerFile: string, why: string): Finding {
  const by = classed.id === row.id ? 'its own row' : `the file row ${classed.id}`;
  return finding('ledger-agent-edit', {
    id: row.id,
    status: null,
    class: row.class,
    message: `a draft row for a test the base classes as ${classed.class} (${by}, base line ${classed.line}): a draft never changes how a classified test is judged (${why})`,
    file: ledgerFile,
    line: row.line,
  });
}
