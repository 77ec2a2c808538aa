// Hostile event payloads (__fixtures__/hostile/event-*): the action reads GITHUB_EVENT_PATH,
// which a workflow run fills from the pull request — title, branch names and login are the
// author's to choose. A broken payload must stop the run with one GateError line (and, through
// the action bundle, a failed step with one `::error::` line); a valid payload with hostile text
// must yield only validated shas and numbers, and notes that render inert.
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readEvent, type EventFacts } from '../src/adapters/event.js';
import { renderSummary } from '../src/report/summary.js';
import { logLine } from '../src/report/escape.js';
import { GateError } from '../src/types.js';
import { loadCorpus, workflowCommandLines } from './support/hostile.js';
import { summaryProblems } from './support/hostile-markdown.js';
import { ACTION, nodeBinaries, runAction } from './support/fake-github-runner.js';

interface EventExpect {
  event: string;
  /** Text the one-line error holds; null when the payload is valid. */
  error: string | null;
  /** Either outcome is fine, but an error must be a GateError. */
  errorAny?: boolean;
  headSha?: string;
  base?: string;
  noPr?: boolean;
  note: string;
}

const cases = loadCorpus()
  .filter((c) => c.name.startsWith('event-'))
  .map((c) => ({
    name: c.name,
    payloadFile: path.join(c.dir, 'event.json'),
    expect: c.expect as unknown as EventExpect,
  }));

function read(c: (typeof cases)[number]): EventFacts | GateError {
  try {
    return readEvent({ GITHUB_EVENT_NAME: c.expect.event, GITHUB_EVENT_PATH: c.payloadFile });
  } catch (e) {
    return e as GateError;
  }
}

describe('hostile event payloads, read in-process', () => {
  it('the corpus holds at least ten event cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const got = read(c);
    const e = c.expect;
    if (got instanceof Error) {
      // Only a GateError, on one line, naming what is wrong.
      expect(got).toBeInstanceOf(GateError);
      expect(got.oneLine).not.toMatch(/[\r\n]/);
      expect(got.oneLine.length).toBeLessThan(400);
      if (e.error !== null) expect(got.message).toContain(e.error);
      else expect(e.errorAny).toBe(true);
      return;
    }
    expect(e.error).toBeNull();
    if (e.headSha) expect(got.headSha).toBe(e.headSha);
    if (e.base) expect(got.base).toBe(e.base);
    if (e.noPr) expect(got.pr).toBeUndefined();
    // What the facts carry into the summary and the log stays inert.
    const summary = renderSummary({
      report: {
        version: 1,
        decision: 'reject',
        counts: { cases: 0, admit: 0, review: 0, reject: 0, info: 0 },
        findings: [],
      },
      notes: got.notes,
    });
    expect(summaryProblems(summary)).toEqual([]);
    for (const note of got.notes) {
      expect(workflowCommandLines(logLine(note))).toEqual([]);
      expect(logLine(note)).not.toMatch(/[\r\n]/);
    }
    // Only shas and numbers are taken from the payload; the notes quote, escaped, what they name.
    expect(JSON.stringify({ ...got, notes: [] })).not.toContain('INJECTED');
  });
});

// The bundle, end to end, on the payloads that must stop it: run before any API call.
const broken = cases.filter((c) => c.expect.error !== null);
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

describe(`hostile event payloads through the action bundle (${path.relative(process.cwd(), ACTION)})`, () => {
  const node = nodeBinaries()[0];
  it.each(broken.map((c) => [c.name, c] as const))(
    '%s fails the step with one line',
    async (_name, c) => {
      const workspace = mkdtempSync(path.join(tmpdir(), 'hostile-event-'));
      temps.push(workspace);
      const run = await runAction({
        node: node.bin,
        workspace,
        eventName: c.expect.event,
        event: readFileSync(c.payloadFile, 'latin1'),
        inputs: { junit: 'reports/*.xml' },
        // Never reached: the payload stops the run first.
        apiUrl: 'http://127.0.0.1:9',
      });
      expect(run.code).toBe(1);
      expect(run.outputs.decision).toBeUndefined();
      expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/^\s+at /m);
      const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(c.expect.error);
      // The action's own ::error:: line is the only command in the log.
      expect(workflowCommandLines(run.stdout).filter((l) => !l.startsWith('::error::'))).toEqual(
        [],
      );
    },
  );
});
