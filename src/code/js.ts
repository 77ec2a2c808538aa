// The JavaScript/TypeScript reader (pure): the same two walks as src/code/python.ts over
// tree-sitter's JavaScript, TypeScript and TSX trees: ESM imports, `require` (also through
// `createRequire`), destructuring (`const { stack: s } = …`) and local assignments bind names;
// the global object's properties (`globalThis.eval`) are the globals themselves.
import type { Node } from 'web-tree-sitter';
import { NodeBudget } from './budget.js';
import { Bindings, EMPTY, MAX_DEPTH, mapNames, union, type Resolved } from './bindings.js';
import { boundLiteral, memoResolve, resolveName } from './resolve.js';
import { spanOf, syntaxErrors, type CodeEvent, type FileFacts, type FirstArg } from './events.js';

const SCOPES = new Set([
  'function_declaration',
  'function_expression',
  'function',
  'arrow_function',
  'method_definition',
  'generator_function',
  'generator_function_declaration',
]);
/** TypeScript wrappers that do not change a value. */
const TRANSPARENT = new Set([
  'parenthesized_expression',
  'as_expression',
  'satisfies_expression',
  'non_null_expression',
  'type_assertion',
  'await_expression',
]);

/** `node:assert` is `assert`; `@jest/globals`' and vitest's exports are the globals. */
export function moduleName(m: string): string {
  let s = m.startsWith('node:') ? m.slice(5) : m;
  if (s === 'assert/strict') s = 'assert';
  if (s === 'test') s = 'node:test';
  if (s === 'fs/promises') s = 'fs.promises';
  if (s === 'timers/promises') s = 'timers';
  return s;
}

const GLOBAL_OBJECTS = ['globalThis.', 'global.'];
function normal(n: string): string {
  for (const g of GLOBAL_OBJECTS) if (n.startsWith(g)) return normal(n.slice(g.length));
  for (const m of ['@jest/globals.', 'vitest.']) if (n.startsWith(m)) return n.slice(m.length);
  if (n.startsWith('process.mainModule.')) return n.slice(19);
  return n;
}

/** A string or a template without substitutions: its text; else null. */
export function jsLiteral(n: Node): string | null {
  if (n.type === 'string') {
    let s = '';
    for (const c of n.namedChildren) if (c) s += c.text;
    return s;
  }
  if (n.type === 'template_string') {
    let s = '';
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (c.type === 'template_substitution') return null;
      s += c.text;
    }
    return s;
  }
  if (n.type === 'binary_expression' && n.childForFieldName('operator')?.text === '+') {
    const l = n.childForFieldName('left');
    const r = n.childForFieldName('right');
    const a = l ? jsLiteral(l) : null;
    const c = r ? jsLiteral(r) : null;
    return a !== null && c !== null ? a + c : null;
  }
  return null;
}

const CONSTANTS = new Set(['true', 'false', 'null', 'undefined', 'number', 'string']);
function isConstant(n: Node | null): boolean {
  if (!n) return false;
  if (CONSTANTS.has(n.type)) return true;
  if (n.type === 'template_string') return jsLiteral(n) !== null;
  if (n.type === 'unary_expression') return isConstant(n.childForFieldName('argument'));
  if (TRANSPARENT.has(n.type)) return isConstant(n.namedChild(0));
  return false;
}

/** The row of the constant a function body returns before anything that could decide, or -1. */
export function jsConstantReturnRow(fn: Node | null): number {
  if (!fn) return -1;
  const body = fn.childForFieldName('body');
  if (!body) return -1;
  if (body.type !== 'statement_block') return isConstant(body) ? body.endPosition.row : -1;
  for (const s of body.namedChildren) {
    if (!s) continue;
    if (s.type === 'return_statement') return isConstant(s.namedChild(0)) ? s.endPosition.row : -1;
    if (s.type === 'comment' || s.type === 'empty_statement') continue;
    if (s.type === 'expression_statement') {
      const e = s.namedChild(0);
      if (!e || isConstant(e) || e.type === 'identifier') continue;
    }
    return -1;
  }
  return -1;
}

