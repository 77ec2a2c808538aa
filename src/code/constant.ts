// Constant values and the operations the folders (src/code/fold-python.ts, fold-js.ts) apply
// to them (pure): what an expression built only from literals evaluates to, so a rule compares
// the value (`"_get" + "frame"`, `['__', 'tests', '__'].join('')`) and not its spelling.
// Bounded: a fold spends at most MAX_STEPS nodes and a value holds at most MAX_TEXT characters
// or MAX_ITEMS items; past either the expression is not a constant (the rules see it computed).
import type { Node } from 'web-tree-sitter';
import { unknownPath, type PathValue } from './paths.js';

export type Constant = string | number | readonly Constant[];

/** The names a callee resolves to (the reader's resolution). */
export type CalleeNames = (n: Node | null, chain: readonly number[]) => readonly string[];

export interface Folder {
  value(n: Node | null, chain: readonly number[]): Constant | undefined;
  text(n: Node | null, chain: readonly number[]): string | undefined;
  path(n: Node | null, chain: readonly number[]): PathValue;
}

export const MAX_STEPS = 512;
export const MAX_TEXT = 4096;
export const MAX_ITEMS = 256;
/** How deep one fold recurses into an expression (a `+` chain is folded without recursing). */
export const MAX_LEVELS = 96;
/** Folds inside one another (through a callee's resolution): src/code/fold-*.ts. */
export const MAX_NESTING = 3;

/** Counts one top-level fold's nodes. */
export class FoldBudget {
  private left = MAX_STEPS;
  spend(): boolean {
    return --this.left >= 0;
  }
}

/** A node's fold: expression, the cycle chain, the top-level fold's budget, the depth. */
export type Fold = (
  n: Node | null,
  chain: readonly number[],
  budget: FoldBudget,
  depth: number,
) => Constant | undefined;

/**
 * One tree's fold around a reader's `compute`, the same for both languages: each node folded
 * once (memoized), past `maxDepth` or MAX_LEVELS levels or the budget not a constant (and not
 * memoized, so a shallower fold may still take it).
 */
export function memoFold(
  memo: Map<number, Constant | undefined>,
  compute: (
    n: Node,
    chain: readonly number[],
    budget: FoldBudget,
    depth: number,
  ) => Constant | undefined,
  maxDepth: number,
): Fold {
  let levels = 0;
  return (n, chain, budget, depth) => {
    if (!n || depth > maxDepth) return undefined;
    if (memo.has(n.id)) return memo.get(n.id);
    if (levels >= MAX_LEVELS || !budget.spend()) return undefined;
    levels++;
    try {
      const v = bounded(compute(n, chain, budget, depth));
      memo.set(n.id, v);
      return v;
    } finally {
      levels--;
    }
  };
}

/** A reader's path fold (src/code/paths.ts' values). */
export type PathFold = (
  n: Node | null,
  chain: readonly number[],
  budget: FoldBudget,
  depth: number,
) => PathValue;

/**
 * One tree's path fold around a reader's `compute`, the same for both languages: each node's
 * path computed once (memoized); past `maxDepth` or the budget, a path nobody can say.
 */
export function memoPath(
  compute: (n: Node, chain: readonly number[], budget: FoldBudget, depth: number) => PathValue,
  maxDepth: number,
): PathFold {
  const memo = new Map<number, PathValue>();
  return (n, chain, budget, depth) => {
    if (!n || depth > maxDepth || !budget.spend()) return unknownPath;
    const known = memo.get(n.id);
    if (known) return known;
    const p = compute(n, chain, budget, depth);
    memo.set(n.id, p);
    return p;
  };
}

/**
 * A reader's Folder over its value and path folds, the same for both languages: each call a
 * top-level fold with a budget of its own. A fold asks the reader for a callee's names, whose
 * resolution may fold an argument again (`x = f(g(x))`): past MAX_NESTING folds inside one
 * another, nothing is a constant.
 */
export function folderOf(value: Fold, path: PathFold): Folder {
  let nesting = 0;
  const guarded =
    <T>(f: (budget: FoldBudget) => T, none: T) =>
    (): T => {
      if (nesting >= MAX_NESTING) return none;
      nesting++;
      try {
        return f(new FoldBudget());
      } finally {
        nesting--;
      }
    };
  return {
    value: (n, chain) => guarded((bg) => value(n, chain, bg, 0), undefined)(),
    text: (n, chain) => {
      const v = guarded((bg) => value(n, chain, bg, 0), undefined)();
      return isText(v) ? v : undefined;
    },
    path: (n, chain) => guarded((bg) => path(n, chain, bg, 0), unknownPath)(),
  };
}

