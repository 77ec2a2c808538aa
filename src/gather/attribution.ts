// Per-row authorship (CONTRACT §3): each ledger row's change belongs to the commit that last
// touched the row. The ledger's versions in the change are read from git (sized first, each
// read and parsed once); the walk itself is lastTouchers() in decision/authorship.ts.
import {
  agentMatcher,
  lastTouchers,
  rowAuthorship,
  type Authorship,
} from '../decision/authorship.js';
import { contractValue } from '../decision/ledger-change.js';
import { parseLedgerLazily } from '../ledger/parse-lazily.js';
import type { CommitInfo, Ledger, LedgerParse } from '../types.js';

/**
 * Past this many ledger versions in one change, or this much ledger text across them, rows
 * take the change's authorship (any agent commit makes every row an agent's): a change
 * cannot make the gate read a huge ledger, or one ledger hundreds of times.
 */
const MAX_LEDGER_VERSIONS = 200;
const MAX_LEDGER_HISTORY_BYTES = 256 * 1024 * 1024;

/**
 * Per-row authorship (§3): for each row whose contract differs between the base and this
 * ledger, the commits that last touched it, found over the ledger's versions in the change.
 * A row edited but not committed (a local run) has no commit and is left out.
 */
export async function attributeRows(
  at: { cwd: string; head: string; ledgerPath: string; patterns: string[] },
  commits: CommitInfo[],
  baseLedger: LedgerParse | null,
  ledger: Ledger,
): Promise<Map<string, Authorship> | undefined> {
  const git = await import('../adapters/git/git.js');
  const baseRows =
    baseLedger?.ledger && baseLedger.errors.length === 0 ? baseLedger.ledger.byId : new Map();
  const ids = new Set<string>();
  for (const id of new Set([...baseRows.keys(), ...ledger.byId.keys()])) {
    if (contractValue(baseRows.get(id)) !== contractValue(ledger.byId.get(id))) ids.add(id);
  }
  const out = new Map<string, Authorship>();
  if (ids.size === 0) return out;

  const head = await git.resolveCommit(at.cwd, at.head);
  if (head === null) return undefined;
  const bySha = new Map(commits.map((c) => [c.sha, c]));
  const shas = new Set<string>([head]);
  for (const c of commits) for (const s of [c.sha, ...c.parents]) shas.add(s);
  const found = await git.blobsAt(at.cwd, [...shas], at.ledgerPath);
  const blobs = new Map([...found].map(([sha, b]) => [sha, b && b.id]));
  const sizes = new Map([...found.values()].filter((b) => b !== null).map((b) => [b.id, b.size]));
  let total = 0;
  for (const size of sizes.values()) total += size;
  if (sizes.size > MAX_LEDGER_VERSIONS || total > MAX_LEDGER_HISTORY_BYTES) return undefined;

  // Each version of the ledger is read and parsed once; an invalid one holds no rows.
  const versions = new Map<string, Map<string, string> | null>();
  for (const blob of sizes.keys()) {
    // Normalised like the base: a respelled path is no edit of the row's contract.
    const parsed = await parseLedgerLazily(await git.blobText(at.cwd, blob), at.ledgerPath, {
      normalisePaths: true,
    });
    const rows = parsed.ledger && parsed.errors.length === 0 ? parsed.ledger.byId : null;
    versions.set(blob, rows && new Map([...ids].map((id) => [id, contractValue(rows.get(id))])));
  }
  const valueAt =
    (id: string) =>
    (sha: string): string | null => {
      const blob = blobs.get(sha);
      if (blob === undefined) return null; // the commit is not here (a shallow clone): unknown
      if (blob === null) return ''; // no ledger: no row
      const v = versions.get(blob);
      return v ? v.get(id)! : `\0invalid ${blob}`;
    };
  const isAgent = agentMatcher(at.patterns);
  for (const id of ids) {
    const value = valueAt(id);
    if (value(head) !== contractValue(ledger.byId.get(id))) continue; // not committed
    out.set(id, rowAuthorship(lastTouchers(head, bySha, value), bySha, isAgent));
  }
  return out;
}
