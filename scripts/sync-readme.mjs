// Writes the decision table into README.md from the same rows decide() uses
// (through the built CLI's `rules` command). __tests__/readme.test.ts keeps them equal.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const table = execFileSync(process.execPath, ['dist/cli/index.js', 'rules'], { encoding: 'utf8' });
const readme = readFileSync('README.md', 'utf8');
const next = readme.replace(
  /<!-- rules:start -->\n[\s\S]*?<!-- rules:end -->/,
  `<!-- rules:start -->\n${table}<!-- rules:end -->`,
);
writeFileSync('README.md', next);
