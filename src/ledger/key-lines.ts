// Where a row's keys are written. A row holds each key's line as an offset from its own line,
// in one frozen object shared by every row written the same way: a large ledger has two or
// three layouts for 100,000 rows, and an object of absolute lines per row was 100,000 objects
// for the scavenger to copy that only a finding's or an edit's line ever reads (issue 45, L).
import type { LedgerRow } from '../types.js';

export type KeyOffsets = Readonly<Record<string, number>>;

/** A row's way to its keys' lines. */
type Placed = Pick<LedgerRow, 'line' | 'keyOffsets'>;

/** No keys written (a row made in memory, not read from a ledger). */
export const NO_KEYS: KeyOffsets = Object.freeze({});

/** The 1-based line of `key` in the row, or undefined when the row does not write it. */
export function keyLine(row: Placed, key: string): number | undefined {
  // Own keys only: `constructor` is not a key a row wrote.
  return Object.hasOwn(row.keyOffsets, key) ? row.line + row.keyOffsets[key] : undefined;
}

/** Every key the row writes and its 1-based line, in the order written. */
export function keyLines(row: Placed): Array<[string, number]> {
  return Object.entries(row.keyOffsets).map(([k, off]) => [k, row.line + off]);
}

/** The layout of `keys` at `offsets` below their row's line, frozen. */
export function offsetsOf(keys: readonly string[], offsets: readonly number[]): KeyOffsets {
  // Only names from ROW_FIELDS are ever keys here (never `__proto__`).
  const o: Record<string, number> = {};
  for (let i = 0; i < keys.length; i++) o[keys[i]] = offsets[i];
  return Object.freeze(o);
}

/**
 * One object per layout for one ledger's rows: `intern` gives the object already made for the
 * same keys at the same offsets (per parse, so a ledger of many odd layouts holds no more
 * than one per row, as before, and nothing outlives the parse).
 */
export class KeyLayouts {
  private readonly made = new Map<string, KeyOffsets>();

  intern(keys: readonly string[], offsets: readonly number[]): KeyOffsets {
    let sig = '';
    for (let i = 0; i < keys.length; i++) sig += `${keys[i]}:${offsets[i]},`;
    let o = this.made.get(sig);
    if (o === undefined) {
      o = offsetsOf(keys, offsets);
      this.made.set(sig, o);
    }
    return o;
  }
}
