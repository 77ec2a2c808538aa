// The README's decision table is the one decide() uses, and its quick start is the real one.
import { expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { renderRulesTable } from '../src/report/table-md.js';

const readme = readFileSync('README.md', 'utf8');

test('the README carries the decision table rendered from src/decision/table.ts', () => {
  const m = /<!-- rules:start -->\n([\s\S]*?)<!-- rules:end -->/.exec(readme);
  expect(m).not.toBeNull();
  expect(m![1]).toBe(renderRulesTable());
});

test('docs/CONTRACT.md §3 carries the same decision table', () => {
  const contract = readFileSync('docs/CONTRACT.md', 'utf8');
  const m = /\| rule \| signal \| class \| result \| human action \|\n(?:\|.*\n)+/.exec(contract);
  expect(m).not.toBeNull();
  expect(m![0]).toBe(renderRulesTable());
});

test('the README starts with the two commands a newcomer needs', () => {
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1].split('\n');
  expect(firstBlock[0]).toMatch(
    /^cd examples\/demo && node \.\.\/\.\.\/dist\/cli\/index\.js check /,
  );
  expect(firstBlock[1]).toMatch(/^npm ci && npm test\b/);
});
