// The release procedure's checks, shared by .github/workflows/release.yml and CI's dry run.
//
//   node scripts/release.mjs v1.2.3 --notes FILE   on a pushed tag: prints `version=`, `tag=`,
//                                                  `major=` and `tarball=` lines (for
//                                                  $GITHUB_OUTPUT) and writes the CHANGELOG
//                                                  section to FILE
//   node scripts/release.mjs --dry-run --notes FILE  the same for `v` + package.json's version,
//                                                  plus what a release would do
//
// Fails (exit 1, one line on stderr) when the tag is not vMAJOR.MINOR.PATCH, differs from
// package.json's version, is below 1.0.0, or CHANGELOG.md has no non-empty section for it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** `1.2.3` from `v1.2.3`, or an error. */
export function versionOfTag(tag) {
  const m = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(tag);
  if (!m) throw new Error(`${JSON.stringify(tag)} is not a release tag (vMAJOR.MINOR.PATCH)`);
  return `${m[1]}.${m[2]}.${m[3]}`;
}

/**
 * The tag users pin for a version: `v<major>`, moved only by releases of that major (so `v1`
 * only within 1.x). The contract is version 1 (docs/CONTRACT.md): there is no 0.y.z release.
 */
export function majorTag(version) {
  const major = Number(version.split('.')[0]);
  if (major < 1) throw new Error(`version ${version} is below 1.0.0: releases start at 1.0.0`);
  return `v${major}`;
}

/** The file `npm pack` writes for this package: `<name>-<version>.tgz`. */
export function tarballName(pkg) {
  return `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`;
}

/** The body of CHANGELOG.md's `## [version]` section (Keep a Changelog), trimmed. */
export function releaseNotes(changelog, version) {
  const lines = changelog.split('\n');
  const heading = new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\](\\s|$)`);
  const start = lines.findIndex((l) => heading.test(l));
  if (start < 0) throw new Error(`CHANGELOG.md has no "## [${version}]" section`);
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  const body = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .filter((l) => !/^\[[^\]]+\]: /.test(l)) // link references at the end of the file
    .join('\n')
    .trim();
  if (!body) throw new Error(`CHANGELOG.md's "## [${version}]" section is empty`);
  return body + '\n';
}

function main(argv) {
  const { values: opt, positionals } = parseArgs({
    args: argv,
    options: { 'dry-run': { type: 'boolean' }, notes: { type: 'string' } },
    allowPositionals: true,
  });
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const tag = opt['dry-run'] ? `v${pkg.version}` : positionals[0];
  if (tag === undefined || positionals.length > (opt['dry-run'] ? 0 : 1) || !opt.notes) {
    throw new Error('usage: release.mjs (TAG | --dry-run) --notes FILE');
  }
  const version = versionOfTag(tag);
  if (version !== pkg.version) {
    throw new Error(`tag ${tag} does not match package.json's version ${pkg.version}`);
  }
  const notes = releaseNotes(readFileSync('CHANGELOG.md', 'utf8'), version);
  mkdirSync(path.dirname(opt.notes), { recursive: true });
  writeFileSync(opt.notes, notes);
  const major = majorTag(version);
  const tarball = tarballName(pkg);
  process.stdout.write(`version=${version}\ntag=${tag}\nmajor=${major}\ntarball=${tarball}\n`);
  if (opt['dry-run']) {
    process.stderr.write(
      `release dry run: would publish release ${tag} with the notes in ${opt.notes} ` +
        `(${notes.split('\n').length - 1} lines) and the CLI tarball ${tarball}, and move ${major} to this commit\n`,
    );
  }
}

try {
  main(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`release: error: ${e instanceof Error ? e.message : e}\n`);
  process.exitCode = 1;
}
