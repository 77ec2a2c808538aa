// The Go, Java and Ruby reader (pure): one walk for the three grammars, each described by a
// small table of its node types (GRAMMARS), giving the events src/code/events.ts names with
// the same two passes as src/code/python.ts: first the bindings (imports with their aliases,
// Go's dot imports and Java's static imports, local assignments, parameters as locals), then
// what each expression names, calls, defines and spells. Names are as written, the alias
// resolved: `r.Caller` after `import r "runtime"` is `runtime.Caller`, `exit(0)` after
// `import static java.lang.System.exit` is `System.exit`. Bounded like the others: a node
// budget per walk, bounded resolution (src/code/bindings.ts).
import type { Node } from 'web-tree-sitter';
import { NodeBudget } from './budget.js';
import { Bindings, EMPTY, MAX_DEPTH, mapNames, union, type Resolved } from './bindings.js';
import { memoResolve, resolveName } from './resolve.js';
import { MAX_TEXT } from './constant.js';
import { spanOf, syntaxErrors, type CodeEvent, type FileFacts, type FirstArg } from './events.js';

export type OtherLanguage = 'go' | 'java' | 'ruby';

interface Grammar {
  /** Nodes that open a scope of their own (a function, a class, a block). */
  scopes: ReadonlySet<string>;
  /** Literal constants a function may return at once (`return true`). */
  constants: ReadonlySet<string>;
  /** A name's canonical spelling (`java.lang.System` is `System`, `Kernel.exit` is `exit`). */
  normal: (name: string) => string;
  /** Whether a call's value is named with `()` (Ruby calls without parentheses all the time). */
  callParens: boolean;
}

const GRAMMARS: Record<OtherLanguage, Grammar> = {
  go: {
    scopes: new Set(['function_declaration', 'method_declaration', 'func_literal']),
    constants: new Set(['true', 'false', 'nil', 'int_literal', 'float_literal']),
    normal: (n) => n,
    callParens: true,
  },
  java: {
    scopes: new Set([
      'class_body',
      'method_declaration',
      'constructor_declaration',
      'lambda_expression',
    ]),
    constants: new Set([
      'true',
      'false',
      'null_literal',
      'decimal_integer_literal',
      'hex_integer_literal',
      'decimal_floating_point_literal',
    ]),
    normal: (n) => (n.startsWith('java.lang.') ? n.slice(10) : n),
    callParens: true,
  },
  ruby: {
    scopes: new Set([
      'method',
      'singleton_method',
      'block',
      'do_block',
      'lambda',
      'class',
      'module',
    ]),
    constants: new Set(['true', 'false', 'nil', 'integer', 'float']),
    normal: (n) => (n.startsWith('Kernel.') ? n.slice(7) : n),
    callParens: false,
  },
};

/** Go's name for an imported package when the import gives none: its path's last element. */
export function goPackageName(path: string): string {
  const parts = path.split('/');
  let last = parts[parts.length - 1] ?? path;
  // `…/v2` names the element before it; `gopkg.in/yaml.v3` is `yaml`; `go-sqlite3` is `sqlite3`.
  if (/^v[0-9]+$/.test(last) && parts.length > 1) last = parts[parts.length - 2];
  return last
    .replace(/\.v[0-9]+$/, '')
    .replace(/^go-/, '')
    .replace(/[-.]go$/, '');
}

