// Ids as the runner names them (docs/test-ids.md): a jest test outside any `describe` is
// `FILE::title`, without jest-junit's leading space; `update` re-keys a row written the old
// way, and `lock --new` refuses another name of a test the run holds, with a did-you-mean.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run as lock } from '../src/commands/lock.js';
import { run as update } from '../src/commands/update.js';
import { readRun } from '../src/commands/upkeep.js';
import { parseLedger } from '../src/ledger/parse.js';
import { rekeyedId, runnerName } from '../src/ledger/rekey.js';
import { runIn } from './support/repo.js';

const LEDGER = 'tests/ledger.yaml';
const TOP = '__tests__/math.test.js::top-level test';
let repo: string;
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'runner-ids-'));
  mkdirSync(join(repo, 'build'), { recursive: true });
  writeFileSync(
    join(repo, 'build/junit.xml'),
    readFileSync(join(process.cwd(), '__fixtures__/junit/jest-junit/with-file.xml')),
  );
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

const sha = (b: string) => 'sha256:' + createHash('sha256').update(b).digest('hex');
const read = () => readFileSync(join(repo, LEDGER), 'utf8');

describe('ids as the runner names them', () => {
  it('names a top-level jest test FILE::title (a real jest-junit report)', async () => {
    const run = (await readRun({ root: repo, cwd: repo }, ['build/junit.xml'], undefined))!;
    expect(run.ids.has(TOP)).toBe(true);
    expect([...run.ids].filter((id) => id.includes(':: '))).toEqual([]);
    expect(runnerName(' title')).toBe('title');
    expect(runnerName('  two spaces')).toBe('  two spaces');
    expect(rekeyedId('a.test.js:: title')).toBe('a.test.js::title');
    expect(rekeyedId('a.test.js::title')).toBeUndefined();
  });

  it('update re-keys a row written the old way, keeping its contract; a second update does nothing', async () => {
    mkdirSync(join(repo, '__tests__'), { recursive: true });
    const body = 'source of math.test.js\n';
    writeFileSync(join(repo, '__tests__/math.test.js'), body);
    mkdirSync(join(repo, 'tests'));
    const old = '__tests__/math.test.js:: top-level test';
    writeFileSync(
      join(repo, LEDGER),
      'version: 1\nrows:\n' +
        `  - id: "${old}"\n    class: locked_fixture\n    digest: ${sha(body)}\n    artifact: __tests__/math.test.js\n`,
    );
    // The report as jest-junit writes a passing top-level test (the fixture's shape).
    writeFileSync(
      join(repo, 'build/top.xml'),
      '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="jest tests" tests="1" failures="0" errors="0" time="0">\n' +
        '  <testsuite name="math" errors="0" failures="0" skipped="0" timestamp="x" time="0" tests="1">\n' +
        '    <testcase classname=" top-level test" name=" top-level test" time="0" file="__tests__/math.test.js">\n    </testcase>\n' +
        '  </testsuite>\n</testsuites>\n',
    );
    const args = ['--junit', 'build/top.xml', '--owner', 'qa'];
    const r = await runIn(repo, update, args);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain(`-  - id: "${old}"`);
    expect(r.out).toContain(`+  - id: ${TOP}`);
    expect(r.out).toMatch(/0 re-locked, 0 added, 0 dropped.*1 re-keyed to the runner's id/);
    expect(parseLedger(read(), LEDGER).ledger!.byId.get(TOP)).toMatchObject({
      class: 'locked_fixture',
      digest: sha(body),
      artifact: '__tests__/math.test.js',
    });
    expect((await runIn(repo, update, args)).out).toMatch(/already level/);
  });

  it('lock --new refuses another name of a test the run holds, with a did-you-mean; a new test is accepted', async () => {
    mkdirSync(join(repo, '__tests__'), { recursive: true });
    writeFileSync(join(repo, '__tests__/math.test.js'), 'x\n');
    mkdirSync(join(repo, 'tests'));
    writeFileSync(join(repo, LEDGER), 'version: 1\nrows: []\n');
    const args = ['--artifact', '{file}', '--junit', 'build/junit.xml', '--new'];
    const typo = await runIn(repo, lock, ['__tests__/math.test.js:: top-level test', ...args]);
    expect(typo.code).not.toBe(0);
    expect(typo.err).toContain(`did you mean "${TOP}"?`);
    expect(read()).toBe('version: 1\nrows: []\n');
    const fresh = await runIn(repo, lock, [
      '__tests__/math.test.js::a test not written yet',
      ...args,
    ]);
    expect(fresh.code).toBe(0);
    expect(
      parseLedger(read(), LEDGER).ledger!.byId.has(
        '__tests__/math.test.js::a test not written yet',
      ),
    ).toBe(true);
  });

  it('lock --new refuses an id the run holds under a longer path, naming it; nothing is written', async () => {
    mkdirSync(join(repo, 'tests/goldens'), { recursive: true });
    writeFileSync(join(repo, 'tests/goldens/g.txt'), 'g\n');
    writeFileSync(join(repo, LEDGER), 'version: 1\nrows: []\n');
    const args = ['--artifact', 'tests/goldens/g.txt', '--junit', 'build/junit.xml', '--new'];
    // The file's folder left off, and the file left off: far from the run's id by edit
    // distance, the same test by its path's tail.
    for (const id of ['math.test.js::top-level test', 'top-level test']) {
      const r = await runIn(repo, lock, [id, ...args]);
      expect([r.code, r.out]).toEqual([1, '']);
      expect(r.err).toBe(
        `ledger-gate lock: build/junit.xml: no given report or collected list holds ${JSON.stringify(id)} (did you mean "${TOP}"?); --new is for a test the run does not hold, not another name of one it does\n`,
      );
    }
    // Without --new, the same id is refused as one the run lacks, with the same suggestion.
    const plain = await runIn(repo, lock, ['math.test.js::top-level test', ...args.slice(0, 4)]);
    expect([plain.code, plain.err]).toEqual([
      1,
      `ledger-gate lock: build/junit.xml: no given report or collected list holds "math.test.js::top-level test" (did you mean "${TOP}"?); add --new for a test the run does not hold\n`,
    ]);
    expect(read()).toBe('version: 1\nrows: []\n');
  });
});
