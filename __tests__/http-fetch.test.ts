// The fetch on Node's HTTP client (src/adapters/github/http-fetch.ts) against real servers on
// 127.0.0.1, with undici's fetch, which it replaced off the proxy, as the oracle: for each
// answer a server gives (JSON, bytes, redirects of every kind, on and off the origin, a loop,
// no body) both fetches report the same status, url, headers and body, and the servers see
// the same requests; failures (refused, closed, aborted, timed out) are the same kind of error
// with the same cause's message. And over HTTPS, as GitHub's API is reached: on Node 24 (the
// action's), trusting the test's certificate (__fixtures__/tls, a self-signed pair for
// localhost and 127.0.0.1 made for these tests) or refusing it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { fetch as undiciFetch } from 'undici';
import { httpFetch, type FetchInit } from '../src/adapters/github/http-fetch.js';
import { node24 } from './support/fake-github-runner.js';

interface Seen {
  method?: string;
  path?: string;
  auth?: string;
  type?: string;
  length?: string;
  body: string;
}

async function serve(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const sockets = new Set<unknown>();
  const server = createServer((req, res) => {
    sockets.add(req.socket);
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({
        method: req.method,
        path: req.url,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        length: req.headers['content-length'],
        body,
      });
      handle(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, seen, sockets, port: (server.address() as AddressInfo).port };
}
const close = (s: Server) =>
  new Promise<void>((r) => {
    s.closeAllConnections();
    s.close(() => r());
  });

/** What a caller can see of an answer: status, url, headers but the per-connection ones, body. */
async function seen(r: Awaited<ReturnType<typeof httpFetch>>) {
  const headers = [...r.headers].filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k));
  return { status: r.status, ok: r.ok, url: r.url, headers, body: await r.text() };
}