/** A string literal's text, or null when it is no literal or interpolates (`"#{x}"`). */
function literalOf(n: Node, memo: Map<number, string | null>): string | null {
  const known = memo.get(n.id);
  if (known !== undefined) return known;
  let t: string | null = null;
  switch (n.type) {
    case 'interpreted_string_literal':
    case 'raw_string_literal':
    case 'string_literal':
    case 'string': {
      t = '';
      for (const c of n.namedChildren) {
        if (!c) continue;
        if (c.type === 'interpolation' || c.type === 'string_interpolation') {
          t = null;
          break;
        }
        t += c.text;
      }
      // A literal without parts (`""`, Go's raw strings) keeps its text in the node alone.
      if (t !== null && n.namedChildCount === 0) t = n.text.slice(1, -1);
      break;
    }
    case 'simple_symbol':
      t = n.text.slice(1);
      break;
    case 'binary_expression':
    case 'binary': {
      // `"ju" + "nit"`: a constant spelled in pieces. The left spine is walked in a loop (a
      // chain of thousands of terms is no recursion) and memoized (a chain is read once).
      const spine: Node[] = [];
      let left: Node | null = n;
      while (left && (left.type === 'binary_expression' || left.type === 'binary')) {
        if (memo.has(left.id)) break;
        spine.push(left);
        left = left.childForFieldName('left');
      }
      let v = left ? literalOf(left, memo) : null;
      for (let i = spine.length - 1; i >= 0; i--) {
        const r = spine[i].childForFieldName('right');
        const plus = spine[i].childForFieldName('operator')?.text === '+';
        const b = v !== null && plus && r ? literalOf(r, memo) : null;
        v = v !== null && b !== null && v.length + b.length <= MAX_TEXT ? v + b : null;
        memo.set(spine[i].id, v);
      }
      return v;
    }
    case 'parenthesized_expression': {
      const c = n.namedChild(0);
      t = c ? literalOf(c, memo) : null;
      break;
    }
  }
  memo.set(n.id, t);
  return t;
}

const LITERALS = new Set([
  'interpreted_string_literal',
  'raw_string_literal',
  'string_literal',
  'string',
  'simple_symbol',
  'binary_expression',
  'binary',
]);

/** Ruby's ways of calling a method named by a symbol: `send(:exit, 0)`. */
const SENDS = new Set(['send', '__send__', 'public_send']);

