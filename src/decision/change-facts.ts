// What the change did to goldens and seed folders, asked by the per-case rules and the diff rules.
import type { Change, LedgerRow } from '../types.js';
import { SortedPaths } from './pathIndex.js';
import { inGoldenSet, isGoldenSet } from '../ledger/golden-set.js';
import { artifactFile } from '../ledger/doctest-artifact.js';

/** What the change did to goldens and seed folders, relative to the base ledger. */
export class ChangeFacts {
  readonly touched = new Map<string, string>();
  readonly baseRows: Map<string, LedgerRow>;

  constructor(change: Change | undefined) {
    for (const c of change?.changed ?? []) this.touched.set(c.path, c.status);
    const base = change?.baseLedger;
    this.baseRows = base?.ledger && base.errors.length === 0 ? base.ledger.byId : new Map();
  }

  private readonly setsRewritten = new Map<string, boolean>();

  /** Did the change add, edit or delete the golden (a set: any file it names or matches)? */
  goldenRewritten(artifact: string): boolean {
    // A doctest's golden lives in its module: an edit of the module may have rewritten it.
    if (!isGoldenSet(artifact)) return this.touched.has(artifactFile(artifact));
    let hit = this.setsRewritten.get(artifact);
    if (hit === undefined) {
      hit = [...this.touched.keys()].some((p) => inGoldenSet(artifact, p));
      this.setsRewritten.set(artifact, hit);
    }
    return hit;
  }

  private notAdded?: SortedPaths;

  /**
   * Seeds may only grow: a file deleted or rewritten below the folder shrinks the corpus.
   * `folder` is the row's canonical path (the validator stores no other), as git writes paths.
   */
  seedsShrunk(folder: string): boolean {
    this.notAdded ??= new SortedPaths(
      [...this.touched].filter(([, status]) => status !== 'A').map(([path]) => path),
    );
    return this.notAdded.anyBelow(folder);
  }

  /** The row is new, or its digest differs from the base's: either is under review. */
  digestBumped(row: LedgerRow): boolean {
    const before = this.baseRows.get(row.id);
    return !before || before.digest !== row.digest;
  }

  /** The base has this row with another digest: an existing lock moved (a new row is an addition). */
  relocked(row: LedgerRow): boolean {
    const before = this.baseRows.get(row.id);
    return before !== undefined && before.digest !== row.digest;
  }
}
