// Prints `N passed, N failed` from a JUnit file (jest-junit's), the line CI reads.
import { readFileSync } from 'node:fs';

const xml = readFileSync(process.argv[2], 'utf8');
let passed = 0;
let failed = 0;
for (const m of xml.matchAll(/<testcase\b[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
  const body = m[2] ?? '';
  if (/<(failure|error)\b/.test(body)) failed++;
  else if (!/<skipped\b/.test(body)) passed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(passed + failed > 0 ? 0 : 1);
