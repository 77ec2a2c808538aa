// Bundles the action (dist/index.js) and the CLI (dist/cli/index.js) with ncc, as ESM.
// Two bundles, so the CLI never loads @actions/github: start-up time is part of the product.
// The worker thread's entry (src/worker.ts) is bundled once and copied next to each, as
// worker.js: adapters/worker-client.ts starts it from there.
// `node scripts/build.mjs --cli-only --out DIR` bundles only the CLI, into DIR/cli (the bench
// uses it to measure the current source without touching dist/).
// A full build also writes dist/licenses.txt from what the bundler actually bundled.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderLicenses } from './licenses.mjs';

const { values: opt } = parseArgs({
  options: { 'cli-only': { type: 'boolean' }, out: { type: 'string' } },
});
const out = opt.out ?? 'dist';
const ncc = ['node_modules/@vercel/ncc/dist/ncc/cli.js', 'build', '--minify', '-q'];
// webpack's stats (the module list) go to a scratch folder, never into dist/.
const scratch = mkdtempSync(path.join(tmpdir(), 'ledger-gate-build-'));
const bundle = (entry, dir) => {
  const statsFile = path.join(scratch, `${path.basename(dir)}.json`);
  execFileSync(process.execPath, [...ncc, entry, '-o', dir, '--stats-out', statsFile], {
    stdio: 'inherit',
  });
  return JSON.parse(readFileSync(statsFile, 'utf8'));
};
const cliDir = path.join(out, 'cli');
const builds = [];
if (opt['cli-only']) rmSync(cliDir, { recursive: true, force: true });
else {
  rmSync(out, { recursive: true, force: true });
  builds.push({ bundle: 'dist/index.js', stats: bundle('src/index.ts', out) });
  writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
}
mkdirSync(cliDir, { recursive: true });
builds.push({ bundle: 'dist/cli/index.js', stats: bundle('src/cli-entry.ts', cliDir) });
const workerDir = path.join(scratch, 'worker');
builds.push({ bundle: 'dist/worker.js', stats: bundle('src/worker.ts', workerDir) });
for (const dir of opt['cli-only'] ? [cliDir] : [out, cliDir])
  copyFileSync(path.join(workerDir, 'index.js'), path.join(dir, 'worker.js'));
if (!opt['cli-only']) writeFileSync(path.join(out, 'licenses.txt'), renderLicenses(builds));
rmSync(scratch, { recursive: true, force: true });
// The CLI runs as `node dist/cli/index.js` or through package.json's bin.
const cli = path.join(cliDir, 'index.js');
const body = readFileSync(cli, 'utf8');
if (!body.startsWith('#!')) writeFileSync(cli, '#!/usr/bin/env node\n' + body);
chmodSync(cli, 0o755);
// dist/ is ESM regardless of where it is copied.
writeFileSync(path.join(cliDir, 'package.json'), '{ "type": "module" }\n');
