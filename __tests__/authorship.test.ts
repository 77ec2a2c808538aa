// Authorship over attacker text: the glob matcher, the trailer values and git's commit
// records are read in linear time, and a row's change belongs to the commit that last
// touched it. Pure functions over strings; the real-git cases are in authorship-git.test.ts.
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import {
  DEFAULT_AGENT_AUTHORS,
  agentMatcher,
  agentSign,
  globMatch,
  judgeAuthorship,
  lastTouchers,
  parseIdentity,
  rowAuthorship,
} from '../src/decision/authorship.js';
import { parseCommitRecords, trailerValues } from '../src/adapters/git/git.js';
import { decide } from '../src/decision/decide.js';
import type { CommitInfo, Ledger, LedgerRow } from '../src/types.js';

const sha = (n: number) => n.toString(16).padStart(40, '0');
const human = { name: 'Dana Human', email: 'dana@example.com' };

function commit(n: number, parents: number[], over: Partial<CommitInfo> = {}): CommitInfo {
  return {
    sha: sha(n),
    parents: parents.map(sha),
    author: human,
    committer: human,
    coAuthors: [],
    ...over,
  };
}

describe('globMatch', () => {
  test.each([
    ['*[bot]', 'copilot-swe-agent[bot]', true],
    ['*[bot]', 'Copilot-SWE-Agent[BOT]', true],
    ['*[bot]', 'robot', false],
    ['*[bot]', '[bot] nope', false],
    ['noreply@anthropic.com', 'NoReply@Anthropic.com', true],
    ['noreply@anthropic.com', 'xnoreply@anthropic.com', false],
    ['* (aider)', 'Dana Human (aider)', true],
    ['* (aider)', ' (aider)', true],
    ['* (aider)', '(aider)', false],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'acb', false],
    ['a*bc*c', 'abcc', true],
    ['ab*ba', 'aba', false], // prefix and suffix may not overlap
    ['*', '', true],
    ['**', 'anything', true],
    ['x.y', 'xzy', false], // `.` is literal
    ['a+', 'aa', false],
  ])('%s against %s → %s', (pattern, text, want) => {
    expect(globMatch(pattern, text)).toBe(want);
  });

  test('agrees with a reference matcher on every short pattern and text', () => {
    // Exhaustive over a small alphabet: the greedy segment match equals the textbook definition.
    const ref = (p: string, t: string): boolean => {
      if (p === '') return t === '';
      if (p[0] === '*') return ref(p.slice(1), t) || (t !== '' && ref(p, t.slice(1)));
      return t !== '' && p[0] === t[0] && ref(p.slice(1), t.slice(1));
    };
    const words = (alphabet: string, max: number): string[] => {
      const out = [''];
      for (let len = 1; len <= max; len++) {
        for (const w of out.filter((x) => x.length === len - 1)) {
          for (const ch of alphabet) out.push(w + ch);
        }
      }
      return out;
    };
    let checked = 0;
    for (const p of words('ab*', 4)) {
      for (const t of words('ab', 5)) {
        expect([p, t, globMatch(p, t)]).toEqual([p, t, ref(p, t)]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });
});

// 100 KB inputs built to make backtracking matchers explode: the old regexes took 75 s on a
// 6 KB trailer line and 34 s on a 4,000-character name, growing as a cube; at 100 KB they
// could not finish within the suite's lifetime, so finishing at all is the property.
describe('every matcher over attacker text is linear (100 KB adversarial inputs)', () => {
  const big = 100_000;

  test('glob patterns with interior stars against a near-miss name', () => {
    const name = 'a'.repeat(big); // every prefix and segment matches, the end never does
    for (const pattern of ['a*a*a*b', '*a*a*a*a*b*', 'a*aa*aaa*ab', ...DEFAULT_AGENT_AUTHORS]) {
      expect(globMatch(pattern, name)).toBe(false);
    }
    expect(globMatch('a*a*a*a', name)).toBe(true);
    const isAgent = agentMatcher(DEFAULT_AGENT_AUTHORS);
    expect(isAgent(' '.repeat(big) + '[bot' + ' '.repeat(big))).toBe(false);
    expect(isAgent('x'.repeat(big) + '[bot]')).toBe(true);
  });

  test('a Co-authored-by value of spaces and angle brackets', () => {
    // The line that took the old regex 75 s at 6 KB, here at 100 KB and more.
    const value = 'a' + ' '.repeat(big / 2) + 'b' + ' '.repeat(big / 2) + '<x';
    expect(parseIdentity(value)).toEqual({ name: value.trim(), email: '' });
    const nested = '<'.repeat(big) + 'noreply@anthropic.com>';
    expect(parseIdentity(nested).email).toBe('noreply@anthropic.com');
    const values = trailerValues(
      `${value}\n${'<>'.repeat(big / 2)}\nClaude <noreply@anthropic.com>\n`,
    );
    expect(values).toHaveLength(3);
    expect(values[2]).toEqual({ name: 'Claude', email: 'noreply@anthropic.com' });
  });

  test('a commit record of 100 KB fields', () => {
    const junk = '\x1e\x1f'.repeat(big / 2);
    const out = [sha(1), sha(2), junk, junk, junk, junk, `${junk} <x>\n`].join('\0') + '\0';
    const [c] = parseCommitRecords(out);
    expect(c.author.name).toBe(junk);
    expect(c.coAuthors).toHaveLength(1);
  });
});

describe('parseCommitRecords (git log -z output)', () => {
  const rec = (fields: string[]) => fields.join('\0');

  test('reads records, parents and trailer values; a 0x1E byte in a field is only a byte', () => {
    const out =
      rec([
        sha(3),
        `${sha(1)} ${sha(2)}`,
        'Dana\x1e',
        'dana@example.com',
        'GitHub',
        'noreply@github.com',
        'Claude <noreply@anthropic.com>\nhelper[bot] <1+helper[bot]@users.noreply.github.com>\n',
      ]) +
      '\0' +
      rec([sha(1), '', 'Root', 'root@example.com', 'Root', 'root@example.com', '']) +
      '\0';
    const commits = parseCommitRecords(out);
    expect(commits).toEqual([
      {
        sha: sha(3),
        parents: [sha(1), sha(2)],
        author: { name: 'Dana\x1e', email: 'dana@example.com' },
        committer: { name: 'GitHub', email: 'noreply@github.com' },
        coAuthors: [
          { name: 'Claude', email: 'noreply@anthropic.com' },
          { name: 'helper[bot]', email: '1+helper[bot]@users.noreply.github.com' },
        ],
      },
      {
        sha: sha(1),
        parents: [],
        author: { name: 'Root', email: 'root@example.com' },
        committer: { name: 'Root', email: 'root@example.com' },
        coAuthors: [],
      },
    ]);
  });

  test('no output is no commits', () => {
    expect(parseCommitRecords('')).toEqual([]);
  });

  test('records that do not fit are refused, never read shifted', () => {
    // Six fields and a terminator, a missing terminator, a record that does not start with a sha.
    const six = rec([sha(1), '', 'a', 'b', 'c', 'd']) + '\0';
    expect(() => parseCommitRecords(six)).toThrow(/do not parse/);
    const unterminated = rec([sha(1), '', 'a', 'b', 'c', 'd', '']);
    expect(() => parseCommitRecords(unterminated)).toThrow(/do not parse/);
    const shifted = rec(['not a sha', '', 'a', 'b', 'c', 'd', '']) + '\0';
    expect(() => parseCommitRecords(shifted)).toThrow(/without its sha/);
  });
});

describe('agent signs', () => {
  const isAgent = agentMatcher(DEFAULT_AGENT_AUTHORS);

  test.each([
    ['Claude Code trailer', { coAuthors: [{ name: 'Claude', email: 'noreply@anthropic.com' }] }],
    ['aider author', { author: { name: 'Dana Human (aider)', email: 'dana@example.com' } }],
    ['aider committer', { committer: { name: 'Dana Human (aider)', email: 'dana@example.com' } }],
    [
      'aider trailer',
      { coAuthors: [{ name: 'aider (openai/gpt-4.1)', email: 'noreply@aider.chat' }] },
    ],
    [
      'Copilot coding agent',
      {
        author: {
          name: 'copilot-swe-agent[bot]',
          email: '198982749+Copilot@users.noreply.github.com',
        },
      },
    ],
    [
      'Devin',
      {
        author: {
          name: 'Devin AI',
          email: '158243242+devin-ai-integration[bot]@users.noreply.github.com',
        },
      },
    ],
    [
      'Jules trailer',
      {
        coAuthors: [
          {
            name: 'google-labs-jules[bot]',
            email: '161369871+google-labs-jules[bot]@users.noreply.github.com',
          },
        ],
      },
    ],
    ['Cursor trailer', { coAuthors: [{ name: 'Cursor Agent', email: 'cursoragent@cursor.com' }] }],
    [
      'a committer that is an agent',
      { committer: { name: 'chatgpt-codex-connector[bot]', email: 'x@example.com' } },
    ],
  ])('the default list knows: %s', (_, over) => {
    expect(agentSign(commit(2, [1], over as Partial<CommitInfo>), isAgent)).not.toBeNull();
  });

  test('a human commit, a GitHub web-flow committer and a person named Claude are not agents', () => {
    const c = commit(2, [1], {
      author: { name: 'Claude Monet', email: 'claude@example.com' },
      committer: { name: 'GitHub', email: 'noreply@github.com' },
      coAuthors: [{ name: 'Dana Human', email: 'dana@example.com' }],
    });
    expect(agentSign(c, isAgent)).toBeNull();
  });

  test('a pull request author of account type Bot makes the whole change an agent’s', () => {
    const commits = [commit(2, [1])];
    expect(judgeAuthorship(commits, { login: 'dana' }, DEFAULT_AGENT_AUTHORS).agent).toBe(false);
    const bot = judgeAuthorship(commits, { login: 'some-app', type: 'Bot' }, DEFAULT_AGENT_AUTHORS);
    expect(bot).toEqual({ agent: true, why: 'pull request author some-app is a Bot account' });
    expect(judgeAuthorship(commits, { login: 'Copilot' }, DEFAULT_AGENT_AUTHORS).agent).toBe(true);
    expect(judgeAuthorship(null, {}, DEFAULT_AGENT_AUTHORS).agent).toBe(true);
  });
});

describe('lastTouchers: the commit that last touched a row', () => {
  const isAgent = agentMatcher(DEFAULT_AGENT_AUTHORS);
  const agent = { name: 'copilot-swe-agent[bot]', email: 'a@example.com' };
  // base 1 ← 2 (agent appends a draft) ← 3 (human promotes) ← 4 (agent touches another row)
  const values: Record<number, string> = { 1: '', 2: 'draft', 3: 'property', 4: 'property' };
  const commits = new Map(
    [commit(2, [1], { author: agent }), commit(3, [2]), commit(4, [3], { author: agent })].map(
      (c) => [c.sha, c],
    ),
  );
  const valueAt = (v: Record<number, string | null>) => (s: string) => {
    const n = parseInt(s, 16);
    return n in v ? v[n] : '\0?';
  };

  test('an agent draft promoted by a human is the human’s', () => {
    const writers = lastTouchers(sha(4), commits, valueAt(values));
    expect(writers).toEqual([sha(3)]);
    expect(rowAuthorship(writers, commits, isAgent).agent).toBe(false);
  });

  test('an agent editing the promoted row afterwards makes it the agent’s', () => {
    const writers = lastTouchers(sha(4), commits, valueAt({ ...values, 4: 'property v2' }));
    expect(writers).toEqual([sha(4)]);
    expect(rowAuthorship(writers, commits, isAgent).why).toMatch(/author copilot-swe-agent/);
  });

  test('a merge of two sides that made the same edit counts both sides', () => {
    // 1 ← 2 (human) ← 4 (merge) and 1 ← 3 (agent) ← 4: both sides wrote `x`.
    const m = new Map(
      [commit(2, [1]), commit(3, [1], { author: agent }), commit(4, [2, 3])].map((c) => [c.sha, c]),
    );
    const writers = lastTouchers(sha(4), m, valueAt({ 1: '', 2: 'x', 3: 'x', 4: 'x' }));
    expect(writers?.sort()).toEqual([sha(2), sha(3)]);
    expect(rowAuthorship(writers, m, isAgent).agent).toBe(true);
  });

  test('a value traced out of the change, or to a commit with no parent, is unknown: an agent’s', () => {
    expect(lastTouchers(sha(9), commits, valueAt(values))).toBeNull();
    expect(rowAuthorship(null, commits, isAgent).agent).toBe(true);
    // A parent beyond a shallow clone's boundary: its ledger is unknown, so is the answer.
    expect(lastTouchers(sha(4), commits, valueAt({ ...values, 3: null }))).toBeNull();
    const shallow = new Map([[sha(5), commit(5, [])]]);
    const writers = lastTouchers(sha(5), shallow, valueAt({ 5: 'x' }));
    expect(rowAuthorship(writers, shallow, isAgent)).toEqual({
      agent: true,
      why: `commit ${sha(5).slice(0, 12)} has no known parent`,
    });
  });
});

describe('properties (fast-check)', () => {
  test('globMatch equals the textbook wildcard definition on random patterns and names', () => {
    const ref = (p: string, t: string): boolean => {
      // Dynamic programming over (pattern, text) prefixes: the definition, quadratic, fine here.
      const m = Array.from({ length: p.length + 1 }, () =>
        new Array<boolean>(t.length + 1).fill(false),
      );
      m[0][0] = true;
      for (let i = 1; i <= p.length; i++) {
        for (let j = 0; j <= t.length; j++) {
          m[i][j] =
            p[i - 1] === '*'
              ? m[i - 1][j] || (j > 0 && m[i][j - 1])
              : j > 0 && m[i - 1][j - 1] && p[i - 1].toLowerCase() === t[j - 1].toLowerCase();
        }
      }
      return m[p.length][t.length];
    };
    const ch = (s: string) => fc.constantFrom(...s.split(''));
    fc.assert(
      fc.property(
        fc.array(ch('aAb*[]'), { maxLength: 10 }).map((a) => a.join('')),
        fc.array(ch('aAb[]'), { maxLength: 16 }).map((a) => a.join('')),
        (p, t) => globMatch(p, t) === ref(p, t),
      ),
      { numRuns: 3000 },
    );
  });

  test('a trailer value: any text is read without throwing, and Name <email> comes back apart', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (v) => {
        const id = parseIdentity(v);
        return typeof id.name === 'string' && typeof id.email === 'string';
      }),
    );
    const part = fc
      .string({ maxLength: 30 })
      .filter((s) => !/[<>\n]/.test(s) && s.trim() === s && s !== '');
    fc.assert(
      fc.property(part, part, (name, email) => {
        const id = parseIdentity(`${name} <${email}>`);
        return id.name === name && id.email === email;
      }),
    );
  });

  test('in a linear history, a row belongs to the last commit that changed it', () => {
    const isAgent = agentMatcher(DEFAULT_AGENT_AUTHORS);
    const agent = { name: 'copilot-swe-agent[bot]', email: 'a@example.com' };
    fc.assert(
      fc.property(
        fc.array(fc.record({ agent: fc.boolean(), value: fc.constantFrom('', 'a', 'b') }), {
          minLength: 1,
          maxLength: 12,
        }),
        (steps) => {
          // Commit 1 is the base (value ''); commits 2.. are the change, each on the previous.
          const values: Record<number, string> = { 1: '' };
          const commits = new Map<string, CommitInfo>();
          steps.forEach((s, i) => {
            values[i + 2] = s.value;
            const c = commit(i + 2, [i + 1], s.agent ? { author: agent } : {});
            commits.set(c.sha, c);
          });
          const head = steps.length + 1;
          const valueAt = (s: string) => values[parseInt(s, 16)] ?? null;
          const writers = lastTouchers(sha(head), commits, valueAt);
          // Reference: walk back while the value stays the head's.
          let w = head;
          while (w > 1 && values[w - 1] === values[head]) w--;
          if (w === 1) return writers === null; // the value is the base's: from outside
          if (writers?.length !== 1 || writers[0] !== sha(w)) return false;
          return rowAuthorship(writers, commits, isAgent).agent === steps[w - 2].agent;
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('decide() with per-row authorship', () => {
  const row = (id: string, invariant: string): LedgerRow => ({
    id,
    line: 3,
    keyOffsets: {},
    class: 'property',
    invariant,
    seeds: 'seeds/a/',
  });
  const ledgerOf = (rows: LedgerRow[]): Ledger => ({
    file: 'tests/ledger.yaml',
    rows,
    byId: new Map(rows.map((r) => [r.id, r])),
  });
  const decideWith = (
    base: LedgerRow[],
    head: LedgerRow[],
    rowAuthors: Map<string, { agent: boolean; why: string }>,
    agentAuthored: boolean,
  ) =>
    decide({
      ledgerFile: 'tests/ledger.yaml',
      ledger: ledgerOf(head),
      ledgerErrors: [],
      tests: head.map((r) => ({ id: r.id, status: 'pass', flaky: false, reports: ['r.xml'] })),
      unmapped: [],
      reportProblems: [],
      artifacts: new Map(),
      seeds: new Map([['seeds/a/', { files: 1 }]]),
      isProduction: () => false,
      expect: 'all',
      change: {
        baseSha: 'b'.repeat(40),
        changed: [],
        baseLedger: { ledger: ledgerOf(base), errors: [] },
        agentAuthored,
        authorship: 'the change',
        rowAuthors,
        source: 'git',
      },
    });

  test('each changed row is judged by its own author; the others by the change’s; never admit', () => {
    // Rows r0..r5, each kept, edited, added or deleted; each attributed to an agent, a human
    // or nobody (then the change's authorship applies).
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            edit: fc.constantFrom('keep', 'edit', 'add', 'delete'),
            by: fc.constantFrom('agent', 'human', 'none'),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.boolean(),
        (plan, changeIsAgent) => {
          const base: LedgerRow[] = [];
          const head: LedgerRow[] = [];
          const authors = new Map<string, { agent: boolean; why: string }>();
          plan.forEach((p, i) => {
            const id = `t::r${i}`;
            if (p.edit !== 'add') base.push(row(id, 'inv'));
            if (p.edit !== 'delete') head.push(row(id, p.edit === 'edit' ? 'other' : 'inv'));
            if (p.by !== 'none') authors.set(id, { agent: p.by === 'agent', why: p.by });
          });
          const report = decideWith(base, head, authors, changeIsAgent);
          const ledgerFindings = report.findings.filter((f) => f.rule.startsWith('ledger-'));
          plan.forEach((p, i) => {
            const mine = ledgerFindings.filter((f) => f.id === `t::r${i}`);
            if (p.edit === 'keep') return expect(mine).toEqual([]);
            const agent = p.by === 'none' ? changeIsAgent : p.by === 'agent';
            expect(mine.map((f) => f.rule)).toEqual([
              agent ? 'ledger-agent-edit' : 'ledger-contract-change',
            ]);
            // A review names the row an approval accepts; a reject accepts nothing.
            expect(mine[0].accepts === undefined).toBe(agent);
          });
          if (plan.some((p) => p.edit !== 'keep')) expect(report.decision).not.toBe('admit');
        },
      ),
      { numRuns: 500 },
    );
  });
});
