// The scanner as it was before the text and attribute fast paths (junit/scan.ts, Dec 2026):
// kept only so junit-scan-same.test.ts can hold the new one to its events and errors.

// A small, strict XML scanner for JUnit reports: elements, attributes, text, CDATA and
// comments. Everything a report never needs (DOCTYPE, entity declarations, processing
// instructions) is refused rather than half-supported, so nothing can be expanded or hidden.

import { GateError } from '../../src/types.js';

/**
 * The attributes of the start tag being reported. Only valid during `open`: the scanner
 * reuses it for the next element. Values are checked while scanning and decoded on `get`,
 * so attributes nobody reads cost no decoding. Names are compared as strings, never used as
 * object keys, so `__proto__` and friends are ordinary names.
 */
export class Attributes {
  readonly names: string[] = [];
  readonly raws: string[] = [];
  count = 0;

  get(name: string): string | undefined {
    for (let i = 0; i < this.count; i++) {
      if (this.names[i] === name) return decodeValue(this.raws[i]);
    }
    return undefined;
  }

  has(name: string): boolean {
    for (let i = 0; i < this.count; i++) if (this.names[i] === name) return true;
    return false;
  }

  values(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.count; i++) out.push(decodeValue(this.raws[i]));
    return out;
  }

  add(name: string, raw: string): void {
    this.names[this.count] = name;
    this.raws[this.count] = raw;
    this.count++;
  }
}

export interface XmlHandler {
  /** A start tag (also for `<x/>`, which is followed at once by `close`). */
  open(name: string, attrs: Attributes, at: number): void;
  close(name: string): void;
  comment(text: string): void;
  /**
   * Text inside an element, as `input[start, end)`: raw (references unresolved, see
   * decodeText) or, for a CDATA section, literal. Optional: indices, so text nobody reads
   * costs nothing.
   */
  text?(input: string, start: number, end: number, cdata: boolean): void;
}

export const MAX_DEPTH = 64;

const XML_DECL =
  /<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])(1\.[0-9]+)\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z][-A-Za-z0-9._]*)\3)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\5)?[ \t\r\n]*\?>/y;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));/y;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENCODINGS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);
// Characters XML 1.0 forbids outright (controls other than tab/newline/CR, U+FFFE/U+FFFF).
const FORBIDDEN_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/; // eslint-disable-line no-control-regex
const WHITESPACE_ONLY = /^[ \t\r\n]*$/;
// An attribute value needs more than a slice only when it holds a reference or a literal
// tab/newline/CR (attribute-value normalization).
const VALUE_NEEDS_WORK = /[\t\n\r&]/;
const VALUE_WHITESPACE = /\r\n|[\t\n\r]/g;
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));/g;

/** Element text as XML reads it: references resolved (the scanner has checked them). */
export function decodeText(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(
    REFERENCE,
    (_, named: string | undefined, dec: string | undefined, hex: string) =>
      named
        ? PREDEFINED[named]
        : String.fromCodePoint(dec !== undefined ? Number(dec) : parseInt(hex, 16)),
  );
}

/** An attribute's value as XML reads it: references resolved, literal whitespace as spaces. */
function decodeValue(raw: string): string {
  if (!VALUE_NEEDS_WORK.test(raw)) return raw;
  return raw
    .replace(VALUE_WHITESPACE, ' ')
    .replace(REFERENCE, (_, named: string | undefined, dec: string | undefined, hex: string) =>
      named
        ? PREDEFINED[named]
        : String.fromCodePoint(dec !== undefined ? Number(dec) : parseInt(hex, 16)),
    );
}

