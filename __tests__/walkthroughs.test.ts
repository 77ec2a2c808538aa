// The README's walkthrough blocks are the committed transcripts of real runs
// (scripts/sync-walkthroughs.mjs writes both), and those runs decide what the prose says.
import { expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const sync = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.resolve('scripts/sync-walkthroughs.mjs'), ...args], {
    cwd,
    encoding: 'utf8',
  });

const transcript = (name: string) => readFileSync(`docs/walkthroughs/${name}.txt`, 'utf8');

/** Each `ledger-gate check` of a transcript: its command line, decision and exit status. */
function checks(text: string) {
  return text
    .split(/\n(?=\$ )/)
    .filter((s) => s.startsWith('$ ledger-gate check'))
    .map((s) => ({
      base: s.split('\n')[0].includes('--base'),
      decision: /^ledger-gate: (\w+)$/m.exec(s)?.[1],
      exit: /^\[exit (\d+)\]$/m.exec(s)?.[1],
      body: s,
    }));
}

test('the README walkthrough blocks equal their transcripts (sync-walkthroughs --check)', () => {
  const r = sync(process.cwd(), '--check');
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

test('a README block that differs from its transcript is named, and --readme-only rewrites it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-walkthroughs-'));
  try {
    cpSync('README.md', path.join(dir, 'README.md'));
    mkdirSync(path.join(dir, 'docs'));
    cpSync('docs/walkthroughs', path.join(dir, 'docs/walkthroughs'), { recursive: true });
    const file = path.join(dir, 'docs/walkthroughs/jest.txt');
    writeFileSync(file, `${transcript('jest')}$ echo a newer run\n`);

    const stale = sync(dir, '--check');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('the jest walkthrough differs from docs/walkthroughs/jest.txt');
    expect(stale.stderr).not.toContain('pytest');

    expect(sync(dir, '--readme-only').status).toBe(0);
    expect(readFileSync(path.join(dir, 'README.md'), 'utf8')).toContain(
      '$ echo a newer run\n```\n<!-- walkthrough:jest:end -->',
    );
    expect(sync(dir, '--check').status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pytest: check admits the frozen run, asks review for a relock, rejects the agent patch', () => {
  expect(checks(transcript('pytest')).map((c) => [c.base, c.decision, c.exit])).toEqual([
    [false, 'admit', '0'],
    [true, 'review', '3'],
    [true, 'reject', '1'],
  ]);
});

test('jest: check admits the frozen run and rejects a classified test turned into a todo', () => {
  const text = transcript('jest');
  expect(text).toContain('--junit build/junit.xml --junit build/jest.json');
  const [frozen, agent] = checks(text);
  expect([frozen.decision, frozen.exit]).toEqual(['admit', '0']);
  expect([agent.decision, agent.exit]).toEqual(['reject', '1']);
  expect(agent.body).toMatch(/^reject classified-skip · 1/m);
  expect(agent.body).toContain('todo (a test not written yet) on a locked_fixture test');
});

test('vitest: check admits the frozen run', () => {
  expect(checks(transcript('vitest')).map((c) => [c.decision, c.exit])).toEqual([['admit', '0']]);
});

test('keeping: each honest commit reaches review or admit after one update, the agent trick rejects', () => {
  const text = transcript('keeping');
  const all = checks(text);
  expect(all.map((c) => [c.decision, c.exit])).toEqual([
    ['review', '3'], // (1) an edited test file
    ['review', '3'], // (2) a new parametrized case
    ['admit', '0'], // a production change alone
    ['review', '3'], // (3) a new test file
    ['review', '3'], // (4) a shared golden
    ['review', '3'], // (5) a deleted test
    ['reject', '1'], // (6) a rename, before update
    ['review', '3'], // (6) after it
    ['reject', '1'], // the agent's gutted assertion, re-locked by its own update
  ]);
  expect(all.every((c) => c.base)).toBe(true);
  // Between two checks there is at most one ledger-gate command: the one update.
  const between = text.split(/\n(?=\$ ledger-gate check)/).slice(1);
  for (const s of between) {
    expect(s.match(/^\$ ledger-gate (?!check)/gm)?.length ?? 0).toBeLessThanOrEqual(1);
  }
  const rename = all[6].body;
  expect(rename.match(/^ {4}fix: /gm)).toHaveLength(2);
  expect(rename.match(/^ {4}fix: ledger-gate update /gm)).toHaveLength(2);
  expect(all[8].body).toMatch(/^reject ledger-agent-edit · 1/m);
});
