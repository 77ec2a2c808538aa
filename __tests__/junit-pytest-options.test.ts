// pytest's own report options, alone and combined, on pytest 7, 8 and 9 (real reports in
// __fixtures__/junit/pytest-options/pytestN/, scripts/fixtures/regenerate.sh pytest_options):
// every case's id and status is the one pytest's terminal report (-rA -v, kept beside each
// report as NAME.txt) gives, and every module skipped or broken at collection is kept.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { parseCollected } from '../src/junit/collected.js';
import { mapCases } from '../src/junit/map.js';
import { parseReport } from '../src/junit/parse.js';
import { dottedModule } from '../src/junit/pytest.js';

const DIR = '__fixtures__/junit/pytest-options';
// The scrubbed reports write the project's path as /repo/scripts/fixtures/pytest-options.
const ROOT = '/repo/scripts/fixtures/pytest-options';
const VERDICTS = 'PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS|RERUN';
// `id VERDICT … [ n%]`, or with xdist `[gwN] [ n%] VERDICT id`.
const PLAIN = new RegExp(`^(\\S+::\\S+) (${VERDICTS})\\b`);
const XDIST = new RegExp(`^\\[gw\\d+\\] \\[\\s*\\d+%\\] (${VERDICTS}) (\\S+::\\S+)`);
const AS_GATE: Record<string, string> = {
  PASSED: 'pass',
  FAILED: 'fail',
  ERROR: 'error',
  SKIPPED: 'skip',
  XFAIL: 'skip xfail',
  XPASS: 'pass',
};

/** pytest's verdicts: per test id its last one (a RERUN is followed by the final), and modules. */
function terminal(text: string) {
  const ids: Record<string, string> = {};
  const skippedModules = new Set<string>();
  const brokenModules = new Set<string>();
  const files = new Set<string>();
  for (const line of text.split('\n')) {
    const m = PLAIN.exec(line) ?? XDIST.exec(line);
    if (m) {
      const [id, verdict] = PLAIN.test(line) ? [m[1], m[2]] : [m[2], m[1]];
      files.add(id.split('::')[0]);
      if (verdict !== 'RERUN') ids[id] = AS_GATE[verdict];
      continue;
    }
    const skip = /^SKIPPED \[\d+\] ([^:]+\.py):\d+: /.exec(line);
    if (skip) skippedModules.add(skip[1]);
    const error = /^ERROR (\S+\.py)(?: |$)/.exec(line);
    if (error) brokenModules.add(error[1]);
  }
  // Skips of tests are listed by location too: the modules are those without a test.
  for (const f of files) skippedModules.delete(f);
  return { ids, skippedModules: [...skippedModules].sort(), brokenModules: [...brokenModules] };
}

const versions = readdirSync(DIR).filter((d) => d.startsWith('pytest'));

test('reports of pytest 7, 8 and 9 are here', () => {
  expect(versions.sort()).toEqual(['pytest7', 'pytest8', 'pytest9']);
  for (const v of versions) {
    expect(readFileSync(`${DIR}/${v}/VERSION`, 'utf8')).toMatch(
      new RegExp(`^pytest ${v.slice(6)}\\.`),
    );
  }
});

describe.each(versions)('%s', (version) => {
  const dir = `${DIR}/${version}`;
  const collected = parseCollected(readFileSync(`${dir}/collected-ids.txt`, 'utf8'), 'c.txt');
  const reports = readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => f.slice(0, -4));

  test('every option the generator runs has its report', () => {
    expect(reports.sort()).toEqual(
      [
        'combined-xunit1',
        'combined-xunit2',
        'duration-call',
        'legacy',
        'log-passing-false',
        'logging-all',
        'logging-log',
        'logging-no',
        'logging-out-err',
        'logging-system-err',
        'logging-system-out',
        'prefix',
        'prefix-xunit1',
        'reruns',
        'suite-name',
        'xdist',
        'xunit1',
        'xunit2',
      ].sort(),
    );
  });

  test.each(reports)('%s: ids and statuses as pytest reported them', (name) => {
    const want = terminal(readFileSync(`${dir}/${name}.txt`, 'utf8'));
    expect(Object.keys(want.ids).length).toBe(collected.length);
    const report = parseReport(readFileSync(`${dir}/${name}.xml`, 'utf8'), `${name}.xml`);
    expect(report.dialect).toBe('pytest');
    const { tests, unmapped, collection } = mapCases([report], { collected, repoRoot: ROOT });
    expect(unmapped).toEqual([]);
    const got = Object.fromEntries(
      tests.map((t) => [t.id, t.outcome ? `${t.status} ${t.outcome}` : t.status]),
    );
    expect(got).toEqual(want.ids);
    // Modules as pytest names them (xunit2 gives a broken module no file); a skipped one
    // keeps its file, from the skip's own text.
    const modules = (k: string) =>
      collection
        .filter((o) => o.kind === k)
        .map((o) => o.module)
        .sort();
    expect(modules('collection-skipped')).toEqual(want.skippedModules.map(dottedModule));
    expect(modules('collection-error')).toEqual(want.brokenModules.map(dottedModule));
    for (const o of collection.filter((c) => c.kind === 'collection-skipped')) {
      expect(want.skippedModules).toContain(o.file);
    }
  });

  test.each(reports.filter((r) => /^(xunit1|legacy|prefix-xunit1|combined-xunit1)$/.test(r)))(
    '%s: without --collected, the xunit1 ids are the same',
    (name) => {
      const report = parseReport(readFileSync(`${dir}/${name}.xml`, 'utf8'), `${name}.xml`);
      const { tests, unmapped } = mapCases([report], {});
      expect(unmapped).toEqual([]);
      expect(tests.map((t) => t.id).sort()).toEqual([...collected].sort());
    },
  );
});
