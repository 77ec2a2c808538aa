// XML names exactly as XML 1.0 (fifth edition) defines them, and only XML 1.0 (issue 10,
// item 4). Before, any code point from U+00C0 up was a name character, so
// `<failure\u2028/>` was an unknown element named `failure\u2028` and its test passed.
import { describe, expect, it } from '@jest/globals';
import { parseReport } from '../src/junit/parse.js';
import { scanXml } from '../src/junit/scan.js';
import { GateError } from '../src/types.js';

// The productions, transcribed from https://www.w3.org/TR/xml/#NT-NameStartChar.
const START =
  ':A-Z_a-z\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2FF}\\u{370}-\\u{37D}\\u{37F}-\\u{1FFF}' +
  '\\u{200C}-\\u{200D}\\u{2070}-\\u{218F}\\u{2C00}-\\u{2FEF}\\u{3001}-\\u{D7FF}\\u{F900}-\\u{FDCF}' +
  '\\u{FDF0}-\\u{FFFD}\\u{10000}-\\u{EFFFF}';
const NAME_START = new RegExp(`^[${START}]$`, 'u');
// eslint-disable-next-line no-misleading-character-class -- combining marks are NameChars; each is tested alone
const NAME_CHAR = new RegExp(`^[${START}\\-.0-9\\u{B7}\\u{300}-\\u{36F}\\u{203F}-\\u{2040}]$`, 'u');

const NOOP = { open() {}, close() {}, comment() {} };
function accepts(xml: string): boolean {
  try {
    scanXml(xml, 'r.xml', NOOP);
    return true;
  } catch (e) {
    if (!(e instanceof GateError)) throw e;
    return false;
  }
}

// Every BMP code point but the surrogates, and a sample of the other planes.
const CODE_POINTS = [
  ...Array.from({ length: 0x10000 }, (_, c) => c).filter((c) => c < 0xd800 || c > 0xdfff),
  0x10000,
  0x1f600,
  0x2a6d6,
  0xeffff,
  0xf0000,
  0x10fffd,
];
// Characters that end a name where the markup lets a name end.
const ENDS_NAME = new Set([0x20, 0x09, 0x0a, 0x0d, 0x2f /* / */, 0x3e /* > */]);

describe('XML 1.0 name characters', () => {
  it('a character may follow the first of an element name exactly when it is a NameChar', () => {
    const wrong = CODE_POINTS.filter((c) => !ENDS_NAME.has(c)).filter((c) => {
      const ch = String.fromCodePoint(c);
      return accepts(`<a${ch}/>`) !== NAME_CHAR.test(ch);
    });
    expect(wrong.map((c) => c.toString(16))).toEqual([]);
  });

  it('a character may start an element or attribute name exactly when it is a NameStartChar', () => {
    const wrong = CODE_POINTS.filter((c) => {
      const ch = String.fromCodePoint(c);
      const spec = NAME_START.test(ch);
      return accepts(`<${ch}/>`) !== spec || accepts(`<a ${ch}="1"/>`) !== spec;
    });
    expect(wrong.map((c) => c.toString(16))).toEqual([]);
  });

  it('matches end tags by whole names, astral characters included', () => {
    expect(accepts('<a\u{10000}></a\u{10000}>')).toBe(true);
    expect(accepts('<a></a\u{10000}>')).toBe(false);
    expect(accepts('<a\u{10000}></a>')).toBe(false);
    expect(accepts('<a\u0300\u203f·.-9/>')).toBe(true);
  });

  // Not name characters: line/paragraph separators, ×, the Greek question mark, spaces.
  it.each(
    [0x2028, 0x2029, 0xd7, 0x37e, 0x2000, 0x200b, 0x3000].map((c) => [
      'U+' + c.toString(16).toUpperCase().padStart(4, '0'),
      String.fromCodePoint(c),
    ]),
  )(
    '<failure%s/> is malformed, never an unknown element (the failure is not lost)',
    (_name, ch) => {
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="t">\n<testcase classname="t.js" name="ok"><failure${ch}/></testcase>\n</testsuite></testsuites>\n`;
      let err: unknown;
      try {
        parseReport(xml, 'r.xml');
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(GateError);
      expect((err as GateError).message).toBe('malformed start tag <failure>');
      expect((err as GateError).line).toBe(3);
    },
  );
});

describe('the XML declaration', () => {
  const doc = (v: string) => `<?xml version=${v} encoding="UTF-8"?>\n<testsuites/>\n`;
  it.each(['"1.1"', "'1.1'", '"1.2"', '"1.10"'])('version=%s is refused', (v) => {
    expect(() => scanXml(doc(v), 'r.xml', NOOP)).toThrow(
      new GateError(`XML version ${v.slice(1, -1)} is not supported (reports are XML 1.0)`),
    );
  });

  it.each(['"1.0"', "'1.0'"])('version=%s is read', (v) => {
    expect(accepts(doc(v))).toBe(true);
  });
});
