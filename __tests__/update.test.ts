// `ledger-gate update` on real files: a ledger frozen by `init`, then edits of the working tree
// and pytest-style (xunit1) reports of the next run. Each case checks the ledger it writes,
// the diff it prints, and what it refuses.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run as init } from '../src/commands/init.js';
import { run as update } from '../src/commands/update.js';
import { parseLedger } from '../src/ledger/parse.js';
import { pytestXunit1, runIn, sha256, type CaseSpec } from './support/repo.js';

const NOW = new Date('2026-12-01T12:00:00Z');
let repo: string;
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'update-'));
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [p, body] of Object.entries(files)) {
    mkdirSync(join(repo, p, '..'), { recursive: true });
    writeFileSync(join(repo, p), body);
  }
}
const read = (p = 'tests/ledger.yaml') => readFileSync(join(repo, p), 'utf8');
const report = (cases: CaseSpec[]) => write({ 'build/junit.xml': pytestXunit1(cases) });
const rows = () => parseLedger(read(), 'tests/ledger.yaml').ledger!;

const call = (cmd: typeof update, ...argv: string[]) => runIn(repo, cmd, argv, NOW);
const run = (...more: string[]) => call(update, '--junit', 'build/junit.xml', ...more);

const A = 'tests/test_a.py';
const B = 'tests/test_b.py';
/** A frozen project: two test files, both under file rows. */
async function frozen(): Promise<void> {
  write({ [A]: 'a1\n', [B]: 'b1\n' });
  report([
    { file: A, name: 'test_one' },
    { file: A, name: 'test_two' },
    { file: B, name: 'test_b' },
  ]);
  expect((await call(init, '--junit', 'build/junit.xml', '--owner', 'me')).code).toBe(0);
}

