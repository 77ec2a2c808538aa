// Real reports of PHPUnit, RSpec, CTest, Bats and Playwright Test (the tools and versions in
// each __fixtures__/junit/<producer>/VERSION; scripts/fixtures/regenerate.sh <producer>):
// the reader is found by content, every case's id and status is asserted, and `init` then
// `check` on the same run admits.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { run as check } from '../src/commands/check.js';
import { run as init } from '../src/commands/init.js';
import { mapCases } from '../src/junit/map.js';
import { parseReport } from '../src/junit/parse.js';
import { GateError, type Dialect } from '../src/types.js';

const DIR = '__fixtures__/junit';

type Expected = Record<string, string>;
const PRODUCERS: [string, Dialect, Expected][] = [
  [
    'phpunit/phpunit.xml',
    'phpunit',
    {
      'tests/CalcTest.php::testAdds': 'pass',
      'tests/CalcTest.php::testFailsOnPurpose': 'fail',
      'tests/CalcTest.php::testThrows': 'error',
      'tests/CalcTest.php::testSkipped': 'skip',
      // PHPUnit 9 writes an incomplete test as <skipped/>, like a skipped one.
      'tests/CalcTest.php::testIncomplete': 'skip',
      // Risky (no assertion): written as an <error>, never a pass.
      'tests/CalcTest.php::testRisky': 'error',
      'tests/CalcTest.php::testProvided with data set "one"': 'pass',
      'tests/CalcTest.php::testProvided with data set "two"': 'pass',
      'tests/CalcTest.php::testProvided with data set #0': 'fail',
      'tests/OtherTest.php::testAdds': 'pass',
    },
  ],
  [
    'rspec/rspec.xml',
    'rspec',
    {
      'spec/calc_spec.rb::Calc adds': 'pass',
      'spec/calc_spec.rb::Calc fails on purpose': 'fail',
      // rspec_junit_formatter writes an exception as a <failure>, as RSpec counts it.
      'spec/calc_spec.rb::Calc raises': 'fail',
      'spec/calc_spec.rb::Calc is skipped': 'skip',
      'spec/calc_spec.rb::Calc is pending via xit': 'skip',
      'spec/calc_spec.rb::Calc is pending and fails': 'skip',
      'spec/calc_spec.rb::Calc is a todo': 'skip',
      // Two examples with one description in one file: one id, its worst result.
      'spec/calc_spec.rb::Calc same name': 'fail',
      'spec/calc_spec.rb::Calc when nested adds': 'pass',
      'spec/other_spec.rb::Other adds': 'pass',
    },
  ],
  [
    'ctest/ctest.xml',
    'ctest',
    {
      'passes::passes': 'pass',
      'fails::fails': 'fail',
      'skips::skips': 'skip',
      'disabled::disabled': 'skip',
      // Written as <skipped> (status notrun); CTest counts it failed: its verdict wins.
      'missing::missing': 'fail',
      'with space::with space': 'pass',
      'will_fail_passes::will_fail_passes': 'pass',
      'timeout::timeout': 'fail',
      'flaky::flaky': 'fail',
    },
  ],
  [
    // --repeat until-pass:2 writes only the last attempt: the rerun leaves no trace.
    'ctest/ctest-repeat.xml',
    'ctest',
    {
      'passes::passes': 'pass',
      'will_fail_passes::will_fail_passes': 'pass',
      'flaky::flaky': 'pass',
    },
  ],
  [
    'bats/bats.xml',
    'bats',
    {
      'calc.bats::adds': 'pass',
      'calc.bats::fails on purpose': 'fail',
      'calc.bats::is skipped': 'skip',
      'calc.bats::passes on retry': 'pass',
      'calc.bats::has <markup> & "quotes"': 'pass',
      'other.bats::adds': 'pass',
    },
  ],
  [
    'playwright/playwright.xml',
    'playwright',
    {
      'calc.spec.mjs::adds': 'pass',
      'calc.spec.mjs::fails on purpose': 'fail',
      'calc.spec.mjs::is skipped': 'skip',
      'calc.spec.mjs::is a fixme': 'skip',
      // test.fail() that failed: a pass, as Playwright counts it.
      'calc.spec.mjs::fails as expected': 'pass',
      'calc.spec.mjs::group › nested <markup> & "quotes"': 'pass',
      // Passed on its retry: written as a plain pass (Playwright's list says "flaky").
      'calc.spec.mjs::passes on retry': 'pass',
      'calc.spec.mjs::same name': 'pass',
      'calc.spec.mjs::other › same name': 'pass',
    },
  ],
];

