// The JavaScript/TypeScript reader (pure): the same two walks as src/code/python.ts over
// tree-sitter's JavaScript, TypeScript and TSX trees: ESM imports, `require` (also through
// `createRequire`), destructuring (`const { stack: s } = …`) and local assignments bind names;
// the global object's properties (`globalThis.eval`) are the globals themselves.
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
import { jsFolder } from './fold-js.js';
import { whereTo } from './paths.js';
import { jsSpawn, type SpawnReader } from './spawn.js';

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

/** Keys a runner or a renderer reads on any object: defined with any value, they count. */
const PROTOCOL_KEY = /^(\$\$typeof|asymmetricMatch|Symbol\.\w+|Symbol\.for\(.{0,80}\))$/;

const FUNCTIONS = new Set([
  'function_expression',
  'function',
  'arrow_function',
  'generator_function',
]);

/**
 * A method's or property's name: `valueOf`, `[Symbol.toPrimitive]` as `Symbol.toPrimitive`;
 * `text` evaluates a computed key (`['asymmetric' + 'Match']`) once names are bound.
 */
function keyName(k: Node | null, text: (n: Node) => string | null = jsLiteral): string | null {
  if (!k) return null;
  if (k.type === 'computed_property_name') {
    const e = k.namedChild(0);
    if (!e) return null;
    return text(e) ?? e.text.replace(/\s+/g, '');
  }
  return text(k) ?? k.text;
}

/** Calls that read every name of their first argument (`Object.keys(process.env)`). */
const ENUMERATORS = new Set([
  'Object.keys',
  'Object.values',
  'Object.entries',
  'Object.getOwnPropertyNames',
  'Object.getOwnPropertyDescriptors',
  'Reflect.ownKeys',
  'JSON.stringify',
  'Array.from',
]);

/** A function a script's command line is read in. */
const MAIN = /^_{0,2}(main|cli|runCli|run_cli)$/;

/** An entry point: `if (require.main === module)`, `import.meta.main`, a function named MAIN. */
const ENTRY_TYPES = new Set(['function_definition', 'function_declaration', 'if_statement']);
function isEntry(n: Node): boolean {
  if (n.type === 'function_declaration') return MAIN.test(n.childForFieldName('name')?.text ?? '');
  if (n.type !== 'if_statement') return false;
  const c = n.childForFieldName('condition')?.text ?? '';
  return /^\(\s*(require\.main\s*===?\s*module|module\s*===?\s*require\.main|import\.meta\.main)\s*\)$/.test(
    c,
  );
}

/** Which arguments of a file-system call are written (fs, fs.promises, fs-extra). */
interface Write {
  targets: readonly number[];
  /** The position of the flag argument (`openSync(p, 'w')`); no flag is a read. */
  flag?: number;
}
function writeOf(name: string): Write | undefined {
  const m = /^(fs|fs\.promises|fs-extra|graceful-fs)\.(\w+)$/.exec(name);
  if (!m) return undefined;
  const f = m[2].replace(/Sync$/, '');
  if (
    /^(writeFile|appendFile|createWriteStream|rm|rmdir|unlink|truncate|outputFile|outputJson|writeJson|writeJSON|remove|emptyDir|utimes)$/.test(
      f,
    )
  )
    return { targets: [0] };
  if (/^(copyFile|cp|copy|symlink|link)$/.test(f)) return { targets: [1] };
  if (/^(rename|move)$/.test(f)) return { targets: [0, 1] };
  if (f === 'open') return { targets: [0], flag: 1 };
  return undefined;
}

