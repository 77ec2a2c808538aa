// pytest's own way from a node id to the `classname`/`name` it writes, and back.
// Mirrors _pytest/junitxml.py (mangle_test_address, bin_xml_escape) so that the inverse is
// exact: a reconstructed id is accepted only if mangling it gives the case back.

/**
 * pytest's bin_xml_escape. Its character class is written with `\u10000` in a Python
 * string, which is U+1000 followed by '0', so characters beyond U+FFFF are escaped too.
 */
const ILLEGAL = /[^\t\n\r\x20-\x7E\x80-\uD7FF\uE000-\uFFFD]/gu;

export function binXmlEscape(text: string): string {
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

/** The dotted module path pytest derives from a file path. */
function dottedModule(file: string): string {
  return file.replaceAll('/', '.').replace(/\.py$/, '');
}

// A name that may hold bin_xml_escape output cannot be inverted: '#x07' may have been '\a'.
const MAYBE_ESCAPED = /#x[0-9A-F]{2}/;

/**
 * Rebuilds the node id of an xunit1 case from its `file`, `classname` and `name`.
 * Returns the id, or why it cannot be rebuilt without the collected list.
 */
export function nodeIdFromXunit1(
  file: string,
  classname: string,
  name: string,
): { id: string } | { reason: string } {
  const path = file.replaceAll('\\', '/');
  if (MAYBE_ESCAPED.test(name)) {
    return { reason: `the name '${name}' may hold characters pytest escaped as '#x..'` };
  }
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
  const id = [path, ...parts, name].join('::');
  const back = mangleTestAddress(id);
  if (back.classname !== classname || back.name !== name) {
    return { reason: `the id '${id}' rebuilt from file '${path}' does not give this case back` };
  }
  return { id };
}

/** Index of collected node ids by the (classname, name) pytest would write for each. */
export function indexCollected(collected: string[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const id of collected) {
    const { classname, name } = mangleTestAddress(id);
    const key = collectedKey(classname, name);
    const list = index.get(key);
    if (list === undefined) index.set(key, [id]);
    else if (!list.includes(id)) list.push(id);
  }
  return index;
}

export function collectedKey(classname: string, name: string): string {
  return classname + '\u0000' + name;
}
