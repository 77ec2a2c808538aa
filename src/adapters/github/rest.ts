// GitHub's REST API over node:https (node:http for a local stand-in): routes as GitHub's docs
// write them ('POST /repos/{owner}/{repo}/check-runs'), pagination by the `link` header, and
// every request retried as retry.ts says. This replaces @actions/github (octokit over a
// bundled undici): loading that client was a fifth of the action's start-up, for the dozen
// routes the action calls.
import http from 'node:http';
import https from 'node:https';
import { retryWait, WRITE_SPACING_MS, type RetryOptions } from './retry.js';

export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string | undefined>;
  data: T;
}

/** A request that failed: the HTTP status (none for a network error) and GitHub's message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly response?: { headers: Record<string, string | undefined> },
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
  /** Return a 3xx as it is (a download's storage URL), not as an error. */
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
}

export interface ApiOptions {
  baseUrl: string;
  token: string;
  /** Ends every request of the run once the API budget is spent. */
  signal?: AbortSignal;
  retries?: RetryOptions;
}

const WRITE = /^(POST|PATCH|PUT|DELETE)$/;
const MAX_BODY = 64 * 1024 * 1024;
/** Redirects followed, as octokit's fetch did (a renamed repository answers 301 or 307). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

/** 'GET /repos/{owner}/{repo}/pulls' and its params: the URL, and what is left for a body. */
export function expandRoute(
  route: string,
  params: Params,
): { method: string; path: string; rest: Params } {
  const [method, template] = route.split(' ');
  const rest: Params = { ...params };
  const path = template.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (!(k in rest)) throw new Error(`${route}: no value for {${k}}`);
    const v = String(rest[k]);
    delete rest[k];
    // A file path keeps its slashes (contents/{path}); each segment is encoded.
    return v.split('/').map(encodeURIComponent).join('/');
  });
  return { method, path, rest };
}

/** The `rel="next"` URL of a `link` header. */
export function nextPage(link: string | undefined): string | undefined {
  return link && /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
}

/** A list route's items: the array itself, or the one array an object wraps (artifacts). */
function items<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  const arrays = Object.values((data ?? {}) as Params).filter(Array.isArray);
  if (arrays.length === 1) return arrays[0] as T[];
  throw new Error('a list route answered without a list');
}

