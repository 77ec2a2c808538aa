// The plain `artifact:` and `seeds:` values of a ledger's bytes, picked out without decoding or
// parsing it, so the goldens can be hashed while the ledger is parsed. Only a head start: a
// value this misses (quoted, commented, odd layout) is gathered after the parse.

const ARTIFACT = Buffer.from('artifact:');
const SEEDS = Buffer.from('seeds:');

/** What a value may not start with (`[^\s#'"]` in the regex), and the ASCII ones as a table. */
const NOT_FIRST_RE = /[\s#'"]/;
const NOT_FIRST = new Uint8Array(128);
for (let c = 0; c < 128; c++) if (NOT_FIRST_RE.test(String.fromCharCode(c))) NOT_FIRST[c] = 1;

/**
 * What `/^[ -]*(artifact|seeds): *([^\s#'"][^\n#]*?) *$/gm` picks in the text these bytes
 * encode (UTF-8), found with Buffer.indexOf where the key is: the regex tried every line start
 * of a 100k-row ledger, and decoding 17 MB to a string took longer than this scan. Seeds folders
 * lose a trailing `/` (keyed as the validator keys rows). Distinct, in text order.
 */
export function plainPathValues(buf: Buffer): { artifacts: string[]; seeds: string[] } {
  if (onlyNewlines(buf)) return byLines(buf);
  return { artifacts: valuesOf(buf, ARTIFACT, false), seeds: valuesOf(buf, SEEDS, true) };
}

const LS = Buffer.from('\u2028');
const PS = Buffer.from('\u2029');

/** No line end but `\n` (no \r, U+2028, U+2029): every line then starts after a `\n`. */
function onlyNewlines(buf: Buffer): boolean {
  if (buf.indexOf(13) !== -1) return false;
  return buf.indexOf(0xe2) === -1 || (buf.indexOf(LS) === -1 && buf.indexOf(PS) === -1);
}

/**
 * The same values, one pass over the lines: a key is looked for only where a line's spaces
 * and dashes end. A `\n` is found by memchr, where each key search with Buffer.indexOf set up
 * a substring search per value (two passes, 100,000 calls at L: about twice the time).
 */
function byLines(buf: Buffer): { artifacts: string[]; seeds: string[] } {
  const artifacts = new Set<string>();
  const seeds = new Set<string>();
  for (let at = 0; at < buf.length;) {
    let i = at;
    while (buf[i] === 32 || buf[i] === 45) i++;
    const nl = buf.indexOf(10, i);
    const end = nl === -1 ? buf.length : nl;
    if (keyAt(buf, i, ARTIFACT)) {
      const v = valueAfter(buf, i + ARTIFACT.length, end);
      if (v !== undefined) artifacts.add(v);
    } else if (keyAt(buf, i, SEEDS)) {
      const v = valueAfter(buf, i + SEEDS.length, end);
      if (v !== undefined) seeds.add(v.endsWith('/') ? v.slice(0, -1) : v);
    }
    at = end + 1;
  }
  return { artifacts: [...artifacts], seeds: [...seeds] };
}

function keyAt(buf: Buffer, at: number, key: Buffer): boolean {
  if (buf[at] !== key[0]) return false;
  for (let k = 1; k < key.length; k++) if (buf[at + k] !== key[k]) return false;
  return true;
}

function valuesOf(buf: Buffer, key: Buffer, folder: boolean): string[] {
  const found = new Set<string>();
  for (let at = buf.indexOf(key); at !== -1; at = buf.indexOf(key, at + key.length)) {
    if (!atLineStart(buf, at)) continue;
    const v = valueAfter(buf, at + key.length);
    if (v !== undefined) found.add(folder && v.endsWith('/') ? v.slice(0, -1) : v);
  }
  return [...found];
}

/** Only spaces and dashes between the key and the start of its line (`^[ -]*`). */
function atLineStart(buf: Buffer, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = buf[i];
    if (c !== 32 && c !== 45) return lineEndsBefore(buf, i + 1);
  }
  return true;
}

/**
 * Whether a line end ends just before `at`: the characters after which a multiline `^` matches
 * (\n, \r, U+2028, U+2029; the last two are E2 80 A8/A9 in UTF-8).
 */
function lineEndsBefore(buf: Buffer, at: number): boolean {
  const c = buf[at - 1];
  if (c === 10 || c === 13) return true;
  return (c === 0xa8 || c === 0xa9) && buf[at - 2] === 0x80 && buf[at - 3] === 0xe2;
}

/** Whether a line end (as lineEndsBefore) starts at `at`: where a multiline `$` matches. */
function lineEndsAt(buf: Buffer, at: number): boolean {
  const c = buf[at];
  if (c === 10 || c === 13) return true;
  return c === 0xe2 && buf[at + 1] === 0x80 && (buf[at + 2] === 0xa8 || buf[at + 2] === 0xa9);
}

/**
 * ` *([^\s#'"][^\n#]*?) *$`: the value, or undefined where the regex finds none. `lineEnd`
 * where the caller knows it (byLines), so only a `#` is looked for before it.
 */
function valueAfter(buf: Buffer, from: number, lineEnd?: number): string | undefined {
  let i = from;
  while (buf[i] === 32) i++;
  if (i >= buf.length) return undefined;
  // The first character: an ASCII one looked up (a regex test per row cost ~10 ms of 60 at L),
  // any other decoded and tested (\s holds non-ASCII spaces too).
  const b = buf[i];
  if (b < 0x80 ? NOT_FIRST[b] === 1 : NOT_FIRST_RE.test(buf.toString('utf8', i, i + 4)[0]))
    return undefined;
  let end = i + 1;
  // A `#` before the line's end: the regex cannot match.
  if (lineEnd !== undefined) {
    for (; end < lineEnd; end++) if (buf[end] === 35) return undefined;
  } else
    for (; end < buf.length; end++) {
      if (lineEndsAt(buf, end)) break;
      if (buf[end] === 35) return undefined;
    }
  // The lazy value stops where only spaces are left before the line's end.
  while (end > i + 1 && buf[end - 1] === 32) end--;
  return buf.toString('utf8', i, end);
}
