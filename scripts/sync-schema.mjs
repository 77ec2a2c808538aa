// Writes schema/ledger.schema.json from the ledger's one schema table (src/ledger/schema.ts),
// with its $id from package.json's `repository` (the URL src/project.ts builds).
// `node scripts/sync-schema.mjs --check` writes nothing and exits 1 when the file is out of
// date; __tests__/ledger.schema.test.ts runs it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import ts from 'typescript';

const { values: opt } = parseArgs({ options: { check: { type: 'boolean' } } });
const FILE = 'schema/ledger.schema.json';

// schema.ts has no runtime import, so it runs on its own once its types are stripped
// (Node 20 cannot load TypeScript itself).
const source = readFileSync('src/ledger/schema.ts', 'utf8');
const js = ts.transpileModule(source, {
  compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
}).outputText;
const { ledgerJsonSchema } = await import(
  `data:text/javascript;base64,${Buffer.from(js).toString('base64')}`
);

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const repository = pkg.repository.replace(/^github:/, '');
const id = `https://raw.githubusercontent.com/${repository}/v1/schema/ledger.schema.json`;

const options = (await prettier.resolveConfig(path.resolve(FILE))) ?? {};
const text = await prettier.format(JSON.stringify(ledgerJsonSchema(id)), {
  ...options,
  filepath: FILE,
});

if (text === readFileSync(FILE, 'utf8')) {
  process.exitCode = 0;
} else if (opt.check) {
  process.stderr.write(`${FILE} is out of date: run node scripts/sync-schema.mjs\n`);
  process.exitCode = 1;
} else {
  writeFileSync(FILE, text);
}
