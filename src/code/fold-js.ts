// JavaScript/TypeScript expressions folded to constants and paths (pure), for src/code/js.ts:
// string pieces and templates of constants, arrays and `.join`, `.split('').reverse()`, the
// string methods, `String.fromCharCode`, `atob`, `Buffer.from(…, 'base64').toString()`, and a
// name bound once to such a value; paths from `__dirname`, `__filename`, `import.meta`,
// `new URL(x, import.meta.url)`, `path.*`, `process.cwd()` and constants (src/code/paths.ts).
import type { Node } from 'web-tree-sitter';
import { MAX_DEPTH, boundOnce, type Bindings } from './bindings.js';
import {
  FoldBudget,
  memoFold,
  memoPath,
  foldChain,
  folderOf,
  charOf,
  fromBase64,
  index,
  isList,
  isText,
  join,
  plus,
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

/** TypeScript wrappers that do not change a value. */
const TRANSPARENT = new Set([
  'parenthesized_expression',
  'as_expression',
  'satisfies_expression',
  'non_null_expression',
  'type_assertion',
]);

/** The methods of a text or an array that fold (constant.ts' textMethod, and arrays'). */
const METHODS = new Set([
  'toLowerCase',
  'toLocaleLowerCase',
  'toUpperCase',
  'toLocaleUpperCase',
  'trim',
  'trimStart',
  'trimEnd',
  'replace',
  'replaceAll',
  'split',
  'join',
  'concat',
  'repeat',
  'toString',
  'valueOf',
  'normalize',
  'charAt',
  'at',
  'slice',
  'substring',
  'reverse',
  'toReversed',
  'map',
]);
/** The functions that fold, by canonical name (below). */
const FOLDED_CALLS = new Set([
  'String.fromCharCode',
  'String.fromCodePoint',
  'String',
  'atob',
  'Buffer.from',
  'Array.from',
  'decodeURIComponent',
]);

function decodeBuffer(v: Constant | undefined, enc: Constant | undefined): Constant | undefined {
  if (isList(v)) return join('', v.map(charOf) as Constant[]);
  if (!isText(v)) return undefined;
  if (enc === undefined || (isText(enc) && /^(utf-?8|latin1|binary|ascii)$/i.test(enc))) return v;
  if (isText(enc) && /^base64(url)?$/i.test(enc)) return fromBase64(v);
  if (enc === 'hex' && /^([0-9a-fA-F]{2})*$/.test(v))
    return Buffer.from(v, 'hex').toString('latin1');
  return undefined;
}

export function jsFolder(b: Bindings, callee: CalleeNames): Folder {
  const memo = new Map<number, Constant | undefined>();

  // `compute` is defined below: called through a closure, once the folder is built.
  const value = memoFold(memo, (n, c, b, d) => compute(n, c, b, d), MAX_DEPTH);
  const isPlus = (x: Node) =>
    x.type === 'binary_expression' && x.childForFieldName('operator')?.text === '+';

  const argsOf = (call: Node): Node[] =>
    call
      .childForFieldName('arguments')
      ?.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment') ?? [];

  const compute = (
    n: Node,
    chain: readonly number[],
    budget: FoldBudget,
    depth: number,
  ): Constant | undefined => {
    const sub = (x: Node | null) => value(x, chain, budget, depth);
    if (TRANSPARENT.has(n.type)) return sub(n.namedChild(0));
    switch (n.type) {
      case 'string':
      case 'template_string': {
        let s = '';
        for (const c of n.namedChildren) {
          if (!c) continue;
          if (c.type === 'string_fragment') s += c.text;
          else if (c.type === 'escape_sequence') s += unescape(c.text);
          else if (c.type === 'template_substitution') {
            const t = textOf(sub(c.namedChild(0)));
            if (t === undefined) return undefined;
            s += t;
          }
        }
        return s;
      }
      case 'number': {
        const v = Number(n.text.replace(/_/g, ''));
        return Number.isSafeInteger(v) ? v : undefined;
      }
      case 'unary_expression': {
        const a = sub(n.childForFieldName('argument'));
        const op = n.childForFieldName('operator')?.text;
        return typeof a === 'number' ? (op === '-' ? -a : op === '+' ? a : undefined) : undefined;
      }
      case 'array': {
        const out: Constant[] = [];
        for (const c of n.namedChildren) {
          if (!c || c.type === 'comment') continue;
          if (c.type === 'spread_element') {
            const v = sub(c.namedChild(0));
            if (isText(v)) out.push(...v);
            else if (isList(v)) out.push(...v);
            else return undefined;
            continue;
          }
          const v = sub(c);
          if (v === undefined) return undefined;
          out.push(v);
        }
        return out;
      }
      case 'binary_expression':
        // Each piece with a budget of its own: the chain costs its length (memoized links).
        return isPlus(n)
          ? foldChain(n, isPlus, memo, (x) => value(x, chain, new FoldBudget(), depth))
          : undefined;
      case 'identifier': {
        const x = boundOnce(b, n, chain);
        return x ? value(x.expr!, x.chain, budget, depth + 1) : undefined;
      }
      case 'subscript_expression':
        return index(sub(n.childForFieldName('object')), sub(n.childForFieldName('index')), false);
      case 'member_expression': {
        if (n.childForFieldName('property')?.text !== 'length') return undefined;
        const o = sub(n.childForFieldName('object'));
        return isText(o) ? [...o].length : isList(o) ? o.length : undefined;
      }
      case 'call_expression': {
        const fn = n.childForFieldName('function');
        if (!fn) return undefined;
        // Only a call that can give a constant has its arguments folded (most calls cannot).
        const m =
          fn.type === 'member_expression' ? fn.childForFieldName('property')?.text : undefined;
        const obj =
          m !== undefined && METHODS.has(m) ? sub(fn.childForFieldName('object')) : undefined;
        const known = obj === undefined ? callee(fn, chain).filter((f) => FOLDED_CALLS.has(f)) : [];
        if (obj === undefined && known.length === 0) return undefined;
        const as = argsOf(n);
        const vs = as.map(sub);
        if (m !== undefined) {
          if (isText(obj)) {
            if (m === 'toString' && vs.length) return undefined;
            if (m === 'split' && vs.length === 0) return [obj];
            return textMethod(obj, m, vs);
          }
          if (isList(obj)) {
            if (m === 'join') return join(vs.length ? (textOf(vs[0]) ?? ',') : ',', obj);
            if (m === 'reverse' || m === 'toReversed') return [...obj].reverse();
            if (m === 'concat') return plus(obj, isList(vs[0]) ? vs[0] : [vs[0]!]);
            if (m === 'slice')
              return slice(obj, vs[0] as number | undefined, vs[1] as number | undefined);
            if (m === 'at') return index(obj, vs[0], true);
            if (m === 'toString') return join(',', obj);
            if (m === 'map' && as[0] && callee(as[0], chain).includes('String.fromCharCode'))
              return obj.map(charOf) as Constant[];
          }
        }
        for (const f of known) {
          switch (f) {
            case 'String.fromCharCode':
            case 'String.fromCodePoint':
              return join('', vs.map(charOf) as Constant[]);
            case 'String':
              return textOf(vs[0]);
            case 'atob':
              return isText(vs[0]) ? fromBase64(vs[0]) : undefined;
            case 'Buffer.from':
              return decodeBuffer(vs[0], vs[1]);
            case 'Array.from':
              return isText(vs[0]) ? [...vs[0]] : isList(vs[0]) ? vs[0] : undefined;
            case 'decodeURIComponent':
              try {
                return isText(vs[0]) ? decodeURIComponent(vs[0]) : undefined;
              } catch {
                return undefined;
              }
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

  const FILE: PathValue = { anchor: 'file', segs: [] };
  const computePath = (
    n: Node,
    chain: readonly number[],
    budget: FoldBudget,
    depth: number,
  ): PathValue => {
    const at = (x: Node | null) => path(x, chain, budget, depth);
    const val = (x: Node | null) => value(x, chain, budget, depth);
    const t = textOf(val(n));
    if (t !== undefined) return pathOfText(t.replace(/^file:\/\//, ''));
    if (TRANSPARENT.has(n.type)) return at(n.namedChild(0));
    switch (n.type) {
      case 'identifier': {
        const free = !b.lookup(chain, n.text);
        if (free && n.text === '__dirname') return { anchor: 'dir', segs: [] };
        if (free && n.text === '__filename') return FILE;
        const x = boundOnce(b, n, chain);
        return x ? path(x.expr!, x.chain, budget, depth + 1) : unknownPath;
      }
      case 'member_expression': {
        const o = n.childForFieldName('object');
        const p = n.childForFieldName('property')?.text;
        if (o?.type === 'meta_property')
          return p === 'dirname'
            ? { anchor: 'dir', segs: [] }
            : p === 'url' || p === 'filename'
              ? FILE
              : unknownPath;
        return p === 'pathname' || p === 'href' ? at(o) : unknownPath;
      }
      case 'binary_expression': {
        if (n.childForFieldName('operator')?.text !== '+') return unknownPath;
        const l = at(n.childForFieldName('left'));
        const rt = textOf(val(n.childForFieldName('right')));
        if (l.anchor === 'text' && l.segs[0] === '?') return unknownPath;
        return rt !== undefined ? appendText(l, rt) : joinPath(l, unknownPath);
      }
      case 'template_string': {
        let p: PathValue | undefined;
        for (const c of n.namedChildren) {
          if (!c) continue;
          if (c.type === 'string_fragment' || c.type === 'escape_sequence') {
            const s = unescape(c.text);
            p = p ? appendText(p, s) : pathOfText(s);
          } else if (c.type === 'template_substitution') {
            const x = c.namedChild(0);
            const s = textOf(val(x));
            const e = s === undefined ? at(x) : pathOfText(s);
            if (!p) p = e;
            else if (s !== undefined) p = appendText(p, s);
            else p = joinPath(p, e.anchor === 'text' ? e : unknownPath);
          }
        }
        return p ?? unknownPath;
      }
      case 'new_expression': {
        const c = n.childForFieldName('constructor');
        const as = argsOf(n);
        if (c?.text !== 'URL' || !as.length) return unknownPath;
        if (as.length === 1) return at(as[0]);
        return joinPath(parentOf(at(as[1])), at(as[0]));
      }
      case 'call_expression': {
        const fn = n.childForFieldName('function');
        const as = argsOf(n);
        const joined = (xs: Node[], from: PathValue) =>
          xs.reduce<PathValue>((p, x) => joinPath(p, at(x)), from);
        for (const f of callee(fn, chain)) {
          const g = f.replace(/^path\.(posix|win32)\./, 'path.');
          if (g === 'path.join') return joined(as, { anchor: 'text', segs: [] });
          if (g === 'path.resolve') return joined(as, { anchor: 'cwd', segs: [] });
          if (g === 'path.dirname') return parentOf(at(as[0] ?? null));
          if (/^(path\.normalize|url\.fileURLToPath|url\.pathToFileURL|String)$/.test(g))
            return at(as[0] ?? null);
          if (g === 'process.cwd') return { anchor: 'cwd', segs: [] };
          if (g === 'os.tmpdir' || g === 'os.homedir') return { anchor: 'root', segs: [] };
        }
        return unknownPath;
      }
      default:
        return unknownPath;
    }
  };

  return folderOf(value, path);
}
