// Which tests may kill a mutant (docs/stronger-evidence.md#mutation): only tests a human
// classified before the change. A test the change adds, edits, newly classifies, drafts or
// quarantines kills nothing here, however well it fails: an agent that writes the patch and
// the test that kills its mutants has proven only that the two agree.
import { rowFor } from '../ledger/file-rows.js';
import type { ChangedPath, Ledger } from '../types.js';

const STRONG = new Set(['locked_fixture', 'property']);

export interface AdmissibleFacts {
  /** The ledger at the base (merge base); undefined when the base has none or it is invalid. */
  base?: Pick<Ledger, 'byId'>;
  /** The head's ledger; undefined when it is invalid. */
  head?: Pick<Ledger, 'byId'>;
  /** The change's paths: a test in a file it adds or edits counts for nothing. */
  changed: ChangedPath[];
  /** Ids of hold-out cases that passed (tests the repository does not hold). */
  holdout: Set<string>;
}

/** null: the test may kill a mutant; else why not, in a few words. */
export function admissibility(f: AdmissibleFacts): (id: string) => string | null {
  const touched = new Map(f.changed.map((c) => [c.path, c.status]));
  return (id) => {
    if (f.holdout.has(id)) return null;
    const file = id.includes('::') ? id.slice(0, id.indexOf('::')) : undefined;
    const st = file === undefined ? undefined : touched.get(file);
    if (st !== undefined && st !== 'D')
      return st === 'A' ? 'a test file the change adds' : 'a test file the change edits';
    const b = f.base && rowFor(f.base, id);
    if (!b) return 'unclassified at the base';
    if (!STRONG.has(b.class)) return `${b.class} at the base`;
    const h = f.head && rowFor(f.head, id);
    if (!h) return 'no row at the head';
    if (!STRONG.has(h.class)) return `${h.class} at the head`;
    return null;
  };
}
