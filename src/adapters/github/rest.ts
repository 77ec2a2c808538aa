// GitHub's REST API through octokit: @octokit/core (requests, auth, errors), with
// plugin-paginate-rest (the `link` header; loaded on the first list, as a chunk: most runs list
// nothing, and its route table is most of its size), plugin-retry (5xx and network errors,
// after 1, 4, 9 s) and plugin-throttling (GitHub's primary and secondary rate-limit answers). What stays
// ours is this small facade: the routes as GitHub's docs write them
// ('POST /repos/{owner}/{repo}/check-runs'), the run's bounds on retries and waiting, the
// origin guard, and the proxy (proxy.ts). docs/development.md says why octokit, and why these.
import { Octokit } from '@octokit/core';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { group, Limiter, RetryLimiter } from './limiter.js';
import { fetchFor } from './proxy.js';

export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string | number | undefined>;
  data: T;
}

/** A request refused before it was sent (off the API's origin). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

type Params = Record<string, unknown>;

/** A pull request, as far as the action reads one. */
export interface ApiPull {
  number: number;
  state?: string;
  user?: { login?: string; type?: string } | null;
  head: { sha: string };
  base: { sha: string };
}

export interface RequestOptions {
  /** The file's bytes as text (`application/vnd.github.raw`), not JSON. */
  raw?: boolean;
  /** Return a 3xx as it is (a download's storage URL), not followed. */
  redirect?: 'manual';
  /** The body as bytes (a zip). */
  binary?: boolean;
}

