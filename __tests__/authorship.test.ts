// Authorship over attacker text: the glob matcher, the trailer values and git's commit
// records are read in linear time, and a row's change belongs to the commit that last
// touched it. Pure functions over strings; the real-git cases are in authorship-git.test.ts.
import { describe, expect, test } from '@jest/globals';
import {
  DEFAULT_AGENT_AUTHORS,
  agentMatcher,
  agentSign,
  globMatch,
  judgeAuthorship,
  lastTouchers,
  parseIdentity,
  rowAuthorship,
  type CommitInfo,
} from '../src/decision/authorship.js';
import { parseCommitRecords, trailerValues } from '../src/adapters/git.js';

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
