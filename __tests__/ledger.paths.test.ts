import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseLedger } from '../src/ledger/parse.js';
import { checkLedgerPaths, resolveReal } from '../src/adapters/fs/ledger-paths.js';

// A real repository folder with real symlinks, and a folder outside it.
let base: string;
let repo: string;
let outside: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'ledger-paths-'));
  repo = join(base, 'repo');
  outside = join(base, 'outside');
  mkdirSync(join(repo, 'tests/goldens'), { recursive: true });
  mkdirSync(join(repo, 'tests/seeds/length'), { recursive: true });
  mkdirSync(join(outside, 'dir'), { recursive: true });
  writeFileSync(join(repo, 'tests/goldens/ok.bin'), 'ok');
  writeFileSync(join(repo, 'tests/seeds/length/1'), '1');
  writeFileSync(join(outside, 'secret'), 'secret');
  writeFileSync(join(outside, 'dir/file'), 'x');
  symlinkSync(join(outside, 'secret'), join(repo, 'tests/goldens/to-secret.bin')); // file link out
  symlinkSync(join(outside, 'dir'), join(repo, 'tests/linked')); // folder link out
  symlinkSync('ok.bin', join(repo, 'tests/goldens/inside.bin')); // relative link, stays in
  symlinkSync('../../../outside/nowhere', join(repo, 'tests/goldens/dangling.bin')); // dangling, out
  symlinkSync('tests', join(repo, 'alias')); // folder link that stays in
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const D = 'sha256:' + 'ab'.repeat(32);

function ledger(rows: Array<[string, string]>): string {
  const body = rows
    .map(([field, p], i) =>
      field === 'artifact'
        ? `  - id: t${i}\n    class: locked_fixture\n    digest: ${D}\n    artifact: ${JSON.stringify(p)}\n`
        : `  - id: t${i}\n    class: property\n    invariant: inv\n    seeds: ${JSON.stringify(p)}\n`,
    )
    .join('');
  return `version: 1\nrows:\n${body}`;
}

function check(rows: Array<[string, string]>): string[] {
  const parsed = parseLedger(ledger(rows), 'tests/ledger.yaml');
  expect(parsed.errors).toEqual([]);
  return checkLedgerPaths(parsed.ledger!, repo).map(
    (i) => `${i.file}:${i.line}:${i.column}: ${i.message}`,
  );
}

