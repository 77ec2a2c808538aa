// The fast reader finds a plain value's comment (` #`) and any `: ` in it with indexOf, each
// search starting where the last one ended (issue 45). Pinned to the full `yaml` reader on
// ledgers dense in `#`, `:` and spaces, across many values, comment lines and list items.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { parseLedgerWith } from '../src/ledger/parse.js';

const dir = '__fixtures__/properties/seeds';
const SEED = Number(
  process.env.FC_SEED ?? readFileSync(`${dir}/${readdirSync(dir).sort().at(-1)}`, 'utf8').trim(),
);

// Mostly the characters the scan looks for, so values end, comment or nest in every way.
const value = fc
  .array(fc.constantFrom('a', 'b', '#', ':', ' ', '/', '.', '-', ':'), {
    minLength: 1,
    maxLength: 12,
  })
  .map((cs) => 'v' + cs.join(''));
const line = fc.oneof(
  fc.tuple(fc.constantFrom('id', 'class', 'reason', 'owner', 'skip'), value).map(([k, v]) => ({
    k,
    v,
  })),
  fc.constantFrom('# a comment: with # and :', '', '  # indented: comment'),
);

describe('the fast reader: comments and colons in plain values', () => {
  it('reads as the yaml reader does whenever it takes the text', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        fc.array(fc.array(line, { minLength: 1, maxLength: 5 }), { maxLength: 6 }),
        fc.array(value, { maxLength: 3 }),
        (rows, rules) => {
          const body = rows.map((r) => {
            let first = true;
            return r
              .map((l) => {
                if (typeof l === 'string') return l;
                const lead = first ? '  - ' : '    ';
                first = false;
                return `${lead}${l.k}: ${l.v}`;
              })
              .join('\n');
          });
          const text = [
            'version: 1',
            ...(rules.length > 0 ? ['rules:', ...rules.map((r) => `  - ${r}`)] : []),
            'rows:',
            ...body,
            '',
          ].join('\n');
          const fast = parseLedgerWith(text, 'l.yaml', 'fast');
          if (fast === null) return;
          taken++;
          expect(fast).toEqual(parseLedgerWith(text, 'l.yaml', 'yaml'));
        },
      ),
      { seed: SEED, numRuns: 400 },
    );
    expect(taken).toBeGreaterThan(50);
  });
});
