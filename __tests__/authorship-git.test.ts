// Authorship read from real git repositories through `ledger-gate check`: commits are read
// with git's own record and trailer parsers, and each ledger row's change belongs to the
// commit that last touched it (the agent-to-human promotion flow of §3).
import { afterAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AGENT,
  HUMAN,
  Repo,
  SCENARIO_FILE,
  ledgerYaml,
  pytestXunit1,
  scenarioCases,
  scenarioRows,
  type Author,
} from './support/repo.js';
import { check as checkIn } from './support/check.js';

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));
const out = mkdtempSync(path.join(tmpdir(), 'ledger-gate-authorship-'));
const F = SCENARIO_FILE;
const GOLDEN = 'golden bytes v1\n';
const rowsBase = () => scenarioRows(GOLDEN, '2026-09-10');

function baseRepo(): Repo {
  const repo = new Repo();
  repos.push(repo);
  repo.write({
    'tests/ledger.yaml': ledgerYaml(rowsBase()),
    'tests/goldens/a.txt': GOLDEN,
    'tests/seeds/p/one.json': '[1]\n',
    'src/lib.py': 'def f():\n    return 1\n',
    'build/junit.xml': pytestXunit1(scenarioCases()),
  });
  repo.commit('base');
  repo.branch('change');
  return repo;
}

