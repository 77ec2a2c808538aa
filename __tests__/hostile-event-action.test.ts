// Hostile event payloads (__fixtures__/hostile/event-*) through the action bundle, end to end:
// a broken payload fails the step with one `::error::` line, before any API call. The event
// reader's own answers to the same payloads: hostile-event.test.ts (in-process).
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventCases, workflowCommandLines } from './support/hostile.js';
import { node24, runAction } from './support/fake-github-runner.js';

const cases = eventCases();

// The bundle, end to end, on the payloads that must stop it: run before any API call.
const broken = cases.filter((c) => c.expect.error !== null);
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

describe('hostile event payloads through the action bundle', () => {
  const node = node24();
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
        // Malformed by design: the corpus is what GitHub would never send, fed to see the action
        // refuse it, so it is not held to GitHub's webhooks description (every other test's is).
        malformed: true,
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
