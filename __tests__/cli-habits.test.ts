// CLI habits on real git repositories: id globs and several ids on every command that takes
// ids, the root found from a folder below it, --dry-run on every writer, writers that write
// only inside the repository, and usage errors that say what to do (quote a pattern; the
// command's own usage line). The run is a real pytest report with its collected list.
import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMANDS, main } from '../src/cli.js';
import { parseLedger } from '../src/ledger/parse.js';
import { Repo, ledgerYaml, sha256 } from './support/repo.js';

const FIXTURES = path.join(process.cwd(), '__fixtures__/junit/pytest');
const LEDGER = 'tests/ledger.yaml';
const P = 'tests/test_plain.py';
const RUN = ['--junit', 'build/xunit2.xml', '--collected', 'build/collected.txt'];

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanup.splice(0)) f();
});

/** A repository with the real pytest run in build/, tests/test_plain.py, and a small ledger. */
function repo(): Repo {
  const r = new Repo('habits-');
  cleanup.push(() => r.cleanup());
  r.write({
    'build/xunit2.xml': readFileSync(path.join(FIXTURES, 'xunit2.xml')),
    'build/collected.txt': readFileSync(path.join(FIXTURES, 'collected.txt')),
    [P]: 'plain\n',
    'tests/goldens/g.txt': 'golden\n',
    'tests/seeds/s/one': '1\n',
    [LEDGER]: ledgerYaml([
      { id: `${P}::test_passes`, class: 'locked_fixture', digest: sha256('plain\n'), artifact: P },
      {
        id: `${P}::TestOuter::test_method`,
        class: 'locked_fixture',
        digest: sha256('plain\n'),
        artifact: P,
      },
      { id: `${P}::draft_a`, class: 'draft', source: 'agent', proposed_class: 'locked_fixture' },
      { id: `${P}::draft_b`, class: 'draft', source: 'agent', proposed_class: 'locked_fixture' },
    ]),
  });
  r.commit('base');
  return r;
}

function outsideDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'habits-outside-'));
  cleanup.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

async function cli(cwd: string, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, {
    cwd,
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
    now: new Date('2026-12-01T12:00:00Z'),
  });
  return { code, out, err };
}

const rows = (r: Repo) =>
  parseLedger(readFileSync(path.join(r.dir, LEDGER), 'utf8'), LEDGER).ledger!;
const text = (r: Repo) => readFileSync(path.join(r.dir, LEDGER), 'utf8');

describe('id globs and several ids', () => {
  it("lock: a glob is matched against the run's ids, several ids in one command", async () => {
    const r = repo();
    const res = await cli(
      r.dir,
      'lock',
      `${P}::TestOuter::TestInner::*`,
      `${P}::test_skipped`,
      '--artifact',
      '{file}',
      ...RUN,
    );
    expect(res.code).toBe(0);
    const l = rows(r);
    for (const id of [
      'TestOuter::TestInner::test_nested',
      'TestOuter::TestInner::test_nested_param[1]',
      'TestOuter::TestInner::test_nested_param[2]',
    ])
      expect(l.byId.get(`${P}::${id}`)).toMatchObject({ class: 'locked_fixture', artifact: P });
    expect(res.out.split('\n').filter(Boolean)).toHaveLength(4);
  });

  it('lock writes skip: for a test that skips in the given run, with its reason, as init does', async () => {
    const r = repo();
    const res = await cli(r.dir, 'lock', `${P}::test_skipped`, '--artifact', '{file}', ...RUN);
    expect(res.code).toBe(0);
    expect(rows(r).byId.get(`${P}::test_skipped`)).toMatchObject({
      class: 'locked_fixture',
      skip: 'skipped on purpose',
    });
    expect(res.out).toContain(', skip: skipped on purpose\n');
  });

  it('a glob that matches nothing is refused and nothing is written, on every command that takes ids', async () => {
    const r = repo();
    const before = text(r);
    const cases: string[][] = [
      ['lock', `${P}::nosuch*`, '--artifact', '{file}', ...RUN],
      ['property', `${P}::nosuch*`, '--invariant', 'i', '--seeds', 'tests/seeds/s', ...RUN],
      ['quarantine', `${P}::nosuch*`, '--reason', 'r', '--owner', 'o', ...RUN],
      ['promote', `${P}::nosuch*`],
      ['drop', `${P}::nosuch*`],
    ];
    for (const argv of cases) {
      const res = await cli(r.dir, ...argv);
      expect(res.code).toBe(1);
      expect(res.err).toMatch(
        new RegExp(
          `^ledger-gate ${argv[0]}: no id .* matches "tests/test_plain\\.py::nosuch\\*": nothing written\\n$`,
        ),
      );
      expect(text(r)).toBe(before);
    }
  });

  it("property and quarantine take globs over the run; promote and drop over the ledger's rows", async () => {
    const r = repo();
    const prop = await cli(
      r.dir,
      'property',
      `${P}::TestOuter::TestInner::test_nested_param*`,
      '--invariant',
      'nested',
      '--seeds',
      'tests/seeds/s',
      ...RUN,
    );
    expect(prop.code).toBe(0);
    expect(rows(r).byId.get(`${P}::TestOuter::TestInner::test_nested_param[2]`)).toMatchObject({
      class: 'property',
      invariant: 'nested',
    });
    const q = await cli(
      r.dir,
      'quarantine',
      `${P}::test_*s`,
      '--reason',
      'r',
      '--owner',
      'o',
      ...RUN,
    );
    expect(q.code).toBe(0);
    // test_passes, test_fails: the glob's matches in the run.
    expect(rows(r).byId.get(`${P}::test_fails`)?.class).toBe('quarantine');
    expect(rows(r).byId.get(`${P}::test_passes`)?.class).toBe('quarantine');
    // promote: the glob matches draft rows only.
    const pr = await cli(r.dir, 'promote', `${P}::*`, '--artifact', 'tests/goldens/g.txt');
    expect(pr.code).toBe(0);
    expect(pr.out).toBe(
      `${LEDGER}: promoted ${P}::draft_a: draft → locked_fixture\n` +
        `${LEDGER}: promoted ${P}::draft_b: draft → locked_fixture\n`,
    );
    const d = await cli(r.dir, 'drop', `${P}::draft_*`, `${P}::test_fails`);
    expect(d.code).toBe(0);
    expect(d.out.split('\n').filter(Boolean)).toHaveLength(3);
    expect(rows(r).byId.has(`${P}::draft_a`)).toBe(false);
  });
});

