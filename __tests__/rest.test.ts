// The action's REST facade over octokit against real HTTP servers on 127.0.0.1: pages followed
// by the link header but never off the API's origin, the token never sent to another origin
// (a redirect to storage arrives without it), GitHub's error message and status kept, raw and
// binary bodies, the runner's proxy used, and Node's HTTP client reached only through http-fetch.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { httpFetch } from '../src/adapters/github/http-fetch.js';
import { createApi } from '../src/adapters/github/rest.js';
import { fetchFor } from '../src/adapters/github/proxy.js';

interface Seen {
  method?: string;
  url?: string;
  auth?: string;
  accept?: string;
  body: string;
}

/** A server on 127.0.0.1 recording what it is sent; `handle` answers. */
async function serve(
  handle: (
    u: URL,
    req: { method?: string; body: string },
    res: import('node:http').ServerResponse,
  ) => void,
) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        accept: req.headers.accept,
        body,
      });
      handle(new URL(req.url ?? '/', 'http://x'), { method: req.method, body }, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, seen, port: (server.address() as AddressInfo).port };
}
const close = (s: Server) => new Promise<void>((r) => s.close(() => r()));

describe('createApi against a local server', () => {
  let api: Awaited<ReturnType<typeof serve>>;
  // Another origin (localhost, not 127.0.0.1): where a storage redirect or a stray link points.
  let other: Awaited<ReturnType<typeof serve>>;
  let base = '';
  beforeAll(async () => {
    other = await serve((_u, _r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[99]');
    });
    api = await serve((u, req, res) => {
      const json = (status: number, obj: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(obj));
      };
      const redirect = (status: number, location: string) => {
        res.writeHead(status, { location });
        res.end();
      };
      if (u.pathname === '/items') {
        const page = Number(u.searchParams.get('page') ?? '1');
        const link: Record<string, string> =
          page < 3 ? { link: `<${base}/items?page=${page + 1}>; rel="next"` } : {};
        return json(200, [page * 10, page * 10 + 1], link);
      }
      if (u.pathname === '/wrapped') return json(200, { total_count: 1, artifacts: [{ id: 7 }] });
      if (u.pathname === '/astray')
        return json(200, [1], {
          link: `<http://localhost:${other.port}/items?page=2>; rel="next"`,
        });
      if (u.pathname === '/raw') {
        res.writeHead(200, { 'content-type': 'application/vnd.github.raw' });
        return res.end('version: 1\n');
      }
      if (u.pathname === '/zip') return redirect(302, `http://localhost:${other.port}/blob?sig=1`);
      if (u.pathname === '/moved') return redirect(301, `${base}/wrapped`);
      if (u.pathname === '/moved-write') return redirect(307, '/echo');
      if (u.pathname === '/echo') return json(200, { method: req.method, body: req.body });
      if (u.pathname === '/bin') {
        res.writeHead(200, { 'content-type': 'application/zip' });
        return res.end(Buffer.from([0x50, 0x4b, 0xff, 0x00]));
      }
      json(422, { message: 'Validation Failed' });
    });
    base = `http://127.0.0.1:${api.port}`;
  });
  afterAll(async () => {
    await close(api.server);
    await close(other.server);
  });
  const client = () => createApi({ baseUrl: base + '/', token: 'ghs_t' });

  it('follows every page, with the token and GitHub’s media type', async () => {
    api.seen.length = 0;
    expect(await client().paginate<number>('GET /items', { per_page: 2 })).toEqual([
      10, 11, 20, 21, 30, 31,
    ]);
    expect(api.seen.map((s) => s.url)).toEqual([
      '/items?per_page=2',
      '/items?page=2',
      '/items?page=3',
    ]);
    expect(
      api.seen.every(
        (s) => s.auth === 'token ghs_t' && s.accept === 'application/vnd.github.v3+json',
      ),
    ).toBe(true);
  });
  it('unwraps a list an object holds (artifacts)', async () => {
    expect(await client().paginate('GET /wrapped')).toEqual([{ id: 7 }]);
  });
  it('never follows a next page off the API’s origin: the other origin is not asked', async () => {
    other.seen.length = 0;
    await expect(client().paginate('GET /astray')).rejects.toThrow(
      new RegExp(`off the API: http://localhost:${other.port}`),
    );
    expect(other.seen).toEqual([]);
  });
  it('sends a write’s params as its JSON body; a refusal keeps its status and GitHub’s message', async () => {
    api.seen.length = 0;
    const e = await client()
      .request('PATCH /fail/{id}', { id: 3, status: 'completed' })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 422, message: expect.stringMatching(/^Validation Failed/) });
    expect(api.seen[0]).toMatchObject({
      method: 'PATCH',
      url: '/fail/3',
      body: '{"status":"completed"}',
    });
  });
  it('raw text, a redirect kept as it is when asked, and bytes', async () => {
    expect((await client().request<string>('GET /raw', {}, { raw: true })).data).toBe(
      'version: 1\n',
    );
    expect(api.seen.at(-1)?.accept).toBe('application/vnd.github.raw');
    const r = await client().request('GET /zip', {}, { redirect: 'manual' });
    expect([r.status, r.headers.location]).toEqual([
      302,
      `http://localhost:${other.port}/blob?sig=1`,
    ]);
    const b = await client().request<Buffer>('GET /bin', {}, { binary: true });
    expect([...b.data]).toEqual([0x50, 0x4b, 0xff, 0x00]);
  });
  it('follows a redirect on the API’s origin (a renamed repository), a write as a write', async () => {
    expect((await client().request('GET /moved')).data).toEqual({
      total_count: 1,
      artifacts: [{ id: 7 }],
    });
    const w = await client().request('PATCH /moved-write', { status: 'completed' });
    expect(w.data).toEqual({ method: 'PATCH', body: '{"status":"completed"}' });
  });
  it('a redirect to another origin arrives there without the token', async () => {
    other.seen.length = 0;
    await client().request('GET /zip');
    expect(other.seen).toHaveLength(1);
    expect(other.seen[0].auth).toBeUndefined();
  });
  it('sent() resolves once a request has left, before its answer; then at once', async () => {
    let answer!: () => void;
    const slow = await serve((_u, _r, res) => {
      answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      };
    });
    try {
      const client = createApi({ baseUrl: `http://127.0.0.1:${slow.port}`, token: 't' });
      const pending = client.request('GET /repos/{owner}/{repo}', { owner: 'a', repo: 'b' });
      // Not at once: octokit's hooks take turns of the loop before the request leaves.
      let left = false;
      const sent = client.sent().then(() => (left = true));
      await Promise.resolve();
      expect(left).toBe(false);
      await sent;
      // It left: the server holds it, unanswered, and the request has not settled.
      let settled = false;
      void pending.then(() => (settled = true));
      for (let i = 0; i < 50 && slow.seen.length === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(slow.seen.map((s) => s.url)).toEqual(['/repos/a/b']);
      expect(settled).toBe(false);
      answer();
      expect((await pending).data).toEqual({ ok: true });
      await client.sent(); // nothing left to wait for
    } finally {
      await close(slow.server);
    }
  });

  it('a network error fails the request', async () => {
    const dead = createApi({ baseUrl: 'http://127.0.0.1:9', token: 't' });
    await expect(dead.request('GET /x')).rejects.toMatchObject({ status: 500 });
  });
});