/** A commit whose message comes from a file (any bytes, any length), author and committer apart. */
function commitWith(repo: Repo, message: string, author: Author, committer: Author = author) {
  const file = path.join(out, `msg-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, message);
  repo.git('add', '-A');
  repo.git(
    '-c',
    `user.name=${committer.name}`,
    '-c',
    `user.email=${committer.email}`,
    'commit',
    '-q',
    '--allow-empty',
    '--cleanup=verbatim',
    `--author=${author.name} <${author.email}>`,
    '-F',
    file,
  );
}

/** check against main, the base every test here branches from. */
const check = (repo: Repo, ...args: string[]) => checkIn(repo, '--base', 'main', ...args);

const NEW = `${F}::test_new_idea`;
/** The base ledger plus one row, and a run in which that row's test passes. */
const addRow = (repo: Repo, row: Record<string, string>) =>
  repo.write({
    'tests/ledger.yaml': ledgerYaml([...rowsBase(), row]),
    'build/junit.xml': pytestXunit1([...scenarioCases(), { file: F, name: 'test_new_idea' }]),
  });

describe('commits are read with git’s own parsers', () => {
  test('a 0x1E byte in the message does not hide the agent trailer after it', async () => {
    // The old reader split records on 0x1E and dropped the fragment holding the trailer.
    const repo = baseRepo();
    addRow(repo, { id: NEW, class: 'property', invariant: 'x', seeds: 'tests/seeds/p/' });
    commitWith(
      repo,
      'add a row\n\nbody \x1e with a record separator\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n',
      HUMAN,
    );
    const r = await check(repo);
    expect(r.code).toBe(1);
    expect(r.rules).toContain(`ledger-agent-edit:${NEW}`);
    expect(
      r.report.findings.find((f) => f.id === NEW && f.rule.startsWith('ledger-'))?.message,
    ).toMatch(/Co-authored-by noreply@anthropic\.com/);
  });

  test('a 100 KB trailer line of spaces is read in linear time, and its real trailer still counts', async () => {
    // `Co-authored-by: a`, spaces, `b`, spaces, `<x`: 75 s at 6 KB under the old regex.
    const repo = baseRepo();
    addRow(repo, { id: NEW, class: 'property', invariant: 'x', seeds: 'tests/seeds/p/' });
    const bomb = `Co-authored-by: a${' '.repeat(50_000)}b${' '.repeat(50_000)}<x`;
    commitWith(
      repo,
      `add a row\n\n${bomb}\nCo-authored-by: helper[bot] <1+helper[bot]@users.noreply.github.com>\n`,
      HUMAN,
    );
    const r = await check(repo);
    expect(r.rules).toContain(`ledger-agent-edit:${NEW}`);
  });

  test('a committer that is an agent makes the commit an agent’s', async () => {
    const repo = baseRepo();
    addRow(repo, { id: NEW, class: 'property', invariant: 'x', seeds: 'tests/seeds/p/' });
    commitWith(repo, 'add a row\n', HUMAN, {
      name: 'Dana Human (aider)',
      email: 'dana@example.com',
    });
    const r = await check(repo);
    expect(r.rules).toContain(`ledger-agent-edit:${NEW}`);
    expect(
      r.report.findings.find((f) => f.id === NEW && f.rule.startsWith('ledger-'))?.message,
    ).toMatch(/committer Dana Human \(aider\)/);
  });

  test('a trailer git does not read as one (mid-message) does not make a human commit an agent’s', async () => {
    const repo = baseRepo();
    addRow(repo, { id: NEW, class: 'property', invariant: 'x', seeds: 'tests/seeds/p/' });
    commitWith(
      repo,
      'add a row\n\nCo-authored-by: Claude <noreply@anthropic.com>\n\nThe line above is quoted, not a trailer.\n',
      HUMAN,
    );
    const r = await check(repo);
    expect(r.code).toBe(3);
    expect(r.rules).toContain(`ledger-contract-change:${NEW}`);
  });
});

describe('the agent-to-human promotion flow (each row by the commit that last touched it)', () => {
  const draft = { id: NEW, class: 'draft', source: 'agent', proposed_class: 'property' };
  const promoted = { id: NEW, class: 'property', invariant: 'x', seeds: 'tests/seeds/p/' };

  test('agent draft → reject; human promotes → review; agent edits the promoted row → reject', async () => {
    const repo = baseRepo();

    // 1. The agent appends a draft row with its passing test.
    addRow(repo, draft);
    repo.commit('add test_new_idea as a draft', AGENT);
    const first = await check(repo);
    expect(first.code).toBe(1);
    expect(first.rules).toContain(`draft-pass:${NEW}`);
    expect(first.rules.filter((r) => r.startsWith('ledger-'))).toEqual([]);

    // 2. A human promotes it in the same pull request: a contract change, for review.
    addRow(repo, promoted);
    repo.commit('promote test_new_idea', HUMAN);
    const second = await check(repo);
    expect(second.code).toBe(3);
    expect(second.report.decision).toBe('review');
    const review = second.report.findings.find((f) => f.rule === 'ledger-contract-change');
    expect(review?.id).toBe(NEW);
    expect(review?.message).toMatch(/last touched in [0-9a-f]{12} by Dana Human/);
    // The approval accepts exactly this row, as the head has it (paths in their canonical form).
    expect(review?.accepts).toBe(`${NEW}: class property, invariant x, seeds tests/seeds/p`);
    expect(second.stdout).toContain('an approval accepts');

    // 3. A later agent commit that leaves the row alone leaves it the human's.
    repo.write({ 'src/lib.py': 'def f():\n    return 2\n' });
    repo.commit('unrelated agent work', AGENT);
    expect((await check(repo)).code).toBe(3);

    // 4. The agent edits the promoted row: now the row's last change is the agent's.
    addRow(repo, { ...promoted, invariant: 'y' });
    repo.commit('tweak the invariant', AGENT);
    const fourth = await check(repo);
    expect(fourth.code).toBe(1);
    expect(fourth.rules).toContain(`ledger-agent-edit:${NEW}`);
    expect(fourth.rules).not.toContain(`ledger-contract-change:${NEW}`);
  });

  test('a human row edit beside an agent’s row edit: each judged by its own commit', async () => {
    const repo = baseRepo();
    const rows = rowsBase();
    rows[1] = { ...rows[1], invariant: 'human_choice' };
    repo.write({ 'tests/ledger.yaml': ledgerYaml(rows) });
    repo.commit('rename the invariant', HUMAN);
    repo.write({ 'tests/ledger.yaml': ledgerYaml([...rows, promoted]) });
    repo.commit('add a property row', AGENT);
    const r = await check(repo);
    expect(r.code).toBe(1);
    expect(r.rules).toContain(`ledger-contract-change:${F}::test_property`);
    expect(r.rules).toContain(`ledger-agent-edit:${NEW}`);
  });

  test('--author overrides per-row attribution for every row', async () => {
    const repo = baseRepo();
    addRow(repo, draft);
    repo.commit('draft', AGENT);
    addRow(repo, promoted);
    repo.commit('promote', HUMAN);
    const r = await check(repo, '--author', 'agent');
    expect(r.rules).toContain(`ledger-agent-edit:${NEW}`);
  });
});
