// Which test ids of a run are pytest doctest items (`src/shop.py::shop.total`), for the
// commands that write rows: such an item is locked to its own examples
// (`src/shop.py#doctest:shop.total`), so its module stays production code (CONTRACT §2).
import { qualnamesOf } from '../code/doctest.js';
import { doctestFacts } from '../adapters/fs/doctest-facts.js';
import { doctestArtifact } from '../ledger/doctest-artifact.js';

/**
 * The doctest artifact of each id that names a docstring with examples in a Python module
 * here; an id that looks like one but names none (a test, a `__test__` entry) is left out,
 * and is locked as before.
 */
export async function doctestItems(
  root: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const candidates = new Map<string, string>();
  for (const id of ids) {
    const i = id.indexOf('::');
    if (i <= 0 || id.includes('::', i + 2)) continue;
    const file = id.slice(0, i);
    const name = id.slice(i + 2);
    if (qualnamesOf(file, name).length > 0) candidates.set(id, doctestArtifact(file, name));
  }
  const out = new Map<string, string>();
  if (candidates.size === 0) return out;
  const facts = await doctestFacts(root, candidates.values());
  for (const [id, key] of candidates) if (facts.get(key)?.digest !== undefined) out.set(id, key);
  return out;
}