export function readJs(root: Node): FileFacts {
  const b = new Bindings();
  const events: CodeEvent[] = [];
  const scopeCalls = new Map<number, Set<string>>();
  const errorSpans = syntaxErrors(root);
  const budget = new NodeBudget();

  // Constants and paths as evaluated (src/code/fold-js.ts), a callee named as resolved.
  const fold = jsFolder(b, (n, chain) => resolve(n, chain).names);
  const textOf = (n: Node | null | undefined, chain: readonly number[]) =>
    n ? (fold.text(n, chain) ?? null) : null;
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
        const lit = textOf(i, chain);
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
        const lit0 = textOf(a0, chain);
        if (f?.type === 'import')
          return lit0 !== null ? { names: [moduleName(lit0)], via: [] } : EMPTY;
        const fn = resolve(f, chain, depth + 1);
        let r: Resolved = EMPTY;
        for (const x of fn.names) {
          if (isRequire(x) && lit0 !== null)
            r = union(r, { names: [moduleName(lit0)], via: fn.via });
          else if (x === 'Reflect.get' && a0) {
            const k = args?.namedChild(1);
            const kl = textOf(k, chain);
            r = union(
              r,
              mapNames(resolve(a0, chain, depth + 1), (o) => normal(`${o}.${kl ?? '?'}`)),
            );
          } else if (x === 'util.promisify' && a0)
            // `promisify(f)` is f, answering through a promise.
            r = union(r, resolve(a0, chain, depth + 1));
          else r = union(r, { names: [`${x}()`], via: fn.via });
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

  const computed = (a: Node, chain: readonly number[]): FirstArg => {
    const t = jsLiteral(a);
    if (t !== null) return { kind: 'literal', text: t };
    const v = textOf(a, chain);
    return { kind: 'computed', text: a.text.slice(0, 200), ...(v !== null ? { value: v } : {}) };
  };
  const firstArg = (args: Node | null, chain: readonly number[]): FirstArg => {
    const a = args?.namedChildren.find((c) => c && c.type !== 'comment');
    return a ? computed(a, chain) : { kind: 'none' };
  };
  /** How many entry points (src/code/events.ts) the walk is inside. */
  let entry = 0;
  const ref = (names: readonly string[], at: Span, into?: readonly string[]): CodeEvent => ({
    kind: 'ref',
    names,
    at,
    ...(into ? { into } : {}),
    ...(entry > 0 ? { entry: true } : {}),
  });
  const enumerates = (x: Node | null, chain: readonly number[], at: Node) => {
    const r = resolve(x, chain);
    if (r.names.length)
      events.push(
        ref(
          r.names.map((o) => `${o}[all]`),
          spanOf(at, r.via),
        ),
      );
  };
  const written = (n: Node, callee: readonly string[], args: Node | null, chain: number[]) => {
    const w = callee.map(writeOf).find((x) => x !== undefined);
    if (!w) return;
    const as = args?.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment') ?? [];
    if (w.flag !== undefined) {
      const f = as[w.flag];
      if (!f) return;
      const t = textOf(f, chain);
      if (t !== null && !/[wa+]/.test(t)) return;
    }
    for (const i of w.targets)
      if (as[i])
        events.push({ kind: 'write', target: whereTo(fold.path(as[i], chain)), at: spanOf(n) });
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

  const keyText = (chain: readonly number[]) => (k: Node) => textOf(k, chain);
  /** A protocol key given a value that is no function: a definition all the same. */
  const protocolKey = (name: string, whole: Node) =>
    events.push({ kind: 'def', name, constant: false, at: spanOf(whole) });

  const intoOf = new Map<number, readonly string[]>();
  // What one node says (false: its children are not read as references); its own function,
  // so the walk's frame stays small and deep nesting reaches the stack's limit late.
  const visit = (n: Node, type: string, chain: number[]): boolean => {
    const scope = chain[chain.length - 1];
    switch (type) {
      case 'import_statement': {
        const src = n.childForFieldName('source');
        const m = moduleName(src ? (jsLiteral(src) ?? '?') : '?');
        events.push({ kind: 'ref', names: [m], at: spanOf(n) });
        return false;
      }
      case 'identifier':
      case 'member_expression':
      case 'subscript_expression': {
        const r = resolve(n, chain);
        if (r.names.length) events.push(ref(r.names, spanOf(n, r.via), intoOf.get(n.id)));
        if (type === 'subscript_expression') {
          const t = textOf(n, chain);
          if (t !== null) events.push({ kind: 'literal', text: t, at: spanOf(n), scope });
        }
        break;
      }
      case 'call_expression':
      case 'new_expression': {
        const f = n.childForFieldName(type === 'new_expression' ? 'constructor' : 'function');
        const args = n.childForFieldName('arguments');
        let r: Resolved;
        if (f?.type === 'import') r = { names: ['import'], via: [] };
        else r = resolve(f, chain);
        if (type === 'new_expression') r = mapNames(r, (c) => `new:${c}`);
        else r = mapNames(r, (c) => (isRequire(c) ? 'require' : c));
        calls(scope, r.names);
        events.push({
          kind: 'call',
          names: r.names,
          firstArg: firstArg(args, chain),
          at: spanOf(n, r.via),
          scope,
          ...(args?.namedChildCount ? { spawn: jsSpawn(n, chain, spawnReader) } : {}),
        });
        // `f.call(self, x)` and `f.apply(self, [x])` call f.
        const through = r.names
          .filter((x) => /\.(call|apply)$/.test(x))
          .map((x) => x.replace(/\.(call|apply)$/, ''));
        if (through.length) {
          const rest = args?.namedChildren.filter((c) => c && c.type !== 'comment') ?? [];
          const second = rest[1];
          const inner = second?.type === 'array' ? second.namedChild(0) : second;
          const fa: FirstArg = !inner ? { kind: 'none' } : computed(inner, chain);
          calls(scope, through);
          events.push({ kind: 'call', names: through, firstArg: fa, at: spanOf(n, r.via), scope });
        }
        // The module a literal require or import names is referenced.
        const own = resolve(n, chain);
        if (own.names.length && (r.names.includes('require') || r.names.includes('import')))
          events.push(ref(own.names, spanOf(n, own.via)));
        if (r.names.some((x) => WRITERS.has(x))) {
          const t = resolve(args?.namedChild(0) ?? null, chain);
          const kl = textOf(args?.namedChild(1), chain);
          events.push({
            kind: 'assign',
            names: t.names.map((o) => `${o}.${kl ?? '?'}`),
            at: spanOf(n, t.via),
          });
          // `Object.defineProperty(o, 'asymmetric' + 'Match', { value: () => true })`.
          const d = args?.namedChild(2);
          if (kl !== null && d?.type === 'object')
            for (const p of d.namedChildren)
              if (
                p?.type === 'pair' &&
                /^(value|get)$/.test(keyName(p.childForFieldName('key')) ?? '')
              )
                def(kl, p.childForFieldName('value'), n);
        }
        if (type === 'call_expression') {
          const t = textOf(n, chain);
          if (t !== null) events.push({ kind: 'literal', text: t, at: spanOf(n), scope });
          if (r.names.some((x) => ENUMERATORS.has(x)))
            enumerates(args?.namedChild(0) ?? null, chain, n);
          written(n, r.names, args, chain);
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
                : keyName(l.childForFieldName('index'), keyText(chain));
            def(p ?? null, right, n);
          } else if (right && l.type === 'subscript_expression') {
            const p = keyName(l.childForFieldName('index'), keyText(chain));
            if (p && PROTOCOL_KEY.test(p)) protocolKey(p, n);
          } else if (right) {
            const p = l.childForFieldName('property')?.text;
            if (p && PROTOCOL_KEY.test(p)) protocolKey(p, n);
          }
        }
        break;
      }
      case 'method_definition':
        def(keyName(n.childForFieldName('name'), keyText(chain)), n, n);
        break;
      case 'pair': {
        const v = n.childForFieldName('value');
        const k = keyName(n.childForFieldName('key'), keyText(chain));
        if (v && FUNCTIONS.has(v.type)) def(k, v, n);
        // A protocol key given any value (`$$typeof: Symbol.for(...)`, `[Symbol.toPrimitive]: f`).
        else if (v && k && PROTOCOL_KEY.test(k)) protocolKey(k, n);
        break;
      }
      case 'for_in_statement':
        enumerates(n.childForFieldName('right'), chain, n);
        break;
      case 'spread_element':
        // `[...X]` and `f(...X)` list X; `{ ...process.env }` copies it (a child's environment).
        if (n.parent?.type !== 'object') enumerates(n.namedChild(0), chain, n);
        break;
      case 'public_field_definition':
      case 'field_definition': {
        const v = n.childForFieldName('value');
        const name = keyName(
          n.childForFieldName('property') ?? n.childForFieldName('name'),
          keyText(chain),
        );
        if (v && FUNCTIONS.has(v.type)) def(name, v, n);
        else if (v && name && PROTOCOL_KEY.test(name)) protocolKey(name, n);
        break;
      }
      case 'regex': {
        // A pattern names what it looks for (`/<failure[^>]*>/`) as a string literal would.
        const t = n.childForFieldName('pattern')?.text;
        if (t) events.push({ kind: 'literal', text: t, at: spanOf(n), scope });
        break;
      }
      case 'binary_expression':
      case 'string':
      case 'template_string': {
        // `'jest' in globalThis` reads the member; `k in X` with a computed k enumerates X.
        if (type === 'binary_expression' && n.childForFieldName('operator')?.text === 'in') {
          const k = textOf(n.childForFieldName('left'), chain);
          const x = resolve(n.childForFieldName('right'), chain);
          const names = x.names.map((o) => (k !== null ? normal(`${o}.${k}`) : `${o}[?]`));
          if (names.length) events.push(ref(names, spanOf(n, x.via)));
        }
        const t = textOf(n, chain);
        if (t !== null) events.push({ kind: 'literal', text: t, at: spanOf(n), scope });
        // A template with substitutions: each fixed piece is a literal (`${dir}/../__tests__`).
        else if (type === 'template_string')
          for (const c of n.namedChildren)
            if (c?.type === 'string_fragment')
              events.push({ kind: 'literal', text: c.text, at: spanOf(c), scope });
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
    if (type === 'member_expression') {
      const o = n.childForFieldName('object');
      if (o) walk(o, inner);
      return;
    }
    const opens = ENTRY_TYPES.has(type) && isEntry(n);
    if (opens) entry++;
    for (const c of n.namedChildren) if (c) walk(c, inner);
    if (opens) entry--;
  };

  bindWalk(root, [0]);
  if (budget.capped) return { events: [], scopeCalls, capped: budget.capped, errorSpans };
  // A script (`#!` on its first line) is an entry point whole.
  if (root.namedChild(0)?.type === 'hash_bang_line') entry++;
  walk(root, [0]);
  return { events, scopeCalls, errorSpans };
}

/** `require`, `module.require`, or what `createRequire(…)` returns. */
function isRequire(name: string): boolean {
  return name === 'require' || name === 'module.require' || /(^|\.)createRequire\(\)$/.test(name);
}
