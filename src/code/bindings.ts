// Names bound in a file (pure): per scope, what each name was bound to (an import's module, an
// assignment's right side), flow-insensitive, so a value is followed through any local
// assignment of its function or of the module. Resolution is bounded (depth and fan-out), so a
// cycle of aliases or a name bound many times costs a constant.
import type { Node } from 'web-tree-sitter';

export interface Binding {
  /** A fixed name (an import), or… */
  value?: string;
  /** …an expression, resolved on demand in `chain`, with `suffix` appended (a destructured key). */
  expr?: Node;
  suffix?: string;
  chain: readonly number[];
  row: number;
}

export const MAX_DEPTH = 8;
export const MAX_NAMES = 4;

export class Bindings {
  private readonly scopes = new Map<number, Map<string, Binding[]>>();

  bind(scope: number, name: string, b: Binding): void {
    let m = this.scopes.get(scope);
    if (!m) this.scopes.set(scope, (m = new Map()));
    const list = m.get(name) ?? [];
    if (list.length < MAX_NAMES) list.push(b);
    m.set(name, list);
  }

  /** The bindings of `name` seen from `chain` (innermost scope last), nearest scope first. */
  lookup(chain: readonly number[], name: string): Binding[] | undefined {
    for (let i = chain.length - 1; i >= 0; i--) {
      const b = this.scopes.get(chain[i])?.get(name);
      if (b) return b;
    }
    return undefined;
  }
}

/** The one expression a name is bound to (no destructured key), if it is bound once. */
export function boundOnce(b: Bindings, n: Node, chain: readonly number[]) {
  const bs = b.lookup(chain, n.text);
  return bs?.length === 1 && bs[0].expr && !bs[0].suffix ? bs[0] : undefined;
}

/** Names found, with the rows of the bindings they came through. */
export interface Resolved {
  names: string[];
  via: number[];
}

export const EMPTY: Resolved = { names: [], via: [] };

export function mapNames(r: Resolved, f: (n: string) => string | null): Resolved {
  const names: string[] = [];
  for (const n of r.names) {
    const m = f(n);
    if (m !== null && !names.includes(m) && names.length < MAX_NAMES) names.push(m);
  }
  return { names, via: r.via };
}

export function union(a: Resolved, b: Resolved): Resolved {
  const names = [...a.names];
  for (const n of b.names) if (!names.includes(n) && names.length < MAX_NAMES) names.push(n);
  return { names, via: [...a.via, ...b.via].slice(0, 16) };
}
