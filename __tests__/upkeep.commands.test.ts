import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run as check } from '../src/commands/check.js';
import { run as digest } from '../src/commands/digest.js';
import { run as drop } from '../src/commands/drop.js';
import { run as init } from '../src/commands/init.js';
import { run as lint } from '../src/commands/lint.js';
import { run as lock } from '../src/commands/lock.js';
import { run as promote } from '../src/commands/promote.js';
import { run as property } from '../src/commands/property.js';
import { run as quarantine } from '../src/commands/quarantine.js';
import { run as relock } from '../src/commands/relock.js';
import { parseLedger } from '../src/ledger/parse.js';
import { readRun } from '../src/commands/upkeep.js';
import { pytestXunit1 } from './support/repo.js';

const FIXTURES = join(process.cwd(), '__fixtures__');
const NOW = new Date('2026-11-29T12:00:00Z');
const LEDGER = 'tests/ledger.yaml';

let repo: string;
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'upkeep-'));
  mkdirSync(join(repo, 'tests/goldens'), { recursive: true });
  mkdirSync(join(repo, 'tests/properties/seeds/length'), { recursive: true });
  mkdirSync(join(repo, 'tests/properties/seeds/empty'), { recursive: true });
  writeFileSync(join(repo, 'tests/goldens/header.bin'), Buffer.from([0, 1, 2, 3, 255]));
  writeFileSync(join(repo, 'tests/goldens/draft.bin'), 'draft bytes\n');
  writeFileSync(join(repo, 'tests/properties/seeds/length/seed-1'), '17');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

type Cmd = (
  argv: string[],
  io: { cwd: string; stdout: (s: string) => void; stderr: (s: string) => void; now?: Date },
) => Promise<number>;

async function call(
  cmd: Cmd,
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await cmd(argv, {
    cwd: repo,
    stdout: (s) => (out += s),
    stderr: (s) => (err += s),
    now: NOW,
  });
  return { code, out, err };
}

const sha = (b: Buffer | string): string =>
  'sha256:' + createHash('sha256').update(b).digest('hex');
const read = (p = LEDGER): string => readFileSync(join(repo, p), 'utf8');

/** Writes the contract example with the real digest of header.bin. */
function writeContract(): string {
  const text = readFileSync(join(FIXTURES, 'ledger/contract.yaml'), 'utf8').replace(
    'sha256:DIGEST',
    sha(readFileSync(join(repo, 'tests/goldens/header.bin'))),
  );
  writeFileSync(join(repo, LEDGER), text);
  return text;
}

/** The file's lines outside [from, to) (1-based, `to` exclusive). */
function outside(text: string, from: number, to: number): string[] {
  const lines = text.split('\n');
  return [...lines.slice(0, from - 1), ...lines.slice(to - 1)];
}

