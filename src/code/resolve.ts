// Resolution through bindings (pure), as both readers (src/code/python.ts, src/code/js.ts) do
// it: each keeps its own resolveNode for its grammar's expressions; the memo and a name followed
// through its bindings are the same for both (a name bound to a constant: src/code/fold-*.ts).
import type { Node } from 'web-tree-sitter';
import { EMPTY, MAX_DEPTH, union, type Bindings, type Resolved } from './bindings.js';

export type Resolve = (n: Node | null, chain: readonly number[], depth?: number) => Resolved;

/**
 * Each node resolved once: a chain `a.b.c.d` is read from its parts, not again at each level.
 * Past MAX_DEPTH (a cycle of aliases) a node resolves to nothing.
 */
export function memoResolve(
  resolveNode: (n: Node, chain: readonly number[], depth: number) => Resolved,
): Resolve {
  const memo = new Map<number, Resolved>();
  return (n, chain, depth = 0) => {
    if (!n || depth > MAX_DEPTH) return EMPTY;
    const known = memo.get(n.id);
    if (known) return known;
    const r = resolveNode(n, chain, depth);
    memo.set(n.id, r);
    return r;
  };
}

/**
 * A name seen from `chain`: unbound, itself (a global); else what each binding holds (its
 * value, or its expression resolved where it was bound, the destructured key appended), with
 * the binding's row in `via`. `normal` gives a name its canonical spelling.
 */
export function resolveName(
  b: Bindings,
  name: string,
  chain: readonly number[],
  depth: number,
  resolve: Resolve,
  normal: (name: string) => string,
): Resolved {
  const bs = b.lookup(chain, name);
  if (!bs) return { names: [normal(name)], via: [] };
  let r: Resolved = EMPTY;
  for (const x of bs) {
    const got =
      x.value !== undefined ? { names: [x.value], via: [] } : resolve(x.expr!, x.chain, depth + 1);
    r = union(r, {
      names: got.names.map((g) => normal(g + (x.suffix ?? ''))),
      via: [x.row, ...got.via],
    });
  }
  return r;
}
