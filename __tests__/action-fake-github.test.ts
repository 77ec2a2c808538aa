// The fake GitHub refuses what GitHub refuses; otherwise the end-to-end tests would prove little.
// Much of it is GitHub's own description (@octokit/openapi, support/openapi.ts): the messages
// below that name a JSON path (/output/summary) come from its schemas.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeGitHub } from './support/fake-github.js';
import {
  fed,
  mergeGroupEvent,
  pullRequestEvent,
  pullRequestReviewEvent,
  pushEvent,
  workflowRunEvent,
} from './support/events.js';
import { runAction } from './support/fake-github-runner.js';
import { payloadProblem, requestProblem, responseProblem } from './support/openapi.js';

const gh = new FakeGitHub();
beforeAll(async () => void (await gh.start()));
afterAll(async () => gh.stop());
beforeEach(() => gh.reset());

const SHA = 'f'.repeat(40);
const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(gh.url + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const ann = (over: Record<string, unknown> = {}) => ({
  path: 'a.txt',
  start_line: 1,
  end_line: 1,
  annotation_level: 'failure',
  message: 'm',
  ...over,
});

async function created(): Promise<number> {
  const r = await call('POST', '/repos/o/r/check-runs', {
    name: 'x',
    head_sha: SHA,
    status: 'in_progress',
  });
  expect(r.status).toBe(201);
  return r.body.id as number;
}

describe('the fake GitHub enforces the Checks API limits', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      '51 annotations',
      {
        output: { title: 't', summary: 's', annotations: Array.from({ length: 51 }, () => ann()) },
      },
      'more than 50 items',
    ],
    [
      'a summary over 65535 characters',
      { output: { title: 't', summary: '😀'.repeat(65536) } },
      '/output/summary must NOT have more than 65535 characters',
    ],
    [
      'a text over 65535 characters',
      { output: { title: 't', summary: 's', text: 'x'.repeat(65536) } },
      '/output/text must NOT have more than 65535 characters',
    ],
    [
      'an annotation without path',
      { output: { title: 't', summary: 's', annotations: [ann({ path: undefined })] } },
      "required property 'path'",
    ],
    [
      'an annotation without start_line',
      { output: { title: 't', summary: 's', annotations: [ann({ start_line: undefined })] } },
      'start_line',
    ],
    [
      'an annotation without level',
      { output: { title: 't', summary: 's', annotations: [ann({ annotation_level: undefined })] } },
      'annotation_level',
    ],
    [
      'a title over 255 characters',
      { output: { title: 't', summary: 's', annotations: [ann({ title: 'x'.repeat(256) })] } },
      'title over 255',
    ],
    [
      'action_required without details_url',
      { status: 'completed', conclusion: 'action_required' },
      'details_url',
    ],
    ['output without summary', { output: { title: 't' } }, "required property 'summary'"],
    [
      'an annotation level GitHub does not know',
      { output: { title: 't', summary: 's', annotations: [ann({ annotation_level: 'error' })] } },
      '/output/annotations/0/annotation_level must be equal to one of the allowed values',
    ],
    [
      'a conclusion GitHub does not accept',
      { status: 'completed', conclusion: 'passed' },
      '/conclusion must be equal to one of the allowed values',
    ],
  ])('422 on %s', async (_what, body, message) => {
    const id = await created();
    const r = await call('PATCH', `/repos/o/r/check-runs/${id}`, body);
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body.errors)).toContain(message);
  });

  it('accepts 50 annotations, a 255-character title of astral characters and 65535 of them in a summary', async () => {
    const id = await created();
    const r = await call('PATCH', `/repos/o/r/check-runs/${id}`, {
      output: {
        title: 't',
        summary: '😀'.repeat(65535),
        annotations: Array.from({ length: 50 }, () => ann({ title: '😀'.repeat(255) })),
      },
    });
    expect(r.status).toBe(200);
    expect(gh.onlyCheckRun().annotations).toHaveLength(50);
  });

  it('403 for a read-only token, a burst of 5xx, a secondary rate limit with retry-after', async () => {
    gh.forbidChecks = true;
    expect(
      (await call('POST', '/repos/o/r/check-runs', { name: 'x', head_sha: SHA })).body.message,
    ).toBe('Resource not accessible by integration');
    gh.forbidChecks = false;
    gh.failNext = { count: 2, status: 502 };
    expect((await call('GET', '/repos/o/r/pulls/1')).status).toBe(502);
    expect((await call('GET', '/repos/o/r/pulls/1')).status).toBe(502);
    expect((await call('GET', '/repos/o/r/pulls/1')).status).toBe(404);
    gh.secondaryLimitNext = 1;
    const res = await fetch(gh.url + '/repos/o/r/check-runs', { method: 'POST', body: '{}' });
    expect(res.status).toBe(403);
    expect(res.headers.get('retry-after')).toBe('1');
  });
});