describe('the repository root, found from a folder below it', () => {
  it('lock, relock and drop run from tests/: paths are relative to the folder, the ledger is the root one', async () => {
    const r = repo();
    const tests = path.join(r.dir, 'tests');
    const lock = await cli(
      tests,
      'lock',
      `${P}::test_skipped`,
      '--artifact',
      'goldens/g.txt',
      '--junit',
      '../build/xunit2.xml',
      '--collected',
      '../build/collected.txt',
    );
    expect(lock.code).toBe(0);
    expect(lock.out).toMatch(
      /^ledger\.yaml: added tests\/test_plain\.py::test_skipped: locked_fixture, tests\/goldens\/g\.txt /,
    );
    r.write({ [P]: 'plain, edited\n' });
    const relock = await cli(tests, 'relock', 'test_plain.py');
    expect(relock.code).toBe(0);
    expect(rows(r).byId.get(`${P}::test_passes`)?.digest).toBe(sha256('plain, edited\n'));
    expect((await cli(tests, 'drop', `${P}::test_skipped`)).code).toBe(0);
    expect(rows(r).byId.has(`${P}::test_skipped`)).toBe(false);
  });
});

describe('--dry-run on every writer', () => {
  it('prints the diff it would make and writes nothing', async () => {
    const r = repo();
    const before = text(r);
    r.write({ [P]: 'plain, edited\n' });
    const cases: string[][] = [
      ['lock', `${P}::test_skipped`, '--artifact', '{file}', ...RUN],
      ['relock', P],
      ['property', `${P}::test_passes`, '--invariant', 'i', '--seeds', 'tests/seeds/s'],
      ['quarantine', `${P}::test_passes`, '--reason', 'r', '--owner', 'o'],
      ['promote', `${P}::draft_a`, '--artifact', 'tests/goldens/g.txt'],
      ['drop', `${P}::draft_a`],
    ];
    for (const argv of cases) {
      const res = await cli(r.dir, ...argv, '--dry-run');
      expect(res.code).toBe(0);
      expect(res.out).toMatch(
        /^--- a\/tests\/ledger\.yaml\n\+\+\+ b\/tests\/ledger\.yaml\n@@ -\d+(,\d+)? \+\d+(,\d+)? @@\n/,
      );
      expect(res.out).toMatch(/\n[-+] /);
      expect(res.err).toBe('dry run: tests/ledger.yaml not written\n');
      expect(text(r)).toBe(before);
    }
    // The diff is the edit the command makes: drop's removes exactly the row's lines.
    const drop = await cli(r.dir, 'drop', `${P}::draft_b`, '--dry-run');
    expect(drop.out.split('\n').filter((l) => /^[-+][^-+]/.test(l))).toEqual([
      `-  - id: "${P}::draft_b"`,
      '-    class: "draft"',
      '-    source: "agent"',
      '-    proposed_class: "locked_fixture"',
    ]);
  });

  it('init --dry-run prints the new ledger as a diff and creates nothing', async () => {
    const r = repo();
    const res = await cli(
      r.dir,
      'init',
      ...RUN,
      '--owner',
      'o',
      '--ledger',
      'tests/new/ledger.yaml',
      '--dry-run',
    );
    expect(res.code).toBe(0);
    expect(res.out).toMatch(
      /^--- a\/tests\/new\/ledger\.yaml\n\+\+\+ b\/tests\/new\/ledger\.yaml\n@@ -0,0 \+1,\d+ @@\n\+# yaml-language-server/,
    );
    expect(res.err).toMatch(/^tests\/new\/ledger\.yaml: would write 33 rows for 37 tests /m);
    expect(existsSync(path.join(r.dir, 'tests/new'))).toBe(false);
  });
});

