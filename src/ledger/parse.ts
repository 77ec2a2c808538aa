// parseLedger: the ledger's text → rows and every validation error (pure, no I/O).
// The fast line reader handles the usual layout and streams each row to the validator;
// anything else goes through the `yaml` package. Both feed the same validator.
// The gate reads through parse-lazily.ts, which loads this module only for the fallback.
import type { LedgerParse } from '../types.js';
import { readWithYaml } from './fallback.js';
import { parseFast, type ParseOptions } from './parse-fast.js';
import { LedgerValidator } from './validate.js';

export type { ParseOptions };

export function parseLedger(text: string, file: string, o: ParseOptions = {}): LedgerParse {
  return parseFast(text, file, o) ?? parseWithYaml(text, file, o);
}

/** The ledger through the `yaml` package, whatever its layout. */
export function parseWithYaml(text: string, file: string, o: ParseOptions = {}): LedgerParse {
  return new LedgerValidator(file, o.normalisePaths).finish(readWithYaml(text), false);
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
  return reader === 'yaml' ? parseWithYaml(text, file, o) : parseFast(text, file, o, reader);
}
