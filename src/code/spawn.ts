// A call's arguments as the draft rules read them (pure, over the readers' trees): whether a
// process it starts outlives the run is said by its keywords (Python `start_new_session=True`,
// `preexec_fn=…`; JS `{ detached: true }`) and its command (`nohup`, `setsid`, a lone `&`),
// not by its name. Spellings followed: `**{…}`, `**dict(…)`, `**name` bound once to one, the
// keywords a `functools.partial` bound ahead; JS `{ ...o }` and an options name bound once to
// an object literal. Anything else is `unread`, and the rules fail closed on it.
import type { Node } from 'web-tree-sitter';
import type { SpawnFacts } from './events.js';
import type { Constant } from './constant.js';
import { boundOnce, type Bindings } from './bindings.js';

/** The expression a name is bound to once, with its chain. */
function bound(r: SpawnReader, n: Node, chain: readonly number[]) {
  const b = boundOnce(r.bindings, n, chain);
  return b?.expr ? { expr: b.expr, chain: b.chain } : undefined;
}

/** What a reader lends: its bindings, resolution and constant folder. */
export interface SpawnReader {
  bindings: Bindings;
  /** The canonical names an expression resolves to. */
  names(n: Node | null, chain: readonly number[]): readonly string[];
  value(n: Node | null, chain: readonly number[]): Constant | undefined;
}

const DEPTH = 4;
/** Both languages' constants in one vocabulary: a rule's harmless values are Python's words. */
const WORDS: Record<string, string> = {
  true: 'True',
  false: 'False',
  none: 'None',
  null: 'None',
  undefined: 'None',
};

interface Acc {
  keywords: Record<string, string | null>;
  unread: boolean;
  positional: number;
}

/** A value as a word: a constant's text, a resolved name; null when computed. */
function word(n: Node, chain: readonly number[], r: SpawnReader, depth = 0): string | null {
  const w = WORDS[n.type] ?? (n.type === 'identifier' && n.text === 'undefined' ? 'None' : null);
  if (w) return w;
  const v = r.value(n, chain);
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (n.type === 'identifier' && depth < DEPTH) {
    const b = bound(r, n, chain);
    if (b) return word(b.expr, b.chain, r, depth + 1);
  }
  const name = r.names(n, chain)[0];
  return name && !name.startsWith('local:') && !name.endsWith('()') ? name : null;
}

/** A computed part of a command (no argument can hold a NUL). */
export const COMPUTED = '\0';

/** A name followed to what it is bound to once (a few links), else the node itself. */
function follow(n: Node, chain: readonly number[], r: SpawnReader) {
  let at = { expr: n, chain };
  for (let i = 0; i < DEPTH && at.expr.type === 'identifier'; i++) {
    const b = bound(r, at.expr, at.chain);
    if (!b) break;
    at = b;
  }
  return at;
}

/** The command's words: a text, or a list's items, COMPUTED for each computed one. */
function command(n: Node | null | undefined, chain: readonly number[], r: SpawnReader): string {
  if (!n) return '';
  const at = follow(n, chain, r);
  if (at.expr.type === 'list' || at.expr.type === 'tuple' || at.expr.type === 'array')
    return at.expr.namedChildren
      .filter((c): c is Node => !!c && c.type !== 'comment')
      .slice(0, 64)
      .map((c) => {
        const v = r.value(c, at.chain);
        return typeof v === 'string' || typeof v === 'number' ? String(v) : COMPUTED;
      })
      .join(' ');
  const v = r.value(at.expr, at.chain);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : COMPUTED;
}

const isComment = (c: Node | null): c is null => !c || c.type === 'comment';

/** Python arguments into `acc`; returns the first positional one. */
function pyArgs(args: Node | null, chain: readonly number[], r: SpawnReader, acc: Acc, depth = 0) {
  let first: Node | undefined;
  for (const c of args?.namedChildren ?? []) {
    if (isComment(c)) continue;
    if (c.type === 'keyword_argument') {
      const k = c.childForFieldName('name')?.text ?? '?';
      const v = c.childForFieldName('value');
      acc.keywords[k] = v ? word(v, chain, r) : null;
    } else if (c.type === 'dictionary_splat') pySplat(c.namedChild(0), chain, r, acc, depth);
    else if (c.type === 'list_splat') acc.positional = Infinity;
    else {
      first ??= c;
      acc.positional++;
    }
  }
  return first;
}

