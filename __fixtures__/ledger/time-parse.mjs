// Local timing check (not a test): parse a generated 100k-row ledger and print the time.
// Run from the repository root: node __fixtures__/ledger/time-parse.mjs [rows]
// It transpiles src/ledger/*.ts into a temp folder, so it times the current sources.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const n = Number(process.argv[2] ?? 100000);
// Transpile the ledger sources (and the shared types) without a type check.
// Inside node_modules so the transpiled code resolves `yaml`.
mkdirSync('node_modules/.cache', { recursive: true });
const out = mkdtempSync(join('node_modules/.cache', 'ledger-time-'));
mkdirSync(join(out, 'ledger'));
const sources = [
  'src/types.ts',
  ...readdirSync('src/ledger')
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `src/ledger/${f}`),
];
for (const src of sources) {
  const js = ts.transpileModule(readFileSync(src, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  writeFileSync(join(out, src.replace(/^src\//, '').replace(/\.ts$/, '.js')), js);
}
writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
if (process.argv.includes('--keep')) console.log(out);
const { parseLedger, parseLedgerWith } = await import(pathToFileURL(join(process.cwd(), out, 'ledger/parse.js')).href);

const hex = (i) => (i.toString(16).padStart(8, '0') + 'ab').repeat(7).slice(0, 64);
const parts = ['# generated ledger for timing\nversion: 1\nrows:\n'];
for (let i = 0; i < n; i++) {
  const id = `tests/pkg${i % 97}/test_module_${i % 1013}.py::TestClass${i % 7}::test_case_number_${i}[param-${i % 13}]`;
  switch (i % 4) {
    case 0:
      parts.push(`  - id: ${id}\n    class: locked_fixture\n    digest: sha256:${hex(i)}\n    artifact: tests/goldens/g${i}.bin\n`);
      break;
    case 1:
      parts.push(`  - id: ${id}\n    class: property\n    invariant: invariant_${i}\n    seeds: tests/properties/seeds/s${i}/\n`);
      break;
    case 2:
      parts.push(`  - id: "${id}"\n    class: quarantine\n    opened: 2026-09-10\n    reason: 'order-dependent on module import cache' # why\n    owner: human\n`);
      break;
    default:
      parts.push(`  - id: ${id}\n    class: draft\n    source: agent\n    proposed_class: property\n`);
  }
}
const text = parts.join('');
console.log(`${n} rows, ${(text.length / 1e6).toFixed(1)} MB`);

// CPU time as well as wall time: the machine may be shared with other work.
function timed(label, fn) {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const r = fn();
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000;
  console.log(`${label}: ${wall.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms cpu, rows ${r.ledger?.rows.length}, errors ${r.errors.length}`);
}
for (let i = 0; i < 3; i++) timed('parseLedger', () => parseLedger(text, 'tests/ledger.yaml'));
// References measured in the same process, so load on the machine affects both alike.
if (process.argv.includes('--ref')) {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const jsyaml = require('js-yaml'); // present in node_modules as a dev-tool dependency
  timed('js-yaml load (reference)', () => ({ ledger: { rows: jsyaml.load(text).rows }, errors: [] }));
  timed('text.split (reference)', () => ({ ledger: { rows: text.split('\n') }, errors: [] }));
}
if (process.argv.includes('--yaml')) timed('yaml reader', () => parseLedgerWith(text, 'tests/ledger.yaml', 'yaml'));