describe('init', () => {
  it('freezes real `pytest --collect-only -q` output; lint accepts the result', async () => {
    mkdirSync(join(repo, 'build'));
    const collected = readFileSync(join(FIXTURES, 'junit/pytest/collected.txt'), 'utf8');
    writeFileSync(join(repo, 'build/collected.txt'), collected);
    const r = await call(
      init,
      '--collected',
      'build/collected.txt',
      '--owner',
      'qa-team',
      '--rule',
      'tests/test_plain.py::test_passes=locked_fixture:tests/goldens/header.bin',
      '--rule',
      'tests/test_params.py::TestParams::*=property:roundtrip:tests/properties/seeds/length/',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const ids = collected.split('\n').filter((l) => l.includes('::'));
    expect(r.out).toBe(
      `tests/ledger.yaml: wrote ${ids.length} rows for ${ids.length} tests (1 locked_fixture, 5 property, ${ids.length - 6} quarantine) from build/collected.txt\n`,
    );
    const text = read();
    expect(text.split('\n')[0]).toMatch(
      /^# yaml-language-server: \$schema=https:\/\/\S+\/schema\/ledger\.schema\.json$/,
    );
    const parsed = parseLedger(text, LEDGER);
    expect(parsed.errors).toEqual([]);
    // Every collected id reads back exactly, quotes, brackets, `::` and backslashes included,
    // in code-unit order (a re-freeze diff shows only what changed).
    expect(parsed.ledger!.rows.map((row) => row.id)).toEqual([...ids].sort());
    expect(parsed.ledger!.rules).toEqual([
      'tests/test_plain.py::test_passes=locked_fixture:tests/goldens/header.bin',
      'tests/test_params.py::TestParams::*=property:roundtrip:tests/properties/seeds/length/',
      '*=locked_fixture:{file}',
    ]);
    expect(parsed.ledger!.byId.get('tests/test_plain.py::test_passes')).toMatchObject({
      class: 'locked_fixture',
      artifact: 'tests/goldens/header.bin',
      digest: sha(readFileSync(join(repo, 'tests/goldens/header.bin'))),
    });
    expect(
      parsed.ledger!.byId.get('tests/test_params.py::TestParams::test_in_class[emoji 🎉]'),
    ).toMatchObject({
      class: 'property',
      invariant: 'roundtrip',
      seeds: 'tests/properties/seeds/length', // the row holds the canonical form
    });
    expect(
      parsed.ledger!.byId.get('tests/test_params.py::test_ids[quote"and<angle>&amp]'),
    ).toMatchObject({
      class: 'quarantine',
      opened: '2026-11-29',
      reason: 'frozen by ledger-gate init',
      owner: 'qa-team',
    });
    const l = await call(lint);
    expect(l).toEqual({
      code: 0,
      out: `tests/ledger.yaml: ok, ${ids.length} rows (1 locked_fixture, 5 property, ${ids.length - 6} quarantine, 0 draft)\n`,
      err: '',
    });
  });

  it('reads ids and statuses from real JUnit reports (jest-junit with file attributes)', async () => {
    mkdirSync(join(repo, 'build'));
    writeFileSync(
      join(repo, 'build/junit.xml'),
      readFileSync(join(FIXTURES, 'junit/jest-junit/with-file.xml')),
    );
    const r = await call(
      init,
      '--junit',
      'build/*.xml',
      '--owner',
      'me',
      '--reason',
      'legacy suite',
    );
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'tests/ledger.yaml: wrote 10 rows for 10 tests (0 locked_fixture, 0 property, 10 quarantine; 4 not passing, 1 expected to skip) from build/*.xml\n',
    );
    expect(r.err).toBe(
      'note: 1 id names same-named tests with different results, which no row admits; give them distinct names (first: "__tests__/twins.test.js::twins same name")\n' +
        'note: 5 passing tests name no file here and matched no --rule, so are quarantined: `check` rejects a quarantined pass until the test is classed (lock / property)\n',
    );
    const parsed = parseLedger(read(), LEDGER);
    expect(parsed.errors).toEqual([]);
    expect(parsed.ledger!.rows.length).toBe(10); // the twins file holds one id for two tests
    expect(
      parsed.ledger!.byId.has(
        '__tests__/math.test.js::math nested <block> & "quotes" ünïcode naïve ✓ 🎉',
      ),
    ).toBe(true);
    const row = (name: string) => parsed.ledger!.byId.get(`__tests__/${name}`);
    expect(row('math.test.js::math adds')).toMatchObject({
      class: 'quarantine',
      reason: 'legacy suite',
      owner: 'me',
    });
    expect(row('math.test.js::math fails on purpose')).toMatchObject({
      class: 'quarantine',
      reason: 'failing when frozen by ledger-gate init',
    });
    expect(row('sub/retry.test.js::throws an error')).toMatchObject({
      class: 'quarantine',
      reason: 'failing when frozen by ledger-gate init',
    });
    expect(row('math.test.js::math is skipped')).toMatchObject({
      class: 'quarantine',
      reason: 'legacy suite',
      skip: 'skipped when frozen by ledger-gate init', // jest-junit writes no reason
    });
    expect((await call(lint)).code).toBe(0);
  });

  it('freezes a real pytest run (xunit2 + collected): failures and xfail quarantined, skips expected with their reason', async () => {
    mkdirSync(join(repo, 'build'));
    for (const f of ['collected.txt', 'xunit2.xml'])
      writeFileSync(join(repo, 'build', f), readFileSync(join(FIXTURES, 'junit/pytest', f)));
    mkdirSync(join(repo, 'tests/sub'), { recursive: true });
    writeFileSync(join(repo, 'tests/test_plain.py'), 'plain\n');
    const r = await call(
      init,
      '--junit',
      'build/xunit2.xml',
      '--collected',
      'build/collected.txt',
      '--owner',
      'qa',
      '--rule',
      'tests/test_plain.py::*=locked_fixture:{file}',
    );
    expect(r.code).toBe(0);
    const parsed = parseLedger(read(), LEDGER);
    expect(parsed.errors).toEqual([]);
    const row = (name: string) => parsed.ledger!.byId.get(`tests/test_plain.py::${name}`);
    const plain = {
      class: 'locked_fixture',
      artifact: 'tests/test_plain.py',
      digest: sha('plain\n'),
    };
    // The passing tests of the file share its one file row; the others have rows of their own.
    expect(row('*')).toMatchObject(plain);
    expect(row('*')!.keyOffsets.artifact).toBeUndefined();
    expect(row('test_passes')).toBeUndefined();
    expect(row('TestOuter::TestInner::test_nested')).toBeUndefined();
    expect(row('test_fails')).toMatchObject({
      class: 'quarantine',
      reason: 'failing when frozen by ledger-gate init',
      owner: 'qa',
    });
    expect(row('test_errors_in_setup')).toMatchObject({
      class: 'quarantine',
      reason: 'erroring when frozen by ledger-gate init',
    });
    expect(row('test_skipped')).toMatchObject({ ...plain, skip: 'skipped on purpose' });
    expect(row('test_xfail')).toMatchObject({
      class: 'quarantine',
      reason: 'expected failure (xfail) when frozen by ledger-gate init: known bug',
    });
    expect(row('test_xfail')!.skip).toBeUndefined();
    expect(
      (await call(lint, '--junit', 'build/xunit2.xml', '--collected', 'build/collected.txt')).code,
    ).toBe(0);
  });

  const twinNote = (id: string) =>
    `note: 1 id names same-named tests with different results, which no row admits; give them distinct names (first: ${JSON.stringify(id)})\n`;
  it.each([
    ['pytest', ['xunit2.xml'], 'collected.txt', 'tests/*', '', []],
    [
      'jest-junit',
      ['with-file.xml', 'with-file.json'],
      undefined,
      '__tests__/*',
      // jest's JSON records the retry of `passes on retry` (jest.retryTimes).
      'note: 1 test passed only after failing and is quarantined; no row admits such a pass (first: "__tests__/sub/retry.test.js::passes on retry")\n' +
        twinNote('__tests__/twins.test.js::twins same name'),
      ['__tests__/sub/retry.test.js::passes on retry', '__tests__/twins.test.js::twins same name'],
    ],
    [
      'vitest',
      ['vitest.xml'],
      undefined,
      'test/*',
      twinNote('test/twins.test.js::twins > same name'),
      ['test/twins.test.js::twins > same name'],
    ],
  ])(
    'init then check on the same real %s run admits every test that matched a rule',
    async (runner, reports, collected, glob, notes, rejected) => {
      mkdirSync(join(repo, 'build'));
      const args: string[] = [];
      for (const f of [...reports, ...(collected ? [collected] : [])]) {
        // jest's JSON names files by absolute path: the fixture project's, moved here.
        const text = readFileSync(join(FIXTURES, 'junit', runner, f), 'utf8');
        writeFileSync(
          join(repo, 'build', f),
          text.replaceAll('/repo/scripts/fixtures/jest/', `${repo}/`),
        );
      }
      for (const f of reports) args.push('--junit', `build/${f}`);
      if (collected) args.push('--collected', `build/${collected}`);
      // Each test's own file, the artifact `{file}` locks it to.
      const run = (await readRun(
        { root: repo, cwd: repo },
        reports.map((f) => `build/${f}`),
        collected && `build/${collected}`,
      ))!;
      for (const id of run.ids) {
        const file = id.slice(0, id.indexOf('::'));
        mkdirSync(join(repo, file, '..'), { recursive: true });
        writeFileSync(join(repo, file), `source of ${file}\n`);
      }
      const frozen = await call(
        init,
        ...args,
        '--owner',
        'qa',
        '--rule',
        `${glob}=locked_fixture:{file}`,
      );
      expect(frozen.code).toBe(0);
      if (runner === 'jest-junit') {
        // jest's JSON beside jest-junit's report tells a todo from the pass jest-junit writes.
        const todo = parseLedger(read(), LEDGER).ledger!.byId.get(
          '__tests__/math.test.js::math is a todo',
        );
        expect(todo).toMatchObject({ class: 'locked_fixture', skip: 'todo: not written yet' });
      }
      const json = join(repo, 'build/report.json');
      const c = await call(check, ...args, '--json', json);
      const findings = JSON.parse(readFileSync(json, 'utf8')).findings as {
        id: string;
        result: string;
      }[];
      // What no row admits in the run (the fixtures hold a retried pass and same-named
      // twins on purpose) is named by init, and is all that check rejects.
      expect(frozen.err).toBe(notes);
      expect(findings.filter((f) => f.result === 'reject').map((f) => f.id)).toEqual(rejected);
      expect(c.err).toBe(rejected.length === 0 ? 'ledger-gate: admit\n' : 'ledger-gate: reject\n');
      expect(c.code).toBe(rejected.length === 0 ? 0 : 1);
      expect(findings.length).toBeGreaterThan(5);
    },
  );

  it('refuses to freeze a pytest run with a collection error; names modules skipped at collection', async () => {
    mkdirSync(join(repo, 'build'));
    for (const f of ['xunit1.xml', 'no-broken.xml'])
      writeFileSync(
        join(repo, 'build', f),
        readFileSync(join(FIXTURES, 'junit/pytest/outcomes', f)),
      );
    const broken = await call(init, '--junit', 'build/xunit1.xml', '--owner', 'qa');
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(
      /^ledger-gate init: tests\/test_broken\.py: pytest could not collect tests\.test_broken \(.+\): fix the run before freezing it\n$/,
    );
    expect(() => read()).toThrow();
    const ok = await call(init, '--junit', 'build/no-broken.xml', '--owner', 'qa');
    expect(ok.code).toBe(0);
    expect(ok.err).toMatch(
      /^note: tests\.test_optional was skipped at collection \(.+\): its tests get no rows\nnote: tests\.pkg\.test_modskip was skipped at collection/,
    );
    const rows = parseLedger(read(), LEDGER).ledger!.byId;
    expect(rows.get('tests/test_outcomes.py::test_xfail_fails')).toMatchObject({
      class: 'quarantine',
      reason: 'expected failure (xfail) when frozen by ledger-gate init: known bug 12',
    });
    expect(rows.get('tests/test_outcomes.py::test_skipped')!.skip).toBe('windows-only');
  });

  it('refuses pytest reports whose names pytest escaped, unless --collected is used', async () => {
    writeFileSync(
      join(repo, 'report.xml'),
      readFileSync(join(FIXTURES, 'junit/pytest/xunit1.xml')),
    );
    const r = await call(init, '--junit', '*.xml', '--owner', 'me');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^ledger-gate init: report\.xml: 10 test cases map to no single id .*use --collected/,
    );
  });

  it('refuses pytest reports that cannot be mapped without the collected list', async () => {
    writeFileSync(
      join(repo, 'report.xml'),
      readFileSync(join(FIXTURES, 'junit/pytest/xunit2.xml')),
    );
    const r = await call(init, '--junit', 'report.xml', '--owner', 'me');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/map to no single id .*use --collected/);
  });

  it('refuses to overwrite an existing ledger without --force', async () => {
    writeFileSync(join(repo, 'ids.txt'), 'tests/a.py::test_a\n\n1 test collected in 0.01s\n');
    const before = writeContract();
    const r = await call(init, '--collected', 'ids.txt', '--owner', 'me');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'ledger-gate init: tests/ledger.yaml: a ledger exists here; refusing to overwrite it (add --force to replace it)\n',
    );
    expect(read()).toBe(before);
    const forced = await call(init, '--collected', 'ids.txt', '--owner', 'me', '--force');
    expect(forced.code).toBe(0);
    expect(parseLedger(read(), LEDGER).ledger!.rows.map((row) => row.id)).toEqual([
      'tests/a.py::test_a',
    ]);
  });

  it.each([
    [[], 'init needs --junit GLOB (and --collected FILE for pytest) or --collected FILE'],
    [['--collected', 'x'], 'init needs --owner O'],
    [['--collected', 'x', '--owner', 'o', '--rule', 'nonsense'], "expected 'ID_GLOB=property"],
    [
      ['--collected', 'x', '--owner', 'o', '--rule', 'a*=locked_fixture:/etc/passwd'],
      'is not inside the repository',
    ],
    [['--collected', 'x', '--owner', 'o', '--bogus'], "Unknown option '--bogus'"],
  ])('usage error %j', async (argv, message) => {
    const r = await call(init, ...argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });

  it('refuses a rule whose artifact or seeds cannot be read, writing nothing', async () => {
    writeFileSync(join(repo, 'ids.txt'), 'tests/a.py::test_a\n\n1 test collected in 0.01s\n');
    const a = await call(
      init,
      '--collected',
      'ids.txt',
      '--owner',
      'o',
      '--rule',
      '*=locked_fixture:tests/goldens/nope.bin',
    );
    expect(a.code).toBe(1);
    expect(a.err).toContain('tests/goldens/nope.bin: artifact: no such file');
    const s = await call(
      init,
      '--collected',
      'ids.txt',
      '--owner',
      'o',
      '--rule',
      '*=property:inv:tests/properties/seeds/empty',
    );
    expect(s.code).toBe(1);
    expect(s.err).toContain('seeds folder');
    expect(() => read()).toThrow();
  });
});