/** `**x`: a dict literal, `dict(k=v)`, or a name bound once to one. */
function pySplat(
  n: Node | null,
  chain: readonly number[],
  r: SpawnReader,
  acc: Acc,
  depth: number,
) {
  if (!n || depth >= DEPTH) return void (acc.unread = true);
  const at = follow(n, chain, r);
  const e = at.expr;
  if (e.type === 'dictionary') {
    for (const p of e.namedChildren) {
      if (isComment(p)) continue;
      if (p.type === 'dictionary_splat') pySplat(p.namedChild(0), at.chain, r, acc, depth + 1);
      else if (p.type === 'pair') {
        const k = r.value(p.childForFieldName('key'), at.chain);
        const v = p.childForFieldName('value');
        if (typeof k !== 'string') acc.unread = true;
        else acc.keywords[k] = v ? word(v, at.chain, r) : null;
      } else acc.unread = true;
    }
    return;
  }
  if (e.type === 'call' && r.names(e.childForFieldName('function'), at.chain).includes('dict')) {
    const inner: Acc = { keywords: acc.keywords, unread: false, positional: 0 };
    pyArgs(e.childForFieldName('arguments'), at.chain, r, inner, depth + 1);
    if (inner.unread || inner.positional > 0) acc.unread = true;
    return;
  }
  acc.unread = true;
}

/** A Python call: its keywords, with those a `functools.partial` callee bound ahead. */
export function pySpawn(call: Node, chain: readonly number[], r: SpawnReader): SpawnFacts {
  const acc: Acc = { keywords: {}, unread: false, positional: 0 };
  let fn = call.childForFieldName('function');
  let fnChain = chain;
  for (let i = 0; fn && i < DEPTH; i++) {
    const at = follow(fn, fnChain, r);
    const e = at.expr;
    if (e.type !== 'call') break;
    if (!r.names(e.childForFieldName('function'), at.chain).includes('functools.partial')) break;
    // The partial's first positional argument is the function; the rest are its arguments.
    pyArgs(e.childForFieldName('arguments'), at.chain, r, acc);
    acc.positional = Math.max(0, acc.positional - 1);
    fn = e.childForFieldName('arguments')?.namedChild(0) ?? null;
    fnChain = at.chain;
  }
  const first = pyArgs(call.childForFieldName('arguments'), chain, r, acc);
  const args = call
    .childForFieldName('arguments')
    ?.namedChildren.find(
      (c) => c?.type === 'keyword_argument' && c.childForFieldName('name')?.text === 'args',
    );
  const parent = call.parent?.type === 'as_pattern' ? call.parent.parent : call.parent;
  return {
    ...acc,
    command: command(first ?? args?.childForFieldName('value'), chain, r),
    managed: parent?.type === 'with_item',
  };
}

/** JS options: an object literal's properties (spreads followed), else unread. */
function jsObject(n: Node, chain: readonly number[], r: SpawnReader, acc: Acc, depth: number) {
  for (const p of n.namedChildren) {
    if (isComment(p)) continue;
    if (p.type === 'pair') {
      const key = p.childForFieldName('key');
      const k = key?.type === 'property_identifier' ? key.text : r.value(key, chain);
      const v = p.childForFieldName('value');
      if (typeof k !== 'string') acc.unread = true;
      else acc.keywords[k] = v ? word(v, chain, r) : null;
    } else if (p.type === 'shorthand_property_identifier') {
      const b = bound(r, p, chain);
      acc.keywords[p.text] = b ? word(b.expr, b.chain, r) : null;
    } else if (p.type === 'spread_element' && depth < DEPTH) {
      const at = follow(p.namedChild(0)!, chain, r);
      if (at.expr.type === 'object') jsObject(at.expr, at.chain, r, acc, depth + 1);
      else acc.unread = true;
    } else if (p.type === 'method_definition')
      acc.keywords[p.childForFieldName('name')?.text ?? '?'] = null;
    else acc.unread = true;
  }
}

/** What no options object can be: a command's argument list, a callback. */
const NOT_OPTIONS = new Set([
  'array',
  'arrow_function',
  'function_expression',
  'function',
  'string',
  'template_string',
  'number',
  'null',
  'undefined',
]);

/** A JS call: the options among its arguments after the first, its command and argument array. */
export function jsSpawn(call: Node, chain: readonly number[], r: SpawnReader): SpawnFacts {
  const acc: Acc = { keywords: {}, unread: false, positional: 0 };
  const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter(
    (c): c is Node => !isComment(c),
  );
  for (const a of args.slice(1)) {
    if (a.type === 'spread_element') {
      acc.unread = true;
      continue;
    }
    const at = follow(a, chain, r);
    if (at.expr.type === 'object') jsObject(at.expr, at.chain, r, acc, 0);
    else if (!NOT_OPTIONS.has(at.expr.type)) acc.unread = true;
  }
  acc.positional = args.length;
  const second = args[1] ? follow(args[1], chain, r).expr : undefined;
  const argv = second?.type === 'array' ? ` ${command(args[1], chain, r)}` : '';
  return { ...acc, command: command(args[0], chain, r) + argv, managed: false };
}