describe('writers write only inside the repository', () => {
  it('a --ledger outside the repository is refused before anything is written (init, drop, relock, lock)', async () => {
    const r = repo();
    const out = outsideDir();
    const target = path.join(out, 'ledger.yaml');
    const argvs: string[][] = [
      ['init', ...RUN, '--owner', 'o', '--ledger', target],
      ['init', ...RUN, '--owner', 'o', '--ledger', path.join(out, 'new/ledger.yaml')],
      ['drop', `${P}::draft_a`, '--ledger', target],
      ['relock', P, '--ledger', target],
      ['lock', `${P}::test_passes`, '--artifact', '{file}', '--ledger', target],
    ];
    for (const argv of argvs) {
      const res = await cli(r.dir, ...argv);
      expect(res.code).toBe(1);
      expect(res.err).toMatch(/is outside the repository \(.*\): refusing to write there\n$/);
    }
    expect(existsSync(target)).toBe(false);
    expect(existsSync(path.join(out, 'new'))).toBe(false);
  });

  it('a --ledger reached through a symlinked folder is refused (init, drop, relock)', async () => {
    const r = repo();
    const out = outsideDir();
    symlinkSync(out, path.join(r.dir, 'link'));
    for (const argv of [
      ['init', ...RUN, '--owner', 'o', '--ledger', 'link/sub/ledger.yaml'],
      ['drop', `${P}::draft_a`, '--ledger', 'link/ledger.yaml'],
      ['relock', P, '--ledger', 'link/ledger.yaml'],
    ]) {
      const res = await cli(r.dir, ...argv);
      expect(res.code).toBe(1);
      expect(res.err).toMatch(
        /through a symlinked folder that leads outside the repository: refusing to write there\n$/,
      );
    }
    expect(existsSync(path.join(out, 'sub'))).toBe(false);
    expect(existsSync(path.join(out, 'ledger.yaml'))).toBe(false);
  });
});

describe('usage errors say what to do', () => {
  it('an unquoted glob the shell expanded: "quote the pattern", and the usage of that command only', async () => {
    const r = repo();
    r.write({ 'build/b.xml': readFileSync(path.join(FIXTURES, 'xunit2.xml')) });
    // What `--junit build/*.xml` becomes after the shell expands it.
    for (const name of ['check', 'init', 'lint']) {
      const owner = name === 'init' ? ['--owner', 'o'] : [];
      const res = await cli(r.dir, name, '--junit', 'build/b.xml', 'build/xunit2.xml', ...owner);
      expect(res.code).toBe(2);
      const [first, usage, help] = res.err.split('\n');
      expect(first).toBe(
        `ledger-gate ${name}: unexpected argument "build/xunit2.xml": if the shell expanded a pattern into it, quote the pattern (--junit 'build/*.xml')`,
      );
      expect(usage).toMatch(new RegExp(`^usage: ledger-gate ${name} `));
      expect(help).toBe(`run 'ledger-gate ${name} --help' for its options`);
      expect(res.err).not.toContain('commands:');
    }
  });

  it("a command's own usage error prints its usage line; a value-less option is said plainly", async () => {
    const r = repo();
    const res = await cli(r.dir, 'lock', '--artifact', '{file}');
    expect(res.code).toBe(2);
    expect(res.err).toBe(
      'ledger-gate lock: lock needs at least one ID (or id glob)\n' +
        "usage: ledger-gate lock ID|'ID_GLOB'... --artifact PATH|'GLOB'|{file}... [--junit GLOB | --collected FILE] [--new] [--dry-run]\n" +
        "run 'ledger-gate lock --help' for its options\n",
    );
    const missing = await cli(r.dir, 'check', '--junit');
    expect(missing.code).toBe(2);
    expect(missing.err.split('\n')[0]).toBe('ledger-gate check: --junit needs a value');
  });
});

describe("each command's option table is the one its parser reads", () => {
  // The help prints each table (cli.test.ts); here each command's parser takes every option of
  // its table: none is refused as unknown by the command after the CLI's typo check let it by.
  it.each(Object.keys(COMMANDS))('%s takes every option its help shows', async (name) => {
    const r = repo();
    // setup finds this bare pytest repository's runner and would write its workflow.
    const dry = name === 'setup' ? ['--dry-run'] : [];
    for (const [opt, spec] of Object.entries(COMMANDS[name].options)) {
      const value = spec.type === 'string' ? ['no-such-thing'] : [];
      const res = await cli(r.dir, name, `--${opt}`, ...value, ...dry);
      expect(res.err).not.toMatch(/unknown option/i);
      expect(res.err).not.toMatch(/\n\s+at /);
    }
    expect(r.git('status', '--porcelain')).toBe('');
  });
});