const rootOf = (file: string) => `/repo/scripts/fixtures/${file.split('/')[0]}`;

describe.each(PRODUCERS)('%s', (file, dialect, expected) => {
  const text = readFileSync(`${DIR}/${file}`, 'utf8');

  test(`is read as ${dialect}, every case's id and status`, () => {
    const report = parseReport(text, file);
    expect(report.dialect).toBe(dialect);
    const { tests, unmapped } = mapCases([report], { repoRoot: rootOf(file) });
    expect(unmapped).toEqual([]);
    expect(Object.fromEntries(tests.map((t) => [t.id, t.status]))).toEqual(expected);
  });

  test('init then check on the same run admits', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'producer-'));
    try {
      mkdirSync(join(repo, 'build'));
      writeFileSync(
        join(repo, 'build/report.xml'),
        text.replaceAll(`${rootOf(file)}/`, `${repo}/`),
      );
      const io = {
        cwd: repo,
        stdout: () => {},
        stderr: () => {},
        now: new Date('2026-11-29T12:00:00Z'),
      };
      mkdirSync(join(repo, 'tests'));
      writeFileSync(join(repo, 'tests/golden.txt'), 'golden\n');
      const rule = ['--rule', '*=locked_fixture:tests/golden.txt'];
      expect(await init(['--junit', 'build/report.xml', '--owner', 'qa', ...rule], io)).toBe(0);
      let err = '';
      const json = join(repo, 'build/report.json');
      const code = await check(['--junit', 'build/report.xml', '--json', json], {
        ...io,
        stderr: (s) => (err += s),
      });
      const findings = JSON.parse(readFileSync(json, 'utf8')).findings as {
        id: string;
        result: string;
        rule: string;
      }[];
      // Same-named examples with different results are what no row admits (rspec's twins).
      const rejected = findings
        .filter((f) => f.result === 'reject')
        .map((f) => `${f.rule} ${f.id}`);
      expect(rejected).toEqual(
        file === 'rspec/rspec.xml' ? ['quarantine-pass spec/calc_spec.rb::Calc same name'] : [],
      );
      expect(err).toBe(rejected.length ? 'ledger-gate: reject\n' : 'ledger-gate: admit\n');
      expect(code).toBe(rejected.length ? 1 : 0);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

test('bats 1.8 garbles its junit report after a retry: refused, with the reason', () => {
  const file = `${DIR}/bats/bats-retry.xml`;
  const tap = readFileSync(`${DIR}/bats/bats-retry.tap`, 'utf8');
  // bats' own verdicts for that run: every test ran and all but one passed.
  expect(tap).toContain('ok 4 passes on retry');
  expect(() => parseReport(readFileSync(file, 'utf8'), file)).toThrow(GateError);
  expect(() => parseReport(readFileSync(file, 'utf8'), file)).toThrow(
    /bats wrote a case named 'begin 4 passes on retry'/,
  );
});

test('CTest: a status CTest does not write is refused', () => {
  const xml =
    '<testsuite name="x"><testcase name="a" classname="a" time="0" status="weird"/></testsuite>';
  expect(() => parseReport(xml, 'c.xml')).toThrow(/CTest status 'weird'/);
});
