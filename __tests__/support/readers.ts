// A ledger text read by both readers (the fast one and the full YAML one), which must agree.
import { parseLedgerWith } from '../../src/ledger/parse.js';
import type { LedgerParse } from '../../src/types.js';

/** The fast reader's parse and the full reader's, in that order. */
export const both = (text: string): LedgerParse[] => [
  parseLedgerWith(text, 'l.yaml', 'fast')!,
  parseLedgerWith(text, 'l.yaml', 'yaml')!,
];

/** A parse's errors as `line:column message`. */
export const messages = (p: LedgerParse) =>
  p.errors.map((e) => `${e.line}:${e.column} ${e.message}`);
