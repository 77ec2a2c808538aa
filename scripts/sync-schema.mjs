// Writes what the ledger's one schema table (src/ledger/schema.ts) generates:
// - schema/ledger.schema.json, with its $id from package.json's `repository` and `version`'s
//   major (the URL src/project.ts builds): the one script that writes it (sync-readme runs
//   this one, then reads the $id for the documents' schema URLs);
// - docs/ledger.md's table of classes and their fields (between `<!-- ledger-classes -->` markers).
// `node scripts/sync-schema.mjs --check` writes nothing and exits 1 naming what is out of date;
// __tests__/ledger.schema.test.ts runs it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';

const { values: opt } = parseArgs({ options: { check: { type: 'boolean' } } });
const FILE = 'schema/ledger.schema.json';
const DOC = 'docs/ledger.md';

// schema.ts is TypeScript, which Node 20 cannot load itself: the tests' loader strips its
// types (and keeps the output, so TypeScript loads only when schema.ts changed).
register('./worker-ts-loader.mjs', import.meta.url);
const { ledgerClassTable, ledgerJsonSchema } = await import(
  pathToFileURL(path.resolve('src/ledger/schema.ts')).href
);

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const repository = pkg.repository.replace(/^github:/, '');
const major = `v${pkg.version.split('.')[0]}`;
const id = `https://raw.githubusercontent.com/${repository}/${major}/schema/ledger.schema.json`;

const options = (await prettier.resolveConfig(path.resolve(FILE))) ?? {};
const text = await prettier.format(JSON.stringify(ledgerJsonSchema(id)), {
  ...options,
  filepath: FILE,
});

const files = new Map([[FILE, text]]);
// The docs table is written where the docs are (a checkout without docs/ still gets the schema).
if (existsSync(DOC)) {
  const doc = readFileSync(DOC, 'utf8');
  const re = /<!-- ledger-classes:start -->\n[\s\S]*?<!-- ledger-classes:end -->/;
  if (!re.test(doc)) throw new Error(`${DOC} has no <!-- ledger-classes:start/end --> markers`);
  const table = ledgerClassTable();
  files.set(
    DOC,
    doc.replace(re, () => `<!-- ledger-classes:start -->\n${table}<!-- ledger-classes:end -->`),
  );
}

let stale = 0;
for (const [file, want] of files) {
  if (want === readFileSync(file, 'utf8')) continue;
  if (opt.check) {
    process.stderr.write(`${file} is out of date: run node scripts/sync-schema.mjs\n`);
    stale++;
  } else writeFileSync(file, want);
}
process.exitCode = stale ? 1 : 0;
