// The Python reader (pure): walks a parsed file twice, first binding names (imports, aliases,
// assignments, per function), then saying what each expression does with those names resolved
// (src/code/events.ts). Bounded: each node is visited a constant number of times per walk, and
// a file past MAX_NODES (src/code/budget.ts) is said to be capped instead of read.
import type { Node } from 'web-tree-sitter';
import { NodeBudget } from './budget.js';
import { Bindings, EMPTY, MAX_DEPTH, mapNames, union, type Resolved } from './bindings.js';
import { memoResolve, resolveName } from './resolve.js';
import {
  spanOf,
  syntaxErrors,
  type CodeEvent,
  type FileFacts,
  type FirstArg,
  type Span,
} from './events.js';
import { pyFolder } from './fold-python.js';
import { whereTo } from './paths.js';
import { pySpawn, type SpawnReader } from './spawn.js';

const SCOPES = new Set(['function_definition', 'lambda', 'class_definition']);

/** `builtins.exec` and `__builtins__.exec` are `exec`. */
function normal(n: string): string {
  if (n.endsWith('.?')) return n;
  if (n.startsWith('builtins.')) return n.slice(9);
  if (n.startsWith('__builtins__.')) return n.slice(13);
  return n;
}

/** A string literal's text, or null when it interpolates (an f-string with a field). */
export function pyLiteral(n: Node): string | null {
  if (n.type === 'concatenated_string') {
    let s = '';
    for (const c of n.namedChildren) {
      if (!c) continue;
      const t = pyLiteral(c);
      if (t === null) return null;
      s += t;
    }
    return s;
  }
  if (n.type === 'binary_operator' && n.childForFieldName('operator')?.text === '+') {
    const l = n.childForFieldName('left');
    const r = n.childForFieldName('right');
    const a = l ? pyLiteral(l) : null;
    const c = r ? pyLiteral(r) : null;
    return a !== null && c !== null ? a + c : null;
  }
  if (n.type !== 'string') return null;
  let s = '';
  for (const c of n.namedChildren) {
    if (!c) continue;
    if (c.type === 'interpolation') return null;
    if (c.type === 'string_content' || c.type === 'escape_sequence') s += c.text;
  }
  return s;
}

const CONSTANTS = new Set(['true', 'false', 'none', 'integer', 'float']);

function isConstant(n: Node | null): boolean {
  if (!n) return false;
  if (CONSTANTS.has(n.type)) return true;
  if (n.type === 'unary_operator') return isConstant(n.childForFieldName('argument'));
  if (n.type === 'parenthesized_expression') return isConstant(n.namedChild(0));
  return false;
}

/** A statement that does nothing: a docstring, `pass`, `...`, a bare literal or name. */
function isNoOp(s: Node): boolean {
  if (s.type === 'pass_statement' || s.type === 'comment') return true;
  if (s.type !== 'expression_statement') return false;
  const e = s.namedChild(0);
  if (!e) return true;
  return (
    [
      'string',
      'concatenated_string',
      'ellipsis',
      'identifier',
      'integer',
      'float',
      'none',
    ].includes(e.type) ||
    isConstant(e) ||
    // `x = 1`: a local given a literal changes nothing a caller sees.
    (e.type === 'assignment' &&
      e.childForFieldName('left')?.type === 'identifier' &&
      (isConstant(e.childForFieldName('right')) || e.childForFieldName('right')?.type === 'string'))
  );
}

/** The row of the `return CONSTANT` a body reaches before anything that could decide, or -1. */
export function constantReturnRow(body: Node | null): number {
  if (!body) return -1;
  for (const s of body.namedChildren) {
    if (!s) continue;
    if (s.type === 'return_statement') return isConstant(s.namedChild(0)) ? s.endPosition.row : -1;
    if (!isNoOp(s)) return -1;
  }
  return -1;
}

/** A function a script's command line is read in (`def main(argv=None)`). */
const MAIN = /^_{0,2}(main|cli|run_cli|entry_?point)$/;

