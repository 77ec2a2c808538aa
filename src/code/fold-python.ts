// Python expressions folded to constants and paths (pure), for src/code/python.ts: string
// pieces, f-strings of constants, `%` and `str.format`, `.join` over literal lists, slices
// (`[::-1]`), `chr`, `bytes(...)`, `b64decode`/`codecs.decode(…, 'rot13')`, the text methods,
// and a name bound once to such a value; paths from `__file__`, `os.path`, `pathlib` and
// constants (src/code/paths.ts). Bounded by src/code/constant.ts' budget and MAX_DEPTH.
import type { Node } from 'web-tree-sitter';
import { MAX_DEPTH, boundOnce, type Bindings } from './bindings.js';
import {
  FoldBudget,
  memoFold,
  memoPath,
  foldChain,
  folderOf,
  charOf,
  format,
  fromBase64,
  index,
  isList,
  isText,
  join,
  percent,
  slice,
  textMethod,
  textOf,
  unescape,
  type CalleeNames,
  type Constant,
  type Folder,
} from './constant.js';
import {
  appendText,
  joinPath,
  parentOf,
  pathOfText,
  unknownPath,
  type PathValue,
} from './paths.js';

/** The methods of a text that fold (constant.ts' textMethod, and `format`). */
const TEXT_METHODS = new Set([
  'lower',
  'casefold',
  'upper',
  'strip',
  'lstrip',
  'rstrip',
  'replace',
  'removeprefix',
  'removesuffix',
  'split',
  'join',
  'decode',
  'encode',
  'format',
]);
/** The functions that fold, by canonical name (below). */
const FOLDED_CALLS = new Set([
  'chr',
  'str',
  'reversed',
  'list',
  'tuple',
  'bytes',
  'bytearray',
  'map',
  'base64.b64decode',
  'base64.standard_b64decode',
  'base64.urlsafe_b64decode',
  'codecs.decode',
  'codecs.encode',
  'bytes.fromhex',
]);

const rot13 = (s: string) =>
  s.replace(/[A-Za-z]/g, (c) => {
    const b = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - b + 13) % 26) + b);
  });

function intOf(t: string): number | undefined {
  const s = t.replace(/_/g, '').toLowerCase();
  const v = /^0x[0-9a-f]+$/.test(s)
    ? parseInt(s, 16)
    : /^0o[0-7]+$/.test(s)
      ? parseInt(s.slice(2), 8)
      : /^\d+$/.test(s)
        ? Number(s)
        : undefined;
  return v !== undefined && Number.isSafeInteger(v) ? v : undefined;
}

