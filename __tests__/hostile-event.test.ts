// Hostile event payloads (__fixtures__/hostile/event-*): the action reads GITHUB_EVENT_PATH,
// which a workflow run fills from the pull request — title, branch names and login are the
// author's to choose. A broken payload must stop the run with one GateError line (and, through
// the action bundle, a failed step with one `::error::` line); a valid payload with hostile text
// must yield only validated shas and numbers, and notes that render inert. The same payloads
// through the action bundle: hostile-event-action.test.ts (end to end).
// These payloads are malformed or trimmed by design, so they are read unvalidated: only the
// well-formed payloads other tests feed are held to GitHub's webhooks description
// (support/events.ts).
import { describe, expect, it } from '@jest/globals';
import { readEvent, type EventFacts } from '../src/adapters/github/event.js';
import { renderSummary } from '../src/report/summary.js';
import { logLine } from '../src/report/escape.js';
import { GateError } from '../src/types.js';
import { eventCases, workflowCommandLines } from './support/hostile.js';
import { summaryProblems } from './support/hostile-markdown.js';

const cases = eventCases();

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
