// Writes the generated parts of the README and docs/ from their one source:
// - the decision table (docs/decision-table.md), from the same rows decide() uses (the built
//   CLI's `rules` command), the threat model (docs/threat-model.md) from the same rows
//   (`rules --threats`), and docs/evidence-paths.md's default path sets from theirs
//   (`rules --paths`);
// - the action's inputs and outputs tables (docs/inputs-outputs.md), from action.yml;
// - the `uses: OWNER/NAME@vMAJOR` line of every document (README.md, docs/), the schema URLs
//   and the CLI's install lines, from package.json's `repository` and `version` (a fork
//   changes that one line and runs this script; a release sets the version). The schema URL
//   is the schema's `$id`, which scripts/sync-schema.mjs writes: this script runs it first,
//   then reads the `$id` it wrote.
// `node scripts/sync-readme.mjs --check` writes nothing and exits 1 naming what is out of date;
// __tests__/readme.test.ts runs it.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';

const { values: opt } = parseArgs({ options: { check: { type: 'boolean' } } });

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const repository = pkg.repository.replace(/^github:/, '');
const major = `v${pkg.version.split('.')[0]}`;
const schema = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('sync-schema.mjs', import.meta.url)), ...(opt.check ? ['--check'] : [])],
  { stdio: 'inherit' },
);
// The same URL src/project.ts builds (SCHEMA_URL); __tests__/release.test.ts holds them equal.
const schemaUrl = JSON.parse(readFileSync('schema/ledger.schema.json', 'utf8')).$id;
// What `npm pack` names the tarball the release workflow attaches (scripts/release.mjs).
const tarball = `${pkg.name}-${pkg.version}.tgz`;

/** A Markdown table cell: one line, pipes escaped. */
const cell = (s) =>
  String(s ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replaceAll('|', '\\|');

/** The inputs and outputs tables of action.yml, as Markdown. */
export function actionTables(actionYml) {
  const action = parse(actionYml);
  const inputs = Object.entries(action.inputs ?? {}).map(([name, i]) => {
    // An empty default is no code span (`` renders as two backticks): say it is empty.
    const dflt =
      i.default === undefined ? '' : i.default === '' ? '(empty)' : `\`${cell(i.default)}\``;
    const required = i.required === true ? ' (required)' : '';
    return `| \`${name}\`${required} | ${dflt} | ${cell(i.description)} |`;
  });
  const outputs = Object.entries(action.outputs ?? {}).map(
    ([name, o]) => `| \`${name}\` | ${cell(o.description)} |`,
  );
  return {
    inputs: ['| input | default | description |', '|---|---|---|', ...inputs, ''].join('\n'),
    outputs: ['| output | description |', '|---|---|', ...outputs, ''].join('\n'),
  };
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
function between(text, name, body) {
  const re = new RegExp(`<!-- ${name}:start -->\\n[\\s\\S]*?<!-- ${name}:end -->`);
  if (!re.test(text)) throw new Error(`no <!-- ${name}:start/end --> markers`);
  return text.replace(re, () => `<!-- ${name}:start -->\n${body}<!-- ${name}:end -->`);
}

/** This repository's name, major tag and version wherever a document names them. */
function withRepository(text) {
  return text
    .replace(/(uses: )(?!actions\/)[\w.-]+\/[\w.-]+@v\d+\b/g, `$1${repository}@${major}`)
    .replace(
      /https:\/\/raw\.githubusercontent\.com\/[\w.-]+\/[\w.-]+\/v\d+\/schema\/ledger\.schema\.json/g,
      schemaUrl,
    )
    .replace(
      /https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/releases\/download\/v[\d.]+\/[\w.-]+\.tgz/g,
      `https://github.com/${repository}/releases/download/v${pkg.version}/${tarball}`,
    )
    .replace(/github:[\w.-]+\/[\w.-]+#v\d+\b/g, `github:${repository}#${major}`)
    .replace(/(ledger-gate --version +# ledger-gate )[\d.]+/g, `$1${pkg.version}`);
}

const files = new Map();
const edit = (file, fn) => files.set(file, fn(files.get(file) ?? readFileSync(file, 'utf8')));

const rules = execFileSync(process.execPath, ['dist/cli/index.js', 'rules'], { encoding: 'utf8' });
const cli = (...args) =>
  execFileSync(process.execPath, ['dist/cli/index.js', ...args], { encoding: 'utf8' });
const threats = cli('rules', '--threats');
const evidencePaths = cli('rules', '--paths');
const tables = actionTables(readFileSync('action.yml', 'utf8'));
// Each generated block lives in the docs page of its topic (the README links to them).
edit('docs/decision-table.md', (t) => between(t, 'rules', rules));
edit('docs/threat-model.md', (t) => between(t, 'threats', threats));
edit('docs/evidence-paths.md', (t) => between(t, 'paths', evidencePaths));
edit('docs/gaming-shapes.md', (t) => between(t, 'shapes', cli('rules', '--gaming')));
edit('docs/inputs-outputs.md', (t) => between(t, 'inputs', tables.inputs));
edit('docs/inputs-outputs.md', (t) => between(t, 'outputs', tables.outputs));
edit('README.md', withRepository);
for (const doc of readdirSync('docs', { recursive: true }).filter((f) => f.endsWith('.md')))
  edit(path.join('docs', doc), withRepository);

let stale = schema.status === 0 ? 0 : 1;
for (const [file, text] of files) {
  if (text === readFileSync(file, 'utf8')) continue;
  if (opt.check) {
    process.stderr.write(`${file} is out of date: run node scripts/sync-readme.mjs\n`);
    stale++;
  } else writeFileSync(file, text);
}
process.exitCode = stale ? 1 : 0;