describe('httpFetch against undici’s fetch', () => {
  let api: Awaited<ReturnType<typeof serve>>;
  let other: Awaited<ReturnType<typeof serve>>;
  let base = '';
  beforeAll(async () => {
    other = await serve((_req, body, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`other got ${body.length} bytes`);
    });
    api = await serve((req, body, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const to = (status: number, location: string) => res.writeHead(status, { location }).end();
      switch (u.pathname) {
        case '/json':
          res.writeHead(200, { 'content-type': 'application/json', 'x-b': '2', 'x-a': '1' });
          return res.end(JSON.stringify({ method: req.method, body }));
        case '/bytes':
          res.writeHead(201, { 'content-type': 'application/zip' });
          return res.end(Buffer.from([0x50, 0x4b, 0xff, 0x00, 0xc3]));
        case '/none':
          return res.writeHead(204).end();
        case '/missing':
          res.writeHead(404, { 'content-type': 'application/json' });
          return res.end('{"message":"Not Found"}');
        case '/see-other':
          return to(303, '/json');
        case '/found':
          return to(302, '/json');
        case '/temporary':
          return to(307, '/json?kept');
        case '/permanent':
          return to(308, `${base}/json`);
        case '/away':
          return to(302, `http://localhost:${other.port}/blob?sig=1`);
        case '/away-307':
          return to(307, `http://localhost:${other.port}/blob`);
        case '/loop':
          return to(302, '/loop');
        case '/ftp':
          return to(302, 'ftp://127.0.0.1/x');
        case '/no-location':
          return res.writeHead(302).end('moved, nowhere');
        default:
          res.writeHead(500).end();
      }
    });
    base = `http://127.0.0.1:${api.port}`;
  });
  afterAll(async () => {
    await close(api.server);
    await close(other.server);
  });

  const post = (body: string): FetchInit => ({
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', authorization: 'token t' },
  });
  const cases: [string, string, FetchInit][] = [
    ['a GET with JSON', '/json', {}],
    ['a POST with its body', '/json', post('{"a":"ü"}')],
    ['a PATCH', '/json', { ...post('{"s":1}'), method: 'PATCH' }],
    ['bytes', '/bytes', {}],
    ['no body (204)', '/none', { method: 'DELETE' }],
    ['an error status with its body', '/missing', {}],
    ['a 303: a GET without the body', '/see-other', post('{"x":1}')],
    ['a 302 of a POST: a GET without the body', '/found', post('{"x":1}')],
    ['a 302 of a PATCH: still a PATCH', '/found', { ...post('{"x":1}'), method: 'PATCH' }],
    ['a 307: the method and body kept', '/temporary', post('{"x":1}')],
    ['a 308 to an absolute URL', '/permanent', { ...post('{"y":2}'), method: 'PUT' }],
    ['a redirect to another origin, without the token', '/away', post('{"x":1}')],
    ['a 307 to another origin, the body kept', '/away-307', post('{"z":3}')],
    ['a redirect kept as it is', '/away', { redirect: 'manual' }],
    ['a redirect without a location', '/no-location', {}],
  ];
  it.each(cases)('%s: the same answer and the same requests', async (_name, path, init) => {
    api.seen.length = 0;
    other.seen.length = 0;
    const ours = await seen(await httpFetch(base + path, init));
    const oursSeen = [[...api.seen], [...other.seen]];
    api.seen.length = 0;
    other.seen.length = 0;
    const theirs = await seen(
      (await undiciFetch(base + path, init as RequestInit)) as unknown as Awaited<
        ReturnType<typeof httpFetch>
      >,
    );
    expect(ours).toEqual(theirs);
    expect(oursSeen).toEqual([api.seen, other.seen]);
  });

  it('the body as bytes, as an ArrayBuffer and iterated', async () => {
    expect([...new Uint8Array(await (await httpFetch(base + '/bytes')).arrayBuffer())]).toEqual([
      0x50, 0x4b, 0xff, 0x00, 0xc3,
    ]);
    const chunks: Buffer[] = [];
    for await (const c of (await httpFetch(base + '/bytes')).body) chunks.push(c);
    expect([...Buffer.concat(chunks)]).toEqual([0x50, 0x4b, 0xff, 0x00, 0xc3]);
    const r = await httpFetch(base + '/json');
    expect([r.headers.get('X-A'), r.headers.get('nope')]).toEqual(['1', null]);
  });

  it('one connection for a run of requests, an answer without a body included', async () => {
    api.sockets.clear();
    for (const p of ['/json', '/none', '/json', '/missing', '/json'])
      await (await httpFetch(base + p)).text();
    expect(api.sockets.size).toBe(1);
  });

  // Failures: both are a TypeError "fetch failed" whose cause says why (octokit reports it).
  const failure = async (f: () => Promise<unknown>) => {
    const e = (await f().then(
      () => undefined,
      (x: unknown) => x,
    )) as Error & { cause?: Error };
    return { type: e?.constructor.name, message: e?.message, cause: e?.cause?.message };
  };
  it.each([
    ['a redirect loop', '/loop', 'redirect count exceeded'],
    ['a redirect to another scheme', '/ftp', 'URL scheme must be a HTTP(S) scheme'],
  ])('%s fails as undici fails', async (_n, path, cause) => {
    const ours = await failure(() => httpFetch(base + path));
    expect(ours).toEqual(await failure(() => undiciFetch(base + path)));
    expect(ours).toEqual({ type: 'TypeError', message: 'fetch failed', cause });
  });

  it('a refused connection and one closed before the answer fail as undici fails', async () => {
    const dead = await serve(() => undefined);
    const port = dead.port;
    await close(dead.server);
    const refused = await failure(() => httpFetch(`http://127.0.0.1:${port}/x`));
    expect(refused).toEqual(await failure(() => undiciFetch(`http://127.0.0.1:${port}/x`)));
    expect(refused.cause).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);

    const rude = await serve((req) => req.socket.end());
    try {
      const closed = await failure(() => httpFetch(`http://127.0.0.1:${rude.port}/x`));
      expect(closed).toEqual(await failure(() => undiciFetch(`http://127.0.0.1:${rude.port}/x`)));
      expect(closed).toEqual({
        type: 'TypeError',
        message: 'fetch failed',
        cause: 'other side closed',
      });
    } finally {
      await close(rude.server);
    }
  });

  it('an aborted signal rejects with its reason, before the request and while it waits', async () => {
    const held: ServerResponse[] = [];
    const slow = await serve((_req, _b, res) => held.push(res));
    try {
      const url = `http://127.0.0.1:${slow.port}/x`;
      const gone = AbortSignal.abort(new Error('budget spent'));
      await expect(httpFetch(url, { signal: gone })).rejects.toThrow('budget spent');
      expect(slow.seen).toEqual([]);
      const timeout = async (f: typeof httpFetch) => {
        const e = (await f(url, { signal: AbortSignal.timeout(50) }).catch(
          (x: unknown) => x,
        )) as Error;
        return [e.name, e.message];
      };
      const ours = await timeout(httpFetch);
      expect(ours).toEqual(await timeout(undiciFetch as unknown as typeof httpFetch));
      expect(ours[0]).toBe('TimeoutError');
    } finally {
      for (const r of held) r.destroy();
      await close(slow.server);
    }
  });

  it('an encoded answer, though asked unencoded, fails with one line', async () => {
    const gz = await serve((_req, _b, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(Buffer.from([0x1f, 0x8b]));
    });
    try {
      expect(await failure(() => httpFetch(`http://127.0.0.1:${gz.port}/`))).toEqual({
        type: 'TypeError',
        message: 'fetch failed',
        cause: 'the answer is encoded (gzip), though asked unencoded',
      });
    } finally {
      await close(gz.server);
    }
  });
});