describe('checkLedgerPaths', () => {
  it('accepts files, folders, in-repo symlinks and paths that do not exist yet', () => {
    expect(
      check([
        ['artifact', 'tests/goldens/ok.bin'],
        ['artifact', 'tests/goldens/inside.bin'],
        ['seeds', 'tests/seeds/length/'],
        ['seeds', 'alias/seeds/length'],
        ['artifact', 'tests/goldens/not-yet.bin'],
        ['seeds', 'no/such/folder/'],
      ]),
    ).toEqual([]);
  });

  it('refuses a file symlink that leads out, naming the key line and column', () => {
    const got = check([
      ['artifact', 'tests/goldens/ok.bin'],
      ['artifact', 'tests/goldens/to-secret.bin'],
    ]);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(
      /^tests\/ledger\.yaml:10:5: artifact 'tests\/goldens\/to-secret\.bin' resolves outside the repository/,
    );
  });

  it('refuses a path under a symlinked parent folder that leads out, existing or not', () => {
    const got = check([
      ['artifact', 'tests/linked/file'],
      ['seeds', 'tests/linked/'],
      ['artifact', 'tests/linked/not-yet.bin'],
    ]);
    expect(got.map((g) => g.split(': ')[0])).toEqual([
      'tests/ledger.yaml:6:5',
      'tests/ledger.yaml:10:5',
      'tests/ledger.yaml:14:5',
    ]);
  });

  it('follows `..` after a symlink the way the OS does (from the link target)', () => {
    // tests/linked/.. is the outside folder, not tests/.
    expect(resolveReal(realpathSync(repo), 'tests/linked/../secret')).toBe(
      join(realpathSync(outside), 'secret'),
    );
  });

  it('never sees `..` in a ledger path: the parser refuses it as non-canonical first', () => {
    // Lexically `tests/linked/../secret` is `tests/secret`; through the link it is outside.
    // Refusing the spelling means no rule has to choose between the two readings.
    const parsed = parseLedger(ledger([['artifact', 'tests/linked/../secret']]), 'L');
    expect(parsed.errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      "6:5 artifact 'tests/linked/../secret' is not in canonical form (one spelling per path, as git writes it); write 'tests/secret'",
    ]);
  });

  it('refuses a dangling symlink that points out', () => {
    expect(check([['artifact', 'tests/goldens/dangling.bin']])).toHaveLength(1);
  });

  it('leaves lexical problems to the parser and reports them once', () => {
    const parsed = parseLedger(ledger([['artifact', '../outside/secret']]), 'L');
    expect(parsed.errors.map((e) => e.message)).toEqual([
      "artifact '../outside/secret' climbs out of the repository",
    ]);
    expect(checkLedgerPaths(parsed.ledger!, repo)).toEqual([]);
  });

  it('finds links out of a folder named by many rows, neighbours sharing a path included', () => {
    // Enough rows in one folder that it is listed once rather than lstat-ed per entry.
    const many: Array<[string, string]> = [];
    for (let i = 0; i < 40; i++) many.push(['artifact', `tests/goldens/absent-${i}.bin`]);
    many.push(['artifact', 'tests/goldens/ok.bin'], ['artifact', 'tests/goldens/inside.bin']);
    many.push(
      ['artifact', 'tests/goldens/to-secret.bin'],
      ['artifact', 'tests/goldens/to-secret.bin'],
    );
    many.push(['artifact', 'tests/goldens/dangling.bin'], ['artifact', 'tests/linked/file']);
    many.push(
      ['seeds', 'tests/linked/'],
      ['seeds', 'tests/linked/'],
      ['seeds', 'tests/seeds/length/'],
    );
    expect(check(many).map((m) => m.replace(/ \(through.*$/, ''))).toEqual([
      "tests/ledger.yaml:174:5: artifact 'tests/goldens/to-secret.bin' resolves outside the repository",
      "tests/ledger.yaml:178:5: artifact 'tests/goldens/to-secret.bin' resolves outside the repository",
      "tests/ledger.yaml:182:5: artifact 'tests/goldens/dangling.bin' resolves outside the repository",
      "tests/ledger.yaml:186:5: artifact 'tests/linked/file' resolves outside the repository",
      "tests/ledger.yaml:190:5: seeds 'tests/linked' resolves outside the repository",
      "tests/ledger.yaml:194:5: seeds 'tests/linked' resolves outside the repository",
    ]);
  });

  it('trusts a listed folder without links for its entries, and still walks one that leads out', () => {
    // A folder of plain files (listed once, no symlink in it), and a folder link out of the
    // repository whose target holds no symlink either: its entries are still outside.
    mkdirSync(join(repo, 'tests/plain'), { recursive: true });
    mkdirSync(join(outside, 'many'), { recursive: true });
    const many: Array<[string, string]> = [];
    for (let i = 0; i < 30; i++) {
      writeFileSync(join(repo, `tests/plain/g${i}.bin`), `${i}`);
      writeFileSync(join(outside, `many/g${i}.bin`), `${i}`);
      many.push(['artifact', `tests/plain/g${i}.bin`], ['artifact', `tests/plain/absent-${i}.bin`]);
    }
    symlinkSync(join(outside, 'many'), join(repo, 'tests/many'));
    for (let i = 0; i < 20; i++) many.push(['artifact', `tests/many/g${i}.bin`]);
    const found = check(many);
    expect(found).toHaveLength(20);
    expect(found[0]).toMatch(/artifact 'tests\/many\/g0\.bin' resolves outside the repository/);
  });

  it('accepts a repository root reached through a symlink', () => {
    const linkRoot = join(base, 'repo-link');
    symlinkSync(repo, linkRoot);
    const parsed = parseLedger(
      ledger([
        ['artifact', 'tests/goldens/ok.bin'],
        ['artifact', 'tests/goldens/to-secret.bin'],
      ]),
      'L',
    );
    expect(checkLedgerPaths(parsed.ledger!, linkRoot).map((i) => i.line)).toEqual([10]);
  });
});
