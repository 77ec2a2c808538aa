// The fake GitHub refuses what GitHub refuses; otherwise the end-to-end tests would prove little.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeGitHub } from './support/fake-github.js';

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
      'over 50',
    ],
    [
      'a summary over 65535 characters',
      { output: { title: 't', summary: '😀'.repeat(65536) } },
      'output.summary',
    ],
    [
      'a text over 65535 characters',
      { output: { title: 't', summary: 's', text: 'x'.repeat(65536) } },
      'output.text',
    ],
    [
      'an annotation without path',
      { output: { title: 't', summary: 's', annotations: [ann({ path: undefined })] } },
      'without path',
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
    ['output without summary', { output: { title: 't' } }, 'title and summary'],
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
