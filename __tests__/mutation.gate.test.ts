// The mutation pass through `check` in-process on a real git repository: which lines are
// judged (an agent's commit and a human's in one file: git blame tells them apart), the
// scope that judges both, and a report the change ships.
import { afterAll, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { check } from './support/check.js';
import { AGENT, HUMAN, Repo, ledgerYaml } from './support/repo.js';

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

const src = (tag3: string, tag7: string) =>
  Array.from({ length: 10 }, (_, i) =>
    i === 2 ? `const a3 = ${tag3};` : i === 6 ? `const a7 = ${tag7};` : `const a${i + 1} = 0;`,
  ).join('\n') + '\n';

function mutationReport(source: string): string {
  const mutant = (id: string, line: number) => ({
    id,
    mutatorName: 'NumberLiteral',
    replacement: '-1',
    location: { start: { line, column: 12 }, end: { line, column: 13 } },
    status: 'Survived',
  });
  return JSON.stringify({
    schemaVersion: '2',
    thresholds: { high: 80, low: 60 },
    framework: { name: 'StrykerJS', version: '10.0.0' },
    config: { testRunner: 'jest' },
    files: {
      'src/a.js': {
        language: 'javascript',
        source,
        mutants: [mutant('1', 3), mutant('2', 5), mutant('3', 7)],
      },
    },
    testFiles: { 'tests/a.test.js': { tests: [{ id: '0', name: 'adds' }] } },
  });
}

function repository(): Repo {
  const repo = new Repo('ledger-gate-mutation-gate-');
  repos.push(repo);
  repo.write({
    'src/a.js': src('0', '0'),
    'tests/a.test.js': '// adds\n',
    'tests/seeds/one.json': '{}\n',
    'tests/ledger.yaml': ledgerYaml([
      { id: 'tests/a.test.js::adds', class: 'property', invariant: 'adds', seeds: 'tests/seeds' },
    ]),
    'build/junit.xml':
      '<testsuites><testsuite name="t" tests="1"><testcase classname="t" name="adds" file="tests/a.test.js" time="0"/></testsuite></testsuites>',
  });
  repo.commit('base', HUMAN);
  repo.branch('change');
  repo.write({ 'src/a.js': src('1', '0') }).commit('the agent changes line 3', AGENT);
  repo.write({ 'src/a.js': src('1', '2') }).commit('a human changes line 7', HUMAN);
  repo.write({
    'build/mutation.json': mutationReport(readFileSync(path.join(repo.dir, 'src/a.js'), 'utf8')),
  });
  return repo;
}

const survived = (r: { report: { findings: { rule: string; file?: string; line?: number }[] } }) =>
  r.report.findings.filter((f) => f.rule === 'mutant-survived').map((f) => `${f.file}:${f.line}`);

describe('the judged lines of a change two authors wrote', () => {
  test("scope agent: only the agent's line; scope change: every changed line; never an unchanged one", async () => {
    const repo = repository();
    const agent = await check(repo, '--base', 'main', '--mutation-report', 'build/mutation.json');
    expect(survived(agent)).toEqual(['src/a.js:3']);
    expect(agent.report.decision).toBe('review');
    const all = await check(
      repo,
      '--base',
      'main',
      '--mutation-report',
      'build/mutation.json',
      '--mutation-scope',
      'change',
    );
    expect(survived(all)).toEqual(['src/a.js:3', 'src/a.js:7']);
  });

  test('a mutation report the change ships is report-in-change, and its mutants count for nothing', async () => {
    const repo = repository();
    repo.write({
      'mutation/mutation.json': readFileSync(path.join(repo.dir, 'build/mutation.json')),
    });
    repo.commit('ship a report', HUMAN);
    const r = await check(
      repo,
      '--base',
      'main',
      '--mutation-report',
      'mutation/mutation.json',
      '--require-killed-mutants',
    );
    expect(r.report.decision).toBe('reject');
    expect(r.rules).toContain('report-in-change:-');
    expect(r.report.findings.find((f) => f.rule === 'mutant-survived')).toMatchObject({
      result: 'reject',
      line: 3,
      message: expect.stringContaining('not mutated'),
    });
  });

  test('--mutation-report without --base, or a scope without a report, is a usage error', async () => {
    const repo = repository();
    const no = await check(repo, '--mutation-report', 'build/mutation.json');
    expect(no.code).toBe(2);
    expect(no.stderr).toContain('--mutation-report needs --base REF');
    const scope = await check(repo, '--base', 'main', '--mutation-scope', 'change');
    expect(scope.stderr).toContain('need --mutation-report GLOB');
  });
});