/** `v` when it is within the bounds, else undefined. */
export function bounded(v: Constant | undefined): Constant | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v.length <= MAX_TEXT ? v : undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  return v.length <= MAX_ITEMS ? v : undefined;
}

export const isText = (v: Constant | undefined): v is string => typeof v === 'string';
export const isList = (v: Constant | undefined): v is readonly Constant[] => Array.isArray(v);

/** A value as text the way both languages print a string or a number. */
export function textOf(v: Constant | undefined): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return undefined;
}

/** `a + b`: text joined, numbers added, lists concatenated. */
export function plus(a: Constant | undefined, b: Constant | undefined): Constant | undefined {
  if (a === undefined || b === undefined) return undefined;
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  if (isList(a) && isList(b)) return bounded([...a, ...b]);
  if (isList(a) || isList(b)) return undefined;
  return bounded(String(a) + String(b));
}

/** A list's items joined by `sep` (text items only). */
export function join(sep: string, items: Constant | undefined): string | undefined {
  if (isText(items)) items = [...items];
  if (!isList(items)) return undefined;
  const parts: string[] = [];
  for (const i of items) {
    const t = textOf(i);
    if (t === undefined) return undefined;
    parts.push(t);
  }
  return bounded(parts.join(sep)) as string | undefined;
}

/** Python's `s[start:stop:step]` over text or a list (JS's slice is the step-1 case). */
export function slice(
  v: Constant | undefined,
  start: number | undefined,
  stop: number | undefined,
  step = 1,
): Constant | undefined {
  if (v === undefined || typeof v === 'number' || step === 0 || !Number.isInteger(step))
    return undefined;
  const items = [...(typeof v === 'string' ? v : v)];
  const n = items.length;
  const norm = (i: number | undefined, dflt: number) => {
    if (i === undefined) return dflt;
    if (i < 0) i += n;
    return step > 0 ? Math.min(Math.max(i, 0), n) : Math.min(Math.max(i, -1), n - 1);
  };
  const out: Constant[] = [];
  const from = norm(start, step > 0 ? 0 : n - 1);
  const to = norm(stop, step > 0 ? n : -1);
  for (let i = from; step > 0 ? i < to : i > to; i += step) out.push(items[i]);
  return typeof v === 'string' ? (out as string[]).join('') : out;
}

/** `v[i]` with a negative index counted from the end when `negative` (Python, `.at`). */
export function index(v: Constant | undefined, i: Constant | undefined, negative: boolean) {
  if (typeof i !== 'number' || !Number.isInteger(i) || v === undefined || typeof v === 'number')
    return undefined;
  const items = typeof v === 'string' ? [...v] : v;
  const k = i < 0 && negative ? i + items.length : i;
  return k >= 0 && k < items.length ? items[k] : undefined;
}

/** A code point's character, for `chr` and `String.fromCharCode`. */
export function charOf(v: Constant | undefined): string | undefined {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0x10ffff) return undefined;
  return String.fromCodePoint(v);
}