/** An entry point: `if __name__ == "__main__":` or a function named as one (MAIN). */
const ENTRY_TYPES = new Set(['function_definition', 'function_declaration', 'if_statement']);
function isEntry(n: Node): boolean {
  if (n.type === 'function_definition') return MAIN.test(n.childForFieldName('name')?.text ?? '');
  if (n.type !== 'if_statement') return false;
  const c = n.childForFieldName('condition')?.text ?? '';
  return /^(__name__\s*==\s*['"]__main__['"]|['"]__main__['"]\s*==\s*__name__)$/.test(c);
}

/** Calls that read every name of their arguments (`any(... for m in sys.modules)` too). */
const ENUMERATORS = new Set([
  'list',
  'tuple',
  'set',
  'frozenset',
  'sorted',
  'any',
  'all',
  'iter',
  'next',
  'filter',
  'map',
  'enumerate',
  'dir',
  'reversed',
]);

/** Which arguments of a file-system call are written (`receiver`: the path it is called on). */
interface Write {
  targets: readonly number[] | 'receiver';
  /** The position of the mode argument (`open(p, 'w')`); no mode is a read. */
  mode?: number;
}
function writeOf(name: string): Write | undefined {
  if (/^(io\.|codecs\.)?open$/.test(name)) return { targets: [0], mode: 1 };
  if (/^(os\.(replace|rename|renames)|shutil\.move)$/.test(name)) return { targets: [0, 1] };
  // A link's first argument is what it points to, not where it is written.
  if (/^os\.(link|symlink)$/.test(name)) return { targets: [1] };
  if (/^shutil\.(copy|copy2|copyfile|copytree|copymode|copystat)$/.test(name))
    return { targets: [1] };
  if (/^(os\.(remove|unlink|truncate|utime)|shutil\.rmtree)$/.test(name)) return { targets: [0] };
  if (/\.(write_text|write_bytes|touch|unlink)$/.test(name)) return { targets: 'receiver' };
  return undefined;
}

export function readPython(root: Node): FileFacts {
  const b = new Bindings();
  const events: CodeEvent[] = [];
  const scopeCalls = new Map<number, Set<string>>();
  const errorSpans = syntaxErrors(root);
  const budget = new NodeBudget();

  // Constants and paths as evaluated (src/code/fold-python.ts), a callee named as resolved.
  const fold = pyFolder(b, (n, chain) => resolve(n, chain).names);
  const textOf = (n: Node | null | undefined, chain: readonly number[]) =>
    n ? (fold.text(n, chain) ?? null) : null;
  // What an expression names; resolve() (below) memoises it a node at a time.
  const resolveNode = (n: Node, chain: readonly number[], depth: number): Resolved => {
    switch (n.type) {
      case 'identifier':
        // A name as bound: normal() is for what attributes and subscripts spell.
        return resolveName(b, n.text, chain, depth, resolve, (name) => name);
      case 'attribute': {
        const attr = n.childForFieldName('attribute')?.text ?? '?';
        return mapNames(resolve(n.childForFieldName('object'), chain, depth + 1), (o) =>
          normal(`${o}.${attr}`),
        );
      }
      case 'subscript': {
        const key = n.childForFieldName('subscript');
        const lit = textOf(key, chain);
        const obj = resolve(n.childForFieldName('value'), chain, depth + 1);
        return mapNames(obj, (o) => {
          const base = o.endsWith('.__dict__') ? o.slice(0, -9) : o.endsWith('vars()') ? o : o;
          return normal(lit !== null ? `${base}.${lit}` : `${base}[]`);
        });
      }
      case 'parenthesized_expression':
        return resolve(n.namedChild(0), chain, depth + 1);
      case 'call': {
        const fn = resolve(n.childForFieldName('function'), chain, depth + 1);
        const args = n.childForFieldName('arguments');
        const a0 = args?.namedChild(0) ?? null;
        const a1 = args?.namedChild(1) ?? null;
        const lit0 = textOf(a0, chain);
        let r: Resolved = EMPTY;
        for (const f of fn.names) {
          if ((f === 'importlib.import_module' || f === '__import__') && lit0 !== null)
            r = union(r, { names: [lit0], via: fn.via });
          else if (f === 'getattr' && a0) {
            const lit1 = textOf(a1, chain);
            r = union(
              r,
              mapNames(resolve(a0, chain, depth + 1), (o) => normal(`${o}.${lit1 ?? '?'}`)),
            );
          } else if (f === 'vars' && a0) r = union(r, resolve(a0, chain, depth + 1));
          // `partial(f, …)` is f, called later with more arguments.
          else if (f === 'functools.partial' && a0) r = union(r, resolve(a0, chain, depth + 1));
          else r = union(r, { names: [`${f}()`], via: fn.via });
        }
        return r;
      }
      default:
        return EMPTY;
    }
  };
  const resolve = memoResolve(resolveNode);
  const spawnReader: SpawnReader = {
    bindings: b,
    names: (n, chain) => resolve(n, chain).names,
    value: (n, chain) => fold.value(n, chain),
  };

  const bindTarget = (
    left: Node | null,
    right: Node | null,
    scope: number,
    chain: readonly number[],
  ) => {
    if (!left || !right) return;
    if (left.type === 'identifier')
      b.bind(scope, left.text, { expr: right, chain, row: left.startPosition.row });
    else if (
      (left.type === 'pattern_list' || left.type === 'tuple_pattern') &&
      (right.type === 'expression_list' || right.type === 'tuple')
    ) {
      const ls = left.namedChildren;
      const rs = right.namedChildren;
      for (let i = 0; i < ls.length && i < rs.length; i++) bindTarget(ls[i], rs[i], scope, chain);
    }
  };

  const bindImport = (n: Node, scope: number, chain: readonly number[]) => {
    const row = n.startPosition.row;
    if (n.type === 'import_statement') {
      for (const c of n.namedChildren) {
        if (!c) continue;
        if (c.type === 'dotted_name')
          b.bind(scope, c.text.split('.')[0], { value: c.text.split('.')[0], chain, row });
        else if (c.type === 'aliased_import') {
          const alias = c.childForFieldName('alias')?.text;
          if (alias)
            b.bind(scope, alias, { value: c.childForFieldName('name')?.text ?? '?', chain, row });
        }
      }
      return;
    }
    const mod = n.childForFieldName('module_name');
    const m = mod?.text ?? '?';
    for (const c of n.namedChildren) {
      if (!c || c.id === mod?.id) continue;
      if (c.type === 'dotted_name') b.bind(scope, c.text, { value: `${m}.${c.text}`, chain, row });
      else if (c.type === 'aliased_import') {
        const alias = c.childForFieldName('alias')?.text;
        if (alias)
          b.bind(scope, alias, {
            value: `${m}.${c.childForFieldName('name')?.text ?? '?'}`,
            chain,
            row,
          });
      }
    }
  };

  /** Pass 1: bindings. */
  const bindWalk = (n: Node, chain: number[]) => {
    if (!budget.spend()) return;
    const scope = chain[chain.length - 1];
    switch (n.type) {
      case 'import_statement':
      case 'import_from_statement':
        bindImport(n, scope, chain);
        return;
      case 'assignment':
        bindTarget(n.childForFieldName('left'), n.childForFieldName('right'), scope, chain);
        break;
      case 'named_expression':
        bindTarget(n.childForFieldName('name'), n.childForFieldName('value'), scope, chain);
        break;
    }
    const inner = SCOPES.has(n.type) ? [...chain, n.id] : chain;
    // Parameters and loop variables are locals: they shadow a module of the same name.
    if (n.type === 'function_definition' || n.type === 'lambda') {
      const ps = n.childForFieldName('parameters');
      if (ps) bindLocals(ps, n.id, inner);
    } else if (n.type === 'for_statement' || n.type === 'for_in_clause') {
      const l = n.childForFieldName('left');
      if (l) bindLocals(l, scope, chain);
    }
    for (const c of n.namedChildren) if (c) bindWalk(c, inner);
  };
  /** Every name a parameter list or loop target binds, as an opaque local. */
  const bindLocals = (n: Node, scope: number, chain: readonly number[], depth = 0): void => {
    if (depth > MAX_DEPTH) return;
    if (n.type === 'identifier') {
      b.bind(scope, n.text, { value: `local:${n.text}`, chain, row: n.startPosition.row });
      return;
    }
    if (n.type === 'default_parameter' || n.type === 'typed_default_parameter') {
      const l = n.childForFieldName('name');
      if (l) bindLocals(l, scope, chain, depth + 1);
      return;
    }
    if (n.type === 'type') return;
    for (const c of n.namedChildren) if (c) bindLocals(c, scope, chain, depth + 1);
  };

  const firstArg = (args: Node | null, chain: readonly number[]): FirstArg => {
    const a = args?.namedChild(0);
    if (!a || a.type === 'comment') return { kind: 'none' };
    const t = pyLiteral(a);
    if (t !== null) return { kind: 'literal', text: t };
    const v = textOf(a, chain);
    return { kind: 'computed', text: a.text.slice(0, 200), ...(v !== null ? { value: v } : {}) };
  };

  /** How many entry points (src/code/events.ts) the walk is inside. */
  let entry = 0;
  const ref = (names: readonly string[], at: Span): CodeEvent => ({
    kind: 'ref',
    names,
    at,
    ...(entry > 0 ? { entry: true } : {}),
  });

  /** `list(X)`, `sorted(X)`, `any(... for ...)`, `dir(X)`: X's names enumerated. */
  const enumerated = (
    n: Node,
    callee: readonly string[],
    args: Node | null,
    chain: readonly number[],
  ) => {
    if (!callee.some((c) => ENUMERATORS.has(c))) return;
    for (const a of args?.namedChildren ?? []) {
      if (!a || a.type === 'keyword_argument') continue;
      const x = resolve(a, chain);
      if (x.names.length)
        events.push(
          ref(
            x.names.map((o) => `${o}[all]`),
            spanOf(n, x.via),
          ),
        );
    }
  };

  /** A write to the file system (WRITES): where each target it names lands. */
  const written = (
    n: Node,
    callee: readonly string[],
    args: Node | null,
    chain: readonly number[],
  ) => {
    // A method is known by its name even on a receiver that resolves to nothing (`(p / x).touch()`).
    const fn = n.childForFieldName('function');
    const method = fn?.type === 'attribute' ? fn.childForFieldName('attribute')?.text : undefined;
    const w = [...callee, ...(method ? [`?.${method}`] : [])]
      .map(writeOf)
      .find((x) => x !== undefined);
    if (!w) return;
    const as = args?.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment') ?? [];
    const positional = as.filter((a) => a.type !== 'keyword_argument');
    if (w.mode !== undefined) {
      const kw = as.find((a) => a.childForFieldName('name')?.text === 'mode');
      const m = kw ? kw.childForFieldName('value') : positional[w.mode];
      // No mode is a read; a mode computed at run time may write.
      if (!m) return;
      const mode = textOf(m, chain);
      if (mode !== null && !/[wax+]/.test(mode)) return;
    }
    const targets =
      w.targets === 'receiver'
        ? [fn?.type === 'attribute' ? fn.childForFieldName('object') : null]
        : w.targets.map((i) => positional[i] ?? null);
    for (const t of targets) {
      if (!t) continue;
      events.push({ kind: 'write', target: whereTo(fold.path(t, chain)), at: spanOf(n) });
    }
  };

  /** Pass 2: events. */
  // What one node says (false: its children are not read as references); its own function,
  // so the walk's frame stays small and deep nesting reaches the stack's limit late.
  const visit = (n: Node, type: string, chain: number[]): boolean => {
    const scope = chain[chain.length - 1];
    switch (type) {
      case 'import_statement':
      case 'import_from_statement': {
        const mod = n.childForFieldName('module_name')?.text;
        const names: string[] = [];
        for (const c of n.namedChildren) {
          if (!c) continue;
          const nm = c.type === 'aliased_import' ? c.childForFieldName('name')?.text : c.text;
          if (c.type === 'dotted_name' || c.type === 'aliased_import')
            names.push(mod && c.text !== mod ? `${mod}.${nm}` : (nm ?? '?'));
        }
        if (mod && names.length === 0) names.push(mod);
        events.push({ kind: 'ref', names: names.map(normal), at: spanOf(n) });
        return false;
      }
      case 'identifier':
      case 'attribute':
      case 'subscript': {
        const r = resolve(n, chain);
        if (r.names.length) events.push(ref(r.names, spanOf(n, r.via)));
        if (type === 'subscript') {
          const t = textOf(n, chain);
          if (t !== null) events.push({ kind: 'literal', text: t, at: spanOf(n), scope });
        }
        break;
      }
      case 'call': {
        const t = textOf(n, chain);
        if (t !== null) events.push({ kind: 'literal', text: t, at: spanOf(n), scope });
        const r = resolve(n.childForFieldName('function'), chain);
        const args = n.childForFieldName('arguments');
        const set = scopeCalls.get(scope) ?? new Set<string>();
        for (const x of r.names) set.add(x);
        scopeCalls.set(scope, set);
        events.push({
          kind: 'call',
          names: r.names,
          firstArg: firstArg(args, chain),
          at: spanOf(n, r.via),
          scope,
          ...(args?.namedChildCount ? { spawn: pySpawn(n, chain, spawnReader) } : {}),
        });
        if (r.names.some((x) => x === 'setattr' || x === 'delattr')) {
          const t = resolve(args?.namedChild(0) ?? null, chain);
          const k = textOf(args?.namedChild(1), chain);
          events.push({
            kind: 'assign',
            names: t.names.map((o) => normal(`${o}.${k ?? '?'}`)),
            at: spanOf(n, t.via),
            scope,
          });
          // `setattr(C, '__e' + 'q__', lambda *a: True)` defines the method.
          const v = args?.namedChild(2);
          if (k !== null && v?.type === 'lambda')
            events.push({
              kind: 'def',
              name: k,
              constant: isConstant(v.childForFieldName('body')),
              at: spanOf(n),
            });
        }
        enumerated(n, r.names, args, chain);
        written(n, r.names, args, chain);
        break;
      }
      case 'assignment':
      case 'augmented_assignment': {
        const left = n.childForFieldName('left');
        const targets =
          left?.type === 'pattern_list' || left?.type === 'tuple_pattern'
            ? left.namedChildren
            : [left];
        for (const t of targets) {
          if (!t || (t.type !== 'attribute' && t.type !== 'subscript')) continue;
          const r = resolve(t, chain);
          if (r.names.length)
            events.push({ kind: 'assign', names: r.names, at: spanOf(t, r.via), scope });
        }
        // `__eq__ = lambda *a: True` in a class body.
        const right = n.childForFieldName('right');
        if (left?.type === 'identifier' && right?.type === 'lambda')
          events.push({
            kind: 'def',
            name: left.text,
            constant: isConstant(right.childForFieldName('body')),
            at: spanOf(n),
          });
        break;
      }
      case 'raise_statement': {
        // `raise SystemExit` builds the exception with no argument: the call `SystemExit()`.
        // `raise getattr(builtins, 'SystemExit')` too: the class that call hands back.
        const x = n.namedChildren[0];
        const byName =
          x?.type === 'call' &&
          resolve(x.childForFieldName('function'), chain).names.includes('getattr');
        if (x && (x.type === 'identifier' || x.type === 'attribute' || byName)) {
          const r = resolve(x, chain);
          if (r.names.length)
            events.push({
              kind: 'call',
              names: r.names,
              firstArg: { kind: 'none' },
              at: spanOf(n, r.via),
              scope,
            });
        }
        break;
      }
      case 'function_definition': {
        const body = n.childForFieldName('body');
        const ret = constantReturnRow(body);
        events.push({
          kind: 'def',
          name: n.childForFieldName('name')?.text ?? '?',
          constant: ret >= 0,
          at: { from: n.startPosition.row, to: ret >= 0 ? ret : n.startPosition.row, via: [] },
        });
        break;
      }
      case 'binary_operator':
      case 'string':
      case 'concatenated_string': {
        const t = textOf(n, chain);
        if (t !== null) events.push({ kind: 'literal', text: t, at: spanOf(n), scope });
        else if (type === 'string')
          // An f-string with a field computed at run time: each fixed piece is a literal.
          for (const c of n.namedChildren)
            if (c?.type === 'string_content')
              events.push({ kind: 'literal', text: c.text, at: spanOf(c), scope });
        if (type === 'string' && t !== null) return false;
        break;
      }
      case 'comparison_operator': {
        // `'k' in X` reads X's member k; `x in X` with a computed x enumerates X.
        const ops = n.children.filter((c) => c && !c.isNamed).map((c) => c!.text);
        const [l, r] = n.namedChildren;
        if (l && r && ops.some((o) => o === 'in' || o === 'not in' || o === 'not')) {
          const k = textOf(l, chain);
          const x = resolve(r, chain);
          const names = x.names.map((o) => (k !== null ? normal(`${o}.${k}`) : `${o}[?]`));
          if (names.length) events.push(ref(names, spanOf(n, x.via)));
        }
        break;
      }
      case 'for_statement':
      case 'for_in_clause': {
        const x = resolve(n.childForFieldName('right'), chain);
        if (x.names.length)
          events.push(
            ref(
              x.names.map((o) => `${o}[all]`),
              spanOf(n, x.via),
            ),
          );
        break;
      }
      case 'pair': {
        // `{'__eq__': lambda s, o: True}` handed to `type(...)` defines the method.
        const v = n.childForFieldName('value');
        const k = textOf(n.childForFieldName('key'), chain);
        if (k !== null && v?.type === 'lambda')
          events.push({
            kind: 'def',
            name: k,
            constant: isConstant(v.childForFieldName('body')),
            at: spanOf(n),
          });
        break;
      }
    }
    return true;
  };
  const walk = (n: Node, chain: number[]) => {
    // Each property of a node crosses into the parser's memory: its type is read once.
    const type = n.type;
    if (!visit(n, type, chain)) return;
    const inner = SCOPES.has(type) ? [...chain, n.id] : chain;
    // An attribute's name and a keyword's name are not references to those names.
    if (type === 'attribute') {
      const o = n.childForFieldName('object');
      if (o) walk(o, inner);
      return;
    }
    if (type === 'keyword_argument') {
      const v = n.childForFieldName('value');
      if (v) walk(v, inner);
      return;
    }
    // Not restored on a throw: a throw ends the file's reading.
    const opens = ENTRY_TYPES.has(type) && isEntry(n);
    if (opens) entry++;
    for (const c of n.namedChildren) if (c) walk(c, inner);
    if (opens) entry--;
  };

  bindWalk(root, [0]);
  if (budget.capped) return { events: [], scopeCalls, capped: budget.capped, errorSpans };
  // A script (`#!` on its first line) is an entry point whole.
  if (root.namedChild(0)?.type === 'comment' && root.namedChild(0)!.text.startsWith('#!')) entry++;
  walk(root, [0]);
  return { events, scopeCalls, errorSpans };
}
