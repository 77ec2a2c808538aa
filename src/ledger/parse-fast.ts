// The fast reader into the validator, without the `yaml` package: what every run's ledger
// parse needs. parse.ts adds the `yaml` fallback (parseLedger), parse-lazily.ts loads it
// only when this declines.
import type { LedgerParse } from '../types.js';
import { readFast } from './fast.js';
import { plainRows } from './plain-rows.js';
import { LedgerValidator } from './validate.js';

export interface ParseOptions {
  /**
   * Normalise non-canonical artifact/seeds spellings instead of refusing them: for the base
   * ledger, which may predate that rule and is only the reference the diff rules compare with.
   */
  normalisePaths?: boolean;
}

/**
 * The ledger through the fast reader; `null` when it does not recognise the layout. `lines`
 * is the fast reader without its plain rows (plain-rows.ts), each row read as entries and
 * validated from them (for tests that check the readers agree).
 */
export function parseFast(
  text: string,
  file: string,
  o: ParseOptions = {},
  reader: 'fast' | 'lines' = 'fast',
): LedgerParse | null {
  const v = new LedgerValidator(file, o.normalisePaths);
  const plain = reader === 'fast' ? plainRows(v) : undefined;
  const read = readFast(text, (row) => v.row(row), plain);
  return read === null ? null : v.finish(read, true);
}
