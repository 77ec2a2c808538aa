// The diff rule for goldens: production code and a golden changed together need a digest bump.
import type { Finding, Ledger, LedgerRow } from '../types.js';
import type { ChangeFacts } from './change-facts.js';
import type { DecideInput } from './decide-input.js';
import { finding } from './finding.js';
import { GoldenIndex } from '../ledger/golden-set.js';
import { snapshotOwners } from '../ledger/snapshots.js';

/** Production code and goldens changed together, with no digest bump for a changed golden. */
export function goldenNoBump(
  ledger: Ledger,
  input: DecideInput,
  facts: ChangeFacts,
  out: Finding[],
): void {
  const changed = input.change!.changed.map((c) => c.path);
  const production = changed.filter((p) => input.isProduction(p));
  if (production.length === 0) return;
  const artifacts = new Map<string, LedgerRow[]>();
  const note = (row: LedgerRow) => {
    if (!row.artifact) return;
    const list = artifacts.get(row.artifact);
    if (list) list.push(row);
    else artifacts.set(row.artifact, [row]);
  };
  for (const row of ledger.rows) note(row);
  for (const row of facts.baseRows.values()) note(row);
  // A golden's rows: those that name it, and those of every list or glob it is a member of.
  const goldens = new GoldenIndex(artifacts.keys());
  // A snapshot file its row does not list yet (a ledger locked before snapshots were, or one
  // `jest -u` just wrote) is still its test file's golden: the rows locked to that file own it.
  const snapshotRows = (p: string) =>
    snapshotOwners(p)
      .flatMap((f) => (goldens.has(f) ? goldens.keysOf(f) : []))
      .flatMap((k) => artifacts.get(k) ?? []);
  const rowsOf = (p: string) => {
    const own = goldens.keysOf(p).flatMap((k) => artifacts.get(k) ?? []);
    return own.length > 0 ? own : snapshotRows(p);
  };
  const given = input.isGolden ?? ((p: string) => goldens.has(p));
  const isGolden = (p: string) => given(p) || snapshotRows(p).length > 0;
  const status = (s: string) =>
    new Set(input.change!.changed.filter((c) => c.status === s).map((c) => c.path));
  const deleted = status('D');
  const added = status('A');
  for (const golden of changed.filter(isGolden)) {
    const rows = rowsOf(golden).filter((r) => ledger.byId.get(r.id) === r);
    // One cause, one finding: a bumped digest is already under review (fixture-contract-change),
    // and a golden deleted with every row that named it is a row deletion under review
    // (ledger-contract-change, or ledger-agent-edit for an agent), which no bump could show.
    if (rows.some((r) => facts.digestBumped(r))) continue;
    const named = rowsOf(golden); // rows of the change's ledger and of the base
    if (deleted.has(golden) && rows.length === 0 && named.length > 0) continue;
    // A golden the change adds rewrites no expectation: no row locks it (nothing to bump), or
    // only rows the change adds do, and adding a row is itself a reviewed ledger edit.
    if (added.has(golden) && rows.every((r) => !facts.baseRows.has(r.id))) continue;
    const row = rows[0];
    const more = production.length > 1 ? ', …' : '';
    out.push(
      finding('production-golden-no-bump', {
        id: row?.id ?? null,
        status: null,
        class: row?.class ?? null,
        message: `golden ${golden} changed together with ${production.length} production path(s) (${production[0]}${more}) without a digest bump`,
        file: input.ledgerFile,
        line: row?.line,
      }),
    );
  }
}
