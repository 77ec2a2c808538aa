// GitHub's rate-limit answers are honoured, server errors retried, and nothing else waits: the
// client the action builds (createClient), in process, against the fake API, with the sleep
// recorded instead of slept.
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createClient, type Api } from '../src/adapters/github/client.js';
import { retryWait, SECONDARY_FALLBACK_S } from '../src/adapters/github/retry.js';
import { FakeGitHub } from './support/fake-github.js';

describe('retryWait: what GitHub asks for', () => {
  const NOW = 1_700_000_000_000;
  it.each<[string, Parameters<typeof retryWait>[0], number | undefined]>([
    [
      'a secondary limit with retry-after',
      { status: 403, headers: { 'retry-after': '7' }, message: 'secondary rate limit' },
      7000,
    ],
    ['a 429 with retry-after', { status: 429, headers: { 'retry-after': '2' } }, 2000],
    [
      'the primary limit: until just after x-ratelimit-reset',
      {
        status: 403,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 30) },
      },
      31000,
    ],
    [
      'a secondary limit without headers: one minute',
      { status: 403, message: 'You have exceeded a secondary rate limit' },
      SECONDARY_FALLBACK_S * 1000,
    ],
    ['a 429 without headers: one minute', { status: 429 }, SECONDARY_FALLBACK_S * 1000],
    [
      'a plain 403 (no checks: write) is no limit',
      { status: 403, message: 'Resource not accessible by integration' },
      undefined,
    ],
    ['a 404 is no limit', { status: 404, headers: { 'retry-after': '1' } }, undefined],
    ['a 502 on the first try: one second', { status: 502 }, 1000],
    ['a network error (no status)', {}, 1000],
    ['a 422 is a refusal, not retried', { status: 422 }, undefined],
    ['the run’s API budget ran out: not retried', { status: 500, name: 'AbortError' }, undefined],
  ])('%s', (_what, answer, ms) => {
    expect(retryWait(answer, 1, NOW)?.ms).toBe(ms);
  });

  it('server errors back off 1, 4, 9 seconds', () => {
    expect([1, 2, 3].map((n) => retryWait({ status: 503 }, n, NOW)?.ms)).toEqual([
      1000, 4000, 9000,
    ]);
  });
});

describe('the action’s API client against the fake API', () => {
  const gh = new FakeGitHub();
  beforeAll(async () => void (await gh.start()));
  afterAll(async () => gh.stop());
  beforeEach(() => gh.reset());

  let waits: number[] = [];
  // What the action would log about each wait: kept here, so a passing run prints nothing.
  let logged: string[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  const client = async (): Promise<Api> => {
    waits = [];
    logged = [];
    return createClient('ghs_test', { GITHUB_API_URL: gh.url }, sleep, (l) => logged.push(l));
  };
  const repo = { owner: 'acme', repo: 'widgets' };
  const checkRun = async (api: Api, updates: number) => {
    const r = await api.request<{ id: number }>('POST /repos/{owner}/{repo}/check-runs', {
      ...repo,
      name: 'x',
      head_sha: 'a'.repeat(40),
    });
    for (let i = 0; i < updates; i++) {
      await api.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
        ...repo,
        check_run_id: r.data.id,
        output: { title: 't', summary: `s${i}` },
      });
    }
  };

  it('a create and three updates when the API answers at once: no wait at all', async () => {
    const api = await client();
    await checkRun(api, 3);
    expect(gh.checkRequests().map((q) => [q.method, q.status])).toEqual([
      ['POST', 201],
      ['PATCH', 200],
      ['PATCH', 200],
      ['PATCH', 200],
    ]);
    expect(waits).toEqual([]);
  });

  it('the check run’s calls need no timer to fire (no fixed spacing, nothing scheduled)', async () => {
    const api = await client();
    // With fake timers any wait, however short, would hang the requests until the test times out.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      await checkRun(api, 3);
    } finally {
      jest.useRealTimers();
    }
    expect(gh.checkRequests()).toHaveLength(4);
  });

  it('a burst of 502s: retried after 1 and 4 seconds, then the write goes through', async () => {
    const api = await client();
    gh.failNext = { count: 2, status: 502 };
    await checkRun(api, 1);
    expect(gh.checkRequests().map((q) => q.status)).toEqual([502, 502, 201, 200]);
    expect(waits).toEqual([1000, 4000]);
  });

  it('a secondary limit: waits retry-after, retries, then spaces the later writes', async () => {
    const api = await client();
    gh.secondaryLimitNext = 1;
    await checkRun(api, 2);
    expect(gh.checkRequests().map((q) => q.status)).toEqual([403, 201, 200, 200]);
    expect(waits[0]).toBe(1000);
    // After the limit every write (the retry, then the two updates) waits for what is left of
    // the spacing; the recorded sleep lets no time pass, so each waits for some of it.
    expect(waits.length).toBe(4);
    expect(waits.slice(1).every((ms) => ms > 0 && ms <= 1000)).toBe(true);
    // Said once, for the one retry (the spacing is no retry).
    expect(logged).toEqual([
      'GitHub secondary rate limit on POST /repos/{owner}/{repo}/check-runs: retrying in 1s (1/3)',
    ]);
  });

  it('the primary limit: waits until after x-ratelimit-reset, then retries', async () => {
    const api = await client();
    gh.primaryLimitNext = { count: 1, resetIn: 2 };
    await checkRun(api, 1);
    expect(gh.checkRequests().map((q) => q.status)).toEqual([403, 201, 200]);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(1000);
    expect(waits[0]).toBeLessThanOrEqual(3000);
  });

  it('a reset past the run’s API budget fails at once, with the reason', async () => {
    const api = await client();
    gh.primaryLimitNext = { count: 1, resetIn: 3600 };
    await expect(checkRun(api, 0)).rejects.toThrow(/past the run's API budget/);
    expect(waits).toEqual([]);
    expect(gh.checkRequests()).toHaveLength(1);
  });

  it('a limit that does not lift: retried 3 times, then the error', async () => {
    const api = await client();
    gh.secondaryLimitNext = 10;
    await expect(checkRun(api, 0)).rejects.toThrow(/secondary rate limit/);
    expect(gh.checkRequests()).toHaveLength(4);
    // Three retries said, each after its wait (the writes' spacing is no retry).
    expect(logged).toHaveLength(3);
    expect(logged.every((l) => / retrying in 1s \(\d\/3\)$/.test(l))).toBe(true);
  });
});
