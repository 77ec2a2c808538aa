// The strict zip reader for workflow artifacts, on real zips written by another zip writer.
import { describe, expect, it } from '@jest/globals';
import {
  crc32,
  readZip,
  unsafeName,
  zipEntries,
  type ZipLimits,
} from '../src/adapters/github/zip.js';
import { lieAboutSize, makeZip } from './support/zip.js';

const LIMITS: ZipLimits = { entries: 100, totalBytes: 1024 * 1024, fileBytes: 512 * 1024 };

describe('readZip', () => {
  it('reads deflated and stored files and folders, with their exact bytes', () => {
    const xml = '<testsuites>' + '<testcase name="x"/>'.repeat(500) + '</testsuites>\n';
    const entries = readZip(
      makeZip([
        { name: 'junit/' },
        { name: 'junit/a.xml', text: xml },
        { name: 'collected.txt', text: 'tests/test_a.py::t\n', stored: true },
        { name: 'empty.txt', text: '' },
        { name: 'ünïcode.xml', text: 'u', mode: 0o100644 },
      ]),
      LIMITS,
    );
    expect(entries.map((e) => [e.name, e.data?.toString('utf8') ?? null])).toEqual([
      ['junit', null],
      ['junit/a.xml', xml],
      ['collected.txt', 'tests/test_a.py::t\n'],
      ['empty.txt', ''],
      ['ünïcode.xml', 'u'],
    ]);
  });

  it.each<[string, Parameters<typeof makeZip>[0], RegExp]>([
    ['a symlink', [{ name: 'link.xml', text: '/etc/passwd', mode: 0o120777 }], /a symlink/],
    ['a path with ..', [{ name: 'a/../../evil.xml', text: 'x' }], /a path with \.\./],
    ['an absolute path', [{ name: '/etc/evil.xml', text: 'x' }], /an absolute path/],
    ['a backslash path', [{ name: '..\\evil.xml', text: 'x' }], /backslash/],
    ['a device or FIFO', [{ name: 'fifo', text: '', mode: 0o010644 }], /not a plain file/],
    [
      'a duplicate entry',
      [
        { name: 'a.xml', text: '1' },
        { name: 'a.xml', text: '2' },
      ],
      /a duplicate entry/,
    ],
    [
      'a bomb past the total limit',
      [
        { name: 'a.bin', zeros: 400 * 1024 },
        { name: 'b.bin', zeros: 400 * 1024 },
        { name: 'c.bin', zeros: 400 * 1024 },
      ],
      /add up to more than the limit/,
    ],
    ['one file past its limit', [{ name: 'a.bin', zeros: 600 * 1024 }], /over the limit of/],
    [
      'too many entries',
      Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, text: '' })),
      /101 entries/,
    ],
  ])('refuses %s, with one line', (_what, specs, message) => {
    const zip = makeZip(specs);
    expect(() => readZip(zip, LIMITS)).toThrow(message);
    expect(() => readZip(zip, LIMITS)).toThrow(/^the artifact zip is refused: [^\n]+$/);
  });

  it('a size the directory understates: inflating stops at the declared size and refuses', () => {
    const zip = lieAboutSize(makeZip([{ name: 'a.bin', zeros: 300 * 1024 }]), 10);
    expect(() => readZip(zip, LIMITS)).toThrow(/does not inflate to its declared size/);
  });

  it('refuses a flipped byte (CRC) and text that is no zip', () => {
    const zip = makeZip([{ name: 'a.txt', text: 'hello hello', stored: true }]);
    const flipped = Buffer.from(zip);
    flipped[zip.indexOf('hello')] ^= 1;
    expect(() => readZip(flipped, LIMITS)).toThrow(/fails its CRC check/);
    expect(() => readZip(Buffer.from('PK not really'), LIMITS)).toThrow(/not a zip file/);
    expect(() => readZip(Buffer.alloc(0), LIMITS)).toThrow(/not a zip file/);
  });

  it('an archive refused for a later entry gives no entry at all (nothing is written)', () => {
    const zip = makeZip([
      { name: 'a.xml', text: 'fine' },
      { name: 'link', text: '/etc', mode: 0o120777 },
    ]);
    const entries = zipEntries(zip, LIMITS);
    expect(() => entries.next()).toThrow(/a symlink "link"/);
  });

  it('crc32 is the zip CRC (check value of "123456789")', () => {
    expect(crc32(Buffer.from('123456789')).toString(16)).toBe('cbf43926');
  });

  it.each([
    ['a.xml', undefined],
    ['dir/sub/a.xml', undefined],
    ['dir/', undefined],
    ['..', 'a path with ..'],
    ['a//b', 'an empty or `.` path segment'],
    ['./a', 'an empty or `.` path segment'],
    ['C:/a', 'an absolute path'],
    ['a\nb', 'a control character or backslash in a name'],
  ])('unsafeName(%j) is %j', (name, why) => {
    expect(unsafeName(name)).toBe(why);
  });
});
