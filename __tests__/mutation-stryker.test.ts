// The mutation pass with the real tools (issue 39): StrykerJS 10 and its jest runner mutate
// the lines `ledger-gate targets` names, and the built CLI judges the change's mutants by who
// classified the tests that kill them. Each play runs jest, Stryker and the gate for real.
import { afterAll, describe, expect, test } from '@jest/globals';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding, Report } from '../src/types.js';
import {
  capture,
  gateWithMutation,
  mutationBase,
  runJest,
  runStryker,
  strykerTargets,
} from './support/mutation-plays.js';
import { cli } from './support/plays.js';
import { AGENT, HUMAN, type Repo } from './support/repo.js';

const read = (repo: Repo, rel: string) => readFileSync(path.join(repo.dir, rel), 'utf8');
const DRAFT_ROW =
  '  - id: tests/agent_drafts/discount.test.js::discounts big sums\n    class: draft\n    source: agent\n    proposed_class: locked_fixture\n';

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

const DISCOUNT = [
  'function total(items) {',
  '  let sum = 0;',
  '  for (const i of items) sum += i.price * i.qty;',
  '  return sum;',
  '}',
  '',
  'function discount(sum) {',
  '  if (sum > 100) return sum * 0.9;',
  '  return sum;',
  '}',
  '',
  'module.exports = { total, discount };',
  '',
].join('\n');

const survived = (r: Report): Finding[] => r.findings.filter((f) => f.rule === 'mutant-survived');
const acting = (r: Report) =>
  [
    ...new Set(
      r.findings
        .filter((f) => f.result === 'reject' || f.result === 'review')
        .map((f) => `${f.rule}:${f.result}`),
    ),
  ].sort();

function play(): Repo {
  const repo = mutationBase();
  repos.push(repo);
  return repo;
}

describe('the mutation pass on real StrykerJS runs', () => {
  test("an agent's untested addition: its surviving mutants ask for review, on its lines", () => {
    const repo = play();
    repo.write({ 'src/price.js': DISCOUNT }).commit('add a discount', AGENT);
    runJest(repo);
    const mutate = strykerTargets(repo);
    expect(mutate).toEqual(['src/price.js:7-12']);
    runStryker(repo, mutate);
    capture(repo, 'stryker-jest-untested.json');
    const { code, report } = gateWithMutation(repo);
    expect(report.decision).toBe('review');
    expect(code).toBe(3);
    expect(acting(report)).toEqual(['mutant-survived:review']);
    const lines = survived(report).map((f) => `${f.file}:${f.line}`);
    expect(lines).toEqual(expect.arrayContaining(['src/price.js:8', 'src/price.js:9']));
    const on8 = survived(report).find((f) => f.line === 8)!;
    expect(on8.mutants!.map((m) => m.mutator)).toContain('EqualityOperator');
    expect(on8.mutants!.every((m) => m.why.startsWith('survived'))).toBe(true);
  }, 60_000);

  test('an honest refactor whose lines the classified tests kill is admitted under require-killed-mutants', () => {
    const repo = play();
    repo
      .write({
        'src/price.js': [
          'function total(items) {',
          '  return items.reduce((sum, i) => sum + i.price * i.qty, 0);',
          '}',
          '',
          'module.exports = { total };',
          '',
        ].join('\n'),
      })
      .commit('total by reduce', AGENT);
    runJest(repo);
    const mutate = strykerTargets(repo);
    expect(mutate).toEqual(['src/price.js:2-2']);
    const text = runStryker(repo, mutate);
    capture(repo, 'stryker-jest-refactor.json');
    expect(text).toContain('"Killed"');
    const { code, report } = gateWithMutation(repo, ['--require-killed-mutants']);
    expect(acting(report)).toEqual([]);
    expect(report.decision).toBe('admit');
    expect(code).toBe(0);

    // The same report after a later edit of the file is stale: it mutated other bytes.
    repo.write({ 'src/price.js': read(repo, 'src/price.js').replace('0);', '0) + 0;') });
    repo.commit('tweak', AGENT);
    const stale = gateWithMutation(repo, ['--require-killed-mutants']);
    expect(stale.report.decision).toBe('reject');
    const invalid = stale.report.findings.find((f) => f.rule === 'report-invalid')!;
    expect(invalid.message).toMatch(/stale: its source of src\/price\.js is not the head's bytes/);
  }, 60_000);

  test('mutants killed only by tests the change wrote (a promoted draft) do not count', () => {
    const repo = play();
    repo.write({
      'src/price.js': DISCOUNT,
      'tests/agent_drafts/discount.test.js': [
        "const { discount } = require('../../src/price');",
        "test('discounts big sums', () => {",
        '  expect(discount(200)).toBe(180);',
        '  expect(discount(100)).toBe(100);',
        '  expect(discount(50)).toBe(50);',
        '});',
        '',
      ].join('\n'),
    });
    appendFileSync(path.join(repo.dir, 'tests/ledger.yaml'), DRAFT_ROW);
    repo.commit('a discount and its draft test', AGENT);
    // A human promotes the agent's draft in the same pull request.
    const promoted = read(repo, 'tests/ledger.yaml').replace(
      DRAFT_ROW,
      '  - id: tests/agent_drafts/discount.test.js::discounts big sums\n    class: locked_fixture\n    artifact: tests/agent_drafts/discount.test.js\n',
    );
    repo.write({ 'tests/ledger.yaml': promoted });
    runJest(repo);
    const lock = cli(repo, ['relock', 'tests/agent_drafts/discount.test.js']);
    expect(lock.code).toBe(0);
    repo.commit('promote the discount test', HUMAN);
    const mutate = strykerTargets(repo);
    runStryker(repo, mutate);
    capture(repo, 'stryker-jest-own-tests.json');
    const { report } = gateWithMutation(repo);
    expect(report.decision).toBe('review');
    const on8 = survived(report).find((f) => f.line === 8)!;
    expect(on8.message).toContain('not killed by an admissible test');
    expect(on8.mutants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          why: expect.stringMatching(
            /killed only by .*discounts big sums \(a test file the change adds\)/,
          ),
        }),
      ]),
    );
    const strict = gateWithMutation(repo, ['--require-killed-mutants']);
    expect(strict.report.decision).toBe('reject');
    expect(acting(strict.report)).toContain('mutant-survived:reject');
  }, 60_000);
});
