// The scanner's fast paths (text and attribute values checked by position, not sliced; names
// reused from the previous tag; values sliced only when read) hold to the scanner as it was
// (support/scan-before.ts): on generated hostile documents, the same events with the same
// names, values and positions, or the same one-line error at the same line.
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { scanXml } from '../src/junit/scan.js';
import { scanXml as scanBefore } from './support/scan-before.js';
import { GateError } from '../src/types.js';

/** What both scanners' attributes offer their handlers. */
interface Attrs {
  names: string[];
  count: number;
  get(name: string): string | undefined;
  has(name: string): boolean;
  values(): string[];
}
type Scan = (
  input: string,
  file: string,
  handler: {
    open(name: string, attrs: Attrs, at: number): void;
    close(name: string): void;
    comment(text: string): void;
    text(input: string, start: number, end: number, cdata: boolean): void;
  },
) => void;

// Names that repeat (so reuse is exercised), differ by length or a letter, or are odd.
const NAMES = ['testcase', 'testcases', 'testcas', 'Testcase', 'a', 'ab', 'x:y', 'é', 'n\u200d'];
const ATTRS = ['name', 'names', 'nam', 'file', 'time', 'classname', 'xmlns:x', 'x:name'];
const VALUE_BITS = [
  'v',
  'suite 0 case 1',
  '&amp;',
  '&lt;',
  '&#x41;',
  '&#0;',
  '&#xD800;',
  '&bogus;',
  '&',
  '<',
  '>',
  ']]>',
  '\t',
  '\n',
  '\r\n',
  '\r',
  "'",
  '"',
  'é',
  '\u{1F600}',
  ' ',
];
const TEXT_BITS = [...VALUE_BITS, '<![CDATA[a]]b]]>', '<!-- c -->', '<!--a--b-->', '\x01'];

// Mostly plain bits, so that whole documents read as often as they are refused.
const PLAIN = ['v', 'suite 0 case 1', ' ', '&amp;', '&#x41;', 'é', '\n', '\t'];
const bits = (hostile: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...PLAIN), weight: 30 },
    { arbitrary: fc.constantFrom(...hostile), weight: 1 },
  );
const value = fc.array(bits(VALUE_BITS), { maxLength: 4 }).map((b) => b.join(''));
const text = fc.array(bits(TEXT_BITS), { maxLength: 3 }).map((b) => b.join(''));
const attr = fc.record({
  name: fc.constantFrom(...ATTRS),
  value,
  quote: fc.constantFrom('"', "'"),
  space: fc.constantFrom(' ', '  ', '\n\t', ''),
});

type Node = { name: string; attrs: (typeof attr extends fc.Arbitrary<infer A> ? A : never)[] };
const element: fc.Arbitrary<string> = fc.letrec<{ el: string }>((tie) => ({
  el: fc
    .record({
      name: fc.constantFrom(...NAMES),
      attrs: fc.array(attr, { maxLength: 4 }),
      selfClosing: fc.boolean(),
      kids: fc.array(fc.oneof({ maxDepth: 3, depthIdentifier: 'el' }, text, tie('el')), {
        maxLength: 4,
      }),
      badEnd: fc.oneof({ arbitrary: fc.constant(false), weight: 40 }, fc.constant(true)),
    })
    .map((e: Node & { selfClosing: boolean; kids: string[]; badEnd: boolean }) => {
      const a = e.attrs.map((x) => `${x.space}${x.name}=${x.quote}${x.value}${x.quote}`).join('');
      if (e.selfClosing) return `<${e.name}${a}/>`;
      return `<${e.name}${a}>${e.kids.join('')}</${e.badEnd ? 'other' : e.name} >`;
    }),
})).el;

const doc = fc
  .record({
    head: fc.constantFrom('', '\ufeff', '<?xml version="1.0"?>\n', '<?xml version="1.1"?>', ' '),
    root: element,
    // A sibling run of the same element, as test cases come.
    repeat: fc.nat(3),
    tail: fc.constantFrom('', '\n', 'x', '<!-- end -->', '<b/>'),
    cut: fc.option(fc.nat(400), { freq: 12 }),
  })
  .map(({ head, root, repeat, tail, cut }) => {
    const body = `<r>${root.repeat(repeat + 1)}</r>`;
    const whole = head + body + tail;
    return cut === null ? whole : whole.slice(0, cut);
  });

/** What a scan reports: every event with its names, values and positions, or its error. */
function events(scan: Scan, input: string): unknown[] {
  const out: unknown[] = [];
  const open = (name: string, attrs: Attrs, at: number) => {
    const names = attrs.names.slice(0, attrs.count);
    const got = [...names, 'absent', 'name'].map((n) => [n, attrs.get(n), attrs.has(n)]);
    out.push(['open', name, at, names, attrs.values(), got]);
  };
  try {
    scan(input, 'r.xml', {
      open,
      close: (name) => out.push(['close', name]),
      comment: (t) => out.push(['comment', t]),
      text: (s, start, end, cdata) => out.push(['text', start, end, cdata, s.slice(start, end)]),
    });
  } catch (e) {
    if (!(e instanceof GateError)) throw e;
    out.push(['error', e.message, e.file, e.line]);
  }
  return out;
}

describe('the scanner with its fast paths reads as it did', () => {
  test('the same events, values and errors on generated documents', () => {
    fc.assert(
      fc.property(doc, (input) => {
        expect(events(scanXml, input)).toEqual(events(scanBefore, input));
      }),
      { numRuns: 3000, seed: 45 },
    );
  });

  test('the generator reaches both reads and refusals', () => {
    const samples = fc.sample(doc, { numRuns: 500, seed: 45 });
    const ends = samples.map((d) => events(scanXml, d).at(-1) as unknown[]);
    const errors = ends.filter((e) => e[0] === 'error').length;
    expect(errors).toBeGreaterThan(50);
    expect(samples.length - errors).toBeGreaterThan(50);
  });

  test('a run of test cases shares its names and still reads each value', () => {
    const cases = Array.from(
      { length: 3 },
      (_, i) => `<testcase name="c${i}&amp;" time="1" file="f${i}"/>`,
    ).join('\n');
    const doc = `<testsuite>${cases}</testsuite>`;
    expect(events(scanXml, doc)).toEqual(events(scanBefore, doc));
    const seen: string[][] = [];
    scanXml(doc, 'r.xml', {
      open: (name, attrs) => {
        if (name === 'testcase') seen.push([attrs.get('name')!, attrs.get('file')!]);
      },
      close() {},
      comment() {},
    });
    expect(seen).toEqual([
      ['c0&', 'f0'],
      ['c1&', 'f1'],
      ['c2&', 'f2'],
    ]);
  });
});
