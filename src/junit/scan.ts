// A small, strict XML scanner for JUnit reports: elements, attributes, text, CDATA and
// comments. Everything a report never needs (DOCTYPE, entity declarations, processing
// instructions) is refused rather than half-supported, so nothing can be expanded or hidden.

import { GateError } from '../types.js';

export interface XmlHandler {
  /** A start tag (also for `<x/>`, which is followed at once by `close`). */
  open(name: string, attrs: Map<string, string>, at: number): void;
  close(name: string): void;
  comment(text: string): void;
}

export const MAX_DEPTH = 64;

const NAME = '[A-Za-z_:\\u00C0-\\uFFFD][-.\\w:\\u00B7\\u00C0-\\uFFFD]*';
const TAG_NAME = new RegExp(NAME, 'y');
const ATTR = new RegExp(
  `[ \\t\\r\\n]+(${NAME})[ \\t\\r\\n]*=[ \\t\\r\\n]*(?:"([^"<]*)"|'([^'<]*)')`,
  'y',
);
const TAG_END = /[ \t\r\n]*(\/?)>/y;
const END_TAG_END = /[ \t\r\n]*>/y;
const XML_DECL =
  /<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z][-A-Za-z0-9._]*)\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\4)?[ \t\r\n]*\?>/y;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));/y;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENCODINGS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);
// Characters XML 1.0 forbids outright (controls other than tab/newline/CR, U+FFFE/U+FFFF).
const FORBIDDEN_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/; // eslint-disable-line no-control-regex
const WHITESPACE_ONLY = /^[ \t\r\n]*$/;

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

  /** Checks (and, when `decode`, resolves) entity and character references in `raw`. */
  const references = (raw: string, at: number, decode: boolean): string => {
    let out = '';
    let from = 0;
    for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', from)) {
      ENTITY.lastIndex = amp;
      const m = ENTITY.exec(raw);
      if (!m) {
        const shown = raw.slice(amp, amp + 12).split(/[\s;]/)[0];
        fail(
          `undefined or malformed entity reference '${shown}' (only the five XML entities and character references are allowed)`,
          at,
        );
      }
      const hit = m;
      let value = hit[1] ? PREDEFINED[hit[1]] : '';
      if (!hit[1]) {
        const code = hit[2] !== undefined ? Number(hit[2]) : parseInt(hit[3], 16);
        if (!isXmlChar(code)) fail(`character reference '${hit[0]}' is not an XML character`, at);
        value = String.fromCodePoint(code);
      }
      if (decode) out += raw.slice(from, amp) + value;
      from = amp + hit[0].length;
    }
    return decode ? out + raw.slice(from) : raw;
  };

  const attrValue = (raw: string, at: number): string => {
    // Attribute-value normalization: literal tab/newline/CR read as spaces; references keep theirs.
    const norm = /[\t\n\r]/.test(raw) ? raw.replace(/\r\n|[\t\n\r]/g, ' ') : raw;
    return norm.includes('&') ? references(norm, at, true) : norm;
  };

  const bad = FORBIDDEN_CHAR.exec(input);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    fail(`character U+${code} is not allowed in XML`, bad.index);
  }
  const wellFormed = (input as unknown as { isWellFormed?: () => boolean }).isWellFormed;
  if (wellFormed && !wellFormed.call(input)) fail('text holds an unpaired surrogate', 0);

  let pos = input.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (input.startsWith('<?xml', pos) && /[ \t\r\n]/.test(input.charAt(pos + 5))) {
    XML_DECL.lastIndex = pos;
    const m = XML_DECL.exec(input);
    if (!m) fail('malformed XML declaration', pos);
    const encoding = m[3];
    if (encoding !== undefined && !ENCODINGS.has(encoding.toLowerCase())) {
      fail(`encoding '${encoding}' is not supported (write the report as UTF-8)`, pos);
    }
    pos = XML_DECL.lastIndex;
  }

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
        if (text.includes('&')) references(text, pos, false);
        if (text.includes(']]>')) fail("']]>' is not allowed in text", pos);
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
        input.startsWith('<?xml', pos)
          ? 'the XML declaration must come first in the file'
          : 'processing instructions are refused',
        pos,
      );
    } else if (next === 0x2f /* / */) {
      TAG_NAME.lastIndex = pos + 2;
      const m = TAG_NAME.exec(input);
      if (!m) fail('malformed end tag', pos);
      const name = m[0];
      const open = stack.pop();
      starts.pop();
      if (open === undefined) fail(`end tag </${name}> without a start tag`, pos);
      if (open !== name) fail(`end tag </${name}> does not match <${open}>`, pos);
      END_TAG_END.lastIndex = TAG_NAME.lastIndex;
      if (!END_TAG_END.test(input)) fail(`malformed end tag </${name}>`, pos);
      pos = END_TAG_END.lastIndex;
      handler.close(name);
    } else {
      TAG_NAME.lastIndex = pos + 1;
      const m = TAG_NAME.exec(input);
      if (!m) fail("'<' that starts no element (escape it as &lt;)", pos);
      const name = m[0];
      if (stack.length === 0 && sawRoot) fail(`a second root element <${name}>`, pos);
      if (stack.length >= MAX_DEPTH) fail(`elements nested deeper than ${MAX_DEPTH} levels`, pos);
      const attrs = new Map<string, string>();
      let at = TAG_NAME.lastIndex;
      for (;;) {
        ATTR.lastIndex = at;
        const a = ATTR.exec(input);
        if (!a) break;
        if (attrs.has(a[1])) fail(`duplicate attribute '${a[1]}' on <${name}>`, at);
        attrs.set(a[1], attrValue(a[2] ?? a[3], at));
        at = ATTR.lastIndex;
      }
      TAG_END.lastIndex = at;
      const t = TAG_END.exec(input);
      if (!t) fail(`malformed start tag <${name}>`, at);
      pos = TAG_END.lastIndex;
      sawRoot = true;
      handler.open(name, attrs, lt);
      if (t[1] === '/') handler.close(name);
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