describe('update', () => {
  it('re-locks an edited test file: one digest line, shown as a diff; --dry-run writes nothing', async () => {
    await frozen();
    const before = read();
    write({ [A]: 'a2\n' });
    const dry = await run('--dry-run');
    expect(dry.code).toBe(0);
    expect(read()).toBe(before);
    const r = await run();
    expect(r).toEqual({
      code: 0,
      out: dry.out.replace(' (dry run: nothing written)', ''),
      err: '',
    });
    expect(r.out).toBe(
      [
        '--- a/tests/ledger.yaml',
        '+++ b/tests/ledger.yaml',
        '@@ -7,7 +7,7 @@',
        ' rows:',
        '   - id: tests/test_a.py::*',
        '     class: locked_fixture',
        `-    digest: ${sha256('a1\n')}`,
        `+    digest: ${sha256('a2\n')}`,
        '   - id: tests/test_b.py::*',
        '     class: locked_fixture',
        `     digest: ${sha256('b1\n')}`,
        // What it did, file by file.
        '  tests/test_a.py: 1 re-locked',
        'tests/ledger.yaml: 1 re-locked, 0 added, 0 dropped, 0 skip reasons written',
        '',
      ].join('\n'),
    );
    expect((await run()).out).toBe(
      'tests/ledger.yaml: already level with build/junit.xml; nothing to do\n',
    );
  });

  it('a test added to a file-classed file needs nothing; a new file gets one file row', async () => {
    await frozen();
    report([
      { file: A, name: 'test_one' },
      { file: A, name: 'test_two' },
      { file: A, name: 'test_three' },
      { file: B, name: 'test_b' },
      { file: 'tests/test_c.py', name: 'test_c[1]' },
      { file: 'tests/test_c.py', name: 'test_c[2]' },
    ]);
    write({ 'tests/test_c.py': 'c\n' });
    const r = await run();
    expect(r.code).toBe(0);
    expect(r.out).toContain('0 re-locked, 1 added, 0 dropped');
    expect(rows().byId.get('tests/test_c.py::*')).toMatchObject({
      class: 'locked_fixture',
      digest: sha256('c\n'),
      artifact: 'tests/test_c.py',
    });
    expect(rows().rows.length).toBe(3);
  });

  it('appends the rows it adds sorted by id, as init does; existing rows keep their place', async () => {
    await frozen();
    const before = read();
    // The report lists the new files in reverse order, and a skip (an exact row) last.
    report([
      { file: 'tests/test_z.py', name: 'test_z' },
      { file: 'tests/test_c.py', name: 'test_c' },
      { file: B, name: 'test_b' },
      { file: A, name: 'test_two' },
      { file: A, name: 'test_one', status: 'skip' },
    ]);
    write({ 'tests/test_z.py': 'z\n', 'tests/test_c.py': 'c\n' });
    const r = await run();
    expect(r.code).toBe(0);
    expect(read().startsWith(before)).toBe(true); // every existing byte where it was
    expect(rows().rows.map((x) => x.id)).toEqual([
      'tests/test_a.py::*',
      'tests/test_b.py::*',
      'tests/test_a.py::test_one',
      'tests/test_c.py::*',
      'tests/test_z.py::*',
    ]);
  });

  it('drops the row of a deleted test file, and of a test gone from a file that ran', async () => {
    await frozen();
    write({ [B]: 'b2\n' });
    rmSync(join(repo, A));
    report([{ file: B, name: 'test_b' }]);
    const r = await run();
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 re-locked, 0 added, 1 dropped');
    expect(rows().rows.map((x) => x.id)).toEqual(['tests/test_b.py::*']);
  });

  it('writes the report’s reason for a new skip, as a row of its own under a file row', async () => {
    await frozen();
    report([
      { file: A, name: 'test_one', status: 'skip' },
      { file: A, name: 'test_two' },
      { file: B, name: 'test_b' },
    ]);
    const r = await run();
    expect(r.code).toBe(0);
    expect(rows().byId.get(`${A}::test_one`)).toMatchObject({
      class: 'locked_fixture',
      artifact: A,
      digest: sha256('a1\n'),
      skip: 'not today', // the report's reason
      inherits: true, // `skip:` alone: the file row's lock, not a second copy of its digest
    });
    expect(read()).toContain(`  - id: ${A}::test_one\n    skip: not today\n`);
    // The next edit of the file re-locks one line: the file row's digest.
    write({ [A]: 'a2\n' });
    const next = await run();
    expect(next.code).toBe(0);
    expect(next.out.split('\n').filter((l) => /^[-+] /.test(l))).toEqual([
      `-    digest: ${sha256('a1\n')}`,
      `+    digest: ${sha256('a2\n')}`,
    ]);
    expect(rows().byId.get(`${A}::test_one`)!.digest).toBe(sha256('a2\n'));
    expect((await run()).out).toContain('already level');
  });

  it('init writes a skip under a file row as skip: alone, and an edit of that file then changes one line', async () => {
    write({ [A]: 'a1\n' });
    report([
      { file: A, name: 'test_one', status: 'skip' },
      { file: A, name: 'test_two' },
    ]);
    expect((await call(init, '--junit', 'build/junit.xml', '--owner', 'me')).code).toBe(0);
    expect(read()).toContain(`  - id: ${A}::test_one\n    skip: not today\n`);
    expect(rows().byId.get(`${A}::test_one`)).toMatchObject({
      class: 'locked_fixture',
      digest: sha256('a1\n'),
      inherits: true,
    });
    const before = read();
    write({ [A]: 'a2\n' });
    expect((await run()).code).toBe(0);
    const changed = read()
      .split('\n')
      .filter((l, i) => l !== before.split('\n')[i]);
    expect(changed).toEqual([`    digest: ${sha256('a2\n')}`]);
  });

  it('migrates an old exact skip row that repeats its file row’s digest to skip: alone', async () => {
    await frozen();
    const old = [
      `  - id: ${A}::test_one`,
      '    class: locked_fixture',
      `    digest: ${sha256('a1\n')}`,
      `    artifact: ${A}`,
      '    skip: not today',
      '',
    ].join('\n');
    write({ 'tests/ledger.yaml': read() + old });
    report([
      { file: A, name: 'test_one', status: 'skip' },
      { file: A, name: 'test_two' },
      { file: B, name: 'test_b' },
    ]);
    const r = await run();
    expect(r.code).toBe(0);
    expect(r.out).toContain("1 exact rows now inherit their file row's lock");
    expect(read()).toContain(`  - id: ${A}::test_one\n    skip: not today\n`);
    expect(rows().byId.get(`${A}::test_one`)).toMatchObject({
      inherits: true,
      digest: sha256('a1\n'),
    });
    expect((await run()).out).toContain('already level');
  });

  it('refuses, writing nothing, while a test fails or a module cannot be collected', async () => {
    await frozen();
    const before = read();
    report([
      { file: A, name: 'test_one', status: 'fail' },
      { file: A, name: 'test_two' },
      { file: B, name: 'test_b' },
      { file: 'tests/test_new.py', name: 'test_new', status: 'error' },
    ]);
    const r = await run();
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'ledger-gate update: build/junit.xml: "tests/test_a.py::test_one" fails (and 1 more not-passing test(s)): fix it first, or quarantine it by name (ledger-gate quarantine ID --reason R --owner O); update never hides a failure\n',
    );
    expect(read()).toBe(before);
  });

  it('classes new tests by the ledger’s own rules (a property rule kept by init)', async () => {
    write({ [A]: 'a1\n', 'tests/seeds/s1': 'x' });
    report([{ file: A, name: 'test_one' }]);
    const i = await call(
      init,
      '--junit',
      'build/junit.xml',
      '--owner',
      'me',
      '--rule',
      'tests/test_p.py::*=property:roundtrip:tests/seeds/',
    );
    expect(i.code).toBe(0);
    expect(rows().rules).toEqual([
      'tests/test_p.py::*=property:roundtrip:tests/seeds/',
      '*=locked_fixture:{file}',
    ]);
    write({ 'tests/test_p.py': 'p\n' });
    report([
      { file: A, name: 'test_one' },
      { file: 'tests/test_p.py', name: 'test_rt' },
    ]);
    expect((await run()).code).toBe(0);
    expect(rows().byId.get('tests/test_p.py::test_rt')).toMatchObject({
      class: 'property',
      invariant: 'roundtrip',
      seeds: 'tests/seeds',
    });
  });

  it('--rule classes a new golden’s tests by it first and keeps it in rules:', async () => {
    await frozen();
    write({ 'tests/test_g.py': 'g\n', 'tests/goldens/g.txt': 'golden\n' });
    report([
      { file: A, name: 'test_one' },
      { file: A, name: 'test_two' },
      { file: B, name: 'test_b' },
      { file: 'tests/test_g.py', name: 'test_g' },
    ]);
    const r = await run('--rule', 'tests/test_g.py::*=locked_fixture:tests/goldens/g.txt');
    expect(r.code).toBe(0);
    expect(rows().rules).toEqual([
      'tests/test_g.py::*=locked_fixture:tests/goldens/g.txt',
      '*=locked_fixture:{file}',
    ]);
    expect(rows().byId.get('tests/test_g.py::test_g')).toMatchObject({
      artifact: 'tests/goldens/g.txt',
      digest: sha256('golden\n'),
    });
    expect(read()).toContain(
      'rules:\n  - tests/test_g.py::*=locked_fixture:tests/goldens/g.txt\n  - "*=locked_fixture:{file}"\nrows:\n',
    );
  });

  it('--file-rows folds exact rows locked to their own file into one file row', async () => {
    write({
      [A]: 'a1\n',
      'tests/ledger.yaml': [
        'version: 1',
        'rows:',
        ...['test_one', 'test_two', 'test_skip'].flatMap((n) => [
          `  - id: ${A}::${n}`,
          '    class: locked_fixture',
          `    digest: ${sha256('a1\n')}`,
          `    artifact: ${A}`,
          ...(n === 'test_skip' ? ['    skip: windows-only'] : []),
        ]),
        '',
      ].join('\n'),
    });
    report([
      { file: A, name: 'test_one' },
      { file: A, name: 'test_two' },
      { file: A, name: 'test_skip', status: 'skip' },
    ]);
    const r = await run('--file-rows');
    expect(r.err).toBe('');
    expect(r.out).toContain('2 exact rows folded into file rows');
    expect(rows().rows.map((x) => x.id)).toEqual([`${A}::test_skip`, `${A}::*`]);
    expect(rows().byId.get(`${A}::*`)!.digest).toBe(sha256('a1\n'));
  });

  it('is a usage error without a run', async () => {
    expect(await call(update)).toEqual({
      code: 2,
      out: '',
      err: 'ledger-gate update: update needs the run: --junit GLOB (and --collected FILE for pytest)\n',
    });
  });

  it('passes over an xfail on its quarantine row (init froze it so), and quarantines a new xfail under a file row, as init would', async () => {
    write({ [A]: 'a1\n' });
    report([
      { file: A, name: 'test_one' },
      { file: A, name: 'test_known', status: 'xfail' },
    ]);
    expect((await call(init, '--junit', 'build/junit.xml', '--owner', 'me')).code).toBe(0);
    expect(rows().byId.get(`${A}::test_known`)?.class).toBe('quarantine');
    expect((await run()).out).toBe(
      'tests/ledger.yaml: already level with build/junit.xml; nothing to do\n',
    );

    write({ [A]: 'a2\n' });
    report([
      { file: A, name: 'test_one' },
      { file: A, name: 'test_known', status: 'xfail' },
      { file: A, name: 'test_new_bug', status: 'xfail' },
    ]);
    const refused = await run();
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/test_new_bug.*needs a quarantine row.*add --owner O/);
    const r = await run('--owner', 'me');
    expect(r.code).toBe(0);
    const row = rows().byId.get(`${A}::test_new_bug`);
    expect([row?.class, row?.owner, row?.reason, row?.skip]).toEqual([
      'quarantine',
      'me',
      'expected failure (xfail) when classed by ledger-gate update: bug 12',
      undefined,
    ]);
    expect(rows().byId.get(`${A}::test_known`)?.skip).toBeUndefined();
  });
});
