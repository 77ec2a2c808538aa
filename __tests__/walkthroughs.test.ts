// The output blocks of README.md and docs/ are the committed transcripts of real runs
// (scripts/sync-walkthroughs.mjs writes both), and those runs decide what the prose says.
import { expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

test('the walkthrough blocks of README.md and docs/ equal their transcripts (sync-walkthroughs --check)', () => {
  const r = sync(process.cwd(), '--check');
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

test('a block that differs from its transcript is named with its page, and --readme-only rewrites it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-walkthroughs-'));
  try {
    cpSync('README.md', path.join(dir, 'README.md'));
    cpSync('docs', path.join(dir, 'docs'), { recursive: true });
    const file = path.join(dir, 'docs/walkthroughs/jest.txt');
    writeFileSync(file, `${transcript('jest')}$ echo a newer run\n`);

    const stale = sync(dir, '--check');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain(
      'docs/adopting.md: the jest walkthrough differs from docs/walkthroughs/jest.txt',
    );
    expect(stale.stderr).not.toContain('pytest');

    expect(sync(dir, '--readme-only').status).toBe(0);
    expect(readFileSync(path.join(dir, 'docs/adopting.md'), 'utf8')).toContain(
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
  // The rename's two findings are cleared by the one update the top block offers.
  const rename = all[6].body;
  const top = rename.split('\n\n')[0];
  expect(top.match(/^ {4}ledger-gate /gm)).toHaveLength(1);
  expect(top).toMatch(/^ {4}ledger-gate update --junit /m);
  expect(rename).toMatch(/^reject unclassified · 1/m);
  expect(rename).toMatch(/^reject classified-missing · 1/m);
  expect(all[8].body).toMatch(/^reject ledger-agent-edit · 1/m);
});

test('setup: one command writes the workflow, the ledger and CODEOWNERS, and the frozen run admits', () => {
  const text = transcript('setup');
  const [first, check, again] = text.split(/\n(?=\$ ledger-gate )/).slice(1);
  expect(first).toMatch(/^\.github\/workflows\/tests\.yml: wrote pytest, then the gate/m);
  expect(first).toMatch(/^tests\/ledger\.yaml: wrote \d+ rows/m);
  expect(first).toMatch(/^\.github\/CODEOWNERS: wrote \d+ lines$/m);
  expect(first).toContain('search for and add the check named ledger-gate');
  expect(first).toMatch(/then remove it\.\n\[exit 0\]\n/);
  expect(check).toMatch(/^ledger-gate: admit\n\[exit 0\]$/m);
  expect(again).toContain('refusing to overwrite (add --force');
  expect(again).toMatch(/\[exit 1\]\n$/);
});

test('demo: the short report of the CLI on the bundled example rejects, its commands in one block on top', () => {
  const text = transcript('demo');
  const [report] = checks(text);
  expect([report.decision, report.exit]).toEqual(['reject', '1']);
  expect(report.body.match(/^reject [\w-]+ · \d+ — /gm)).toHaveLength(3);
  // One command per finding to clear, all in the block before the first finding.
  const top = report.body.split('\n\n')[0];
  expect(top.match(/^ {4}ledger-gate /gm)).toHaveLength(3);
  expect(report.body.slice(top.length)).not.toMatch(/^ {4}ledger-gate /m);
  expect(text).toContain('unknown option --junti (did you mean --junit?)');
});

test('ledger: every upkeep command of docs/ledger.md, with its refusals (exit 1)', () => {
  const text = transcript('ledger');
  for (const cmd of [
    'init',
    'update',
    'lock',
    'relock',
    'property',
    'quarantine',
    'promote',
    'drop',
    'digest',
    'lint',
  ])
    expect([
      cmd,
      text.includes(`$ ledger-gate ${cmd} `) || text.includes(`$ ledger-gate ${cmd}\n`),
    ]).toEqual([cmd, true]);
  expect(text).toContain('refusing to overwrite it (add --force to replace it)');
  expect(text).toMatch(/did you mean "tests\/test_parse\.py::test_render_c"\?/);
  expect(text).toMatch(/\[exit 1\]/);
});

/** Every fenced block of README.md and docs/ that shows a command line (`$ ` at a line's start). */
function commandBlocks(): { where: string; outside: boolean }[] {
  const files = [
    'README.md',
    ...readdirSync('docs', { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  return files.flatMap((file) => {
    const lines = readFileSync(file, 'utf8').split('\n');
    const out: { where: string; outside: boolean }[] = [];
    let inside = false;
    for (let i = 0; i < lines.length; i++) {
      if (/^<!-- walkthrough:[\w#-]+:start -->$/.test(lines[i])) inside = true;
      if (/^<!-- walkthrough:[\w#-]+:end -->$/.test(lines[i])) inside = false;
      const fence = /^```(\w*)$/.exec(lines[i]);
      if (!fence) continue;
      const start = i;
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]);
      // Output is shown in console, text or bare fences; sh and yaml hold input.
      if (['console', 'text', ''].includes(fence[1]) && body.some((l) => l.startsWith('$ ')))
        out.push({ where: `${file}:${start + 1}`, outside: !inside });
    }
    return out;
  });
}

test('every block of command output in README.md and docs/ is a transcript of a real run', () => {
  const blocks = commandBlocks();
  expect(blocks.length).toBeGreaterThanOrEqual(10);
  expect(blocks.filter((b) => b.outside).map((b) => b.where)).toEqual([]);
});
