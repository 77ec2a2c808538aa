// Prints `N passed, N failed` over one or more JUnit files (jest-junit's), the line CI reads:
// .ci/run passes each run's file: build/junit.xml (npm test), build/junit-e2e.xml (npm run
// test:e2e) and build/junit-e2e-node22.xml (the CLI's files again, on Node 22). A file that is
// missing or holds no test case fails the tally.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const empty = [];
for (const file of process.argv.slice(2)) {
  const xml = existsSync(file) ? readFileSync(file, 'utf8') : '';
  let cases = 0;
  for (const m of xml.matchAll(/<testcase\b[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    cases++;
    const body = m[2] ?? '';
    if (/<(failure|error)\b/.test(body)) failed++;
    else if (!/<skipped\b/.test(body)) passed++;
  }
  if (cases === 0) empty.push(file);
}
console.log(`${passed} passed, ${failed} failed`);
for (const file of empty) console.error(`junit-tally: no test results in ${file}`);
process.exit(process.argv.length > 2 && empty.length === 0 ? 0 : 1);