export function pyFolder(b: Bindings, callee: CalleeNames): Folder {
  const memo = new Map<number, Constant | undefined>();

  const args = (call: Node): Node[] | undefined => {
    const a = call.childForFieldName('arguments');
    if (!a) return [];
    const out: Node[] = [];
    for (const c of a.namedChildren) {
      if (!c || c.type === 'comment') continue;
      // A keyword, `*x` or `**x`: not folded.
      if (c.type === 'keyword_argument' || c.type.includes('splat')) return undefined;
      out.push(c);
    }
    return out;
  };

  // `compute` is defined below: called through a closure, once the folder is built.
  const value = memoFold(memo, (n, c, b, d) => compute(n, c, b, d), MAX_DEPTH);
  const isPlus = (x: Node) =>
    x.type === 'binary_operator' && x.childForFieldName('operator')?.text === '+';
  const sub = (n: Node | null, chain: readonly number[], budget: FoldBudget, depth: number) =>
    value(n, chain, budget, depth);

  const compute = (
    n: Node,
    chain: readonly number[],
    budget: FoldBudget,
    depth: number,
  ): Constant | undefined => {
    switch (n.type) {
      case 'string': {
        const start = n.firstChild?.text ?? '';
        const raw = /r/i.test(start);
        let s = '';
        for (const c of n.namedChildren) {
          if (!c) continue;
          if (c.type === 'string_content' || c.type === 'escape_sequence')
            s += raw ? c.text : unescape(c.text);
          else if (c.type === 'interpolation') {
            if (c.childForFieldName('format_specifier') || c.childForFieldName('type_conversion'))
              return undefined;
            const t = textOf(sub(c.childForFieldName('expression'), chain, budget, depth));
            if (t === undefined) return undefined;
            s += t;
          }
        }
        return s;
      }
      case 'concatenated_string': {
        let s = '';
        for (const c of n.namedChildren) {
          const t = c ? sub(c, chain, budget, depth) : undefined;
          if (!isText(t)) return undefined;
          s += t;
        }
        return s;
      }
      case 'integer':
        return intOf(n.text);
      case 'unary_operator': {
        const a = sub(n.childForFieldName('argument'), chain, budget, depth);
        const op = n.childForFieldName('operator')?.text;
        return typeof a === 'number' ? (op === '-' ? -a : op === '+' ? a : undefined) : undefined;
      }
      case 'parenthesized_expression':
        return sub(n.namedChild(0), chain, budget, depth);
      case 'list':
      case 'tuple': {
        const out: Constant[] = [];
        for (const c of n.namedChildren) {
          if (!c || c.type === 'comment') continue;
          const v = sub(c, chain, budget, depth);
          if (v === undefined) return undefined;
          out.push(v);
        }
        return out;
      }
      case 'binary_operator': {
        const op = n.childForFieldName('operator')?.text;
        // Each piece with a budget of its own: the chain costs its length (memoized links).
        if (op === '+')
          return foldChain(n, isPlus, memo, (x) => value(x, chain, new FoldBudget(), depth));
        const l = sub(n.childForFieldName('left'), chain, budget, depth);
        if (l === undefined) return undefined;
        const r = sub(n.childForFieldName('right'), chain, budget, depth);
        if (op === '%' && isText(l)) return percent(l, r);
        if (op === '*' && isText(l) && typeof r === 'number') return textMethod(l, 'repeat', [r]);
        return undefined;
      }
      case 'identifier': {
        const x = boundOnce(b, n, chain);
        return x ? sub(x.expr!, x.chain, budget, depth + 1) : undefined;
      }
      case 'subscript': {
        const v = sub(n.childForFieldName('value'), chain, budget, depth);
        const k = n.childForFieldName('subscript');
        if (v === undefined || !k) return undefined;
        if (k.type !== 'slice') return index(v, sub(k, chain, budget, depth), true);
        // `a:b:c`: the pieces between the colons, each optional.
        const parts: (number | undefined)[] = [undefined, undefined, undefined];
        let i = 0;
        for (const c of k.children) {
          if (!c) continue;
          if (c.type === ':') i++;
          else {
            const x = sub(c, chain, budget, depth);
            if (typeof x !== 'number' || i > 2) return undefined;
            parts[i] = x;
          }
        }
        return slice(v, parts[0], parts[1], parts[2] ?? 1);
      }
      case 'call': {
        const fn = n.childForFieldName('function');
        if (!fn) return undefined;
        // Only a call that can give a constant has its arguments folded (most calls cannot).
        const m = fn.type === 'attribute' ? fn.childForFieldName('attribute')?.text : undefined;
        const obj =
          m !== undefined && TEXT_METHODS.has(m)
            ? sub(fn.childForFieldName('object'), chain, budget, depth)
            : undefined;
        const names = isText(obj) ? [] : callee(fn, chain).filter((f) => FOLDED_CALLS.has(f));
        if (!isText(obj) && names.length === 0) return undefined;
        const as = args(n);
        if (!as) return undefined;
        const vals = () => as.map((a) => sub(a, chain, budget, depth));
        if (isText(obj)) return m === 'format' ? format(obj, vals()) : textMethod(obj, m!, vals());
        const vs = vals();
        const a0 = vs[0];
        for (const f of names) {
          switch (f) {
            case 'chr':
              return charOf(a0);
            case 'str':
              return vs.length === 1 ? textOf(a0) : undefined;
            case 'reversed':
              return isText(a0) || isList(a0) ? slice(a0, undefined, undefined, -1) : undefined;
            case 'list':
            case 'tuple':
              return isText(a0) ? [...a0] : isList(a0) ? a0 : undefined;
            case 'bytes':
            case 'bytearray':
              return isList(a0) ? join('', a0.map(charOf) as Constant[]) : a0;
            case 'map':
              if (isList(vs[1]) && callee(as[0], chain).includes('chr'))
                return vs[1].map((c) => charOf(c) ?? '');
              return undefined;
            case 'base64.b64decode':
            case 'base64.standard_b64decode':
            case 'base64.urlsafe_b64decode':
              return isText(a0) ? fromBase64(a0) : undefined;
            case 'codecs.decode':
            case 'codecs.encode':
              return isText(a0) && isText(vs[1]) && /^rot.?13$/i.test(vs[1])
                ? rot13(a0)
                : undefined;
            case 'bytes.fromhex':
              return isText(a0) && /^([0-9a-fA-F]{2}\s?)*$/.test(a0)
                ? Buffer.from(a0.replace(/\s/g, ''), 'hex').toString('latin1')
                : undefined;
          }
        }
        return undefined;
      }
      default:
        return undefined;
    }
  };

  const path = memoPath(
    (n, chain, budget, depth) => computePath(n, chain, budget, depth),
    MAX_DEPTH,
  );

  const computePath = (
    n: Node,
    chain: readonly number[],
    budget: FoldBudget,
    depth: number,
  ): PathValue => {
    const t = textOf(value(n, chain, budget, depth));
    if (t !== undefined) return pathOfText(t);
    const at = (x: Node | null) => path(x, chain, budget, depth);
    switch (n.type) {
      case 'parenthesized_expression':
        return at(n.namedChild(0));
      case 'identifier': {
        if (n.text === '__file__' && !b.lookup(chain, n.text)) return { anchor: 'file', segs: [] };
        const x = boundOnce(b, n, chain);
        return x ? path(x.expr!, x.chain, budget, depth + 1) : unknownPath;
      }
      case 'attribute': {
        const a = n.childForFieldName('attribute')?.text;
        return a === 'parent' ? parentOf(at(n.childForFieldName('object'))) : unknownPath;
      }
      case 'subscript': {
        const v = n.childForFieldName('value');
        const k = value(n.childForFieldName('subscript'), chain, budget, depth);
        if (v?.type !== 'attribute' || v.childForFieldName('attribute')?.text !== 'parents')
          return unknownPath;
        if (typeof k !== 'number' || k < 0 || k > 32) return unknownPath;
        let p = parentOf(at(v.childForFieldName('object')));
        for (let i = 0; i < k; i++) p = parentOf(p);
        return p;
      }
      case 'binary_operator': {
        const op = n.childForFieldName('operator')?.text;
        const l = at(n.childForFieldName('left'));
        const r = n.childForFieldName('right');
        if (op === '/') return joinPath(l, at(r));
        if (op === '+' && l.anchor !== 'text') {
          const rt = textOf(value(r, chain, budget, depth));
          return rt !== undefined ? appendText(l, rt) : joinPath(l, unknownPath);
        }
        return unknownPath;
      }
      case 'string':
        return pieces(n, chain, budget, depth);
      case 'call': {
        const fn = n.childForFieldName('function');
        const as = n
          .childForFieldName('arguments')
          ?.namedChildren.filter(
            (c): c is Node => c !== null && c.type !== 'comment' && c.type !== 'keyword_argument',
          );
        if (!fn || !as) return unknownPath;
        const joined = (xs: Node[], from?: PathValue) =>
          xs.reduce<PathValue>((p, x) => joinPath(p, at(x)), from ?? { anchor: 'text', segs: [] });
        if (fn.type === 'attribute') {
          const m = fn.childForFieldName('attribute')?.text;
          const obj = fn.childForFieldName('object');
          if (m === 'resolve' || m === 'absolute' || m === 'expanduser') return at(obj);
          if (m === 'joinpath') return joined(as, at(obj));
          if (m === 'with_name' || m === 'with_suffix' || m === 'with_stem')
            return joinPath(parentOf(at(obj)), unknownPath);
        }
        for (const f of callee(fn, chain)) {
          if (f === 'os.path.dirname') return parentOf(at(as[0] ?? null));
          if (f === 'os.path.join' || f === 'pathlib.Path' || f === 'pathlib.PurePath')
            return as.length ? joined(as) : { anchor: 'cwd', segs: [] };
          if (/^os\.path\.(abspath|realpath|normpath|expanduser)$|^(os\.fspath|str)$/.test(f))
            return at(as[0] ?? null);
          if (f === 'os.getcwd' || f === 'pathlib.Path.cwd') return { anchor: 'cwd', segs: [] };
          if (f === 'pathlib.Path.home' || f === 'tempfile.gettempdir')
            return { anchor: 'root', segs: [] };
        }
        return unknownPath;
      }
      default:
        return unknownPath;
    }
  };

  /** An f-string: its fixed pieces and each field's path or value, in order. */
  const pieces = (
    n: Node,
    chain: readonly number[],
    budget: FoldBudget,
    depth: number,
  ): PathValue => {
    let p: PathValue | undefined;
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (c.type === 'string_content' || c.type === 'escape_sequence') {
        const t = unescape(c.text);
        p = p ? appendText(p, t) : pathOfText(t);
      } else if (c.type === 'interpolation') {
        const x = c.childForFieldName('expression');
        const t = textOf(value(x, chain, budget, depth));
        const e = t === undefined ? path(x, chain, budget, depth) : pathOfText(t);
        if (!p) p = e;
        else if (t !== undefined) p = appendText(p, t);
        else p = joinPath(p, e.anchor === 'text' ? e : unknownPath);
      }
    }
    return p ?? unknownPath;
  };

  return folderOf(value, path);
}
