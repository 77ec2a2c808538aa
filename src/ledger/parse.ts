// parseLedger: the ledger's text → rows and every validation error (pure, no I/O).
// The fast line reader handles the usual layout; anything else goes through the `yaml`
// package. Both feed the same validator.
import type { LedgerParse } from '../types.js';
import { readWithYaml } from './fallback.js';
import { readFast } from './fast.js';
import { validateTree } from './validate.js';

export function parseLedger(text: string, file: string): LedgerParse {
  return validateTree(readFast(text) ?? readWithYaml(text), file);
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
  const read = reader === 'fast' ? readFast(text) : readWithYaml(text);
  return read === null ? null : validateTree(read, file);
}
