// The plain `artifact:` and `seeds:` values of a ledger's text, picked out without parsing it,
// so the goldens can be hashed while the ledger is parsed. Only a head start: a value this
// misses (quoted, commented, odd layout) is gathered after the parse.

/**
 * What `/^[ -]*(artifact|seeds): *([^\s#'"][^\n#]*?) *$/gm` picks, found with indexOf: the
 * regex tried every line start of a 100k-row ledger; this looks only where the key is.
 * Seeds folders lose a trailing `/` (keyed as the validator keys rows). Distinct, in text order.
 */
export function plainPathValues(text: string): { artifacts: string[]; seeds: string[] } {
  return { artifacts: valuesOf(text, 'artifact:'), seeds: valuesOf(text, 'seeds:') };
}

function valuesOf(text: string, key: string): string[] {
  const found = new Set<string>();
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + key.length)) {
    if (!atLineStart(text, at)) continue;
    const v = valueAfter(text, at + key.length);
    if (v !== undefined) found.add(key === 'seeds:' && v.endsWith('/') ? v.slice(0, -1) : v);
  }
  return [...found];
}

/** Only spaces and dashes between the key and the start of its line (`^[ -]*`). */
function atLineStart(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 45) return isLineEnd(c);
  }
  return true;
}

// The characters before which a multiline `$` matches (and after which `^` does).
function isLineEnd(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** ` *([^\s#'"][^\n#]*?) *$`: the value, or undefined where the regex finds none. */
function valueAfter(text: string, from: number): string | undefined {
  let i = from;
  while (text.charCodeAt(i) === 32) i++;
  if (i >= text.length || /[\s#'"]/.test(text[i])) return undefined;
  let end = i + 1;
  for (; end < text.length; end++) {
    const c = text.charCodeAt(end);
    if (isLineEnd(c)) break;
    if (c === 35) return undefined; // `#` before the line's end: the regex cannot match
  }
  // The lazy value stops where only spaces are left before the line's end.
  while (end > i + 1 && text.charCodeAt(end - 1) === 32) end--;
  return text.slice(i, end);
}