interface Raw {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

function send(
  url: URL,
  method: string,
  headers: Params,
  body: string | undefined,
  signal?: AbortSignal,
): Promise<Raw> {
  const lib = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      { method, headers: headers as http.OutgoingHttpHeaders, signal },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BODY) req.destroy(new Error(`answer over ${MAX_BODY} bytes`));
          else chunks.push(c);
        });
        res.on('end', () => {
          const h: Record<string, string | undefined> = {};
          for (const [k, v] of Object.entries(res.headers))
            h[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({
            status: res.statusCode ?? 0,
            headers: h,
            body: Buffer.concat(chunks),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export function createApi(o: ApiOptions): Api {
  const base = o.baseUrl.replace(/\/+$/, '');
  const r = o.retries;
  const sleep = r?.sleep ?? ((ms: number) => new Promise<void>((res) => setTimeout(res, ms)));
  const now = r?.now ?? Date.now;
  let spaced = false;
  let lastWrite = 0;
  const origin = new URL(base).origin;
  /** The token goes only where the API lives, whatever a link or location header says. */
  const onApi = (to: string, from: URL, what: string, status?: number): URL => {
    const url = new URL(to, from);
    if (url.origin !== origin) throw new ApiError(`${what} off the API: ${url.origin}`, status);
    return url;
  };

  /** One request to a full URL, answered once: an ApiError for anything but 2xx (and 3xx when asked). */
  async function once(
    method: string,
    url: URL,
    body: string | undefined,
    opts: RequestOptions,
    hops = 0,
  ): Promise<ApiResponse<unknown>> {
    const headers: Params = {
      accept: opts.raw ? 'application/vnd.github.raw' : 'application/vnd.github+json',
      authorization: `token ${o.token}`,
      'user-agent': 'ledger-gate',
      'x-github-api-version': '2022-11-28',
    };
    if (body !== undefined) {
      headers['content-type'] = 'application/json; charset=utf-8';
      headers['content-length'] = Buffer.byteLength(body);
    }
    let res: Raw;
    try {
      res = await send(url, method, headers, body, o.signal);
    } catch (e) {
      const err = new ApiError(String((e as Error).message ?? e), undefined);
      if ((e as Error).name === 'AbortError') err.name = 'AbortError';
      throw err;
    }
    const location = res.headers.location;
    if (opts.redirect !== 'manual' && REDIRECTS.has(res.status) && location) {
      if (hops >= MAX_REDIRECTS)
        throw new ApiError(`more than ${MAX_REDIRECTS} redirects`, res.status);
      const to = onApi(location, url, 'a redirect', res.status);
      // As fetch: a 303, or a 301/302 answering a write, is followed by a GET without body.
      const get = res.status === 303 || (res.status <= 302 && method !== 'GET');
      return once(get ? 'GET' : method, to, get ? undefined : body, opts, hops + 1);
    }
    const redirect = res.status >= 300 && res.status < 400 && opts.redirect === 'manual';
    if ((res.status < 200 || res.status >= 300) && !redirect) {
      let message = `HTTP ${res.status}`;
      try {
        message =
          (JSON.parse(res.body.toString('utf8')) as { message?: string }).message ?? message;
      } catch {
        // Not JSON (a proxy's page): the status says it.
      }
      throw new ApiError(message, res.status, { headers: res.headers });
    }
    const text = () => res.body.toString('utf8');
    const json = !opts.raw && /json/.test(res.headers['content-type'] ?? '') && res.body.length > 0;
    const data = opts.binary ? res.body : json ? JSON.parse(text()) : text();
    return { status: res.status, headers: res.headers, data };
  }

  /** once(), retried when GitHub asks for a wait or the server failed (retry.ts). */
  async function retried(route: string, url: URL, body: string | undefined, opts: RequestOptions) {
    const method = route.split(' ')[0];
    const write = WRITE.test(method);
    for (let attempt = 1; ; attempt++) {
      if (write && spaced) {
        const gap = lastWrite + WRITE_SPACING_MS - now();
        if (gap > 0) await sleep(gap);
      }
      if (write) lastWrite = now();
      try {
        return await once(method, url, body, opts);
      } catch (e) {
        if (!r || !(e instanceof ApiError)) throw e;
        const wait = retryWait(
          { status: e.status, headers: e.response?.headers, message: e.message, name: e.name },
          attempt,
          now(),
        );
        if (!wait || attempt > r.retries) throw e;
        if (now() + wait.ms > r.deadline) {
          const min = Math.ceil(wait.ms / 60000);
          e.message = `${wait.why}; GitHub asks to wait ${min} min, past the run's API budget (${e.message})`;
          throw e;
        }
        if (wait.why === 'secondary rate limit') spaced = true;
        r.onWait(`${wait.why} on ${route}`, wait.ms, attempt);
        await sleep(wait.ms);
      }
    }
  }

  const api: Api = {
    async request<T>(route: string, params: Params = {}, opts: RequestOptions = {}) {
      const { method, path, rest } = expandRoute(route, params);
      const url = new URL(base + path);
      let body: string | undefined;
      if (method === 'GET' || method === 'HEAD') {
        for (const [k, v] of Object.entries(rest))
          if (v !== undefined) url.searchParams.set(k, String(v));
      } else {
        body = JSON.stringify(rest);
      }
      return (await retried(route, url, body, opts)) as ApiResponse<T>;
    },
    async paginate<T>(route: string, params: Params = {}) {
      const first = await api.request(route, params);
      const all = items<T>(first.data);
      for (let next = nextPage(first.headers.link); next;) {
        const url = onApi(next, new URL(base), 'a next page');
        const page = await retried(route, url, undefined, {});
        all.push(...items<T>(page.data));
        next = nextPage(page.headers.link);
      }
      return all;
    },
  };
  return api;
}
