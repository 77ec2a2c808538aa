// "What the agent touched" in the summary, the terminal report and the JSON report: by kind,
// capped and counted, each file linked at the head sha, hostile paths kept inert.
import { describe, expect, test } from '@jest/globals';
import { toJson } from '../src/report/json.js';
import { renderSummary } from '../src/report/summary.js';
import { renderTerminal } from '../src/report/terminal.js';
import type { AgentChange, Report } from '../src/types.js';
import { summaryProblems } from './support/hostile-markdown.js';

const SHA = 'c'.repeat(40);
const LINKS = { server: 'https://github.com', repository: 'o/r', sha: SHA };
const PREFIX = `https://github.com/o/r/blob/${SHA}/`;
const change = (kind: AgentChange['kind'], path: string, status: AgentChange['status'] = 'M') => ({
  kind,
  path,
  status,
  commits: ['1a2b3c4d5e6f'],
});
const report = (agentChanges?: AgentChange[]): Report => ({
  version: 1,
  decision: 'reject',
  counts: { cases: 0, admit: 0, review: 0, reject: 1, info: 0 },
  findings: [
    {
      rule: 'agent-harness-edit',
      result: 'reject',
      id: null,
      status: null,
      class: null,
      message: 'conftest.py: commit 1a2b3c4d5e6f adds harness path (author x[bot] matches)',
      file: 'conftest.py',
    },
  ],
  ...(agentChanges ? { agentChanges } : {}),
});

describe('what the agent touched', () => {
  const changes = [
    change('production', 'src/calc.py'),
    change('harness', 'conftest.py', 'A'),
    change('tests', 'tests/old_test.py', 'D'),
  ];

  test('the summary opens with it before the findings, harness first, each file linked (a deleted one not)', () => {
    const md = renderSummary({ report: report(changes), notes: [] }, { links: LINKS });
    const at = md.indexOf("### What the agent's commits changed");
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(md.indexOf('### ❌'));
    const section = md.slice(at, md.indexOf('### ❌'));
    expect(section).toBe(
      "### What the agent's commits changed\n\n" +
        `- **harness** (1): [\`conftest.py\`](${PREFIX}conftest.py) (1a2b3c4d5e6f)\n` +
        '- **tests** (1): `tests/old_test.py` deleted (1a2b3c4d5e6f)\n' +
        `- **production** (1): [\`src/calc.py\`](${PREFIX}src/calc.py) (1a2b3c4d5e6f)\n\n`,
    );
  });

  test('the terminal report and the JSON report carry the same', () => {
    const term = renderTerminal({ report: report(changes), notes: [] });
    expect(term).toContain(
      "what the agent's commits changed:\n  harness 1: conftest.py\n  tests 1: tests/old_test.py (deleted)\n  production 1: src/calc.py\n",
    );
    const json = JSON.parse(toJson(report(changes)));
    expect(json.agent_changes).toEqual(changes);
    expect(Object.keys(json)).toEqual([
      'version',
      'decision',
      'counts',
      'agent_changes',
      'findings',
    ]);
    // No agent commits: no section, no field.
    expect(renderSummary({ report: report(), notes: [] })).not.toContain("What the agent's");
    expect(JSON.parse(toJson(report())).agent_changes).toBeUndefined();
  });

  test('capped per kind and counted', () => {
    const many = Array.from({ length: 45 }, (_, i) => change('tests', `tests/t${i}.py`));
    const md = renderSummary({ report: report(many), notes: [] });
    expect(md).toContain('- **tests** (45): ');
    expect(md).toContain(', and 25 more\n');
    expect(renderTerminal({ report: report(many), notes: [] })).toContain(', … and 40 more\n');
  });

  test('hostile paths stay literal: no markup, mention, link or workflow command', () => {
    const hostile = [
      change('tests', 'tests/<img src=x onerror=alert(1)>.py'),
      change('harness', 'a/@admin #1 ](https://evil.example)/conftest.py'),
      change('other', '`x` | y\n::error::pwned'),
    ];
    const md = renderSummary({ report: report(hostile), notes: [] }, { links: LINKS });
    expect(summaryProblems(md, { linkPrefix: PREFIX })).toEqual([]);
    const term = renderTerminal({ report: report(hostile), notes: [] });
    expect(term).not.toMatch(/^\s*::/m);
  });
});