/** The text methods both languages share, by their Python and JS names. */
export function textMethod(
  s: string,
  name: string,
  args: readonly (Constant | undefined)[],
): Constant | undefined {
  const a0 = args[0];
  switch (name) {
    case 'lower':
    case 'casefold':
    case 'toLowerCase':
    case 'toLocaleLowerCase':
      return s.toLowerCase();
    case 'upper':
    case 'toUpperCase':
    case 'toLocaleUpperCase':
      return s.toUpperCase();
    case 'strip':
    case 'trim':
      return args.length ? undefined : s.trim();
    case 'lstrip':
    case 'trimStart':
      return args.length ? undefined : s.trimStart();
    case 'rstrip':
    case 'trimEnd':
      return args.length ? undefined : s.trimEnd();
    case 'replace':
    case 'replaceAll': {
      const b = args[1];
      if (!isText(a0) || !isText(b) || a0 === '') return undefined;
      return bounded(s.split(a0).join(b));
    }
    case 'removeprefix':
      return isText(a0) ? (s.startsWith(a0) ? s.slice(a0.length) : s) : undefined;
    case 'removesuffix':
      return isText(a0) ? (s.endsWith(a0) && a0 ? s.slice(0, -a0.length) : s) : undefined;
    case 'split':
      if (args.length === 0) return s.split(/\s+/).filter((x) => x !== '');
      return isText(a0) ? bounded(a0 === '' ? [...s] : s.split(a0)) : undefined;
    case 'join':
      return join(s, a0);
    case 'concat': {
      let r: Constant | undefined = s;
      for (const a of args) r = plus(r, a);
      return r;
    }
    case 'repeat':
      return typeof a0 === 'number' && a0 >= 0 && a0 * s.length <= MAX_TEXT
        ? s.repeat(a0)
        : undefined;
    case 'toString':
    case 'valueOf':
    case 'decode':
    case 'encode':
    case 'normalize':
      return s;
    case 'charAt':
      return typeof a0 === 'number' ? s.charAt(a0) : undefined;
    case 'at':
      return index(s, a0, true);
    case 'slice':
    case 'substring':
      return slice(s, args.length ? (a0 as number) : undefined, args[1] as number | undefined);
    default:
      return undefined;
  }
}

/** The escapes both languages share in a non-raw literal: `\x41`, `\u0041`, `\n`, `\\`. */
export function unescape(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(
    /\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,6}\}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|[^])/g,
    (_, e: string) => {
      const c = e[0];
      if (c === 'x' || c === 'U' || (c === 'u' && e[1] !== '{'))
        return String.fromCodePoint(parseInt(e.slice(1), 16));
      if (c === 'u') return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
      if (/[0-7]/.test(c)) return String.fromCharCode(parseInt(e, 8));
      const simple: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        b: '\b',
        f: '\f',
        v: '\v',
      };
      return simple[c] ?? (c === '\n' ? '' : c);
    },
  );
}

/** Base64 decoded as text (`atob`, `b64decode`), or undefined when it is not base64. */
export function fromBase64(s: string): string | undefined {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(s) || s.length > MAX_TEXT) return undefined;
  return Buffer.from(s, 'base64').toString('latin1');
}

/** Python's `%` with `%s`/`%d`/`%r` and `%%` over one value or a tuple. */
export function percent(fmt: string, args: Constant | undefined): string | undefined {
  const list = isList(args) ? args : [args];
  let i = 0;
  let bad = false;
  const out = fmt.replace(/%([sdir%])/g, (_, k: string) => {
    if (k === '%') return '%';
    const t = textOf(list[i++]);
    if (t === undefined) bad = true;
    return t ?? '';
  });
  return bad || i !== list.length ? undefined : (bounded(out) as string | undefined);
}

/** Python's `str.format` with `{}` / `{0}` fields and no format spec. */
export function format(fmt: string, args: readonly (Constant | undefined)[]): string | undefined {
  let auto = 0;
  let bad = false;
  const out = fmt.replace(/\{\{|\}\}|\{(\d{0,3})\}/g, (m, k: string | undefined) => {
    if (m === '{{') return '{';
    if (m === '}}') return '}';
    const t = textOf(args[k ? Number(k) : auto++]);
    if (t === undefined) bad = true;
    return t ?? '';
  });
  return bad ? undefined : (bounded(out) as string | undefined);
}

/**
 * A left-leaning chain `a + b + c + …` (what both grammars make of it) folded bottom-up in a
 * loop, each link memoized: a chain of any length costs its length, never the stack's depth.
 * `operand` folds one piece; once the value is not a constant the pieces above are not folded.
 */
export function foldChain(
  top: Node,
  isLink: (n: Node) => boolean,
  memo: Map<number, Constant | undefined>,
  operand: (n: Node | null) => Constant | undefined,
): Constant | undefined {
  const spine: Node[] = [];
  let n: Node | null = top;
  while (n && isLink(n) && (n === top || !memo.has(n.id))) {
    spine.push(n);
    n = n.childForFieldName('left');
  }
  let v = !n ? undefined : memo.has(n.id) ? memo.get(n.id) : operand(n);
  for (let i = spine.length - 1; i >= 0; i--) {
    v =
      v === undefined ? undefined : bounded(plus(v, operand(spine[i].childForFieldName('right'))));
    memo.set(spine[i].id, v);
  }
  return v;
}