describe('lock, property, quarantine, promote: edits that keep everything else', () => {
  it('lock re-classes a row in place; every line outside the row is byte-identical', async () => {
    const before = writeContract();
    writeFileSync(join(repo, 'tests/goldens/reload.bin'), 'reload');
    const r = await call(
      lock,
      'tests/test_parse.py::test_concurrent_reload',
      '--artifact',
      'tests/goldens/reload.bin',
    );
    expect(r).toEqual({
      code: 0,
      out: `tests/ledger.yaml: updated tests/test_parse.py::test_concurrent_reload: locked_fixture, tests/goldens/reload.bin ${sha('reload')}\n`,
      err: '',
    });
    const after = read();
    // The row was lines 14-18 (id … owner); it is now 4 lines: id, class, digest, artifact.
    expect(outside(after, 14, 18)).toEqual(outside(before, 14, 19));
    expect(after.split('\n').slice(13, 17)).toEqual([
      '  - id: tests/test_parse.py::test_concurrent_reload',
      '    class: locked_fixture',
      `    digest: ${sha('reload')}`,
      '    artifact: tests/goldens/reload.bin',
    ]);
    expect((await call(lint)).code).toBe(0);
  });

  it('rewrites only the value of a changed field, keeping its aligned comment', async () => {
    const before = writeContract();
    writeFileSync(join(repo, 'tests/goldens/header.bin'), 'new header bytes');
    const r = await call(
      lock,
      'tests/test_parse.py::test_header_roundtrip',
      '--artifact',
      'tests/goldens/header.bin',
    );
    expect(r.code).toBe(0);
    const a = read().split('\n');
    const b = before.split('\n');
    expect(a.length).toBe(b.length);
    const changed = a.map((line, i) => (line === b[i] ? -1 : i + 1)).filter((i) => i > 0);
    expect(changed).toEqual([6]);
    expect(a[5]).toBe(`    digest: ${sha('new header bytes')}`);
  });

  it('appends a new row after the last row, indented like the others', async () => {
    const before = writeContract();
    writeFileSync(join(repo, 'tests/goldens/new.bin'), 'n');
    const r = await call(
      lock,
      'tests/new.py::test_new[x: y]',
      '--artifact',
      './tests/goldens/new.bin',
      '--new',
    );
    expect(r.out).toMatch(/added tests\/new\.py::test_new\[x: y\]/);
    const lines = before.split('\n');
    const expected = [
      ...lines.slice(0, 27),
      '  - id: "tests/new.py::test_new[x: y]"',
      '    class: locked_fixture',
      `    digest: ${sha('n')}`,
      '    artifact: tests/goldens/new.bin',
      ...lines.slice(27),
    ];
    expect(read()).toBe(expected.join('\n'));
    expect((await call(lint)).code).toBe(0);
  });

  it('keeps CRLF line ends', async () => {
    const text =
      'version: 1\r\nrows:\r\n  - id: a\r\n    class: draft\r\n    source: agent\r\n    proposed_class: property\r\n';
    writeFileSync(join(repo, LEDGER), text);
    expect((await call(quarantine, 'a', '--reason', 'flaky', '--owner', 'me')).code).toBe(0);
    expect(read()).toBe(
      'version: 1\r\nrows:\r\n  - id: a\r\n    class: quarantine\r\n    opened: 2026-11-29\r\n    reason: flaky\r\n    owner: me\r\n',
    );
  });

  it('edits a flow-style ledger through the yaml Document API, keeping its comments', async () => {
    writeFileSync(join(repo, LEDGER), '# my ledger\nversion: 1\nrows: [] # none yet\n');
    const r = await call(
      property,
      'tests/p.py::test_p',
      '--invariant',
      'sorted',
      '--seeds',
      'tests/properties/seeds/length',
      '--new',
    );
    expect(r.code).toBe(0);
    const text = read();
    expect(text).toContain('# my ledger');
    expect(parseLedger(text, LEDGER).ledger!.byId.get('tests/p.py::test_p')).toMatchObject({
      class: 'property',
      invariant: 'sorted',
      seeds: 'tests/properties/seeds/length',
    });
    expect((await call(lint)).code).toBe(0);
  });

  it('property refuses an empty seeds folder and leaves the ledger alone', async () => {
    const before = writeContract();
    const r = await call(
      property,
      'tests/test_parse.py::test_concurrent_reload',
      '--invariant',
      'x',
      '--seeds',
      'tests/properties/seeds/empty/',
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain('tests/properties/seeds/empty/: seeds folder: holds no seed files');
    expect(read()).toBe(before);
  });

  it('lock refuses a missing artifact and a symlinked one', async () => {
    const before = writeContract();
    expect(
      (await call(lock, 'x', '--artifact', 'tests/goldens/missing.bin', '--new')).err,
    ).toContain('no such file');
    symlinkSync('header.bin', join(repo, 'tests/goldens/link.bin'));
    const r = await call(lock, 'x', '--artifact', 'tests/goldens/link.bin', '--new');
    expect(r.code).toBe(1);
    expect(r.err).toContain('symlink');
    expect((await call(lock, 'x', '--artifact', '../outside.bin')).code).toBe(2);
    expect(read()).toBe(before);
  });

  it('refuses to write a result that would be invalid', async () => {
    const text = writeContract().replace(
      '    source: agent\n',
      '    source: agent\n    digets: typo\n',
    );
    writeFileSync(join(repo, LEDGER), text);
    const r = await call(
      quarantine,
      'tests/new.py::test_q',
      '--reason',
      'r',
      '--owner',
      'o',
      '--new',
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^refusing to write tests\/ledger\.yaml: the result would be invalid\ntests\/ledger\.yaml:22:5: unknown field 'digets'; did you mean 'digest'\?\n$/,
    );
    expect(read()).toBe(text);
  });

  it('quarantine adds a dated row; re-quarantining keeps the first date', async () => {
    writeContract();
    expect(
      (
        await call(
          quarantine,
          'tests/x.py::test_new',
          '--reason',
          'flaky on CI',
          '--owner',
          'ana',
          '--new',
        )
      ).out,
    ).toBe(
      'tests/ledger.yaml: added tests/x.py::test_new: quarantine since 2026-11-29, owner ana\n',
    );
    const r = await call(
      quarantine,
      'tests/test_parse.py::test_concurrent_reload',
      '--reason',
      'still flaky',
      '--owner',
      'bo',
    );
    expect(r.out).toBe(
      'tests/ledger.yaml: updated tests/test_parse.py::test_concurrent_reload: quarantine since 2026-09-10, owner bo\n',
    );
    expect(
      parseLedger(read(), LEDGER).ledger!.byId.get('tests/test_parse.py::test_concurrent_reload'),
    ).toMatchObject({ opened: '2026-09-10', reason: 'still flaky', owner: 'bo' });
    expect((await call(quarantine, 'x', '--reason', 'r')).code).toBe(2);
  });

  it('quarantine --list shows age and owner, oldest first', async () => {
    writeContract();
    await call(
      quarantine,
      'tests/x.py::test_new',
      '--reason',
      'flaky on CI',
      '--owner',
      'ana',
      '--new',
    );
    const r = await call(quarantine, '--list');
    expect(r).toEqual({
      code: 0,
      out: [
        'age  opened      owner  id                                           reason',
        '80d  2026-09-10  human  tests/test_parse.py::test_concurrent_reload  order-dependent on module import cache',
        ' 0d  2026-11-29  ana    tests/x.py::test_new                         flaky on CI',
        '2 quarantined rows; the oldest was opened 80 days ago',
        '',
      ].join('\n'),
      err: '',
    });
  });

  it('promote refuses while the proposed class lacks fields, then promotes with them', async () => {
    const before = writeContract();
    const id = 'tests/test_parse.py::test_agent_added_prefix_strip';
    const refused = await call(promote, id);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `ledger-gate promote: tests/ledger.yaml:19:5: refusing to promote ${id} to property: missing --invariant NAME and --seeds DIR\n`,
    );
    expect((await call(promote, id, '--invariant', 'prefix_stripped')).err).toContain(
      'missing --seeds DIR',
    );
    expect((await call(promote, id, '--artifact', 'tests/goldens/header.bin')).code).toBe(2);
    expect(read()).toBe(before);
    const ok = await call(
      promote,
      id,
      '--invariant',
      'prefix_stripped',
      '--seeds',
      'tests/properties/seeds/length/',
    );
    expect(ok).toEqual({
      code: 0,
      out: `tests/ledger.yaml: promoted ${id}: draft → property\n`,
      err: '',
    });
    expect(read().split('\n').slice(18, 22)).toEqual([
      `  - id: ${id}`,
      '    class: property',
      '    invariant: prefix_stripped',
      '    seeds: tests/properties/seeds/length/',
    ]);
    expect(outside(read(), 19, 23)).toEqual(outside(before, 19, 23));
  });

  it('promote locks a draft proposed as locked_fixture from the artifact it names', async () => {
    writeContract();
    const id = 'tests/test_parse.py::test_golden_draft[a: b]';
    const r = await call(promote, id);
    expect(r.code).toBe(0);
    expect(parseLedger(read(), LEDGER).ledger!.byId.get(id)).toMatchObject({
      class: 'locked_fixture',
      artifact: 'tests/goldens/draft.bin',
      digest: sha('draft bytes\n'),
    });
    expect(read()).toContain(
      '  - id: "tests/test_parse.py::test_golden_draft[a: b]"\n    class: locked_fixture\n',
    );
    const again = await call(promote, id);
    expect(again.code).toBe(1);
    expect(again.err).toContain('is a locked_fixture row, not a draft');
    expect((await call(promote, 'tests/none.py::t')).err).toContain('no row for');
  });

  it('refuses to edit where there is no ledger', async () => {
    const r = await call(quarantine, 'a', '--reason', 'r', '--owner', 'o');
    expect(r).toEqual({
      code: 1,
      out: '',
      err: 'ledger-gate quarantine: tests/ledger.yaml: no ledger here (create one with `ledger-gate init`)\n',
    });
  });
});