// Names are checked by hand (a regex per attribute costs more than the rest of the scan),
// exactly as XML 1.0 (fifth edition) defines NameStartChar and NameChar. Anything else ends
// the name: `<failure\u2028/>` is a malformed tag, never an unknown element named
// `failure\u2028` that a reader would skip.
function isNameStart(c: number): boolean {
  if (c < 0x80)
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a;
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

function isNameChar(c: number): boolean {
  return (
    isNameStart(c) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0xb7 ||
    (c >= 0x300 && c <= 0x36f) ||
    c === 0x203f ||
    c === 0x2040
  );
}

/**
 * UTF-16 units taken by the name character at `i` (0 when there is none): one for the BMP,
 * two for U+10000–U+EFFFF (a high surrogate up to 0xDB7F followed by a low surrogate).
 */
function nameCharAt(text: string, i: number, start: boolean): number {
  const c = text.charCodeAt(i);
  if (start ? isNameStart(c) : isNameChar(c)) return 1;
  if (c >= 0xd800 && c <= 0xdb7f) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 0;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

/** The index just past the name that starts at `from` (`from` itself when none does). */
function nameEnd(text: string, from: number): number {
  let i = from + nameCharAt(text, from, true);
  if (i === from) return from;
  for (let n = nameCharAt(text, i, false); n > 0; n = nameCharAt(text, i, false)) i += n;
  return i;
}

/** 1-based line of a position, computed only when an error needs it. */
export function lineAt(text: string, pos: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < pos; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

export function scanXml(input: string, file: string, handler: XmlHandler): void {
  function fail(message: string, pos: number): never {
    throw new GateError(message, file, lineAt(input, pos));
  }

  /** Checks every entity and character reference in `raw` (text or an attribute value). */
  const checkReferences = (raw: string, at: number): void => {
    for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', ENTITY.lastIndex)) {
      ENTITY.lastIndex = amp;
      const m = ENTITY.exec(raw);
      if (!m) {
        const shown = raw.slice(amp, amp + 12).split(/[\s;]/)[0];
        fail(
          `undefined or malformed entity reference '${shown}' (only the five XML entities and character references are allowed)`,
          at,
        );
      }
      if (!m[1]) {
        const code = m[2] !== undefined ? Number(m[2]) : parseInt(m[3], 16);
        if (!isXmlChar(code)) fail(`character reference '${m[0]}' is not an XML character`, at);
      }
    }
  };

  const bad = FORBIDDEN_CHAR.exec(input);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    fail(`character U+${code} is not allowed in XML`, bad.index);
  }
  const wellFormed = (input as unknown as { isWellFormed?: () => boolean }).isWellFormed;
  if (wellFormed && !wellFormed.call(input)) fail('text holds an unpaired surrogate', 0);

  let pos = input.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (input.startsWith('<?xml', pos) && isSpace(input.charCodeAt(pos + 5))) {
    XML_DECL.lastIndex = pos;
    const m = XML_DECL.exec(input);
    if (!m) fail('malformed XML declaration', pos);
    // XML 1.1 reads names, line ends and control characters differently; no runner writes it.
    if (m[2] !== '1.0') fail(`XML version ${m[2]} is not supported (reports are XML 1.0)`, pos);
    const encoding = m[4];
    if (encoding !== undefined && !ENCODINGS.has(encoding.toLowerCase())) {
      fail(`encoding '${encoding}' is not supported (write the report as UTF-8)`, pos);
    }
    pos = XML_DECL.lastIndex;
  }

  const attrs = new Attributes();
  const stack: string[] = [];
  const starts: number[] = [];
  let sawRoot = false;
  const end = input.length;

  while (pos < end) {
    const lt = input.indexOf('<', pos);
    const textEnd = lt === -1 ? end : lt;
    if (textEnd > pos) {
      const text = input.slice(pos, textEnd);
      if (stack.length === 0) {
        if (!WHITESPACE_ONLY.test(text)) {
          fail(sawRoot ? 'text after the root element' : 'text before the root element', pos);
        }
      } else {
        if (text.includes('&')) checkReferences(text, pos);
        if (text.includes(']]>')) fail("']]>' is not allowed in text", pos);
        handler.text?.(input, pos, textEnd, false);
      }
    }
    if (lt === -1) break;
    pos = lt;
    const next = input.charCodeAt(pos + 1);

    if (next === 0x21 /* ! */) {
      if (input.startsWith('<!--', pos)) {
        const close = input.indexOf('-->', pos + 4);
        if (close === -1) fail('unterminated comment', pos);
        const dashes = input.indexOf('--', pos + 4);
        if (dashes !== close) fail("'--' inside a comment", dashes);
        handler.comment(input.slice(pos + 4, close));
        pos = close + 3;
      } else if (input.startsWith('<![CDATA[', pos)) {
        if (stack.length === 0) fail('CDATA section outside the root element', pos);
        const close = input.indexOf(']]>', pos + 9);
        if (close === -1) fail('unterminated CDATA section', pos);
        handler.text?.(input, pos + 9, close, true);
        pos = close + 3;
      } else if (input.startsWith('<!DOCTYPE', pos)) {
        fail('DOCTYPE declarations are refused (a JUnit report needs none)', pos);
      } else if (input.startsWith('<!ENTITY', pos)) {
        fail('ENTITY declarations are refused', pos);
      } else {
        fail('markup declarations are refused', pos);
      }
    } else if (next === 0x3f /* ? */) {
      fail(
        input.startsWith('<?xml', pos) && isSpace(input.charCodeAt(pos + 5))
          ? 'the XML declaration must come first in the file'
          : 'processing instructions are refused',
        pos,
      );
    } else if (next === 0x2f /* / */) {
      const open = stack.pop();
      starts.pop();
      let at = pos + 2;
      if (
        open !== undefined &&
        input.startsWith(open, at) &&
        nameCharAt(input, at + open.length, false) === 0
      ) {
        at += open.length;
      } else {
        const nameTo = nameEnd(input, at);
        if (nameTo === at) fail('malformed end tag', pos);
        const name = input.slice(at, nameTo);
        if (open === undefined) fail(`end tag </${name}> without a start tag`, pos);
        fail(`end tag </${name}> does not match <${open}>`, pos);
      }
      let c = input.charCodeAt(at);
      while (isSpace(c)) c = input.charCodeAt(++at);
      if (c !== 0x3e /* > */) fail(`malformed end tag </${open}>`, pos);
      pos = at + 1;
      handler.close(open);
    } else {
      let at = nameEnd(input, pos + 1);
      if (at === pos + 1) fail("'<' that starts no element (escape it as &lt;)", pos);
      const name = input.slice(pos + 1, at);
      if (stack.length === 0 && sawRoot) fail(`a second root element <${name}>`, pos);
      if (stack.length >= MAX_DEPTH) fail(`elements nested deeper than ${MAX_DEPTH} levels`, pos);
      attrs.count = 0;
      let selfClosing = false;
      for (;;) {
        const spaceFrom = at;
        let c = input.charCodeAt(at);
        while (isSpace(c)) c = input.charCodeAt(++at);
        if (c === 0x3e /* > */) {
          at++;
          break;
        }
        if (c === 0x2f /* / */ && input.charCodeAt(at + 1) === 0x3e) {
          at += 2;
          selfClosing = true;
          break;
        }
        const attrFrom = at;
        at = nameEnd(input, at);
        if (attrFrom === spaceFrom || at === attrFrom)
          fail(`malformed start tag <${name}>`, attrFrom);
        const attr = input.slice(attrFrom, at);
        c = input.charCodeAt(at);
        while (isSpace(c)) c = input.charCodeAt(++at);
        if (c !== 0x3d /* = */) fail(`attribute '${attr}' on <${name}> has no value`, at);
        c = input.charCodeAt(++at);
        while (isSpace(c)) c = input.charCodeAt(++at);
        if (c !== 0x22 && c !== 0x27) fail(`attribute '${attr}' on <${name}> is not quoted`, at);
        const close = input.indexOf(c === 0x22 ? '"' : "'", at + 1);
        if (close === -1) fail(`attribute '${attr}' on <${name}> is never closed`, at);
        const raw = input.slice(at + 1, close);
        if (raw.includes('<')) fail(`'<' in attribute '${attr}' on <${name}>`, at);
        if (attrs.has(attr)) fail(`duplicate attribute '${attr}' on <${name}>`, attrFrom);
        if (raw.includes('&')) checkReferences(raw, at);
        attrs.add(attr, raw);
        at = close + 1;
      }
      pos = at;
      sawRoot = true;
      handler.open(name, attrs, lt);
      if (selfClosing) handler.close(name);
      else {
        stack.push(name);
        starts.push(lt);
      }
    }
  }

  if (stack.length > 0) {
    fail(`element <${stack[stack.length - 1]}> is never closed`, starts[starts.length - 1]);
  }
  if (!sawRoot) fail('no root element (empty or not XML)', end);
}
