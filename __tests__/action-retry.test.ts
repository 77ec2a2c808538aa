// GitHub's rate-limit answers are honoured, server errors retried a bounded number of times,
// and nothing else waits: the client the action builds (createClient: octokit with
// plugin-retry and plugin-throttling), in process, against the fake API, with a second of
// waiting shrunk to SECOND ms so the waits are real but short.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { CheckRun, createClient, isForbidden, type Api } from '../src/adapters/github/client.js';
import { FakeGitHub } from './support/fake-github.js';

const SECOND = 100;

describe('the action’s API client against the fake API', () => {
  const gh = new FakeGitHub();
  beforeAll(async () => void (await gh.start()));
  afterAll(async () => gh.stop());
  beforeEach(() => gh.reset());
  // Every answer the fake gave is one GitHub's description allows.
  afterEach(() => expect(gh.offSpec).toEqual([]));

  // What the action would log about each wait: kept here, so a passing run prints nothing.
  let logged: string[] = [];
  const client = async (): Promise<Api> => {
    logged = [];
    return createClient(
      'ghs_test',
      { GITHUB_API_URL: gh.url },
      { log: (l) => logged.push(l), msPerSecond: SECOND },
    );
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

  it('a create and three updates when the API answers at once: no wait, no spacing', async () => {
    const api = await client();
    await checkRun(api, 3);
    expect(gh.checkRequests().map((q) => [q.method, q.status])).toEqual([
      ['POST', 201],
      ['PATCH', 200],
      ['PATCH', 200],
      ['PATCH', 200],
    ]);
    expect(logged).toEqual([]);
    // plugin-throttling's default would space these writes a second apart (1000 ms at least
    // each); the fake's first validation compiles its schemas, so the first gap is left out.
    const at = gh.checkRequests().map((q) => q.at);
    expect(at.slice(2).map((t, i) => t - at[i + 1] < 950)).toEqual([true, true]);
  });

  it('a burst of 502s: retried after 1 and 4 seconds, then the write goes through', async () => {
    const api = await client();
    gh.failNext = { count: 2, status: 502 };
    await checkRun(api, 1);
    expect(gh.checkRequests().map((q) => q.status)).toEqual([502, 502, 201, 200]);
    const [a, b, c] = gh.checkRequests();
    expect(b.at - a.at).toBeGreaterThanOrEqual(SECOND - 10);
    expect(c.at - b.at).toBeGreaterThanOrEqual(4 * SECOND - 10);
    expect(logged).toEqual([
      'GitHub server error on POST /repos/{owner}/{repo}/check-runs: retrying in 1s (1/3)',
      'GitHub server error on POST /repos/{owner}/{repo}/check-runs: retrying in 4s (2/3)',
    ]);
  });

  it('an API that stays down: three retries, then the error', async () => {
    const api = await client();
    gh.down = true;
    await expect(checkRun(api, 0)).rejects.toMatchObject({ status: 503 });
    expect(gh.checkRequests()).toHaveLength(4);
    // The error the step fails with names the call.
    await expect(CheckRun.start(api, repo, 'x', 'a'.repeat(40), 'https://d')).rejects.toThrow(
      /^GitHub API: creating the check run failed \(HTTP 503\): Service Unavailable/,
    );
  });

  it('a plain 403 (no checks: write) is an answer, not retried', async () => {
    const api = await client();
    gh.forbidChecks = true;
    const e = await checkRun(api, 0).catch((x: unknown) => x);
    expect(isForbidden(e)).toBe(true);
    expect(gh.checkRequests()).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it('a secondary limit: waits retry-after, retries, then spaces the later writes', async () => {
    const api = await client();
    gh.secondaryLimitNext = 1;
    await checkRun(api, 2);
    const writes = gh.checkRequests();
    expect(writes.map((q) => q.status)).toEqual([403, 201, 200, 200]);
    // After the limit, one write a second (SECOND here): the two updates follow the retry by
    // two seconds at least (less the requests' own latency, which the spacing does not see).
    expect(writes[3].at - writes[1].at).toBeGreaterThanOrEqual(1.5 * SECOND);
    expect(logged).toEqual([
      'GitHub secondary rate limit on POST /repos/{owner}/{repo}/check-runs: retrying in 1s (1/3)',
    ]);
  });

  it('the primary limit: waits until after x-ratelimit-reset, then retries', async () => {
    const api = await client();
    gh.primaryLimitNext = { count: 1, resetIn: 2 };
    await checkRun(api, 1);
    expect(gh.checkRequests().map((q) => q.status)).toEqual([403, 201, 200]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^GitHub rate limit on POST .*: retrying in [23]s \(1\/3\)$/);
  });

  it('a reset past the run’s API budget fails at once, with the reason', async () => {
    const api = await client();
    gh.primaryLimitNext = { count: 1, resetIn: 3600 };
    await expect(checkRun(api, 0)).rejects.toThrow(/past the run's API budget/);
    expect(logged).toEqual([]);
    expect(gh.checkRequests()).toHaveLength(1);
  });

  it('a limit that does not lift: retried 3 times, then the error', async () => {
    const api = await client();
    gh.secondaryLimitNext = 10;
    await expect(checkRun(api, 0)).rejects.toThrow(/secondary rate limit/);
    expect(gh.checkRequests()).toHaveLength(4);
    expect(logged).toHaveLength(3);
    expect(logged.every((l) => / retrying in 1s \(\d\/3\)$/.test(l))).toBe(true);
  });
});
