// Doctests read as code (pure): where a Python module's docstrings are, by the name pytest's
// `--doctest-modules` gives each (`shop.total`, `shop.Cart.add`), and the examples in one,
// parsed by doctest's own grammar. A doctest row locks those examples, not the module: an
// edit of the code or the prose around them leaves its digest alone (CONTRACT §2).
import type { Node } from 'web-tree-sitter';

/** One example as doctest parses it: its source (prompts stripped) and its expected output. */
export interface DoctestExample {
  source: string;
  want: string;
}

// doctest.DocTestParser._EXAMPLE_RE: a PS1 line, its PS2 lines, then the want: every line
// up to a blank one or the next PS1.
const EXAMPLE =
  /(?<source>(?:^(?<indent> *)>>>.*)(?:\n *\.\.\..*)*)\n?(?<want>(?:(?! *$)(?! *>>>).+$\n?)*)/gm;

/** Tabs expanded to 8 columns, as doctest does before it parses a docstring. */
function expandTabs(text: string): string {
  if (!text.includes('\t')) return text;
  return text
    .split('\n')
    .map((line) => {
      let out = '';
      for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
      return out;
    })
    .join('\n');
}

/** The examples of a docstring, in order, normalised as doctest normalises them. */
export function doctestExamples(docstring: string): DoctestExample[] {
  const text = expandTabs(docstring);
  const out: DoctestExample[] = [];
  for (const m of text.matchAll(EXAMPLE)) {
    const indent = m.groups!.indent.length;
    const source = m
      .groups!.source.split('\n')
      .map((l) => l.slice(indent + 4))
      .join('\n');
    const wantLines = m.groups!.want.split('\n');
    if (wantLines.length > 1 && /^ *$/.test(wantLines[wantLines.length - 1])) wantLines.pop();
    const want = wantLines.map((l) => l.slice(indent)).join('\n');
    // doctest.Example ends a source, and a want that is not empty, with a newline.
    out.push({
      source: source + '\n',
      want: want === '' || want.endsWith('\n') ? want : want + '\n',
    });
  }
  return out;
}

/** What a doctest row's digest is taken over: the examples, one JSON array, nothing else. */
export function examplesText(examples: readonly DoctestExample[]): string {
  return JSON.stringify(examples.map((e) => [e.source, e.want]));
}

/**
 * The dotted names pytest may import `file` as, longest last: `src/pkg/mod.py` is `mod`,
 * `pkg.mod` or `src.pkg.mod` (by its rootdir and import mode); a package's `__init__.py` is
 * the package.
 */
export function moduleNames(file: string): string[] {
  if (!file.endsWith('.py')) return [];
  const parts = file.slice(0, -3).split('/');
  if (parts[parts.length - 1] === '__init__') parts.pop();
  const out: string[] = [];
  for (let i = parts.length - 1; i >= 0; i--) out.push(parts.slice(i).join('.'));
  return out;
}

/** The qualified names (in the module) a doctest item `name` of `file` may stand for. */
export function qualnamesOf(file: string, name: string): string[] {
  const out: string[] = [];
  for (const m of moduleNames(file)) {
    if (name === m) out.push('');
    else if (name.startsWith(m + '.')) out.push(name.slice(m.length + 1));
  }
  return out;
}

const DEFINITIONS = new Set(['function_definition', 'class_definition']);
// Blocks whose definitions still land in the module's (or class's) namespace.
const COMPOUND = new Set([
  'if_statement',
  'elif_clause',
  'else_clause',
  'try_statement',
  'except_clause',
  'finally_clause',
  'with_statement',
  'block',
  'decorated_definition',
]);

/** The docstring of a module or of a definition's body: its first statement, if a string. */
function docstringOf(body: Node | null): string | undefined {
  const first = body?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  if (!first || first.type !== 'expression_statement') return undefined;
  const e = first.namedChild(0);
  if (!e) return undefined;
  const parts = e.type === 'concatenated_string' ? e.namedChildren : [e];
  let s = '';
  for (const p of parts) {
    if (!p || p.type !== 'string') return undefined;
    // The text between the quotes as written: an f-string is no docstring.
    const start = p.namedChildren.find((c) => c?.type === 'string_start');
    const end = p.namedChildren.find((c) => c?.type === 'string_end');
    if (!start || !end || /f/i.test(start.text)) return undefined;
    s += p.text.slice(start.text.length, p.text.length - end.text.length);
  }
  return s;
}

/**
 * Every docstring that holds an example, by qualified name ('' for the module's), as
 * doctest's finder reaches them: the module, its classes and functions, and their classes'
 * methods and nested classes, not functions nested in functions. A name defined more than
 * once keeps each docstring with examples (a property's setter usually has none).
 */
export function docstringsWithExamples(root: Node): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const note = (name: string, doc: string | undefined) => {
    if (doc === undefined || !doc.includes('>>>')) return;
    const list = out.get(name);
    if (list) list.push(doc);
    else out.set(name, [doc]);
  };
  note('', docstringOf(root));
  const walk = (n: Node, prefix: string) => {
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (DEFINITIONS.has(c.type)) {
        const name = c.childForFieldName('name')?.text;
        if (!name) continue;
        const body = c.childForFieldName('body');
        note(prefix + name, docstringOf(body));
        if (c.type === 'class_definition' && body) walk(body, `${prefix}${name}.`);
      } else if (COMPOUND.has(c.type)) walk(c, prefix);
    }
  };
  walk(root, '');
  return out;
}

/** What a doctest item's examples are, or why they cannot be found (fail closed). */
export function findDoctest(
  root: Node,
  file: string,
  name: string,
): { examples: DoctestExample[] } | { problem: string } {
  const docs = docstringsWithExamples(root);
  for (const q of qualnamesOf(file, name)) {
    const found = docs.get(q);
    if (found === undefined) continue;
    const sets = [...new Set(found.map((d) => examplesText(doctestExamples(d))))];
    if (sets.length > 1)
      return { problem: `defines ${name} more than once with different examples` };
    const examples = doctestExamples(found[0]);
    if (examples.length === 0) return { problem: `${name}'s docstring holds no example` };
    return { examples };
  }
  return { problem: `has no docstring with examples for ${name}` };
}
