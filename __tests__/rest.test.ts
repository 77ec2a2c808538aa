// The action's REST client against a real HTTP server on 127.0.0.1: routes expanded as GitHub's
// docs write them, pages followed by the link header (never off the API's origin), GitHub's
// error message and status kept, raw and binary bodies.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createApi, expandRoute, nextPage } from '../src/adapters/github/rest.js';

describe('expandRoute and nextPage', () => {
  it('fills the path from the params, each segment URL-encoded, and leaves the rest', () => {
    expect(
      expandRoute('GET /repos/{owner}/{repo}/contents/{path}', {
        owner: 'acme',
        repo: 'w',
        path: 'tests/a b.yaml',
        ref: 'main',
      }),
    ).toEqual({
      method: 'GET',
      path: '/repos/acme/w/contents/tests/a%20b.yaml',
      rest: { ref: 'main' },
    });
  });
  it('refuses a route whose placeholder has no value', () => {
    expect(() => expandRoute('GET /repos/{owner}/{repo}', { owner: 'acme' })).toThrow(/\{repo\}/);
  });
  it('takes the next page of a link header, and none past the last', () => {
    const link =
      '<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=5>; rel="last"';
    expect(nextPage(link)).toBe('https://api.github.com/x?page=2');
    expect(nextPage('<https://api.github.com/x?page=1>; rel="prev"')).toBeUndefined();
    expect(nextPage(undefined)).toBeUndefined();
  });
});

describe('createApi against a local server', () => {
  let server: Server;
  let base = '';
  const seen: { method?: string; url?: string; auth?: string; accept?: string; body: string }[] =
    [];
  beforeAll(async () => {
    server = createServer((req, res) => {
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
        const json = (status: number, obj: unknown, headers: Record<string, string> = {}) => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(obj));
        };
        const u = new URL(req.url ?? '/', base);
        if (u.pathname === '/items') {
          const page = Number(u.searchParams.get('page') ?? '1');
          const link: Record<string, string> =
            page < 3 ? { link: `<${base}/items?page=${page + 1}>; rel="next"` } : {};
          return json(200, [page * 10, page * 10 + 1], link);
        }
        if (u.pathname === '/wrapped') return json(200, { total_count: 1, artifacts: [{ id: 7 }] });
        if (u.pathname === '/astray')
          return json(200, [1], { link: '<http://127.0.0.2:9/items?page=2>; rel="next"' });
        if (u.pathname === '/raw') {
          res.writeHead(200, { 'content-type': 'application/vnd.github.raw' });
          return res.end('version: 1\n');
        }
        if (u.pathname === '/zip') {
          res.writeHead(302, { location: 'https://storage.example/blob' });
          return res.end();
        }
        if (u.pathname === '/moved') {
          res.writeHead(301, { location: `${base}/wrapped` });
          return res.end();
        }
        if (u.pathname === '/moved-write') {
          res.writeHead(307, { location: '/echo' });
          return res.end();
        }
        if (u.pathname === '/echo') return json(200, { method: req.method, body });
        if (u.pathname === '/loop') {
          res.writeHead(302, { location: '/loop' });
          return res.end();
        }
        if (u.pathname === '/bin') {
          res.writeHead(200, { 'content-type': 'application/zip' });
          return res.end(Buffer.from([0x50, 0x4b, 0xff, 0x00]));
        }
        json(422, { message: 'Validation Failed' });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const api = () => createApi({ baseUrl: base + '/', token: 'ghs_t' });

  it('follows every page, with the token and GitHub’s media type', async () => {
    seen.length = 0;
    expect(await api().paginate<number>('GET /items', { per_page: 2 })).toEqual([
      10, 11, 20, 21, 30, 31,
    ]);
    expect(seen.map((s) => s.url)).toEqual(['/items?per_page=2', '/items?page=2', '/items?page=3']);
    expect(
      seen.every((s) => s.auth === 'token ghs_t' && s.accept === 'application/vnd.github+json'),
    ).toBe(true);
  });
  it('unwraps a list an object holds (artifacts)', async () => {
    expect(await api().paginate('GET /wrapped')).toEqual([{ id: 7 }]);
  });
  it('never sends the token to a next page off the API’s origin', async () => {
    await expect(api().paginate('GET /astray')).rejects.toThrow(
      /off the API: http:\/\/127\.0\.0\.2:9/,
    );
  });
  it('sends a write’s params as its JSON body', async () => {
    seen.length = 0;
    await expect(
      api().request('PATCH /fail/{id}', { id: 3, status: 'completed' }),
    ).rejects.toThrow();
    expect(seen[0]).toMatchObject({
      method: 'PATCH',
      url: '/fail/3',
      body: '{"status":"completed"}',
    });
  });
  it('a refusal keeps its status and GitHub’s message', async () => {
    const e = await api()
      .request('POST /nope', {})
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 422, message: 'Validation Failed' });
  });
  it('raw text, a redirect kept as it is, and bytes', async () => {
    expect((await api().request<string>('GET /raw', {}, { raw: true })).data).toBe('version: 1\n');
    const r = await api().request('GET /zip', {}, { redirect: 'manual' });
    expect([r.status, r.headers.location]).toEqual([302, 'https://storage.example/blob']);
    await expect(api().request('GET /zip')).rejects.toMatchObject({ status: 302 });
    const b = await api().request<Buffer>('GET /bin', {}, { binary: true });
    expect([...b.data]).toEqual([0x50, 0x4b, 0xff, 0x00]);
  });
  it('follows a redirect on the API’s origin (a renamed repository), a write as a write', async () => {
    expect((await api().request('GET /moved')).data).toEqual({
      total_count: 1,
      artifacts: [{ id: 7 }],
    });
    const w = await api().request('PATCH /moved-write', { status: 'completed' });
    expect(w.data).toEqual({ method: 'PATCH', body: '{"status":"completed"}' });
  });
  it('never follows a redirect off the API’s origin, nor one without end', async () => {
    await expect(api().request('GET /zip')).rejects.toThrow(
      /a redirect off the API: https:\/\/storage\.example/,
    );
    await expect(api().request('GET /loop')).rejects.toMatchObject({
      status: 302,
      message: 'more than 3 redirects',
    });
  });
  it('a network error has no status', async () => {
    const dead = createApi({ baseUrl: 'http://127.0.0.1:9', token: 't' });
    await expect(dead.request('GET /x')).rejects.toMatchObject({ status: undefined });
  });
});
