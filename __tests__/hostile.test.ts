// Hostile and broken inputs fail closed: every case of __fixtures__/hostile/ runs the built CLI
// (dist/cli/index.js; `npm run build` first) as a child process under a 512 MB heap and a 20 s
// kill, and must end in a reject that names the file and place — never a pass, a hang, an
// out-of-memory death, a stack trace, a workflow command in the log, or a byte read from
// outside the repository (a secret planted beside it, the process environment).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  CLI,
  CORPUS,
  NOT_CASES,
  loadCorpus,
  materialise,
  runCli,
  workflowCommandLines,
  type HostileCase,
  type Workspace,
} from './support/hostile.js';
import { summaryProblems } from './support/hostile-markdown.js';

const corpus = loadCorpus().filter((c) => !c.name.startsWith('event-'));
const groups = ['xml', 'ledger', 'path', 'name'];

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
});

describe('the hostile corpus', () => {
  it('is every entry of its folder but the ones listed as not cases', () => {
    const entries = readdirSync(CORPUS).filter((n) => !NOT_CASES.includes(n));
    expect(entries.sort()).toEqual(
      loadCorpus()
        .map((c) => c.name)
        .sort(),
    );
    for (const n of NOT_CASES) expect(existsSync(path.join(CORPUS, n))).toBe(true);
  });

  it('holds every group, each case with a note', () => {
    for (const g of groups)
      expect(corpus.filter((c) => c.name.startsWith(`${g}-`)).length).toBeGreaterThanOrEqual(10);
    for (const c of corpus) {
      // The event cases are hostile-event*.test.ts's.
      expect(groups).toContain(c.name.split('-')[0]);
      expect(c.expect.note.length).toBeGreaterThan(5);
    }
  });
});

describe.each(groups)('%s cases fail closed', (group) => {
  const cases = corpus.filter((c) => c.name.startsWith(`${group}-`));
  const workspaces: Workspace[] = [];
  afterAll(() => {
    for (const w of workspaces) w.cleanup();
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c: HostileCase) => {
    const ws = materialise(c);
    workspaces.push(ws);
    const envMarker = `HOSTILE-ENV-${randomBytes(8).toString('hex')}`;
    const json = path.join(ws.out, 'report.json');
    const summaryFile = path.join(ws.out, 'summary.md');
    const args = (c.expect.args ?? ['--junit', 'reports/*.xml']).map((a) =>
      a.replaceAll('$OUTSIDE', ws.outside),
    );
    const r = await runCli(ws.repo, ['check', ...args, '--json', json, '--summary', summaryFile], {
      HOSTILE_ENV_MARKER: envMarker,
    });

    // Bounded: no hang, no out-of-memory death, no crash.
    expect({ timedOut: r.timedOut, signal: r.signal }).toEqual({ timedOut: false, signal: null });
    expect(r.stderr).not.toMatch(/heap limit|Allocation failed|out of memory/i);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    // Never a pass.
    expect(r.code).toBe(c.expect.exit);
    expect(r.code).not.toBe(0);
    const stderrLines = r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('warning: '));
    expect(stderrLines[stderrLines.length - 1]).toBe('ledger-gate: reject');
    expect(stderrLines.length).toBeLessThanOrEqual(2);

    const jsonText = readFileSync(json, 'utf8');
    const summary = existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '';
    // Nothing from outside the repository reaches any output.
    for (const out of [r.stdout, r.stderr, jsonText, summary]) {
      expect(out).not.toContain(ws.secret);
      expect(out).not.toContain(envMarker);
    }
    // The log carries no workflow command made of input.
    expect(workflowCommandLines(`${r.stdout}\n${r.stderr}`)).toEqual([]);

    const report = JSON.parse(jsonText) as {
      decision: string;
      counts: { cases: number };
      findings: Record<string, unknown>[];
    };
    expect(report.decision).toBe('reject');
    const e = c.expect;
    if (e.rule) {
      const want: Record<string, unknown> = { rule: e.rule };
      if (typeof e.file === 'string') want.file = e.file;
      if (e.line !== undefined) want.line = e.line;
      if (typeof e.message === 'string') want.message = expect.stringContaining(e.message);
      if (e.id !== undefined) want.id = e.id;
      expect(report.findings).toEqual(expect.arrayContaining([expect.objectContaining(want)]));
    }
    for (const rule of e.alsoRules ?? []) {
      expect(report.findings).toEqual(expect.arrayContaining([expect.objectContaining({ rule })]));
    }
    if (e.cases !== undefined) expect(report.counts.cases).toBe(e.cases);
    if (e.inert) expect(summaryProblems(summary)).toEqual([]);
  });
});