const FUNCTIONS = new Set([
  'function_expression',
  'function',
  'arrow_function',
  'generator_function',
]);

/** A method's or property's name: `valueOf`, `[Symbol.toPrimitive]` as `Symbol.toPrimitive`. */
function keyName(k: Node | null): string | null {
  if (!k) return null;
  if (k.type === 'computed_property_name') {
    const e = k.namedChild(0);
    if (!e) return null;
    return jsLiteral(e) ?? e.text.replace(/\s+/g, '');
  }
  return jsLiteral(k) ?? k.text;
}

export function readJs(root: Node): FileFacts {
  const b = new Bindings();
  const events: CodeEvent[] = [];
  const scopeCalls = new Map<number, Set<string>>();
  const errorSpans = syntaxErrors(root);
  const budget = new NodeBudget();

  const literalOf = (n: Node, chain: readonly number[]) => boundLiteral(b, n, chain, jsLiteral);
  // What an expression names; resolve() (below) memoises it a node at a time.
  const resolveNode = (n: Node, chain: readonly number[], depth: number): Resolved => {
    if (TRANSPARENT.has(n.type)) return resolve(n.namedChild(0), chain, depth + 1);
    switch (n.type) {
      case 'identifier':
      case 'shorthand_property_identifier':
        return resolveName(b, n.text, chain, depth, resolve, normal);
      case 'this':
        return { names: ['this'], via: [] };
      case 'member_expression': {
        const p = n.childForFieldName('property')?.text ?? '?';
        return mapNames(resolve(n.childForFieldName('object'), chain, depth + 1), (o) =>
          normal(`${o}.${p}`),
        );
      }
      case 'subscript_expression': {
        const i = n.childForFieldName('index');
        const lit = i ? literalOf(i, chain) : null;
        const obj = resolve(n.childForFieldName('object'), chain, depth + 1);
        return mapNames(obj, (o) => normal(lit !== null ? `${o}.${lit}` : `${o}[]`));
      }
      case 'sequence_expression': {
        // `(0, eval)` is eval.
        const parts = n.namedChildren.filter((c): c is Node => c !== null);
        return resolve(parts[parts.length - 1] ?? null, chain, depth + 1);
      }
      case 'new_expression':
        return mapNames(
          resolve(n.childForFieldName('constructor'), chain, depth + 1),
          (c) => `new:${c}`,
        );
      case 'call_expression': {
        const f = n.childForFieldName('function');
        const args = n.childForFieldName('arguments');
        const a0 = args?.namedChild(0) ?? null;
        const lit0 = a0 ? jsLiteral(a0) : null;
        if (f?.type === 'import')
          return lit0 !== null ? { names: [moduleName(lit0)], via: [] } : EMPTY;
        const fn = resolve(f, chain, depth + 1);
        let r: Resolved = EMPTY;
        for (const x of fn.names) {
          if (isRequire(x) && lit0 !== null)
            r = union(r, { names: [moduleName(lit0)], via: fn.via });
          else if (x === 'Reflect.get' && a0) {
            const k = args?.namedChild(1);
            const kl = k ? jsLiteral(k) : null;
            r = union(
              r,
              mapNames(resolve(a0, chain, depth + 1), (o) => normal(`${o}.${kl ?? '?'}`)),
            );
          } else r = union(r, { names: [`${x}()`], via: fn.via });
        }
        return r;
      }
      default:
        return EMPTY;
    }
  };
  const resolve = memoResolve(resolveNode);

  /** `x = e`, `{ a: b, c } = e`, `[a] = e`: bind each name (a destructured key as a suffix). */
  const bindPattern = (
    left: Node | null,
    right: Node | null,
    scope: number,
    chain: readonly number[],
    suffix = '',
  ): void => {
    if (!left || !right) return;
    const row = left.startPosition.row;
    switch (left.type) {
      case 'identifier':
        b.bind(scope, left.text, { expr: right, suffix, chain, row });
        return;
      case 'object_pattern':
        for (const p of left.namedChildren) {
          if (!p) continue;
          if (p.type === 'shorthand_property_identifier_pattern')
            b.bind(scope, p.text, { expr: right, suffix: `${suffix}.${p.text}`, chain, row });
          else if (p.type === 'pair_pattern')
            bindPattern(
              p.childForFieldName('value'),
              right,
              scope,
              chain,
              `${suffix}.${keyName(p.childForFieldName('key'))}`,
            );
          else if (p.type === 'object_assignment_pattern') {
            const l = p.childForFieldName('left');
            if (l)
              b.bind(scope, l.text, { expr: right, suffix: `${suffix}.${l.text}`, chain, row });
          }
        }
        return;
      case 'assignment_pattern':
        bindPattern(left.childForFieldName('left'), right, scope, chain, suffix);
        return;
    }
  };

  const bindImport = (n: Node, scope: number, chain: readonly number[]) => {
    const src = n.childForFieldName('source');
    const m = moduleName(src ? (jsLiteral(src) ?? '?') : '?');
    const row = n.startPosition.row;
    const clause = n.namedChildren.find((c) => c?.type === 'import_clause');
    if (!clause) return;
    for (const c of clause.namedChildren) {
      if (!c) continue;
      if (c.type === 'identifier') b.bind(scope, c.text, { value: m, chain, row });
      else if (c.type === 'namespace_import') {
        const id = c.namedChild(0);
        if (id) b.bind(scope, id.text, { value: m, chain, row });
      } else if (c.type === 'named_imports')
        for (const s of c.namedChildren) {
          if (!s || s.type !== 'import_specifier') continue;
          const name = s.childForFieldName('name');
          const alias = s.childForFieldName('alias') ?? name;
          if (name && alias)
            b.bind(scope, alias.text, {
              value: normal(`${m}.${jsLiteral(name) ?? name.text}`),
              chain,
              row,
            });
        }
    }
  };

  const bindWalk = (n: Node, chain: number[]) => {
    if (!budget.spend()) return;
    const scope = chain[chain.length - 1];
    switch (n.type) {
      case 'import_statement':
        bindImport(n, scope, chain);
        return;
      case 'variable_declarator':
        bindPattern(n.childForFieldName('name'), n.childForFieldName('value'), scope, chain);
        break;
      case 'assignment_expression': {
        const l = n.childForFieldName('left');
        if (l && l.type !== 'member_expression' && l.type !== 'subscript_expression')
          bindPattern(l, n.childForFieldName('right'), scope, chain);
        break;
      }
    }
    const inner = SCOPES.has(n.type) ? [...chain, n.id] : chain;
    // Parameters and catch/loop variables are locals: they shadow a global of the same name.
    if (SCOPES.has(n.type)) {
      const ps = n.childForFieldName('parameters') ?? n.childForFieldName('parameter');
      if (ps) bindLocals(ps, n.id, inner);
    } else if (n.type === 'catch_clause') {
      const p = n.childForFieldName('parameter');
      if (p) bindLocals(p, scope, chain);
    } else if (n.type === 'for_in_statement') {
      const l = n.childForFieldName('left');
      if (l) bindLocals(l, scope, chain);
    }
    for (const c of n.namedChildren) if (c) bindWalk(c, inner);
  };
  /** Every name a parameter pattern binds, as an opaque local (defaults are not followed). */
  const bindLocals = (n: Node, scope: number, chain: readonly number[], depth = 0): void => {
    if (depth > MAX_DEPTH) return;
    if (n.type === 'identifier' || n.type === 'shorthand_property_identifier_pattern') {
      b.bind(scope, n.text, { value: `local:${n.text}`, chain, row: n.startPosition.row });
      return;
    }
    if (n.type === 'assignment_pattern' || n.type === 'object_assignment_pattern') {
      const l = n.childForFieldName('left');
      if (l) bindLocals(l, scope, chain, depth + 1);
      return;
    }
    if (n.type === 'pair_pattern') {
      const v = n.childForFieldName('value');
      if (v) bindLocals(v, scope, chain, depth + 1);
      return;
    }
    if (/type_annotation|^type_|predefined_type/.test(n.type)) return;
    for (const c of n.namedChildren) if (c) bindLocals(c, scope, chain, depth + 1);
  };

  const firstArg = (args: Node | null): FirstArg => {
    const a = args?.namedChildren.find((c) => c && c.type !== 'comment');
    if (!a) return { kind: 'none' };
    const t = jsLiteral(a);
    return t === null
      ? { kind: 'computed', text: a.text.slice(0, 200) }
      : { kind: 'literal', text: t };
  };
  const calls = (scope: number, names: readonly string[]) => {
    const set = scopeCalls.get(scope) ?? new Set<string>();
    for (const x of names) set.add(x);
    scopeCalls.set(scope, set);
  };
  /** A definition of `name` by the function node `fn`. */
  const def = (name: string | null, fn: Node | null, whole: Node) => {
    if (!name || !fn) return;
    const ret =
      FUNCTIONS.has(fn.type) || fn.type === 'method_definition' ? jsConstantReturnRow(fn) : -1;
    events.push({
      kind: 'def',
      name,
      constant: ret >= 0,
      at: { from: whole.startPosition.row, to: ret >= 0 ? ret : whole.startPosition.row, via: [] },
    });
  };
  /** Writes through Object.assign/defineProperty/Reflect.set/setPrototypeOf. */
  const WRITERS = new Set([
    'Object.assign',
    'Object.defineProperty',
    'Object.defineProperties',
    'Object.setPrototypeOf',
    'Reflect.set',
    'Reflect.defineProperty',
  ]);

  const intoOf = new Map<number, readonly string[]>();
  const walk = (n: Node, chain: number[]) => {
    const scope = chain[chain.length - 1];
    switch (n.type) {
      case 'import_statement': {
        const src = n.childForFieldName('source');
        const m = moduleName(src ? (jsLiteral(src) ?? '?') : '?');
        events.push({ kind: 'ref', names: [m], at: spanOf(n) });
        return;
      }
      case 'identifier':
      case 'member_expression':
      case 'subscript_expression': {
        const r = resolve(n, chain);
        const into = intoOf.get(n.id);
        if (r.names.length)
          events.push({
            kind: 'ref',
            names: r.names,
            at: spanOf(n, r.via),
            ...(into ? { into } : {}),
          });
        break;
      }
      case 'call_expression':
      case 'new_expression': {
        const f = n.childForFieldName(n.type === 'new_expression' ? 'constructor' : 'function');
        const args = n.childForFieldName('arguments');
        let r: Resolved;
        if (f?.type === 'import') r = { names: ['import'], via: [] };
        else r = resolve(f, chain);
        if (n.type === 'new_expression') r = mapNames(r, (c) => `new:${c}`);
        else r = mapNames(r, (c) => (isRequire(c) ? 'require' : c));
        calls(scope, r.names);
        events.push({
          kind: 'call',
          names: r.names,
          firstArg: firstArg(args),
          at: spanOf(n, r.via),
          scope,
        });
        // `f.call(self, x)` and `f.apply(self, [x])` call f.
        const through = r.names
          .filter((x) => /\.(call|apply)$/.test(x))
          .map((x) => x.replace(/\.(call|apply)$/, ''));
        if (through.length) {
          const rest = args?.namedChildren.filter((c) => c && c.type !== 'comment') ?? [];
          const second = rest[1];
          const inner = second?.type === 'array' ? second.namedChild(0) : second;
          const fa: FirstArg = !inner
            ? { kind: 'none' }
            : jsLiteral(inner) !== null
              ? { kind: 'literal', text: jsLiteral(inner)! }
              : { kind: 'computed', text: inner.text.slice(0, 200) };
          calls(scope, through);
          events.push({ kind: 'call', names: through, firstArg: fa, at: spanOf(n, r.via), scope });
        }
        // The module a literal require or import names is referenced.
        const own = resolve(n, chain);
        if (own.names.length && (r.names.includes('require') || r.names.includes('import')))
          events.push({ kind: 'ref', names: own.names, at: spanOf(n, own.via) });
        if (r.names.some((x) => WRITERS.has(x))) {
          const t = resolve(args?.namedChild(0) ?? null, chain);
          const k = args?.namedChild(1);
          const kl = k ? jsLiteral(k) : null;
          events.push({
            kind: 'assign',
            names: t.names.map((o) => `${o}.${kl ?? '?'}`),
            at: spanOf(n, t.via),
          });
        }
        break;
      }
      case 'assignment_expression':
      case 'augmented_assignment_expression': {
        const l = n.childForFieldName('left');
        const right = n.childForFieldName('right');
        if (l && (l.type === 'member_expression' || l.type === 'subscript_expression')) {
          const r = resolve(l, chain);
          // What the right side is written into (`this.stack = new Error().stack`).
          let v = right;
          while (v && TRANSPARENT.has(v.type)) v = v.namedChild(0);
          if (v) intoOf.set(v.id, r.names);
          if (r.names.length) events.push({ kind: 'assign', names: r.names, at: spanOf(l, r.via) });
          if (right && FUNCTIONS.has(right.type)) {
            const p =
              l.type === 'member_expression'
                ? l.childForFieldName('property')?.text
                : keyName(l.childForFieldName('index'));
            def(p ?? null, right, n);
          }
        }
        break;
      }
      case 'method_definition':
        def(keyName(n.childForFieldName('name')), n, n);
        break;
      case 'pair': {
        const v = n.childForFieldName('value');
        if (v && FUNCTIONS.has(v.type)) def(keyName(n.childForFieldName('key')), v, n);
        else if (v && keyName(n.childForFieldName('key')) === 'Symbol.toPrimitive')
          def('Symbol.toPrimitive', null, n);
        break;
      }
      case 'public_field_definition':
      case 'field_definition': {
        const v = n.childForFieldName('value');
        const name = keyName(n.childForFieldName('property') ?? n.childForFieldName('name'));
        if (v && FUNCTIONS.has(v.type)) def(name, v, n);
        break;
      }
      case 'binary_expression':
      case 'string':
      case 'template_string': {
        const t = jsLiteral(n);
        if (t !== null) events.push({ kind: 'literal', text: t, at: spanOf(n), scope });
        // A template with substitutions: each fixed piece is a literal (`${dir}/../__tests__`).
        else if (n.type === 'template_string')
          for (const c of n.namedChildren)
            if (c?.type === 'string_fragment')
              events.push({ kind: 'literal', text: c.text, at: spanOf(c), scope });
        break;
      }
    }
    const inner = SCOPES.has(n.type) ? [...chain, n.id] : chain;
    if (n.type === 'member_expression') {
      const o = n.childForFieldName('object');
      if (o) walk(o, inner);
      return;
    }
    for (const c of n.namedChildren) if (c) walk(c, inner);
  };

  bindWalk(root, [0]);
  if (budget.capped) return { events: [], scopeCalls, capped: budget.capped, errorSpans };
  walk(root, [0]);
  return { events, scopeCalls, errorSpans };
}

/** `require`, `module.require`, or what `createRequire(…)` returns. */
function isRequire(name: string): boolean {
  return name === 'require' || name === 'module.require' || /(^|\.)createRequire\(\)$/.test(name);
}
