// pytest's own way from a node id to the `classname`/`name` it writes, and back.
// Mirrors _pytest/junitxml.py (mangle_test_address, bin_xml_escape) so that the inverse is
// exact: a reconstructed id is accepted only if mangling it gives the case back.

/**
 * pytest's bin_xml_escape. Its character class is written with `\u10000` in a Python
 * string, which is U+1000 followed by '0', so characters beyond U+FFFF are escaped too.
 */
const ILLEGAL = /[^\t\n\r\x20-\x7E\x80-\uD7FF\uE000-\uFFFD]/gu;
const HAS_ILLEGAL = /[^\t\n\r\x20-\x7E\x80-\uD7FF\uE000-\uFFFD]/u;

export function binXmlEscape(text: string): string {
  if (!HAS_ILLEGAL.test(text)) return text;
  return text.replace(ILLEGAL, (ch) => {
    const code = ch.codePointAt(0) as number;
    return (
      '#x' +
      code
        .toString(16)
        .toUpperCase()
        .padStart(code <= 0xff ? 2 : 4, '0')
    );
  });
}

/** What pytest writes as `classname` and `name` for a node id. */
export function mangleTestAddress(nodeid: string): { classname: string; name: string } {
  const bracket = nodeid.indexOf('[');
  const path = bracket === -1 ? nodeid : nodeid.slice(0, bracket);
  const params = bracket === -1 ? '' : nodeid.slice(bracket);
  const names = path.split('::');
  names[0] = names[0].replaceAll('/', '.').replace(/\.py$/, '');
  const last = names.pop() as string;
  return { classname: names.join('.'), name: binXmlEscape(last + params) };
}

/** The dotted module path pytest derives from a file path (`tests/pkg/test_x.py` → `tests.pkg.test_x`). */
export function dottedModule(file: string): string {
  return file.replaceAll('/', '.').replace(/\.py$/, '');
}

// A name that may hold bin_xml_escape output cannot be inverted: '#x07' may have been '\a'.
const MAYBE_ESCAPED = /#x[0-9A-F]{2}/;

/** The part of an xunit1 id before the name (`file::Class::Inner`), or why there is none. */
type Prefix = { prefix: string } | { reason: string };

function xunit1Prefix(path: string, classname: string): Prefix {
  const module = dottedModule(path);
  let parts: string[];
  if (classname === module) parts = [];
  else if (classname.startsWith(module + '.'))
    parts = classname.slice(module.length + 1).split('.');
  else {
    return {
      reason: `classname '${classname}' does not start with the module of file '${path}' (a test inherited from another module, or junit_prefix)`,
    };
  }
  const prefix = [path, ...parts].join('::');
  // With a name free of '::' and '[', mangling the id gives back exactly this classname iff
  // it does for any such name; a '[' in the path, for one, breaks it.
  if (mangleTestAddress(`${prefix}::x`).classname !== classname) {
    return {
      reason: `the id rebuilt from file '${path}' does not give classname '${classname}' back`,
    };
  }
  return { prefix };
}

/**
 * Rebuilds xunit1 node ids from `file`, `classname` and `name`, exactly as
 * mangle_test_address would give them back. Caches the per-(file, classname) work.
 */
export class Xunit1Ids {
  private readonly prefixes = new Map<string, Map<string, Prefix>>();

  id(file: string, classname: string, name: string): { id: string } | { reason: string } {
    const path = file.replaceAll('\\', '/');
    let byClass = this.prefixes.get(path);
    if (byClass === undefined) this.prefixes.set(path, (byClass = new Map()));
    let p = byClass.get(classname);
    if (p === undefined) byClass.set(classname, (p = xunit1Prefix(path, classname)));
    if ('reason' in p) return p;
    if (MAYBE_ESCAPED.test(name)) {
      return { reason: `the name '${name}' may hold characters pytest escaped as '#x..'` };
    }
    const bracket = name.indexOf('[');
    if ((bracket === -1 ? name : name.slice(0, bracket)).includes('::')) {
      return { reason: `the name '${name}' holds '::' outside its parameters` };
    }
    if (binXmlEscape(name) !== name) {
      return { reason: `the name '${name}' holds characters pytest would have escaped` };
    }
    return { id: `${p.prefix}::${name}` };
  }
}

/** Collected node ids by the classname and then the name pytest would write for each. */
export type CollectedIndex = Map<string, Map<string, string[]>>;

export function indexCollected(collected: string[]): CollectedIndex {
  const index: CollectedIndex = new Map();
  for (const id of collected) {
    const { classname, name } = mangleTestAddress(id);
    let byName = index.get(classname);
    if (byName === undefined) index.set(classname, (byName = new Map()));
    const list = byName.get(name);
    if (list === undefined) byName.set(name, [id]);
    else if (!list.includes(id)) list.push(id);
  }
  return index;
}
