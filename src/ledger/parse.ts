// parseLedger: the ledger's text → rows and every validation error (pure, no I/O).
// The fast line reader handles the usual layout and streams each row to the validator;
// anything else goes through the `yaml` package. Both feed the same validator.
import type { LedgerParse } from '../types.js';
import { readWithYaml } from './fallback.js';
import { readFast } from './fast.js';
import { LedgerValidator } from './validate.js';

export function parseLedger(text: string, file: string): LedgerParse {
  return parseLedgerWith(text, file, 'fast') ?? parseLedgerWith(text, file, 'yaml')!;
}

/**
 * The same, through one named reader; `null` when the fast reader does not recognise the
 * layout. For tests that check both readers agree.
 */
export function parseLedgerWith(
  text: string,
  file: string,
  reader: 'fast' | 'yaml',
): LedgerParse | null {
  if (reader === 'yaml') return new LedgerValidator(file).finish(readWithYaml(text), false);
  const v = new LedgerValidator(file);
  const read = readFast(text, (row) => v.row(row));
  return read === null ? null : v.finish(read, true);
}
