// The fetch octokit calls when no proxy applies: node:http and node:https, not undici. undici's
// fetch (~600 kB of JavaScript with its two llhttp WASM builds, compiled on the first
// connection) was the largest part of the action's first stage; Node's HTTP client is built
// in. It is the part of fetch octokit's fetch-wrapper and the artifact's download use: method,
// headers, a string body, `redirect` ('follow' or 'manual'), `signal`; the answer's status,
// url, headers (iterated, get), ok, text(), arrayBuffer() and body (an async iterable of
// bytes). It keeps undici's ways where a caller can see them: errors are a TypeError "fetch
// failed" whose cause says why (octokit reports the cause's message), a redirect is followed
// as fetch follows one (at most 20; a 303, or a 301/302 of a POST, becomes a GET without its
// body; Authorization, Cookie and Proxy-Authorization dropped on leaving the origin), and the
// same limits: 10 s to connect, 300 s for the headers and between bytes of the body.
// docs/development.md says why and when undici is still used (behind a proxy).
import * as http from 'node:http';
import * as https from 'node:https';

const MAX_REDIRECTS = 20;
const CONNECT_MS = 10_000;
const IDLE_MS = 300_000;

/** What octokit and the artifact's download pass. */
export interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | null;
  redirect?: 'follow' | 'manual' | 'error';
  signal?: AbortSignal | null;
}

/** An answer's headers, lowercase, iterated in name order (as undici's Headers are). */
export class FetchHeaders {
  private readonly entries: [string, string][];
  constructor(raw: http.IncomingHttpHeaders) {
    this.entries = Object.entries(raw)
      .filter((e): e is [string, string | string[]] => e[1] !== undefined)
      .map(([k, v]): [string, string] => [k, Array.isArray(v) ? v.join(', ') : v])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
  get(name: string): string | null {
    const n = name.toLowerCase();
    return this.entries.find((e) => e[0] === n)?.[1] ?? null;
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries[Symbol.iterator]();
  }
}

export class FetchResponse {
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly ok: boolean;
  readonly headers: FetchHeaders;
  /** The body's bytes as they arrive; read once, by text(), arrayBuffer() or iterating. */
  readonly body: AsyncIterable<Buffer>;
  // No parameter properties: the file runs type-stripped under Node 24 in the HTTPS test.
  constructor(res: http.IncomingMessage, url: string, body: AsyncIterable<Buffer>) {
    this.status = res.statusCode ?? 0;
    this.statusText = res.statusMessage ?? '';
    this.url = url;
    this.ok = this.status >= 200 && this.status <= 299;
    this.headers = new FetchHeaders(res.headers);
    this.body = body;
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = await this.bytes();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }
  async text(): Promise<string> {
    return (await this.bytes()).toString('utf8');
  }
  private async bytes(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of this.body) chunks.push(c);
    return Buffer.concat(chunks);
  }
}

// One keep-alive agent per scheme: the run's requests (created, updated, paged) share a connection.
let agents: { http: http.Agent; https: https.Agent } | undefined;

/** fetch(url, init) for the parts octokit uses (the file's head says which). */
export async function httpFetch(url: string | URL, init: FetchInit = {}): Promise<FetchResponse> {
  const signal = init.signal ?? undefined;
  let target = new URL(String(url));
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body ?? undefined;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(init.headers ?? {})) headers[k.toLowerCase()] = v;
  for (let redirects = 0; ; redirects++) {
    signal?.throwIfAborted();
    const res = await exchange(target, method, headers, body, signal);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (init.redirect === 'manual' || ![301, 302, 303, 307, 308].includes(status) || !location)
      return answer(res, method, target, signal);
    // Drained to its end, so the next request can take its connection.
    await new Promise((r) => res.once('close', r).resume());
    if (init.redirect === 'error') throw failed(new Error('unexpected redirect'));
    if (redirects >= MAX_REDIRECTS) throw failed(new Error('redirect count exceeded'));
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      throw failed(new Error(`invalid redirect location: ${location.slice(0, 200)}`));
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:')
      throw failed(new Error('URL scheme must be a HTTP(S) scheme'));
    if (next.origin !== target.origin)
      for (const h of ['authorization', 'cookie', 'proxy-authorization']) delete headers[h];
    if (
      status === 303 ? method !== 'GET' && method !== 'HEAD' : status <= 302 && method === 'POST'
    ) {
      method = 'GET';
      body = undefined;
      for (const h of Object.keys(headers))
        if (/^content-(encoding|language|location|type|length)$/.test(h)) delete headers[h];
    }
    target = next;
  }
}

/** One request and its answer's head; a failure is fetch's TypeError with the cause. */
function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
  signal: AbortSignal | undefined,
): Promise<http.IncomingMessage> {
  agents ??= {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };
  const secure = url.protocol === 'https:';
  const h: Record<string, string> = {
    accept: '*/*',
    // Asked unencoded, so no decoder is loaded; an encoded answer anyway is refused (answer()).
    'accept-encoding': 'identity',
    ...headers,
  };
  if (body !== undefined) h['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, {
      method,
      headers: h,
      agent: secure ? agents!.https : agents!.http,
    });
    let headed = false;
    const onAbort = () => req.destroy(signal!.reason as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const t = setTimeout(() => {
        const at = `${url.hostname}:${url.port || (secure ? 443 : 80)}`;
        req.destroy(
          new Error(`Connect Timeout Error (attempted address: ${at}, timeout: ${CONNECT_MS}ms)`),
        );
      }, CONNECT_MS);
      socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(t));
      socket.once('close', () => clearTimeout(t));
    });
    // Idle for 300 s waiting for the head or for the body's next bytes, as undici's two timeouts.
    req.setTimeout(IDLE_MS, () =>
      req.destroy(new Error(headed ? 'Body Timeout Error' : 'Headers Timeout Error')),
    );
    req.on('response', (res) => {
      headed = true;
      // Once the body has ended the signal has nothing left to abort.
      res.once('close', () => signal?.removeEventListener('abort', onAbort));
      resolve(res);
    });
    req.on('error', (e) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(signal.reason);
      else reject(failed(e));
    });
    req.end(body);
  });
}

function answer(
  res: http.IncomingMessage,
  method: string,
  url: URL,
  signal: AbortSignal | undefined,
): FetchResponse {
  const coding = res.headers['content-encoding'];
  if (coding && coding.toLowerCase() !== 'identity') {
    res.destroy();
    throw failed(
      new Error(`the answer is encoded (${coding.slice(0, 40)}), though asked unencoded`),
    );
  }
  // Answers without a body (octokit reads none): drained now, so the connection is free again.
  if (method === 'HEAD' || [204, 205, 304].includes(res.statusCode ?? 0)) res.resume();
  // An abort while the body is read ends it with the signal's reason, as fetch does.
  const body = (async function* () {
    try {
      for await (const c of res) yield c as Buffer;
    } catch (e) {
      throw signal?.aborted ? signal.reason : e;
    }
  })();
  return new FetchResponse(res, url.href, body);
}

/**
 * fetch's own failure: a TypeError "fetch failed" with the reason as its cause. A connection
 * closed before the answer is said as undici says it ("other side closed"), not Node's
 * "socket hang up".
 */
function failed(cause: Error): TypeError {
  const why =
    (cause as NodeJS.ErrnoException).code === 'ECONNRESET' && cause.message === 'socket hang up'
      ? Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })
      : cause;
  return new TypeError('fetch failed', { cause: why });
}
