// Doctest facts (CONTRACT §2): the digest of a doctest row's golden, the examples of one
// docstring (src/code/doctest.ts), read from its module with the same safe read as any golden
// (no symlink, no FIFO, inside the repository) and parsed by the tree-sitter Python grammar.
// A module that cannot be read or parsed, or no longer has the docstring, is the row's problem.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { examplesText, findDoctest } from '../../code/doctest.js';
import { MAX_FILE_BYTES } from '../../code/budget.js';
import { parseDoctestArtifact } from '../../ledger/doctest-artifact.js';
import type { ArtifactFact } from '../../types.js';
import { leavesRepo, readCapped } from './safe-read.js';

/** What the synchronous fact reader says of a doctest key: it is read here, asynchronously. */
export const DOCTEST_PENDING: ArtifactFact = { problem: 'a doctest, read apart' };

/** The sha256 of a doctest's examples as a ledger digest. */
export function examplesDigest(text: string): string {
  return 'sha256:' + createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The facts of the doctest keys among `keys`, each module read and parsed once. */
export async function doctestFacts(
  root: string,
  keys: Iterable<string>,
): Promise<Map<string, ArtifactFact>> {
  const byFile = new Map<string, { key: string; name: string }[]>();
  for (const key of keys) {
    const d = parseDoctestArtifact(key);
    if (d === undefined) continue;
    const list = byFile.get(d.file) ?? [];
    list.push({ key, name: d.name });
    byFile.set(d.file, list);
  }
  const out = new Map<string, ArtifactFact>();
  if (byFile.size === 0) return out;
  const { parserFor } = await import('../code/grammars.js');
  const parse = await parserFor('python');
  for (const [file, items] of byFile) {
    const module = await moduleTree(root, file, parse);
    for (const { key, name } of items) {
      if ('problem' in module) {
        out.set(key, { problem: `module ${file}: ${module.problem}` });
        continue;
      }
      const found = findDoctest(module.tree.rootNode, file, name);
      out.set(
        key,
        'problem' in found
          ? { problem: `module ${file} ${found.problem}` }
          : { digest: examplesDigest(examplesText(found.examples)) },
      );
    }
    if ('tree' in module) module.tree.delete();
  }
  return out;
}

type Parse = Awaited<ReturnType<typeof import('../code/grammars.js').parserFor>>;
type Tree = NonNullable<ReturnType<Parse>>;

async function moduleTree(
  root: string,
  file: string,
  parse: Parse,
): Promise<{ tree: Tree } | { problem: string }> {
  const abs = path.resolve(root, file);
  if (await leavesRepo(root, abs)) return { problem: 'resolves outside the repository' };
  let text: string;
  try {
    text = await readCapped(abs, MAX_FILE_BYTES, file);
  } catch (e) {
    return { problem: (e as Error).message };
  }
  const tree = parse(text);
  if (!tree) return { problem: 'could not be parsed' };
  return { tree };
}

/** Replaces the pending facts of doctest keys in `facts` by their real ones. */
export async function withDoctestFacts(
  root: string,
  facts: Map<string, ArtifactFact>,
): Promise<void> {
  for (const [key, fact] of await doctestFacts(root, facts.keys())) facts.set(key, fact);
}