const JEST_ADDS = '__tests__/math.test.js::math adds';

/** The real jest-junit report (with file attributes) at build/junit.xml. */
function writeJestRun(): void {
  mkdirSync(join(repo, 'build'), { recursive: true });
  writeFileSync(
    join(repo, 'build/junit.xml'),
    readFileSync(join(FIXTURES, 'junit/jest-junit/with-file.xml')),
  );
}

describe('lock several ids, relock, drop', () => {
  it('lock takes several ids: one read of the ledger and of the artifact', async () => {
    const before = writeContract();
    writeFileSync(join(repo, 'tests/goldens/shared.json'), '{"v":1}\n');
    const ids = [
      'tests/test_parse.py::test_length_never_negative',
      'tests/test_parse.py::test_concurrent_reload',
    ];
    const r = await call(lock, ...ids, '--artifact', 'tests/goldens/shared.json');
    const d = sha('{"v":1}\n');
    expect(r).toEqual({
      code: 0,
      out: ids
        .map(
          (id) =>
            `tests/ledger.yaml: updated ${id}: locked_fixture, tests/goldens/shared.json ${d}\n`,
        )
        .join(''),
      err: '',
    });
    const b = before.split('\n');
    // Rows at lines 8-11 and 14-18 become 4-line locked rows; every other line is unchanged.
    expect(read()).toBe(
      [
        ...b.slice(0, 8),
        '    class: locked_fixture',
        `    digest: ${d}`,
        '    artifact: tests/goldens/shared.json',
        ...b.slice(11, 14),
        '    class: locked_fixture',
        `    digest: ${d}`,
        '    artifact: tests/goldens/shared.json',
        ...b.slice(18),
      ].join('\n'),
    );
    expect((await call(lint)).code).toBe(0);
  });

  it('lock --artifact {file} locks each test to its own source file', async () => {
    writeContract();
    writeFileSync(join(repo, 'tests/test_parse.py'), 'def test_header_roundtrip(): pass\n');
    const id = 'tests/test_parse.py::test_concurrent_reload';
    const r = await call(lock, id, '--artifact', '{file}');
    expect(r.out).toBe(
      `tests/ledger.yaml: updated ${id}: locked_fixture, tests/test_parse.py ${sha('def test_header_roundtrip(): pass\n')}\n`,
    );
    const bad = await call(
      lock,
      'tests/test_parse.py::test_header_roundtrip',
      'nofile',
      '--artifact',
      '{file}',
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toBe(
      'ledger-gate lock: --artifact {file}: "nofile" names no file (no `::` in the id)\n',
    );
    const suite = await call(lock, 'math adds::math adds', '--artifact', '{file}', '--new');
    expect(suite).toEqual({
      code: 1,
      out: '',
      err: 'ledger-gate lock: --artifact {file}: "math adds::math adds" names "math adds", which is not a file here (do the report\'s ids start with their test file? see docs/test-ids.md)\n',
    });
  });

  it('re-classing a row keeps its skip: reason (an expected skip is about the test)', async () => {
    writeFileSync(
      join(repo, LEDGER),
      'version: 1\nrows:\n  - id: t.py::a\n    class: quarantine\n    opened: 2026-01-02\n    reason: r\n    owner: o\n    skip: windows-only\n',
    );
    expect((await call(lock, 't.py::a', '--artifact', 'tests/goldens/header.bin')).code).toBe(0);
    expect(parseLedger(read(), LEDGER).ledger!.byId.get('t.py::a')).toMatchObject({
      class: 'locked_fixture',
      skip: 'windows-only',
    });
    expect(
      (
        await call(
          property,
          't.py::a',
          '--invariant',
          'i',
          '--seeds',
          'tests/properties/seeds/length',
        )
      ).code,
    ).toBe(0);
    expect((await call(quarantine, 't.py::a', '--reason', 'r2', '--owner', 'o2')).code).toBe(0);
    expect(read()).toBe(
      'version: 1\nrows:\n  - id: t.py::a\n    class: quarantine\n    skip: windows-only\n    opened: 2026-11-29\n    reason: r2\n    owner: o2\n',
    );
  });

  it('relock re-locks every row naming a golden in one command, and nothing else', async () => {
    writeFileSync(join(repo, 'tests/goldens/shared.json'), 'old\n');
    writeFileSync(join(repo, 'tests/goldens/header.bin'), 'header\n');
    const row = (id: string, golden: string, digest: string, extra = '') =>
      `  - id: ${id}\n    class: locked_fixture\n    digest: ${digest}   # pinned\n    artifact: ${golden}\n${extra}`;
    const text =
      '# goldens\nversion: 1\nrows:\n' +
      row('t.py::a', 'tests/goldens/shared.json', sha('old\n')) +
      row('t.py::b', 'tests/goldens/header.bin', sha('header\n')) +
      '\n  # the same golden again\n' +
      row('t.py::c', 'tests/goldens/shared.json', sha('old\n'), '    skip: windows-only\n') +
      row('t.py::d', 'tests/goldens/shared.json', sha('new\n'));
    writeFileSync(join(repo, LEDGER), text);
    writeFileSync(join(repo, 'tests/goldens/shared.json'), 'new\n');
    const r = await call(relock, 'tests/goldens/shared.json');
    expect(r).toEqual({
      code: 0,
      out: `tests/ledger.yaml: tests/goldens/shared.json ${sha('new\n')}: 2 rows re-locked, 1 already matched\n`,
      err: '',
    });
    // Only the two stale digests changed; their comments, the skip field and the rest stay.
    expect(read()).toBe(
      text.replaceAll(`${sha('old\n')}   # pinned`, `${sha('new\n')}   # pinned`),
    );
    expect(parseLedger(read(), LEDGER).ledger!.byId.get('t.py::c')!.skip).toBe('windows-only');

    const none = await call(relock, 'tests/goldens/draft.bin');
    expect(none.code).toBe(1);
    expect(none.err).toBe(
      'ledger-gate relock: tests/ledger.yaml: no locked_fixture row names "tests/goldens/draft.bin"\n',
    );
  });

  it('drop removes rows and keeps every other byte, comments between rows included', async () => {
    const before = writeContract();
    const r = await call(
      drop,
      'tests/test_parse.py::test_concurrent_reload',
      'tests/test_parse.py::test_length_never_negative',
    );
    expect(r).toEqual({
      code: 0,
      out:
        'tests/ledger.yaml: dropped tests/test_parse.py::test_length_never_negative (property)\n' +
        'tests/ledger.yaml: dropped tests/test_parse.py::test_concurrent_reload (quarantine)\n',
      err: '',
    });
    // Lines 8-11 and 14-18 (1-based) were those rows; the blank line and comment stay.
    const b = before.split('\n');
    expect(read()).toBe([...b.slice(0, 7), ...b.slice(11, 13), ...b.slice(18)].join('\n'));
    expect((await call(lint)).code).toBe(0);
  });

  it('drop refuses an id without a row, with the nearest one, and writes nothing', async () => {
    const before = writeContract();
    const r = await call(drop, 'tests/test_parse.py::test_concurent_reload');
    expect(r).toEqual({
      code: 1,
      out: '',
      err: 'ledger-gate drop: tests/ledger.yaml: no row for "tests/test_parse.py::test_concurent_reload" (did you mean "tests/test_parse.py::test_concurrent_reload"?): nothing dropped\n',
    });
    expect(read()).toBe(before);
  });

  it('dropping every row leaves `rows: []`, a valid empty ledger', async () => {
    writeFileSync(
      join(repo, LEDGER),
      'version: 1\nrows:  # none left\n  - id: a\n    class: draft\n    source: agent\n    proposed_class: property\n',
    );
    expect((await call(drop, 'a')).code).toBe(0);
    expect(read()).toBe('version: 1\nrows: []  # none left\n');
    expect((await call(lint)).out).toBe(
      'tests/ledger.yaml: ok, 0 rows (0 locked_fixture, 0 property, 0 quarantine, 0 draft)\n',
    );
  });

  it('drop edits a flow-style ledger through the yaml Document API', async () => {
    writeFileSync(
      join(repo, LEDGER),
      'version: 1\nrows: [{id: a, class: draft, source: agent, proposed_class: property}, {id: b, class: draft, source: agent, proposed_class: property}]\n',
    );
    expect((await call(drop, 'a')).code).toBe(0);
    expect(parseLedger(read(), LEDGER).ledger!.rows.map((r) => r.id)).toEqual(['b']);
  });
});

describe('typos: ids checked against the run or the ledger', () => {
  it('refuses an id no given report holds, naming the nearest; accepts one it holds', async () => {
    writeContract();
    writeJestRun();
    const typo = await call(
      lock,
      '__tests__/math.test.js::math add',
      '--artifact',
      'tests/goldens/header.bin',
      '--junit',
      'build/junit.xml',
    );
    expect(typo).toEqual({
      code: 1,
      out: '',
      err: `ledger-gate lock: build/junit.xml: no given report or collected list holds "__tests__/math.test.js::math add" (did you mean "${JEST_ADDS}"?); add --new for a test the run does not hold\n`,
    });
    const ok = await call(
      lock,
      JEST_ADDS,
      '--artifact',
      'tests/goldens/header.bin',
      '--junit',
      'build/*.xml',
    );
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^tests\/ledger\.yaml: added __tests__\/math\.test\.js::math adds: /);
  });

  // Issue 44: jest names a test with its describe blocks; the short name is another name of it.
  it('--new refuses a test the run holds under its describe blocks, and accepts a new one', async () => {
    writeContract();
    writeJestRun();
    const before = read();
    const lockNew = (id: string) =>
      call(
        lock,
        id,
        '--artifact',
        'tests/goldens/header.bin',
        '--junit',
        'build/junit.xml',
        '--new',
      );
    expect(await lockNew('__tests__/math.test.js::adds')).toEqual({
      code: 1,
      out: '',
      err: `ledger-gate lock: build/junit.xml: no given report or collected list holds "__tests__/math.test.js::adds" (did you mean "${JEST_ADDS}"?); --new is for a test the run does not hold, not another name of one it does\n`,
    });
    expect(read()).toBe(before);
    const fresh = await lockNew('__tests__/math.test.js::math divides by zero');
    expect(fresh.code).toBe(0);
    expect(fresh.out).toMatch(/: added __tests__\/math\.test\.js::math divides by zero: /);
  });

  it("--new refuses a parametrized test's bare name, as pytest's run holds it with its parameters", async () => {
    writeContract();
    mkdirSync(join(repo, 'build'));
    const F = 'tests/test_parse.py';
    writeFileSync(
      join(repo, 'build/junit.xml'),
      pytestXunit1([
        { file: F, name: 'test_tokenize[key = value-expected0]' },
        { file: F, name: 'test_tokenize[[section]-expected1]' },
      ]),
    );
    const r = await call(
      lock,
      `${F}::test_tokenize`,
      '--artifact',
      'tests/goldens/header.bin',
      '--junit',
      'build/junit.xml',
      '--new',
    );
    expect([r.code, r.err]).toEqual([
      1,
      `ledger-gate lock: build/junit.xml: no given report or collected list holds "${F}::test_tokenize" (did you mean "${F}::test_tokenize[[section]-expected1]"?); --new is for a test the run does not hold, not another name of one it does\n`,
    ]);
  });

  it('without a run, only ids that already have rows can be edited; --new adds one', async () => {
    const before = writeContract();
    const r = await call(
      property,
      'tests/test_parse.py::test_lenght_never_negative',
      '--invariant',
      'x',
      '--seeds',
      'tests/properties/seeds/length/',
    );
    expect(r).toEqual({
      code: 1,
      out: '',
      err: 'ledger-gate property: tests/ledger.yaml: "tests/test_parse.py::test_lenght_never_negative" has no row (did you mean "tests/test_parse.py::test_length_never_negative"?); to add one, give the run that holds the test (--junit GLOB or --collected FILE), or --new for a test not run yet\n',
    });
    expect(read()).toBe(before);
    const q = await call(
      quarantine,
      'tests/test_parse.py::test_concurrent_reload',
      '--reason',
      'r',
      '--owner',
      'o',
    );
    expect(q.code).toBe(0);
    const n = await call(
      quarantine,
      'tests/brand_new.py::test_x',
      '--reason',
      'r',
      '--owner',
      'o',
      '--new',
    );
    expect(n.out).toBe(
      'tests/ledger.yaml: added tests/brand_new.py::test_x: quarantine since 2026-11-29, owner o\n',
    );
  });

  it('checks ids against a real pytest collected list', async () => {
    writeContract();
    mkdirSync(join(repo, 'build'));
    writeFileSync(
      join(repo, 'build/collected.txt'),
      readFileSync(join(FIXTURES, 'junit/pytest/collected.txt')),
    );
    const ok = await call(
      quarantine,
      'tests/test_plain.py::test_fails',
      '--reason',
      'r',
      '--owner',
      'o',
      '--collected',
      'build/collected.txt',
    );
    expect(ok.code).toBe(0);
    const bad = await call(
      quarantine,
      'tests/test_plain.py::test_fail',
      '--reason',
      'r',
      '--owner',
      'o',
      '--collected',
      'build/collected.txt',
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('(did you mean "tests/test_plain.py::test_fails"?)');
  });

  it('fails closed on an unreadable report', async () => {
    writeContract();
    const r = await call(
      lock,
      JEST_ADDS,
      '--artifact',
      'tests/goldens/header.bin',
      '--junit',
      'build/none.xml',
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^ledger-gate lock: build\/none\.xml: /);
  });

  it('lint --junit lists the rows no report holds; after drop it is clean', async () => {
    writeJestRun();
    expect((await call(init, '--junit', 'build/junit.xml', '--owner', 'me')).code).toBe(0);
    const text = read();
    writeFileSync(
      join(repo, LEDGER),
      text +
        '  - id: __tests__/math.test.js::math removed\n    class: property\n    invariant: x\n    seeds: tests/properties/seeds/length/\n',
    );
    const stale = text.split('\n').length;
    expect(await call(lint, '--junit', 'build/junit.xml')).toEqual({
      code: 1,
      out: `tests/ledger.yaml:${stale}:5: stale row: no given report or collected list holds "__tests__/math.test.js::math removed" (property); restore the test or drop the row\n`,
      err: 'tests/ledger.yaml: 1 stale row (ledger-gate drop ID… removes them)\n',
    });
    expect((await call(lint)).code).toBe(0); // without a run there is nothing to compare
    expect((await call(drop, '__tests__/math.test.js::math removed')).code).toBe(0);
    expect(read()).toBe(text);
    expect((await call(lint, '--junit', 'build/junit.xml')).out).toMatch(
      /^tests\/ledger\.yaml: ok, 10 rows \(.*\); every id is in build\/junit\.xml\n$/,
    );
  });
});

describe('digest', () => {
  it('prints sha256 and path per regular file, and refuses the rest', async () => {
    symlinkSync('header.bin', join(repo, 'tests/goldens/link.bin'));
    const r = await call(
      digest,
      'tests/goldens/header.bin',
      'tests/goldens',
      'tests/goldens/draft.bin',
      'tests/goldens/link.bin',
      'nope',
    );
    expect(r.out).toBe(
      `${sha(Buffer.from([0, 1, 2, 3, 255]))}  tests/goldens/header.bin\n${sha('draft bytes\n')}  tests/goldens/draft.bin\n`,
    );
    expect(r.err.split('\n')).toEqual([
      'ledger-gate digest: tests/goldens: is not a regular file (directory): refused',
      'ledger-gate digest: tests/goldens/link.bin: is a symlink: refused',
      'ledger-gate digest: nope: no such file',
      '',
    ]);
    expect(r.code).toBe(1);
    expect((await call(digest)).code).toBe(2);
  });

  it('hashes a file larger than one read chunk', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 7);
    writeFileSync(join(repo, 'big.bin'), big);
    expect((await call(digest, 'big.bin')).out).toBe(`${sha(big)}  big.bin\n`);
  });
});

