// What a language reader says about a file (pure): the facts the rules are matched on. Names
// are canonical: imports and aliases resolved, local assignments followed (`_s()` after
// `from inspect import stack as _s` is `inspect.stack()`), so a rule names what code does.
// Rows are 0-based; `via` holds the rows of the bindings a name was resolved through.
import type { Node } from 'web-tree-sitter';
import type { WriteTarget } from './paths.js';

/** The rows of what the grammar could not read: descends only where an error lies. */
export function syntaxErrors(root: Node): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  const visit = (n: Node) => {
    if (out.length >= 64) return;
    if (n.type === 'ERROR' || n.isMissing) {
      out.push({ from: n.startPosition.row, to: n.endPosition.row });
      return;
    }
    for (const c of n.children) if (c && (c.hasError || c.isMissing)) visit(c);
  };
  if (root.hasError) visit(root);
  return out;
}

export interface Span {
  from: number;
  to: number;
  via: readonly number[];
}

/** A node's rows, with the rows of the bindings its names came through. */
export function spanOf(n: Node, via: readonly number[] = []): Span {
  return { from: n.startPosition.row, to: n.endPosition.row, via };
}

export type CodeEvent =
  /**
   * An expression that names something: `inspect.stack`, `new:Error.stack`; `X[all]` when X's
   * names are enumerated (iterated, listed, spread), `X[?]` for `k in X` with a computed `k`. `entry`:
   * read in a script's entry point (`if __name__ == "__main__"`, `require.main === module`,
   * a function named `main`/`cli`, a file with a `#!` line).
   */
  | {
      kind: 'ref';
      names: readonly string[];
      at: Span;
      into?: readonly string[];
      entry?: boolean;
    }
  /**
   * A call: its callee's names and whether its first argument is a literal; `spawn`: its
   * keyword arguments and command as read (src/code/spawn.ts), for a call given arguments.
   */
  | {
      kind: 'call';
      names: readonly string[];
      firstArg: FirstArg;
      at: Span;
      scope: number;
      spawn?: SpawnFacts;
    }
  /** A write to an attribute or item: `_pytest.assertion.rewrite.x = …`, `setattr(m, …)`; `scope` 0: the module's (Python). */
  | { kind: 'assign'; names: readonly string[]; at: Span; scope?: number }
  /** A function or method defined: its name and whether it returns a constant at once. */
  | { kind: 'def'; name: string; constant: boolean; at: Span }
  /** A string literal's text, or what an expression of literals evaluates to (src/code/fold-*.ts). */
  | { kind: 'literal'; text: string; at: Span; scope: number }
  /** A write to the file system: where its target lands (src/code/paths.ts). */
  | { kind: 'write'; target: WriteTarget; at: Span };

/** A call's first argument: none, a literal (its text), or computed. */
export type FirstArg =
  | { kind: 'none' }
  | { kind: 'literal'; text: string }
  /** `text`: its source, cut at 200 characters; `value`: what it evaluates to, when it does. */
  | { kind: 'computed'; text: string; value?: string };

/** What the draft rules read of a call that may start a process (src/code/spawn.ts). */
export interface SpawnFacts {
  /** Each keyword argument's value as a word (`True`, `0`, a text, a resolved name); null: computed. */
  keywords: Readonly<Record<string, string | null>>;
  /** Keywords that cannot all be read (`**opts` computed, an options object not a literal). */
  unread: boolean;
  /** Positional arguments (a `*args` counts as many). */
  positional: number;
  /** The command: the first argument (a list's items, JS's argument array after it), COMPUTED (spawn.ts) where computed. */
  command: string;
  /** The value of a `with` item: the context manager waits for it. */
  managed: boolean;
}

export interface FileFacts {
  events: CodeEvent[];
  /** The callee names each scope (0: the module) calls. */
  scopeCalls: Map<number, Set<string>>;
  /** A reason the file cannot be read as code: a cap reached. */
  capped?: string;
  /** Rows of syntax errors (the grammar could not read them). */
  errorSpans: { from: number; to: number }[];
}