describe('httpFetch over HTTPS, on Node 24', () => {
  const tls = path.join(import.meta.dirname, '../__fixtures__/tls');
  const repo = path.join(import.meta.dirname, '..');
  let server: Server;
  let base = '';
  let connections = 0;
  beforeAll(async () => {
    const s = createTlsServer(
      {
        key: readFileSync(path.join(tls, 'key.pem')),
        cert: readFileSync(path.join(tls, 'cert.pem')),
      },
      (req, res) => {
        let body = '';
        req.on('data', (d) => (body += d));
        req.on('end', () => {
          if (req.url === '/moved') return res.writeHead(301, { location: '/json' }).end();
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization, body }));
        });
      },
    );
    s.on('secureConnection', () => connections++);
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    server = s;
    base = `https://127.0.0.1:${(s.address() as AddressInfo).port}`;
  });
  afterAll(() => close(server));

  // Node 24 runs http-fetch.ts type-stripped, with undici's fetch beside it as the oracle.
  const script = `
    import { createRequire } from 'node:module';
    import { httpFetch } from ${JSON.stringify(path.join(repo, 'src/adapters/github/http-fetch.ts'))};
    const undici = createRequire(${JSON.stringify(repo + '/')})('undici');
    const [base, only] = process.argv.slice(1);
    const init = (method, body) => ({ method, body, headers: { 'content-type': 'application/json', authorization: 'token t' } });
    const out = {};
    for (const [name, f] of [['ours', httpFetch], ['undici', undici.fetch]].filter(([n]) => !only || n === only)) {
      try {
        const answers = [];
        for (const [p, m, b] of [['/json', 'GET'], ['/json', 'PATCH', '{"s":1}'], ['/moved', 'GET']]) {
          const r = await f(base + p, init(m, b));
          answers.push([r.status, r.url, await r.text()]);
        }
        out[name] = answers;
      } catch (e) {
        out[name] = { error: e.message, cause: e.cause?.message };
      }
    }
    console.log(JSON.stringify(out));
  `;
  // Asynchronously: the server answering it runs on this process's event loop.
  const run = async (env: Record<string, string>, only = '') => {
    const { stdout } = await promisify(execFile)(
      node24().bin,
      ['--no-warnings', '--input-type=module', '-e', script, base, only],
      { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
    );
    return JSON.parse(stdout);
  };

  it('trusting the certificate: the same answers as undici’s, on one connection', async () => {
    connections = 0;
    const out = await run({ NODE_EXTRA_CA_CERTS: path.join(tls, 'cert.pem') });
    expect(out.ours).toEqual(out.undici);
    expect(out.ours[1]).toEqual([
      200,
      `${base}/json`,
      JSON.stringify({ method: 'PATCH', auth: 'token t', body: '{"s":1}' }),
    ]);
    expect(out.ours[2][1]).toBe(`${base}/json`);
    // Three requests and a redirect, one connection (a fresh process, so a fresh pool).
    connections = 0;
    await run({ NODE_EXTRA_CA_CERTS: path.join(tls, 'cert.pem') }, 'ours');
    expect(connections).toBe(1);
  });

  it('not trusting it: fetch failed, the certificate said as undici says it', async () => {
    const out = await run({});
    expect(out.ours).toEqual(out.undici);
    expect(out.ours).toEqual({
      error: 'fetch failed',
      cause: expect.stringMatching(/^self-signed certificate\b/),
    });
  });
});
