import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { diffOps, lineDiff } from '../src/ledger/line-diff.js';

describe('lineDiff (what --dry-run prints)', () => {
  it('an edit script that rebuilds both texts, for any two texts of a few lines', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', '  - id: x'), { maxLength: 14 });
    fc.assert(
      fc.property(lines, lines, (x, y) => {
        const ops = diffOps(x, y);
        expect(ops.filter((o) => o.kind !== '+').map((o) => o.line)).toEqual(x);
        expect(ops.filter((o) => o.kind !== '-').map((o) => o.line)).toEqual(y);
        // Minimal on a prefix/suffix-free middle is Myers' promise; at least never worse than
        // replacing everything that differs.
        expect(ops.filter((o) => o.kind !== ' ').length).toBeLessThanOrEqual(x.length + y.length);
      }),
    );
  });

  it('unified hunks with 3 lines of context; far-apart edits are separate hunks', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n';
    const after = 'a\nb\nX\nd\ne\nf\ng\nh\ni\nj\nk\nY\nl\n';
    expect(lineDiff(before, after, 'a/f', 'b/f')).toBe(
      '--- a/f\n+++ b/f\n' +
        '@@ -1,6 +1,6 @@\n a\n b\n-c\n+X\n d\n e\n f\n' +
        '@@ -9,4 +9,5 @@\n i\n j\n k\n+Y\n l\n',
    );
    expect(lineDiff('', 'a\nb\n', 'a/f', 'b/f')).toBe(
      '--- a/f\n+++ b/f\n@@ -0,0 +1,2 @@\n+a\n+b\n',
    );
    expect(lineDiff('same\n', 'same\n', 'a/f', 'b/f')).toBe('');
  });

  // A quadratic diff would not finish within the test's timeout at this size.
  it('one edited row of a 100k-line ledger is one small hunk', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => `    digest: d${i}`);
    const edited = [...big];
    edited[50_000] = '    digest: new';
    const out = lineDiff(big.join('\n') + '\n', edited.join('\n') + '\n', 'a/l', 'b/l');
    expect(out.split('\n').filter((l) => /^[-+] /.test(l))).toEqual([
      '-    digest: d50000',
      '+    digest: new',
    ]);
  });
});
