// parseLedger for the gate's every run: the fast reader reads the usual layout, and the
// `yaml` package (parse.ts's fallback, a chunk of its own in the bundles) is loaded only when
// it declines, so a run whose ledger is in the block layout never compiles it. The same
// readers and validator as parseLedger: the same rows, errors and positions.
import type { LedgerParse } from '../types.js';
import { parseFast, type ParseOptions } from './parse-fast.js';

export async function parseLedgerLazily(
  text: string,
  file: string,
  o: ParseOptions = {},
): Promise<LedgerParse> {
  return parseFast(text, file, o) ?? (await import('./parse.js')).parseWithYaml(text, file, o);
}