export function readOther(lang: OtherLanguage, root: Node): FileFacts {
  const g = GRAMMARS[lang];
  const b = new Bindings();
  const events: CodeEvent[] = [];
  const scopeCalls = new Map<number, Set<string>>();
  const errorSpans = syntaxErrors(root);
  const budget = new NodeBudget();
  /** Go's dot imports and Java's static `.*` imports: where an unqualified name may come from. */
  const wildcards: string[] = [];
  const literals = new Map<number, string | null>();
  const stringText = (n: Node) => literalOf(n, literals);
  /** Go's callees: a function named elsewhere is a value handed on. */
  const callees = new Set<number>();

  const args = (n: Node): Node[] => {
    const a = n.childForFieldName('arguments');
    return (a?.namedChildren ?? []).filter(
      (c): c is Node => !!c && c.type !== 'comment' && c.type !== 'block_argument',
    );
  };

  /** What a member is taken from; `?` when the code does not say (`Calc.class.getClassLoader()`). */
  const receiver = (o: Node | null, chain: readonly number[], depth: number): Resolved => {
    const r = resolve(o, chain, depth + 1);
    return r.names.length > 0 ? r : { names: ['?'], via: r.via };
  };

  /** The names a call's callee resolves to (Java's `o.m(…)` and Ruby's `r.m …` have no callee node). */
  const callee = (n: Node, chain: readonly number[], depth: number): Resolved => {
    if (lang === 'go') return resolve(n.childForFieldName('function'), chain, depth + 1);
    const method = n.childForFieldName(lang === 'java' ? 'name' : 'method');
    const m = method?.text ?? '?';
    const recv = n.childForFieldName(lang === 'java' ? 'object' : 'receiver');
    if (recv) return mapNames(receiver(recv, chain, depth), (o) => g.normal(`${o}.${m}`));
    // Java's `exit(0)` after a static import of it; a Ruby call with arguments is a method's.
    if (lang === 'java' && method) return resolve(method, chain, depth + 1);
    return { names: [g.normal(m)], via: [] };
  };

  const resolveNode = (n: Node, chain: readonly number[], depth: number): Resolved => {
    switch (n.type) {
      case 'identifier':
      case 'constant':
      case 'type_identifier': {
        const r = resolveName(b, n.text, chain, depth, resolve, g.normal);
        // An unbound name may come from a dot or static wildcard import.
        if (r.via.length > 0 || wildcards.length === 0 || n.type === 'constant') return r;
        return union(r, { names: wildcards.map((w) => g.normal(`${w}.${n.text}`)), via: [] });
      }
      case 'selector_expression': {
        const f = n.childForFieldName('field')?.text ?? '?';
        return mapNames(receiver(n.childForFieldName('operand'), chain, depth), (o) =>
          g.normal(`${o}.${f}`),
        );
      }
      case 'field_access': {
        const f = n.childForFieldName('field')?.text ?? '?';
        return mapNames(receiver(n.childForFieldName('object'), chain, depth), (o) =>
          g.normal(`${o}.${f}`),
        );
      }
      case 'scoped_identifier':
      case 'scoped_type_identifier':
      case 'scope_resolution': {
        const name = n.childForFieldName('name')?.text ?? n.lastNamedChild?.text ?? '?';
        const scope =
          n.childForFieldName('scope') ?? (n.namedChildCount > 1 ? n.namedChild(0) : null);
        if (!scope) return { names: [g.normal(name)], via: [] };
        return mapNames(resolve(scope, chain, depth + 1), (o) => g.normal(`${o}.${name}`));
      }
      case 'parenthesized_expression':
      case 'parenthesized_statements':
        return resolve(n.namedChild(0), chain, depth + 1);
      case 'object_creation_expression':
        return mapNames(resolve(n.childForFieldName('type'), chain, depth + 1), (t) => `new:${t}`);
      case 'method_reference': {
        const [o, m] = n.namedChildren;
        if (!o || !m) return EMPTY;
        return mapNames(resolve(o, chain, depth + 1), (x) => g.normal(`${x}.${m.text}`));
      }
      case 'call_expression':
      case 'method_invocation':
      case 'call':
        return mapNames(callee(n, chain, depth), (f) => (g.callParens ? `${f}()` : f));
      case 'this':
      case 'self':
        return { names: [n.type], via: [] };
      default:
        return EMPTY;
    }
  };
  const resolve = memoResolve(resolveNode);

  const local = (n: Node, scope: number, chain: readonly number[]) =>
    b.bind(scope, n.text, { value: `local:${n.text}`, chain, row: n.startPosition.row });

  /** Every identifier a parameter list (or a loop variable, a catch) binds, as an opaque local. */
  const bindLocals = (n: Node, scope: number, chain: readonly number[], depth = 0): void => {
    if (depth > MAX_DEPTH) return;
    if (n.type === 'identifier') return local(n, scope, chain);
    const names = n.childrenForFieldName('name').filter((c) => c?.type === 'identifier');
    if (names.length > 0) return names.forEach((c) => c && local(c, scope, chain));
    for (const c of n.namedChildren)
      if (c && !/type|^(int_literal|string)$/.test(c.type)) bindLocals(c, scope, chain, depth + 1);
  };

  const bindPairs = (
    left: readonly (Node | null)[],
    right: readonly (Node | null)[],
    scope: number,
    chain: readonly number[],
  ) => {
    for (let i = 0; i < left.length; i++) {
      const l = left[i];
      if (!l || l.type !== 'identifier' || l.text === '_') continue;
      const r = right.length === left.length ? right[i] : null;
      if (r) b.bind(scope, l.text, { expr: r, chain, row: l.startPosition.row });
      else local(l, scope, chain);
    }
  };

  const bindImport = (n: Node, chain: readonly number[]) => {
    const row = n.startPosition.row;
    if (lang === 'go') {
      const path = n.childForFieldName('path');
      const p = path ? (stringText(path) ?? '?') : '?';
      const name = n.childForFieldName('name');
      events.push({ kind: 'ref', names: [p], at: spanOf(n) });
      if (name?.type === 'dot') wildcards.push(p);
      else if (name?.type === 'package_identifier') b.bind(0, name.text, { value: p, chain, row });
      else if (!name) b.bind(0, goPackageName(p), { value: p, chain, row });
      return;
    }
    // Java: `import a.b.C;`, `import static a.b.C.m;`, `import a.b.*;`, `import static a.b.C.*;`.
    const id = n.namedChildren.find(
      (c) => c?.type === 'scoped_identifier' || c?.type === 'identifier',
    );
    if (!id) return;
    const full = g.normal(id.text.replace(/\s+/g, ''));
    const star = n.namedChildren.some((c) => c?.type === 'asterisk');
    const isStatic = n.children.some((c) => c?.type === 'static');
    events.push({ kind: 'ref', names: [star ? `${full}.*` : full], at: spanOf(n) });
    if (star) {
      if (isStatic) wildcards.push(full);
      return;
    }
    b.bind(0, full.slice(full.lastIndexOf('.') + 1), { value: full, chain, row });
  };

  /** Pass 1: bindings. */
  const bindWalk = (n: Node, chain: number[]) => {
    if (!budget.spend()) return;
    const scope = chain[chain.length - 1];
    const type = n.type;
    switch (type) {
      case 'import_spec':
      case 'import_declaration':
        if (type === 'import_spec' || lang === 'java') {
          bindImport(n, chain);
          return;
        }
        break;
      case 'short_var_declaration':
      case 'assignment_statement':
        bindPairs(
          n.childForFieldName('left')?.namedChildren ?? [],
          n.childForFieldName('right')?.namedChildren ?? [],
          scope,
          chain,
        );
        break;
      case 'var_spec':
      case 'const_spec':
        bindPairs(
          n.childrenForFieldName('name'),
          n.childForFieldName('value')?.namedChildren ?? [],
          scope,
          chain,
        );
        break;
      case 'variable_declarator': {
        const name = n.childForFieldName('name');
        const value = n.childForFieldName('value');
        if (name?.type === 'identifier')
          if (value) b.bind(scope, name.text, { expr: value, chain, row: name.startPosition.row });
          else local(name, scope, chain);
        break;
      }
      case 'assignment': {
        // Ruby: `x = expr` and `K = Kernel`; `a, b = …` binds locals.
        const l = n.childForFieldName('left');
        const r = n.childForFieldName('right');
        if ((l?.type === 'identifier' || l?.type === 'constant') && r)
          b.bind(scope, l.text, { expr: r, chain, row: l.startPosition.row });
        else if (l?.type === 'left_assignment_list') bindLocals(l, scope, chain);
        break;
      }
    }
    const inner = g.scopes.has(type) ? [...chain, n.id] : chain;
    // Parameters, loop variables and caught exceptions are locals: they shadow a global's name.
    for (const f of ['parameters', 'receiver', 'left', 'name']) {
      const p = n.childForFieldName(f);
      if (!p) continue;
      if (f === 'parameters' && g.scopes.has(type)) bindLocals(p, n.id, inner);
      else if (f === 'left' && (type === 'range_clause' || type === 'for'))
        bindLocals(p, scope, chain);
      else if (f === 'receiver' && type === 'method_declaration') bindLocals(p, n.id, inner);
      else if (
        f === 'name' &&
        (type === 'enhanced_for_statement' || type === 'catch_formal_parameter')
      )
        local(p, scope, chain);
    }
    for (const c of n.namedChildren) if (c) bindWalk(c, inner);
  };

  /** A name bound once to a string literal (`name := "test." + "v"`) is that text. */
  const valueOf = (a: Node, chain: readonly number[]): string | undefined => {
    if (a.type !== 'identifier') return undefined;
    const bs = b.lookup(chain, a.text);
    if (bs?.length !== 1 || !bs[0].expr) return undefined;
    return stringText(bs[0].expr) ?? undefined;
  };

  const firstArgOf = (a: Node | undefined, chain: readonly number[]): FirstArg => {
    if (!a) return { kind: 'none' };
    const t = stringText(a);
    if (t !== null) return { kind: 'literal', text: t };
    const v = valueOf(a, chain);
    return {
      kind: 'computed',
      text: a.text.slice(0, 200),
      ...(v !== undefined ? { value: v } : {}),
    };
  };

  const call = (
    names: readonly string[],
    firstArg: FirstArg,
    n: Node,
    via: readonly number[],
    scope: number,
  ) => {
    if (names.length === 0) return;
    const set = scopeCalls.get(scope) ?? new Set<string>();
    for (const x of names) set.add(x);
    scopeCalls.set(scope, set);
    events.push({ kind: 'call', names, firstArg, at: spanOf(n, via), scope });
  };

  /** Whether a body returns a constant before anything else: `{ return true; }`, `def ==(o) = 0`. */
  const constantBody = (body: Node | null): boolean => {
    if (!body) return false;
    if (g.constants.has(body.type)) return true;
    // Go's block holds a statement_list; comments may sit on either level.
    const list =
      lang === 'go' ? (body.namedChildren.find((c) => c?.type === 'statement_list') ?? null) : body;
    const stmt = list?.namedChildren.find(
      (c) => c && !c.type.endsWith('comment') && c.type !== 'empty_statement',
    );
    if (!stmt) return false;
    if (g.constants.has(stmt.type)) return lang === 'ruby';
    if (stmt.type !== 'return_statement' && stmt.type !== 'return') return false;
    let v = stmt.namedChild(0);
    if (v && (v.type === 'expression_list' || v.type === 'argument_list')) {
      if (v.namedChildCount !== 1) return false;
      v = v.namedChild(0);
    }
    while (
      v?.type === 'unary_expression' ||
      v?.type === 'unary' ||
      v?.type === 'parenthesized_expression'
    )
      v = v.namedChild(0);
    return !!v && g.constants.has(v.type);
  };

  /** Pass 2: events; false: the node's children are not read as references. */
  const visit = (n: Node, type: string, chain: number[]): boolean => {
    const scope = chain[chain.length - 1];
    switch (type) {
      case 'import_spec':
      case 'import_declaration':
      case 'package_clause':
      case 'package_declaration':
        return false;
      case 'identifier':
      case 'constant':
      case 'selector_expression':
      case 'field_access':
      case 'scoped_identifier':
      case 'scope_resolution': {
        const r = resolve(n, chain);
        if (r.names.length) events.push({ kind: 'ref', names: r.names, at: spanOf(n, r.via) });
        // A Go function named as a value (`defer run(os.Exit)`): who calls it, and with what, the
        // file does not say, so it is a call with a computed argument.
        if (lang === 'go' && type === 'selector_expression' && !callees.has(n.id))
          call(r.names, { kind: 'computed', text: n.text.slice(0, 200) }, n, r.via, scope);
        // Ruby's bare `exit`, `caller`: a method called without arguments, unless a local.
        if (lang === 'ruby' && type === 'identifier' && r.via.length === 0)
          call(r.names, { kind: 'none' }, n, [], scope);
        return true;
      }
      case 'method_reference': {
        // Java's `System::exit` handed on: called elsewhere with a computed argument.
        const r = resolve(n, chain);
        if (r.names.length) events.push({ kind: 'ref', names: r.names, at: spanOf(n, r.via) });
        call(r.names, { kind: 'computed', text: n.text.slice(0, 200) }, n, r.via, scope);
        return true;
      }
      case 'call_expression':
      case 'method_invocation':
      case 'call': {
        if (lang === 'go') {
          const f = n.childForFieldName('function');
          if (f) callees.add(f.id);
        }
        const r = callee(n, chain, 0);
        const as = args(n);
        call(r.names, firstArgOf(as[0], chain), n, r.via, scope);
        // Java's `o.m(…)` and Ruby's `r.m` have no callee node the walk would name.
        if (lang !== 'go' && r.names.length)
          events.push({ kind: 'ref', names: r.names, at: spanOf(n, r.via) });
        if (lang === 'ruby') {
          // `send(:exit, 0)` calls `exit`; `method(:exit)` hands it on to be called later.
          const sym = as[0] ? (stringText(as[0]) ?? valueOf(as[0], chain) ?? null) : null;
          const m = n.childForFieldName('method')?.text ?? '';
          const recv = n.childForFieldName('receiver');
          const on = recv ? resolve(recv, chain).names : [''];
          if (sym !== null && (SENDS.has(m) || m === 'method')) {
            const names = on.map((o) => g.normal(o ? `${o}.${sym}` : sym));
            call(
              names,
              SENDS.has(m)
                ? firstArgOf(as[1], chain)
                : { kind: 'computed', text: n.text.slice(0, 200) },
              n,
              [],
              scope,
            );
          }
          // `define_method(:==) { true }` defines the method.
          if (m === 'define_method' && sym !== null) {
            const blk = n.childForFieldName('block');
            events.push({
              kind: 'def',
              name: sym,
              constant: constantBody(blk?.childForFieldName('body') ?? null),
              at: spanOf(n),
            });
          }
        }
        break;
      }
      case 'unary': {
        // Ruby's `defined?(RSpec)`: the runner's presence asked.
        const op = n.children.find((c) => c && !c.isNamed)?.text;
        if (op === 'defined?') {
          const r = resolve(n.childForFieldName('operand'), chain);
          if (r.names.length)
            events.push({
              kind: 'ref',
              names: r.names.map((x) => `defined?(${x})`),
              at: spanOf(n, r.via),
            });
        }
        break;
      }
      case 'function_declaration':
      case 'method_declaration':
      case 'method':
      case 'singleton_method': {
        const body = n.childForFieldName('body');
        events.push({
          kind: 'def',
          name: n.childForFieldName('name')?.text ?? '?',
          constant: constantBody(body),
          at: spanOf(n),
        });
        break;
      }
    }
    if (LITERALS.has(type)) {
      const t = stringText(n);
      if (t !== null) {
        events.push({ kind: 'literal', text: t, at: spanOf(n), scope });
        return false;
      }
      // An interpolated string: each fixed piece is a literal.
      if (type === 'string')
        for (const c of n.namedChildren)
          if (c?.type === 'string_content')
            events.push({ kind: 'literal', text: c.text, at: spanOf(c), scope });
    }
    if (type === 'heredoc_body')
      for (const c of n.namedChildren)
        if (c?.type === 'heredoc_content')
          events.push({ kind: 'literal', text: c.text, at: spanOf(c), scope });
    return true;
  };

  /** The children of a node that are names of something else, not references. */
  const NOT_REFS: Record<string, readonly string[]> = {
    method_invocation: ['name'],
    call: ['method'],
    function_declaration: ['name'],
    method_declaration: ['name'],
    method: ['name'],
    singleton_method: ['name'],
  };

  /** Qualified names, and the field of what each is taken from ('': its first child). */
  const QUALIFIED: Record<string, string> = {
    selector_expression: 'operand',
    field_access: 'object',
    scoped_identifier: 'scope',
    scope_resolution: 'scope',
    method_reference: '',
  };

  const walk = (n: Node, chain: number[]) => {
    const type = n.type;
    if (!visit(n, type, chain)) return;
    const inner = g.scopes.has(type) ? [...chain, n.id] : chain;
    // A qualified name is one reference: of its parts, only what it is taken from is read on.
    const base = QUALIFIED[type];
    if (base !== undefined) {
      const o = base === '' ? n.namedChild(0) : n.childForFieldName(base);
      if (o) walk(o, inner);
      return;
    }
    // Children by field, once per node (a child's field asked per child is quadratic).
    const skip = (NOT_REFS[type] ?? []).map((f) => n.childForFieldName(f)?.id);
    for (const c of n.namedChildren) if (c && !skip.includes(c.id)) walk(c, inner);
  };

  bindWalk(root, [0]);
  if (budget.capped) return { events: [], scopeCalls, capped: budget.capped, errorSpans };
  walk(root, [0]);
  return { events, scopeCalls, errorSpans };
}
