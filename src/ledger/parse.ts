// parseLedger: the ledger's text → rows and every validation error (pure, no I/O).
// The fast line reader handles the usual layout and streams each row to the validator;
// anything else goes through the `yaml` package. Both feed the same validator.
import type { LedgerParse } from '../types.js';
import { readWithYaml } from './fallback.js';
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

export function parseLedger(text: string, file: string, o: ParseOptions = {}): LedgerParse {
  return parseLedgerWith(text, file, 'fast', o) ?? parseLedgerWith(text, file, 'yaml', o)!;
}

/**
 * The same, through one named reader; `null` when the fast reader does not recognise the
 * layout. For tests that check the readers agree: `lines` is the fast reader without its
 * plain rows (plain-rows.ts), each row read as entries and validated from them.
 */
export function parseLedgerWith(
  text: string,
  file: string,
  reader: 'fast' | 'lines' | 'yaml',
  o: ParseOptions = {},
): LedgerParse | null {
  const v = new LedgerValidator(file, o.normalisePaths);
  if (reader === 'yaml') return v.finish(readWithYaml(text), false);
  const plain = reader === 'fast' ? plainRows(v) : undefined;
  const read = readFast(text, (row) => v.row(row), plain);
  return read === null ? null : v.finish(read, true);
}
