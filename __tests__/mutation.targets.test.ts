// `ledger-gate targets` (src/targets/targets.ts) and the judged lines' blame reader
// (src/adapters/git/blame.ts) on a real git repository: which lines to mutate, which tests the
// base run judges, and which head lines an agent's commit wrote.
import { afterAll, describe, expect, test } from '@jest/globals';
import { changedLineCommits } from '../src/adapters/git/blame.js';
import { diffText } from '../src/adapters/git/diff-text.js';
import { parseAddedLines } from '../src/code/added-lines.js';
import { parseLedger } from '../src/ledger/parse.js';
import { baseRunTargets, mutateRanges } from '../src/targets/targets.js';
import { AGENT, HUMAN, Repo } from './support/repo.js';

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

const lines = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `line ${i + 1} ${tag}`).join('\n') + '\n';

describe('the lines a change wrote', () => {
  const repo = new Repo('ledger-gate-targets-');
  repos.push(repo);
  repo.write({ 'src/a.js': lines(10, 'base'), 'tests/a.test.js': 'old\n' });
  const base = repo.commit('base', HUMAN);
  repo.branch('change');
  const edit = lines(10, 'base')
    .replace('line 3 base', 'line 3 agent')
    .replace('line 4 base', 'line 4 agent');
  repo.write({ 'src/a.js': edit + 'line 11 agent\n', 'tests/a.test.js': 'new\n' });
  const agent = repo.commit('agent edit', AGENT);
  repo.write({ 'src/a.js': edit.replace('line 8 base', 'line 8 human') + 'line 11 agent\n' });
  const human = repo.commit('human edit', HUMAN);

  test('--for stryker: each run of changed production lines as path:start-end', async () => {
    const added = parseAddedLines(await diffText(repo.dir, base, 'HEAD'));
    expect(mutateRanges(added, (p) => p.startsWith('src/'))).toEqual([
      'src/a.js:3-4',
      'src/a.js:8-8',
      'src/a.js:11-11',
    ]);
  });

  test('blame over base..head: each changed head line with the commit that wrote it, older lines absent', async () => {
    const by = await changedLineCommits(repo.dir, base, 'HEAD', 'src/a.js');
    expect([...by].sort((a, b) => a[0] - b[0])).toEqual([
      [3, agent],
      [4, agent],
      [8, human],
      [11, agent],
    ]);
    await expect(changedLineCommits(repo.dir, 'main', 'HEAD', 'src/a.js')).rejects.toThrow(
      /not a commit sha/,
    );
  });
});

describe('--for base-run: the tests whose judgement the base run can change', () => {
  const ledger = (rows: string) =>
    parseLedger(`version: 1\nrows:\n${rows}`, 'tests/ledger.yaml').ledger!;
  const P = (id: string) =>
    `  - id: ${id}\n    class: property\n    invariant: holds\n    seeds: tests/seeds\n`;
  const base = ledger(
    P('tests/test_a.py::test_old') +
      `  - id: tests/test_d.py::test_draft\n    class: draft\n    source: agent\n    proposed_class: property\n`,
  );
  const head = ledger(
    P('tests/test_a.py::test_old') +
      P('tests/test_d.py::test_draft') +
      P('tests/test_n.py::test_new') +
      P('tests/test_f.py::*'),
  );
  const changed = [
    { path: 'tests/test_e.py', status: 'M' as const },
    { path: 'tests/test_gone.py', status: 'D' as const },
    { path: 'src/x.py', status: 'M' as const },
  ];
  const isTest = (p: string) => p.startsWith('tests/');
  test('jest and vitest: files (promoted, newly classified, file rows, edited)', () => {
    expect(baseRunTargets({ head, base, changed, isTest, runner: 'jest' })).toEqual([
      'tests/test_d.py',
      'tests/test_e.py',
      'tests/test_f.py',
      'tests/test_n.py',
    ]);
  });
  test('pytest: node ids, and whole files where a file row or an edit asks for the file', () => {
    expect(baseRunTargets({ head, base, changed, isTest, runner: 'pytest' })).toEqual([
      'tests/test_d.py::test_draft',
      'tests/test_e.py',
      'tests/test_f.py',
      'tests/test_n.py::test_new',
    ]);
  });
  test('nothing new: nothing to run', () => {
    expect(baseRunTargets({ head: base, base, changed: [], isTest, runner: 'pytest' })).toEqual([]);
  });
});