describe('lint', () => {
  // Issue 44: init writes the file row, lock gives its one test an exact row; lint and check
  // agree that the file row is kept while the file is unchanged, and missing once it is not.
  it('agrees with check on a file row whose every test has a row of its own', async () => {
    const F = 'tests/test_render.py';
    writeFileSync(join(repo, F), 'def test_total():\n    assert 1\n');
    writeFileSync(join(repo, 'tests/goldens/total.txt'), '42\n');
    mkdirSync(join(repo, 'build'));
    writeFileSync(join(repo, 'build/junit.xml'), pytestXunit1([{ file: F, name: 'test_total' }]));
    const junit = ['--junit', 'build/junit.xml'];
    expect((await call(init, ...junit, '--owner', 'qa')).code).toBe(0);
    expect(parseLedger(read(), LEDGER).ledger!.byId.has(`${F}::*`)).toBe(true);
    const locked = await call(
      lock,
      `${F}::test_total`,
      '--artifact',
      'tests/goldens/total.txt',
      ...junit,
    );
    expect(locked.code).toBe(0);
    expect(await call(lint, ...junit)).toMatchObject({ code: 0, err: '' });
    expect((await call(check, ...junit)).code).toBe(0);

    writeFileSync(join(repo, F), 'def test_total():\n    assert 2\n');
    const stale = await call(lint, ...junit);
    expect(stale.code).toBe(1);
    expect(stale.out).toMatch(
      new RegExp(
        `^tests/ledger\\.yaml:\\d+:5: stale row: every test of ${F} the run holds has a row of its own, and ${F} is sha256:[0-9a-f]{64}, not sha256:[0-9a-f]{64}: the gate says classified-missing; re-lock it \\(ledger-gate relock ${F}\\) or drop the row\n$`,
      ),
    );
    const judged = await call(check, ...junit);
    expect(judged.code).toBe(1);
    expect(judged.out + judged.err).toContain('classified-missing');
  });

  it('reports every problem as file:line:col: message and exits 1', async () => {
    const outsideDir = mkdtempSync(join(tmpdir(), 'upkeep-out-'));
    writeFileSync(join(outsideDir, 'secret'), 's');
    symlinkSync(outsideDir, join(repo, 'tests/escape'));
    writeFileSync(
      join(repo, LEDGER),
      `version: 1\nrows:\n  - id: a\n    class: locked_fixture\n    digest: sha256:${'0'.repeat(64)}\n    artifact: tests/escape/secret\n  - id: b\n    class: quarantine\n    opened: 2026-02-30\n    reason: r\n  - id: a\n    class: draft\n    source: agent\n    proposed_class: property\n`,
    );
    const r = await call(lint);
    rmSync(outsideDir, { recursive: true, force: true });
    expect(r.code).toBe(1);
    expect(r.out.split('\n')).toEqual([
      expect.stringMatching(
        /^tests\/ledger\.yaml:6:5: artifact 'tests\/escape\/secret' resolves outside the repository/,
      ),
      "tests/ledger.yaml:7:5: row 'b' (class quarantine) is missing field 'owner'",
      "tests/ledger.yaml:9:5: opened '2026-02-30' is not a real date written YYYY-MM-DD",
      "tests/ledger.yaml:11:5: duplicate id 'a' (first at line 3)",
      '',
    ]);
    expect(r.err).toBe('tests/ledger.yaml: 4 problems\n');
  });

  it('accepts --ledger elsewhere and says what it found', async () => {
    writeFileSync(join(repo, 'l.yaml'), 'version: 1\nrows: []\n');
    expect(await call(lint, '--ledger', 'l.yaml')).toEqual({
      code: 0,
      out: 'l.yaml: ok, 0 rows (0 locked_fixture, 0 property, 0 quarantine, 0 draft)\n',
      err: '',
    });
  });
});
