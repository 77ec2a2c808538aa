// A lost shard (CONTRACT §3 `reports-expected`): production code that kills its test process
// makes that shard's report vanish, and the surviving shards alone would be admitted. A run
// told how many report files it must deliver rejects when fewer arrive, naming the missing
// shard where the files are numbered (`junit-1.xml` … `junit-3.xml`).
import type { Finding } from '../types.js';
import { finding, NO_CASE } from './finding.js';

export function reportsMissing(r: { expected: number; arrived: readonly string[] }): Finding[] {
  const n = r.arrived.length;
  if (n >= r.expected) return [];
  const shown = n === 0 ? 'none' : r.arrived.slice(0, 5).join(', ') + (n > 5 ? ', …' : '');
  const missing = missingNumbers(r.arrived, r.expected);
  const which = missing ? `: missing shard ${missing.join(', ')} of ${r.expected}` : '';
  return [
    finding('reports-missing', {
      ...NO_CASE,
      message: `${r.expected} report file(s) expected (reports-expected), ${n} arrived (${shown})${which}: a shard that died or was never uploaded is no evidence`,
    }),
  ];
}

/**
 * The shard numbers missing from files named alike but for one number (1-based, or 0-based
 * when a 0 is there); undefined when the names do not follow one pattern.
 */
export function missingNumbers(files: readonly string[], expected: number): number[] | undefined {
  if (files.length === 0) return undefined;
  const parts = files.map((f) => {
    const m = /^(.*?)(\d+)(\D*)$/.exec(f);
    return m ? { shape: `${m[1]}#${m[3]}`, n: Number(m[2]) } : undefined;
  });
  if (parts.some((p) => p === undefined)) return undefined;
  if (new Set(parts.map((p) => p!.shape)).size !== 1) return undefined;
  const have = new Set(parts.map((p) => p!.n));
  const from = have.has(0) ? 0 : 1;
  const out: number[] = [];
  for (let i = from; i < from + expected; i++) if (!have.has(i)) out.push(i);
  return out.length > 0 ? out : undefined;
}
