// Keeps what CI needs of one trial (bench/setup-trial/run.sh) in a folder: the reports the test
// job wrote (with the checkout's and RUNNER_TEMP's absolute paths made placeholders), the
// project's test folders and root config files as git has them, empty stand-ins for every
// other file (setup reads the file list: the production paths, the lock file), the workflow
// setup wrote, and meta.json (the project, its commit, the branch, the stand-ins).
// __tests__/setup-real.test.ts reads it.
// Usage: node capture.mjs CHECKOUT RUNNER_TEMP OUT META_JSON
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const [dir, temp, out, metaJson] = process.argv.slice(2);
if (!metaJson) {
  process.stderr.write('usage: node capture.mjs CHECKOUT RUNNER_TEMP OUT META_JSON\n');
  process.exit(2);
}
const TEST_DIRS = /^(tests?|__tests__|spec)\//;
const CONFIG =
  /^(package\.json|(jest|vitest)\.config\.[cm]?[jt]s|vitest\.workspace\.ts|pyproject\.toml|setup\.cfg|setup\.py|tox\.ini|noxfile\.py|Makefile|pytest\.ini|conftest\.py|tsconfig\.json|\.nvmrc|\.node-version|\.gitignore|LICENSE(\.md|\.txt)?)$/;
/** The project's workflows are not kept: the trial ran setup without them. */
const LEFT_OUT = /^\.github\/workflows\//;
const MAX = 64 * 1024;

rmSync(out, { recursive: true, force: true });
const files = execFileSync('git', ['ls-files', '-z'], { cwd: dir, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
const kept = [];
const stubs = [];
for (const f of files) {
  if (LEFT_OUT.test(f)) continue;
  if ((TEST_DIRS.test(f) || CONFIG.test(f)) && statSync(path.join(dir, f)).size <= MAX) {
    mkdirSync(path.dirname(path.join(out, 'tree', f)), { recursive: true });
    copyFileSync(path.join(dir, f), path.join(out, 'tree', f));
    kept.push(f);
  } else stubs.push(f);
}
const reports = path.join(temp, 'reports');
mkdirSync(path.join(out, 'reports'), { recursive: true });
for (const f of readdirSync(reports)) {
  const text = readFileSync(path.join(reports, f), 'utf8')
    .replaceAll(path.resolve(dir), '@CHECKOUT@')
    .replaceAll(path.resolve(temp), '@RUNNER_TEMP@');
  writeFileSync(path.join(out, 'reports', f), text);
}
copyFileSync(path.join(dir, '.github/workflows/tests.yml'), path.join(out, 'tests.yml'));
const meta = { ...JSON.parse(metaJson), files: kept.length, stubs };
writeFileSync(path.join(out, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
process.stdout.write(
  `captured ${kept.length} files and ${readdirSync(reports).length} reports in ${out}\n`,
);
