// The floor the gate is measured against: the least any implementation must do on a workload.
// Reads the ledger and every report file, sha256s each distinct golden once (in the order the
// ledger names them; a file row's `FILE::*` golden is FILE itself), and lists each distinct
// seeds folder. No parsing, no deciding.
// Usage: node bench/floor.mjs WORKLOAD_DIR REPORTS_SUBDIR
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [dir, reportsDir = 'reports'] = process.argv.slice(2);
const ledger = readFileSync(path.join(dir, 'tests/ledger.yaml'), 'latin1');
let bytes = ledger.length;
for (const f of readdirSync(path.join(dir, reportsDir)).sort()) {
  bytes += readFileSync(path.join(dir, reportsDir, f)).length;
}
// Paths come from the ledger text by a plain search, the cheapest way to know them.
const goldens = new Set();
const seeds = new Set();
for (const m of ledger.matchAll(/^ {4}(artifact|seeds): (.+)$|^ {2}- id: (.+)::\*$/gm)) {
  if (m[3] !== undefined) goldens.add(m[3]);
  else (m[1] === 'artifact' ? goldens : seeds).add(m[2]);
}
let digests = 0;
for (const g of goldens) {
  const b = readFileSync(path.join(dir, g));
  createHash('sha256').update(b).digest('hex');
  bytes += b.length;
  digests++;
}
let seedFiles = 0;
for (const s of seeds) seedFiles += readdirSync(path.join(dir, s)).length;
process.stdout.write(JSON.stringify({ bytes, digests, seedFolders: seeds.size, seedFiles }) + '\n');
