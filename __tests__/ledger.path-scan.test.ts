// The prefetch's scan of the ledger's bytes (src/ledger/path-scan.ts) picks exactly what the
// regex it replaced picked in the text: crafted edge cases, then many random texts from a small
// alphabet (non-ASCII spaces and line separators among them).
import { describe, expect, test } from '@jest/globals';
import { plainPathValues as fromBytes } from '../src/ledger/path-scan.js';

const plainPathValues = (text: string) => fromBytes(Buffer.from(text, 'utf8'));

const REGEX = /^[ -]*(artifact|seeds): *([^\s#'"][^\n#]*?) *$/gm;
function byRegex(text: string): { artifacts: string[]; seeds: string[] } {
  const artifacts = new Set<string>();
  const seeds = new Set<string>();
  for (const m of text.matchAll(REGEX)) {
    if (m[1] === 'artifact') artifacts.add(m[2]);
    else seeds.add(m[2].endsWith('/') ? m[2].slice(0, -1) : m[2]);
  }
  return { artifacts: [...artifacts], seeds: [...seeds] };
}

describe('plainPathValues', () => {
  test('plain values only, as the regex picks them', () => {
    const text = [
      'rows:',
      '  - id: a',
      '    artifact: goldens/a.txt',
      '    artifact:   goldens/spaced.txt   ',
      "    artifact: 'goldens/quoted.txt'",
      '    artifact: goldens/commented.txt # why',
      '    seeds: seeds/a/',
      '  - seeds: seeds/b',
      '  - - artifact: goldens/dashes.txt',
      '    xartifact: goldens/not-a-key.txt',
      '    note: artifact: goldens/inside.txt',
      '    artifact:\tgoldens/tab.txt',
      '    artifact:',
      'artifact: goldens/crlf.txt\r',
      'artifact: goldens/a.txt',
      'seeds: x\u2028artifact: goldens/after-ls.txt',
      'artifact: goldens/ü/ß.txt\u2029artifact:\u00a0goldens/nbsp.txt',
      'artifact: \u00e9t\u00e9.txt',
      'artifact: goldens/end.txt',
    ].join('\n');
    const got = plainPathValues(text);
    expect(got).toEqual({
      artifacts: [
        'goldens/a.txt',
        'goldens/spaced.txt',
        'goldens/dashes.txt',
        'goldens/crlf.txt',
        'goldens/after-ls.txt',
        'goldens/ü/ß.txt',
        'été.txt',
        'goldens/end.txt',
      ],
      seeds: ['seeds/a', 'seeds/b', 'x'],
    });
    expect(got).toEqual(byRegex(text));
  });

  test('the same values as the regex on random texts', () => {
    // A fixed-seed generator: the same texts on every run.
    let s = 12345;
    const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    const parts = [
      'artifact:',
      'seeds:',
      ' ',
      '-',
      'a',
      '/',
      '#',
      "'",
      '"',
      '\n',
      '\r',
      '\t',
      '\u2028',
      '\u2029',
      '\u00a0',
      '\u3000',
      'é',
      ':',
    ];
    for (let n = 0; n < 3000; n++) {
      let text = '';
      const len = Math.floor(next() * 40);
      for (let i = 0; i < len; i++) text += parts[Math.floor(next() * parts.length)];
      expect([text, plainPathValues(text)]).toEqual([text, byRegex(text)]);
    }
  });

  test('the same values as the regex on random texts whose only line end is \\n', () => {
    // The one-pass line walk (no \r, U+2028 or U+2029 in the bytes), as large ledgers are.
    let s = 54321;
    const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    const parts = ['artifact:', 'seeds:', 'artifact: ', 'seeds: ', '  - ', ' ', '-', 'a', 's'];
    parts.push('/', '#', "'", '"', '\n', '\n    ', '\t', '\u00a0', '\u3000', 'é', '\u2026', ':');
    for (let n = 0; n < 3000; n++) {
      let text = '';
      const len = Math.floor(next() * 60);
      for (let i = 0; i < len; i++) text += parts[Math.floor(next() * parts.length)];
      expect([text, plainPathValues(text)]).toEqual([text, byRegex(text)]);
    }
  });
});