describe('GitHub’s own description, as the fake holds it', () => {
  it('refuses an operation GitHub does not have, and a body off its schema', async () => {
    expect(requestProblem('DELETE', '/repos/o/r/check-runs/1', undefined)).toMatch(
      /no operation DELETE/,
    );
    expect((await call('POST', '/repos/o/r/check-suites/1/rerun')).status).toBe(422);
    expect(
      requestProblem('PATCH', '/repos/o/r/check-runs/1', {
        output: { title: 't', summary: 's', annotations: [ann({ annotation_level: 'error' })] },
      }),
    ).toMatch(/annotation_level must be equal to one of the allowed values/);
    expect(requestProblem('PATCH', '/repos/o/r/check-runs/1', { conclusion: 'passed' })).toMatch(
      /conclusion must be equal to one of the allowed values/,
    );
    expect(
      requestProblem('PATCH', '/repos/o/r/check-runs/1', {
        status: 'completed',
        conclusion: 'action_required',
        output: { title: 't', summary: 's', annotations: [ann()] },
      }),
    ).toBeUndefined();
  });

  it('finds an answer GitHub would never give (the fake’s own mistakes)', () => {
    expect(responseProblem('GET', '/repos/o/r/pulls/1', 200, { number: 1 })).toMatch(
      /GET \/repos\/\{owner\}\/\{repo\}\/pulls\/\{pull_number\} 200 answer: .* required property/,
    );
    expect(responseProblem('POST', '/repos/o/r/check-runs', 200, {})).toMatch(
      /answered 200, not described/,
    );
  });

  it('finds an event payload GitHub would never send', () => {
    expect(payloadProblem('pull_request', { action: 'synchronize', number: 7 })).toMatch(
      /pull-request-synchronize payload: .*required property/,
    );
    expect(payloadProblem('pull_request', { action: 'exploded' })).toMatch(
      /no pull-request-exploded/,
    );
  });
});

describe('the event payloads the tests feed are GitHub’s', () => {
  const A = 'a'.repeat(40);
  const B = 'b'.repeat(40);
  it('the builders give a payload GitHub could send, for every event and action the tests feed', () => {
    const payloads: [string, unknown][] = [
      ...['opened', 'reopened', 'synchronize', 'ready_for_review', 'edited'].map(
        (action): [string, unknown] => [
          'pull_request',
          pullRequestEvent({ head: A, base: B, action }),
        ],
      ),
      [
        'pull_request',
        pullRequestEvent({
          head: A,
          base: B,
          author: { login: 'Copilot', type: 'Bot' },
          headRepo: 'outsider/widgets',
        }),
      ],
      ...['submitted', 'dismissed', 'edited'].map((action): [string, unknown] => [
        'pull_request_review',
        pullRequestReviewEvent({ head: A, base: B, action }),
      ]),
      ['merge_group', mergeGroupEvent({ head: A, base: B, pr: 31 })],
      ['push', pushEvent({ before: B, after: A })],
      ['push', pushEvent({ before: '0'.repeat(40), after: A })],
      ...['completed', 'requested', 'in_progress'].map((action): [string, unknown] => [
        'workflow_run',
        workflowRunEvent({ headSha: A, action, headRepo: 'outsider/widgets' }),
      ]),
      ['workflow_run', workflowRunEvent({ headSha: A, pullRequests: [{ number: 3 }] })],
    ];
    expect(payloads.map(([e, p]) => [e, payloadProblem(e, p)])).toEqual(
      payloads.map(([e]) => [e, undefined]),
    );
  });

  it('a payload GitHub would never send fails the test that feeds it', async () => {
    const good = pullRequestEvent({ head: A, base: B });
    expect(fed('pull_request', good)).toBe(good);
    // A number GitHub sends as an integer, here a string: refused where it is fed.
    const bad = { ...good, pull_request: { ...good.pull_request, number: '7' } };
    expect(() => fed('pull_request', bad)).toThrow(
      /event payload off GitHub's description: pull-request-synchronize payload: \/pull_request\/number must be integer/,
    );
    // A conclusion GitHub does not have, through the runner: refused before the action runs.
    const run = workflowRunEvent({ headSha: A });
    const event = { ...run, workflow_run: { ...run.workflow_run, conclusion: 'exploded' } };
    const o = { node: 'node', workspace: '.', inputs: {}, apiUrl: 'http://127.0.0.1:9' };
    await expect(runAction({ ...o, eventName: 'workflow_run', event })).rejects.toThrow(
      /workflow-run-completed payload: \/workflow_run\/conclusion must be equal to one of the allowed values/,
    );
  });
});
