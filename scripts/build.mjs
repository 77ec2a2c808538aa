// Bundles the action (dist/index.js) and the CLI (dist/cli/index.js) with ncc, as ESM.
// Two bundles, so the CLI never loads @actions/github: start-up time is part of the product.
// `node scripts/build.mjs --cli-only --out DIR` bundles only the CLI, into DIR/cli (the bench
// uses it to measure the current source without touching dist/).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: { 'cli-only': { type: 'boolean' }, out: { type: 'string' } },
});
const out = opt.out ?? 'dist';
const ncc = [
  'node_modules/@vercel/ncc/dist/ncc/cli.js',
  'build',
  '--minify',
  '--license',
  'licenses.txt',
  '-q',
];
const cliDir = path.join(out, 'cli');
if (opt['cli-only']) rmSync(cliDir, { recursive: true, force: true });
else {
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [...ncc, 'src/index.ts', '-o', out], { stdio: 'inherit' });
  writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
}
mkdirSync(cliDir, { recursive: true });
execFileSync(process.execPath, [...ncc, 'src/cli-entry.ts', '-o', cliDir], { stdio: 'inherit' });
// The CLI runs as `node dist/cli/index.js` or through package.json's bin.
const cli = path.join(cliDir, 'index.js');
const body = readFileSync(cli, 'utf8');
if (!body.startsWith('#!')) writeFileSync(cli, '#!/usr/bin/env node\n' + body);
chmodSync(cli, 0o755);
// dist/ is ESM regardless of where it is copied.
writeFileSync(path.join(cliDir, 'package.json'), '{ "type": "module" }\n');
