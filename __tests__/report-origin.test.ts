// Reports are the run's, not the change's (issue 15, part 2): `report-in-change`, as a pure
// rule over plain data, and through `check` on real git repositories with real vitest reports
// (a report the change commits, a copy of one placed outside the checkout, the collected list).
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../src/cli.js';
import { sharedSizes, shippedReports } from '../src/decision/report-origin.js';
import type { Report } from '../src/types.js';
import { AGENT, Repo, ledgerYaml, sha256 } from './support/repo.js';

describe('shippedReports (pure)', () => {
  const report = (repoPath: string | undefined, size = 10, digest?: string) => ({
    shown: repoPath ?? '/tmp/r.xml',
    repoPath,
    kind: 'report' as const,
    size,
    digest,
  });

  test('a report tracked and added, modified or retyped by the change is shipped; a deleted path is not', () => {
    const changed = [
      { path: 'a.xml', status: 'A' as const },
      { path: 'm.xml', status: 'M' as const },
      { path: 't.xml', status: 'T' as const },
      { path: 'd.xml', status: 'D' as const },
    ];
    const got = shippedReports(
      ['a.xml', 'm.xml', 't.xml', 'd.xml', 'untouched.xml'].map((p) => report(p)),
      changed,
      [],
    );
    expect(got.map((s) => s.message)).toEqual([
      'report file a.xml is added by this change: a report the change ships is not evidence, and none of it was read',
      'report file m.xml is modified by this change: a report the change ships is not evidence, and none of it was read',
      'report file t.xml is retyped by this change: a report the change ships is not evidence, and none of it was read',
    ]);
  });

  test('a report outside the repository with the bytes of an added file is shipped', () => {
    const added = [
      { path: 'fixtures/same-size.xml', size: 10, digest: 'sha256:b' },
      { path: 'fixtures/evidence.xml', size: 10, digest: 'sha256:a' },
    ];
    const changed = added.map((a) => ({ path: a.path, status: 'A' as const }));
    expect(shippedReports([report(undefined, 10, 'sha256:a')], changed, added)).toEqual([
      {
        file: '/tmp/r.xml',
        kind: 'report',
        message:
          'report file /tmp/r.xml has the bytes of fixtures/evidence.xml, a file this change adds: a report the change ships is not evidence, and none of it was read',
      },
    ]);
    // Other bytes, or no digest read (no added file of its size): the run's own.
    expect(shippedReports([report(undefined, 10, 'sha256:c')], changed, added)).toEqual([]);
    expect(shippedReports([report(undefined, 10)], changed, added)).toEqual([]);
  });

  test('only sizes a report and an added file share are hashed', () => {
    expect([...sharedSizes([{ size: 1 }, { size: 2 }], [{ size: 2 }, { size: 3 }])]).toEqual([2]);
  });
});

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));
const out = mkdtempSync(path.join(tmpdir(), 'ledger-gate-origin-'));
const fixture = (rel: string) => readFileSync(path.join('__fixtures__/junit', rel), 'utf8');

let n = 0;
async function check(repo: Repo, ...args: string[]) {
  const json = path.join(out, `r${++n}.json`);
  const code = await main(['check', '--json', json, ...args], {
    cwd: repo.dir,
    stdout: () => undefined,
    stderr: () => undefined,
  });
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  const rules = (id: string | null) =>
    report.findings.filter((f) => f.id === id).map((f) => `${f.rule}:${f.result}`);
  return { code, report, rules };
}

/** check against main, with these report globs. */
const againstMain = (repo: Repo, ...junit: string[]) =>
  check(repo, '--base', 'main', ...junit.flatMap((j) => ['--junit', j]));

// The run's own report holds the skips project's tests; the planted one, a real vitest report
// of another project, holds the pass of `math > adds`, a test the run did not run.
const RUN = 'skips/vitest.xml';
const PLANTED = 'vitest/vitest.xml';
const PASSES = 'test/skips.test.js::skips > passes';
const ADDS = 'test/math.test.js::math > adds';

function gated(): Repo {
  const repo = new Repo();
  repos.push(repo);
  const files = { 'test/skips.test.js': 'skips\n', 'test/math.test.js': 'math\n' };
  const row = (id: string, file: keyof typeof files) => ({
    id,
    class: 'locked_fixture',
    digest: sha256(files[file]),
    artifact: file,
  });
  repo.write({
    ...files,
    '.gitignore': 'out/\n',
    'tests/ledger.yaml': ledgerYaml([
      row(PASSES, 'test/skips.test.js'),
      row(ADDS, 'test/math.test.js'),
    ]),
  });
  repo.commit('base');
  repo.branch('change');
  mkdirSync(path.join(repo.dir, 'out'));
  writeFileSync(path.join(repo.dir, 'out/run.xml'), fixture(RUN));
  return repo;
}

