// Bundles the action (dist/index.js) and the CLI (dist/cli/index.js) with ncc, as ESM.
// Two bundles, so the CLI never loads @actions/github: start-up time is part of the product.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync, chmodSync, readFileSync } from 'node:fs';

const ncc = [
  'node_modules/@vercel/ncc/dist/ncc/cli.js',
  'build',
  '--minify',
  '--license',
  'licenses.txt',
  '-q',
];
rmSync('dist', { recursive: true, force: true });
execFileSync(process.execPath, [...ncc, 'src/index.ts', '-o', 'dist'], { stdio: 'inherit' });
execFileSync(process.execPath, [...ncc, 'src/cli-entry.ts', '-o', 'dist/cli'], { stdio: 'inherit' });
// The CLI runs as `node dist/cli/index.js` or through package.json's bin.
const cli = 'dist/cli/index.js';
const body = readFileSync(cli, 'utf8');
if (!body.startsWith('#!')) writeFileSync(cli, '#!/usr/bin/env node\n' + body);
chmodSync(cli, 0o755);
// dist/ is ESM regardless of where it is copied.
writeFileSync('dist/package.json', '{ "type": "module" }\n');
writeFileSync('dist/cli/package.json', '{ "type": "module" }\n');