describe('the runner’s proxy', () => {
  const saved = { ...process.env };
  afterAll(() => {
    for (const k of ['HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']) delete process.env[k];
    Object.assign(process.env, saved);
  });

  it('carries the API’s requests (HTTP_PROXY), and NO_PROXY keeps a host off it', async () => {
    const api = await serve((_u, _r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    // A proxy that tunnels (CONNECT) or forwards every request to the fake API, whatever host
    // it names: the API's name (api.github.test) resolves nowhere, so only the proxy can reach it.
    const asked: string[] = [];
    const auths: (string | undefined)[] = [];
    const proxy = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      auths.push(req.headers['proxy-authorization']);
      const u = new URL(req.url ?? '/');
      const up = httpRequest(
        {
          host: '127.0.0.1',
          port: api.port,
          path: u.pathname + u.search,
          method: req.method,
          headers: req.headers,
        },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(up);
    });
    proxy.on('connect', (req, sock, head) => {
      asked.push(`CONNECT ${req.url}`);
      auths.push(req.headers['proxy-authorization']);
      const up = connect(api.port, '127.0.0.1', () => {
        sock.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        up.write(head);
        up.pipe(sock);
        sock.pipe(up);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      process.env.HTTP_PROXY = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      delete process.env.NO_PROXY;
      delete process.env.no_proxy;
      const r = await createApi({ baseUrl: 'http://api.github.test', token: 't' }).request(
        'GET /repos/{owner}/{repo}',
        { owner: 'acme', repo: 'w' },
      );
      expect(r.data).toEqual({ ok: true });
      expect(asked.join(' ')).toMatch(/api\.github\.test(:80)?/);
      expect(api.seen.map((s) => s.url)).toEqual(['/repos/acme/w']);
      expect(auths).toEqual([undefined]);
      // The proxy URL's user and password go to the proxy as Basic auth, decoded (as
      // @actions/http-client's own agent sends them), never to the API.
      const port = (proxy.address() as AddressInfo).port;
      process.env.HTTP_PROXY = `http://me:p%40ss@127.0.0.1:${port}`;
      await createApi({ baseUrl: 'http://api.github.test', token: 't' }).request('GET /x');
      expect(auths[1]).toBe(`Basic ${Buffer.from('me:p@ss').toString('base64')}`);
      expect(api.seen.map((s) => s.url)).toEqual(['/repos/acme/w', '/x']);
      process.env.NO_PROXY = 'api.github.test';
      // Off the proxy: the fetch on Node's own HTTP client (undici only behind a proxy).
      expect(fetchFor('http://api.github.test')).toBe(httpFetch);
    } finally {
      await close(proxy);
      await close(api.server);
    }
  });
});

describe('one HTTP client of our own', () => {
  it('only http-fetch.ts under src/adapters/github imports node:http or node:https', () => {
    const dir = path.join(import.meta.dirname, '../src/adapters/github');
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) =>
        /from ['"](node:)?https?['"]|require\(['"](node:)?https?['"]\)/.test(
          readFileSync(path.join(dir, f), 'utf8'),
        ),
      );
    expect(offenders).toEqual(['http-fetch.ts']);
  });
});