describe('check: report-in-change on real git repositories', () => {
  test('a report the change commits is not read: its pass is no result, and the change rejects', async () => {
    const repo = gated();
    repo.write({ 'evidence/extra.xml': fixture(PLANTED) });
    repo.commit('add a report', AGENT);
    const r = await againstMain(repo, 'out/run.xml', 'evidence/*.xml');
    expect(r.rules(null)).toContain('report-in-change:reject');
    expect(r.report.findings.find((f) => f.rule === 'report-in-change')).toMatchObject({
      file: 'evidence/extra.xml',
      message:
        'report file evidence/extra.xml is added by this change: a report the change ships is not evidence, and none of it was read',
    });
    // Its cases were not read: the row has no result in the run.
    expect(r.rules(ADDS)).toEqual(['classified-missing:reject']);
    expect(r.rules(PASSES)).toEqual(['fixture-unchanged:admit']);
    expect(r.code).toBe(1);

    // Control: the same report written by the run (untracked) is evidence.
    repo.write({ '.gitignore': 'out/\nevidence/\n' });
    repo.git('rm', '-q', '--cached', 'evidence/extra.xml');
    repo.commit('untrack it');
    const run = await againstMain(repo, 'out/run.xml', 'evidence/*.xml');
    expect(run.rules(ADDS)).toEqual(['fixture-unchanged:admit']);
    expect(run.rules(null)).not.toContain('report-in-change:reject');
  });

  test('an edit of a report tracked in the base is shipped too', async () => {
    const repo = gated();
    repo.git('checkout', '-q', 'main');
    repo.write({ 'evidence/old.xml': fixture(RUN) });
    repo.commit('a report in the base');
    repo.git('checkout', '-q', 'change');
    repo.git('merge', '-q', 'main');
    repo.write({ 'evidence/old.xml': fixture(PLANTED) });
    repo.commit('edit it', AGENT);
    const r = await againstMain(repo, 'out/run.xml', 'evidence/old.xml');
    expect(r.report.findings.find((f) => f.rule === 'report-in-change')?.message).toMatch(
      /^report file evidence\/old\.xml is modified by this change/,
    );
    expect(r.rules(ADDS)).toEqual(['classified-missing:reject']);
  });

  test('a copy of a file the change adds, placed outside the checkout (as $RUNNER_TEMP), is shipped', async () => {
    const repo = gated();
    repo.write({ 'test/fixtures/sample.xml': fixture(PLANTED) });
    repo.commit('a "fixture" that is a report', AGENT);
    const temp = mkdtempSync(path.join(tmpdir(), 'ledger-gate-runner-temp-'));
    writeFileSync(path.join(temp, 'junit-2.xml'), fixture(PLANTED));
    writeFileSync(path.join(temp, 'junit-1.xml'), fixture(RUN));
    const r = await check(repo, '--base', 'main', '--junit', path.join(temp, '*.xml'));
    const shipped = r.report.findings.filter((f) => f.rule === 'report-in-change');
    expect(shipped.map((f) => f.message)).toEqual([
      `report file ${path.join(temp, 'junit-2.xml')} has the bytes of test/fixtures/sample.xml, a file this change adds: a report the change ships is not evidence, and none of it was read`,
    ]);
    expect(r.rules(ADDS)).toEqual(['classified-missing:reject']);
    expect(r.rules(PASSES)).toEqual(['fixture-unchanged:admit']);
  });

  test('a collected list the change commits is not read either', async () => {
    const repo = gated();
    repo.write({ 'build-info/collected.txt': `${PASSES}\n${ADDS}\n` });
    repo.commit('add a collected list', AGENT);
    const r = await check(
      repo,
      ...['--base', 'main', '--junit', 'out/run.xml', '--collected', 'build-info/collected.txt'],
    );
    expect(r.report.findings.find((f) => f.rule === 'report-in-change')?.message).toMatch(
      /^collected list build-info\/collected\.txt is added by this change/,
    );
    expect(r.code).toBe(1);
  });

  test('without --base there is no change to ship a report: not checked (the diff rules are skipped)', async () => {
    const repo = gated();
    repo.write({ 'evidence/extra.xml': fixture(PLANTED) });
    repo.commit('add a report', AGENT);
    const r = await check(repo, '--junit', 'out/run.xml', '--junit', 'evidence/*.xml');
    expect(r.rules(null)).not.toContain('report-in-change:reject');
    expect(r.rules(ADDS)).toEqual(['fixture-unchanged:admit']);
  });
});
