// The ledger's default place follows the repository's test folder (tests/, else test/, else
// spec/, else tests/), and every command that defaults it agrees: init writes it there,
// check, lint and the upkeep commands read it there, and the fixes they print leave out a
// --ledger that names it.
import { describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultLedger } from '../src/adapters/fs/default-ledger.js';
import { main } from '../src/cli.js';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-default-'));
  for (const [rel, body] of Object.entries(files)) {
    // `x/` is a folder; anything else a file, in its folder.
    if (rel.endsWith('/')) mkdirSync(path.join(dir, rel), { recursive: true });
    else {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), body);
    }
  }
  return dir;
}

describe('defaultLedger', () => {
  test.each([
    [{ 'tests/': '', 'test/': '', 'spec/': '' }, 'tests/ledger.yaml'],
    [{ 'test/': '', 'spec/': '' }, 'test/ledger.yaml'],
    [{ 'spec/': '' }, 'spec/ledger.yaml'],
    [{ 'src/': '' }, 'tests/ledger.yaml'],
    // A file named like a test folder is not one.
    [{ test: 'not a folder' }, 'tests/ledger.yaml'],
  ])('%j: %s', (files, expected) => {
    expect(defaultLedger(folder(files))).toBe(expected);
  });
});

/** A jest-junit report of `names`, each `FILE::NAME` or a name in test/math.test.js. */
const report = (names: string[]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="math" tests="1">\n' +
  names
    .map((n) => {
      const [file, name] = n.includes('::') ? n.split('::') : ['test/math.test.js', n];
      return `<testcase classname="${name}" name="${name}" file="${file}"></testcase>\n`;
    })
    .join('') +
  '</testsuite>\n</testsuites>\n';

async function cli(cwd: string, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, {
    cwd,
    stdout: (s) => (out += s),
    stderr: (s) => (err += s),
  });
  return { code, out, err };
}

test('a repository whose tests are in test/: init, check, lint, update and the fixes agree', async () => {
  const repo = folder({
    '.git/': '',
    'test/math.test.js': "test('adds', () => {});\n",
    'reports/junit.xml': report(['adds']),
  });
  const junit = ['--junit', 'reports/*.xml'];
  expect((await cli(repo, 'init', ...junit, '--owner', 'qa')).code).toBe(0);
  expect(existsSync(path.join(repo, 'test/ledger.yaml'))).toBe(true);
  expect(existsSync(path.join(repo, 'tests'))).toBe(false);
  expect(await cli(repo, 'check', ...junit)).toMatchObject({ code: 0 });
  expect(await cli(repo, 'lint', ...junit)).toMatchObject({ code: 0 });
  // From a subfolder too: the root is found by the ledger's place, and so is the ledger.
  expect(await cli(path.join(repo, 'test'), 'check', '--junit', '../reports/*.xml')).toMatchObject({
    code: 0,
  });

  // A new test file: its fix names no --ledger, since the command finds test/ledger.yaml itself.
  writeFileSync(path.join(repo, 'test/other.test.js'), "test('subtracts', () => {});\n");
  writeFileSync(
    path.join(repo, 'reports/junit.xml'),
    report(['adds', 'test/other.test.js::subtracts']),
  );
  const rejected = await cli(repo, 'check', ...junit, '--json', '-');
  expect(rejected.code).toBe(1);
  const fixes = (JSON.parse(rejected.out) as { findings: { fix?: string }[] }).findings
    .map((f) => f.fix)
    .filter(Boolean);
  expect(fixes.length).toBeGreaterThan(0);
  for (const fix of fixes) expect(fix).not.toContain('--ledger');
  // The printed fix, run as it is, resolves it: in test/ledger.yaml.
  expect((await cli(repo, 'update', ...junit)).code).toBe(0);
  expect(readFileSync(path.join(repo, 'test/ledger.yaml'), 'utf8')).toContain('test/other.test.js');
  expect(await cli(repo, 'check', ...junit)).toMatchObject({ code: 0 });
});

test('where the ledger is not the default, the fix names it', async () => {
  const repo = folder({
    '.git/': '',
    'test/math.test.js': "test('adds', () => {});\n",
    'reports/junit.xml': report(['adds']),
  });
  const junit = ['--junit', 'reports/*.xml'];
  const ledger = ['--ledger', 'ci/ledger.yaml'];
  expect((await cli(repo, 'init', ...junit, ...ledger, '--owner', 'qa')).code).toBe(0);
  writeFileSync(path.join(repo, 'test/other.test.js'), "test('subtracts', () => {});\n");
  writeFileSync(
    path.join(repo, 'reports/junit.xml'),
    report(['adds', 'test/other.test.js::subtracts']),
  );
  const rejected = await cli(repo, 'check', ...junit, ...ledger, '--json', '-');
  const fixes = (JSON.parse(rejected.out) as { findings: { fix?: string }[] }).findings
    .map((f) => f.fix)
    .filter(Boolean);
  expect(fixes.some((f) => f!.includes('--ledger ci/ledger.yaml'))).toBe(true);
});