export interface Api {
  request<T = unknown>(
    route: string,
    params?: Params,
    opts?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  /** Every page of a list route, as one array (a list wrapped in an object is unwrapped). */
  paginate<T = unknown>(route: string, params?: Params): Promise<T[]>;
  /**
   * Resolves once each request made so far has left (or failed before it did): from then on
   * its round trip overlaps whatever the caller computes. octokit's hooks and
   * plugin-throttling's scheduler take several turns of the event loop before a request
   * leaves, turns that a synchronous stretch of work would not give them.
   */
  sent(): Promise<void>;
}

export interface Limits {
  /** Retries of one request, whatever the reason. */
  retries: number;
  /** Epoch ms after which no wait may end (the run's API budget): past it, fail at once. */
  deadline: number;
  /** Told about every wait, before it starts. */
  onWait: (what: string, ms: number, attempt: number) => void;
  /** Milliseconds in one second of waiting (tests shrink it; 1000 in a run). */
  msPerSecond?: number;
}

export interface ApiOptions {
  baseUrl: string;
  token: string;
  /** Ends every request of the run once the API budget is spent. */
  signal?: AbortSignal;
  limits?: Limits;
}

/** Writes go out at once; after a secondary rate limit, one a second (GitHub's advice). */
export const WRITE_SPACING_MS = 1000;

interface HookOptions {
  method: string;
  url: string;
  request?: object;
}

/**
 * Says each failed attempt that plugin-retry will try again, with its wait (plugin-retry's:
 * 1, 4, 9 s). A plugin of our own, loaded first, so its hook is the innermost and sees every
 * attempt, not only the last.
 */
function sayRetries(octokit: Octokit, options: object) {
  // The innermost hook, so the last step before the request leaves: it is on its way (sent()).
  octokit.hook.before('request', (r: HookOptions) => {
    (r.request as { onSent?: () => void } | undefined)?.onSent?.();
  });
  const limits = (options as { limits?: Limits }).limits;
  if (!limits) return;
  octokit.hook.error('request', (e: unknown, r: HookOptions) => {
    const status = (e as { status?: number }).status;
    const n = (r.request as { retryCount?: number } | undefined)?.retryCount ?? 0;
    if ((status === undefined || status >= 500) && n < limits.retries)
      limits.onWait(`server error on ${r.method} ${r.url}`, (n + 1) ** 2 * 1000, n + 1);
    throw e;
  });
}

const Client = Octokit.plugin(sayRetries, retry, throttling);

export function createApi(o: ApiOptions): Api {
  const baseUrl = o.baseUrl.replace(/\/+$/, '');
  const origin = new URL(baseUrl).origin;
  const limits = o.limits;
  const retries = limits?.retries ?? 0;
  const perSecond = limits?.msPerSecond ?? 1000;
  // plugin-throttling's own write group spaces every write a second apart from the first; this
  // one lets them go at once until GitHub answers with a secondary limit.
  const writes = new Limiter({ maxConcurrent: 1, minTime: 0 });
  /** Why the last rate-limit wait was refused (said in the error). */
  let refused: string | undefined;
  const route = (r: HookOptions) =>
    `${r.method} ${r.url.startsWith(origin) ? r.url.slice(origin.length) : r.url}`;
  const rateLimited =
    (why: string) => (after: number, r: HookOptions, _o: unknown, count: number) => {
      if (!limits || count >= retries) return false;
      const ms = after * 1000;
      if (Date.now() + ms > limits.deadline) {
        refused = `${why}; GitHub asks to wait ${Math.ceil(ms / 60000)} min, past the run's API budget`;
        return false;
      }
      limits.onWait(`${why} on ${route(r)}`, ms, count + 1);
      return true;
    };

  // plugin-throttling's groups, with its limits, on limiters that wait only when a limit says
  // so (limiter.ts: Bottleneck's yield a timer at every step of every request). The plugin asks
  // a group for a limiter per client id: here always the one. Its write group is ours (above).
  // Its options' type wants Bottleneck's classes: the limiters go in untyped.
  const limiters = {
    global: group(new Limiter({ maxConcurrent: 10 })),
    auth: group(new Limiter({ maxConcurrent: 1 })),
    search: group(new Limiter({ maxConcurrent: 1, minTime: 2000 })),
    notifications: group(new Limiter({ maxConcurrent: 1, minTime: 3000 })),
    write: group(writes),
    retryLimiter: new RetryLimiter(),
  };

  const octokit = new Client({
    auth: o.token,
    baseUrl,
    userAgent: 'ledger-gate',
    limits,
    request: { fetch: fetchFor(baseUrl), signal: o.signal },
    retry: {
      enabled: retries > 0,
      retries,
      retryAfterBaseValue: perSecond,
      // 403 and 429 are plugin-throttling's to judge (a rate limit, or a refusal).
      doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451],
    },
    throttle: {
      enabled: retries > 0,
      ...(limiters as object),
      retryAfterBaseValue: perSecond,
      onRateLimit: rateLimited('rate limit'),
      onSecondaryRateLimit: (after: number, r: HookOptions, oc: unknown, count: number) => {
        writes.updateSettings({ minTime: (WRITE_SPACING_MS / 1000) * perSecond });
        return rateLimited('secondary rate limit')(after, r, oc, count);
      },
    },
  });
  // Outermost, so before any retry: the token goes only to the API's origin, whatever URL a
  // `link` header names. (A redirect is followed by fetch, which drops Authorization when it
  // leaves the origin; the artifact's download asks for the redirect itself: workflow-run.ts.)
  octokit.hook.before('request', (r: HookOptions) => {
    const to = new URL(r.url, baseUrl + '/');
    if (to.origin !== origin)
      throw new ApiError(`${route(r)}: off the API: ${to.origin}`, undefined);
  });

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    refused = undefined;
    try {
      return await run();
    } catch (e) {
      const err = e as { status?: number; message: string };
      if (refused && (err.status === 403 || err.status === 429))
        err.message = `${refused} (${err.message})`;
      throw e;
    }
  };

  // Requests not yet on their way (sent()). leaving() registers one and returns what to call
  // once it has left, or failed before it did.
  const unsent = new Set<Promise<void>>();
  const leaving = (): (() => void) => {
    let resolve!: () => void;
    const left = new Promise<void>((r) => (resolve = r));
    unsent.add(left);
    return () => {
      unsent.delete(left);
      resolve();
    };
  };

  return {
    async request<T>(r: string, params: Params = {}, opts: RequestOptions = {}) {
      const onSent = leaving();
      const res = await call(() =>
        octokit.request(r, {
          ...params,
          ...(opts.raw ? { headers: { accept: 'application/vnd.github.raw' } } : {}),
          request: { onSent, ...(opts.redirect ? { redirect: opts.redirect } : {}) },
        }),
      ).finally(onSent);
      let data: unknown = res.data;
      // Not JSON: octokit gives text or an ArrayBuffer, by the answer's content type.
      if (opts.binary)
        data = data instanceof ArrayBuffer ? Buffer.from(data) : Buffer.from(String(data ?? ''));
      else if (data instanceof ArrayBuffer) data = Buffer.from(data).toString('utf8');
      return { status: res.status, headers: res.headers, data: data as T };
    },
    async paginate<T>(r: string, params: Params = {}) {
      // A chunk that cannot load fails this list with one line, like any request.
      const { composePaginateRest } = await import('@octokit/plugin-paginate-rest');
      return call(() => composePaginateRest(octokit, r, params) as Promise<T[]>);
    },
    async sent() {
      await Promise.all(unsent);
    },
  };
}
