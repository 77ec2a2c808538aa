// What the stronger evidence needs to run (`ledger-gate targets`, docs/stronger-evidence.md):
// the change's production line ranges as Stryker `--mutate` entries, and the tests whose
// judgement the base run can change, in the runner's own argument syntax. Pure: the command
// (src/commands/targets.ts) reads the diff and the two ledgers.
import type { AddedLine } from '../code/added-lines.js';
import { rowFor } from '../ledger/file-rows.js';
import type { ChangedPath, Ledger } from '../types.js';

/** `path:start-end` for each run of added or changed lines of a production file. */
export function mutateRanges(
  added: AddedLine[],
  isProduction: (path: string) => boolean,
): string[] {
  const byPath = new Map<string, number[]>();
  for (const a of added) {
    if (!isProduction(a.path)) continue;
    const l = byPath.get(a.path);
    if (l) l.push(a.line);
    else byPath.set(a.path, [a.line]);
  }
  const out: string[] = [];
  for (const path of [...byPath.keys()].sort()) {
    const lines = [...new Set(byPath.get(path))].sort((a, b) => a - b);
    for (let k = 0; k < lines.length;) {
      let e = k;
      while (e + 1 < lines.length && lines[e + 1] === lines[e] + 1) e++;
      out.push(`${path}:${lines[k]}-${lines[e]}`);
      k = e + 1;
    }
  }
  return out;
}

export type TargetRunner = 'pytest' | 'jest' | 'vitest';

const STRONG = new Set(['locked_fixture', 'property']);

/**
 * The tests the base run judges (decision/base-run.ts: new evidence): the rows of the head's
 * ledger that are a locked_fixture or property now and were not that class at the base
 * (added, newly classified, promoted from a draft, re-classed), and the test files the change
 * adds or edits. Files for jest and vitest (their positional filters); for pytest the rows'
 * node ids and the edited files.
 */
export function baseRunTargets(i: {
  head?: Pick<Ledger, 'rows' | 'byId'>;
  base?: Pick<Ledger, 'rows' | 'byId'>;
  changed: ChangedPath[];
  isTest: (path: string) => boolean;
  runner: TargetRunner;
}): string[] {
  const files = new Set<string>();
  const ids = new Set<string>();
  for (const c of i.changed) if (c.status !== 'D' && i.isTest(c.path)) files.add(c.path);
  for (const r of i.head?.rows ?? []) {
    if (!STRONG.has(r.class)) continue;
    const before = i.base && rowFor(i.base, r.id);
    if (before && before.class === r.class) continue;
    const at = r.id.indexOf('::');
    const file = at < 0 ? r.id : r.id.slice(0, at);
    // A file row (`FILE::*`) stands for the whole file.
    if (i.runner === 'pytest' && at >= 0 && r.id.slice(at + 2) !== '*') ids.add(r.id);
    else files.add(file);
  }
  if (i.runner !== 'pytest') return [...files].sort();
  // A node id inside a file that runs whole anyway is left out.
  return [...files, ...[...ids].filter((id) => !files.has(id.slice(0, id.indexOf('::'))))].sort();
}
