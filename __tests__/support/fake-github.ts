// A real HTTP server on 127.0.0.1 that answers the few GitHub REST endpoints the action calls,
// records every request, and enforces the limits GitHub enforces (so a request GitHub would
// refuse fails here too): 50 annotations a request, 65535 characters of summary and text,
// required annotation fields, a 255-character title, details_url for action_required.
// Every request is held to GitHub's own description (support/openapi.ts): one it does not
// describe, or a body off the operation's schema, gets the 422 GitHub would give; every answer
// of a route is checked against the operation's response schema (a mismatch is the fake's own
// mistake, kept in `offSpec` and failed by fakeGitHubForFile after the test).
// Failure modes: a read-only token (403), bursts of 5xx, a secondary rate limit, an API that is down,
// a token that may not read collaborators' permissions (403) or cannot see them (404).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import { completed, exampleOf, recordCounts, requestProblem, responseProblem } from './openapi.js';
import { pullRequestEvent, pullRequestReviewEvent } from './events.js';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  status: number;
  authorization?: string;
  /** Epoch ms when the request arrived. */
  at: number;
}

export interface FakeAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: string;
  message: string;
  title?: string;
}

export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion?: string;
  details_url?: string;
  output?: { title: string; summary: string; text?: string };
  annotations: FakeAnnotation[];
  /** Every status the run went through, in order. */
  statuses: string[];
}

export interface FakeReview {
  id?: number;
  user: { login: string; type?: string };
  state: string;
  commit_id: string;
  author_association: string;
  submitted_at?: string;
}

export interface FakeArtifact {
  id: number;
  name: string;
  /** The zip the storage URL serves. */
  zip: Buffer;
  expired?: boolean;
  /** The download answers 410 Gone (expired since it was listed). */
  gone?: boolean;
}

export interface FakePull {
  number: number;
  state?: string;
  user: { login: string };
  /** `label` is `owner:branch`, as GitHub shows a fork's head. */
  head: { sha: string; label?: string };
  base: { sha: string };
  reviews: FakeReview[];
  files?: { filename: string; status: string; previous_filename?: string }[];
  commits?: { commit: { author: { name: string; email: string }; message: string } }[];
}

/** A repository role, and the base role (`permission`) GitHub maps it to. */
export type Role = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';
const BASE_ROLE: Record<Role, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};

/** Characters as GitHub counts them (code points: a character outside the BMP is one). */
const chars = (s: string): number => Array.from(s).length;

export class FakeGitHub {
  readonly requests: Recorded[] = [];
  readonly checkRuns = new Map<number, FakeCheckRun>();
  readonly pulls = new Map<number, FakePull>();
  /** Files at a commit, for repos.getContent: `${sha}:${path}` → text. */
  readonly contents = new Map<string, string>();
  /** Merge base answers for compare: `${base}...${head}` → sha. */
  readonly mergeBases = new Map<string, string>();
  /**
   * The files and commits compare lists for `${base}...${head}` (none when unset);
   * `totalCommits` when the range holds more commits than are listed.
   */
  readonly comparisons = new Map<
    string,
    Pick<FakePull, 'files' | 'commits'> & { totalCommits?: number }
  >();
  /** Artifacts of workflow runs: run id → artifacts. */
  readonly artifacts = new Map<number, FakeArtifact[]>();
  /**
   * Repository roles by login (lower case), for collaborators/{username}/permission. Anyone
   * else gets read, as on a public repository: an org member or outside collaborator is read
   * until given more.
   */
  readonly roles = new Map<string, Role>();
  /** The permission endpoint's status when not 200: 403 (the token may not), 404 (cannot see). */
  permissionStatus = 200;
  /** commits/{sha}/pulls leaves out pull requests from forks (the lookup then goes by head label). */
  hideForkPullsByCommit = false;
  /** 403 "Resource not accessible by integration" on the Checks API (a fork's token). */
  forbidChecks = false;
  /** The next N requests get this status (a burst of 5xx). */
  failNext = { count: 0, status: 502 };
  /** The next N writes get a secondary-rate-limit 403 with `retry-after`. */
  secondaryLimitNext = 0;
  /** The next N requests get a primary-rate-limit 403 (`x-ratelimit-remaining: 0`, reset in `resetIn` s). */
  primaryLimitNext = { count: 0, resetIn: 1 };
  /** Every request gets 503. */
  down = false;
  /** Answers of this fake that GitHub's description does not allow (the fake's bugs). */
  readonly offSpec: string[] = [];
  private server?: Server;
  private nextId = 1000;

  get url(): string {
    const a = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${a.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    recordCounts(expect.getState().testPath ?? 'unknown');
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  reset(): void {
    this.requests.length = 0;
    this.checkRuns.clear();
    this.pulls.clear();
    this.contents.clear();
    this.mergeBases.clear();
    this.comparisons.clear();
    this.artifacts.clear();
    this.roles.clear();
    this.permissionStatus = 200;
    this.hideForkPullsByCommit = false;
    this.forbidChecks = false;
    this.failNext = { count: 0, status: 502 };
    this.secondaryLimitNext = 0;
    this.primaryLimitNext = { count: 0, resetIn: 1 };
    this.down = false;
    this.offSpec.length = 0;
  }

  /** The requests to the Checks API, in order. */
  checkRequests(): Recorded[] {
    return this.requests.filter((r) => r.path.includes('/check-runs'));
  }

  onlyCheckRun(): FakeCheckRun {
    const runs = [...this.checkRuns.values()];
    if (runs.length !== 1) throw new Error(`expected one check run, got ${runs.length}`);
    return runs[0];
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let body: unknown = undefined;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const rec: Recorded = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
      status: 0,
      authorization: req.headers.authorization,
      at: Date.now(),
    };
    this.requests.push(rec);
    let injected = true;
    const send = (status: number, given: unknown, headers: Record<string, string> = {}) => {
      rec.status = status;
      // A route's success answer in GitHub's whole shape (its documented example around the
      // fields the fake sets), then held to the operation's schema.
      const data =
        injected || status >= 300 || typeof given !== 'object'
          ? given
          : completed(exampleOf(rec.method, rec.path, status), given);
      const problem = injected ? undefined : responseProblem(rec.method, rec.path, status, data);
      if (problem) this.offSpec.push(problem);
      const body = Buffer.isBuffer(data)
        ? data
        : typeof data === 'string'
          ? data
          : JSON.stringify(data);
      res.writeHead(status, {
        'content-type': Buffer.isBuffer(data)
          ? 'application/zip'
          : typeof data === 'string'
            ? 'text/plain'
            : 'application/json',
        ...headers,
      });
      res.end(body);
    };
    try {
      if (this.down) return send(503, { message: 'Service Unavailable' });
      if (this.failNext.count > 0) {
        this.failNext.count--;
        return send(this.failNext.status, { message: 'Server Error' });
      }
      if (this.secondaryLimitNext > 0 && rec.method !== 'GET') {
        this.secondaryLimitNext--;
        return send(
          403,
          {
            message:
              'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          },
          { 'retry-after': '1' },
        );
      }
      if (this.primaryLimitNext.count > 0) {
        this.primaryLimitNext.count--;
        const reset = Math.floor(Date.now() / 1000) + this.primaryLimitNext.resetIn;
        return send(
          403,
          { message: 'API rate limit exceeded for installation ID 1.' },
          { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
        );
      }
      injected = false;
      // The artifact's storage is not the API: GitHub's description does not cover it.
      if (!rec.path.startsWith('/storage/')) {
        const problem = requestProblem(rec.method, rec.path, body);
        if (problem)
          return send(422, { message: 'Validation Failed', errors: [problem], status: '422' });
      }
      this.route(rec, url, send);
    } catch (e) {
      send(500, { message: `fake server error: ${String(e)}` });
    }
  }

  private route(
    rec: Recorded,
    url: URL,
    send: (status: number, data: unknown, headers?: Record<string, string>) => void,
  ): void {
    const p = rec.path;
    let m: RegExpExecArray | null;
    const invalid = (message: string) =>
      send(422, { message: 'Validation Failed', errors: [message], status: '422' });

    if ((m = /^\/repos\/([^/]+\/[^/]+)\/check-runs(?:\/(\d+))?$/.exec(p))) {
      if (this.forbidChecks)
        return send(403, { message: 'Resource not accessible by integration' });
      const b = (rec.body ?? {}) as Record<string, unknown>;
      if (rec.method === 'POST' && !m[2]) {
        if (typeof b.name !== 'string' || !b.name) return invalid('name is missing');
        if (typeof b.head_sha !== 'string' || !/^[0-9a-f]{40}$/.test(b.head_sha))
          return invalid('head_sha is not a sha');
        const problem = this.checkUpdate(b, undefined);
        if (problem) return invalid(problem);
        const run: FakeCheckRun = {
          id: this.nextId++,
          name: b.name,
          head_sha: b.head_sha,
          status: String(b.status ?? 'queued'),
          details_url: b.details_url as string | undefined,
          annotations: [],
          statuses: [String(b.status ?? 'queued')],
        };
        this.apply(run, b);
        this.checkRuns.set(run.id, run);
        return send(201, {
          id: run.id,
          name: run.name,
          head_sha: run.head_sha,
          status: run.status,
          html_url: `https://github.example/${m[1]}/runs/${run.id}`,
        });
      }
      if (rec.method === 'PATCH' && m[2]) {
        const run = this.checkRuns.get(Number(m[2]));
        if (!run) return send(404, { message: 'Not Found' });
        const problem = this.checkUpdate(b, run);
        if (problem) return invalid(problem);
        this.apply(run, b);
        return send(200, { id: run.id, status: run.status, conclusion: run.conclusion ?? null });
      }
      return send(404, { message: 'Not Found' });
    }

    if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)(\/reviews|\/files|\/commits)?$/.exec(p))) {
      const pull = this.pulls.get(Number(m[1]));
      if (!pull) return send(404, { message: 'Not Found' });
      if (!m[2]) return send(200, this.pullJson(pull));
      const all =
        m[2] === '/reviews'
          ? pull.reviews.map((r, i) => ({ id: r.id ?? i + 1, ...r }))
          : m[2] === '/files'
            ? (pull.files ?? [])
            : (pull.commits ?? []).map(commitJson);
      return this.page(all, url, rec, send);
    }

    // GitHub's answer: `permission` the base role (maintain → write, triage → read), `role_name` the role.
    if ((m = /^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)\/permission$/.exec(p))) {
      if (this.permissionStatus === 403)
        return send(403, { message: 'Resource not accessible by integration' });
      if (this.permissionStatus !== 200)
        return send(this.permissionStatus, { message: 'Not Found' });
      const login = decodeURIComponent(m[1]);
      const role = this.roles.get(login.toLowerCase()) ?? 'read';
      return send(200, {
        permission: BASE_ROLE[role],
        role_name: role,
        // The collaborator as GitHub describes one: with its role (GitHub's own example lacks it).
        user: { login, role_name: role },
      });
    }

    if ((m = /^\/repos\/[^/]+\/[^/]+\/actions\/runs\/(\d+)\/artifacts$/.exec(p))) {
      const name = url.searchParams.get('name');
      const all = (this.artifacts.get(Number(m[1])) ?? [])
        .filter((a) => name === null || a.name === name)
        .map((a) => ({
          id: a.id,
          name: a.name,
          size_in_bytes: a.zip.length,
          expired: a.expired ?? false,
          expires_at: '2026-01-01T00:00:00Z',
          archive_download_url: `${this.url}/repos/x/y/actions/artifacts/${a.id}/zip`,
        }));
      return send(200, { total_count: all.length, artifacts: all });
    }

    // GitHub answers with a redirect to a signed storage URL on another host.
    if ((m = /^\/repos\/[^/]+\/[^/]+\/actions\/artifacts\/(\d+)\/zip$/.exec(p))) {
      const a = this.artifact(Number(m[1]));
      if (!a) return send(404, { message: 'Not Found' });
      if (a.gone || a.expired) return send(410, { message: 'Artifact has expired' });
      return send(302, '', { location: `${this.url}/storage/${a.id}.zip?sig=signed` });
    }

    // The storage refuses a request that carries GitHub's token (as Azure Blob Storage does).
    if ((m = /^\/storage\/(\d+)\.zip$/.exec(p))) {
      if (rec.authorization) return send(400, { message: 'Authorization is not accepted here' });
      const a = this.artifact(Number(m[1]));
      if (!a || url.searchParams.get('sig') !== 'signed') return send(403, { message: 'no' });
      return send(200, a.zip);
    }

    if ((m = /^\/repos\/[^/]+\/[^/]+\/commits\/([0-9a-f]{40})\/pulls$/.exec(p))) {
      const sha = m[1];
      const all = [...this.pulls.values()]
        .filter((x) => x.head.sha === sha)
        .filter((x) => !(this.hideForkPullsByCommit && x.head.label))
        .map((x) => this.pullJson(x));
      return send(200, all);
    }

    if (/^\/repos\/[^/]+\/[^/]+\/pulls$/.test(p) && rec.method === 'GET') {
      const head = url.searchParams.get('head');
      const state = url.searchParams.get('state') ?? 'open';
      const all = [...this.pulls.values()]
        .filter((x) => head === null || x.head.label === head)
        .filter((x) => state === 'all' || (x.state ?? 'open') === state)
        .map((x) => this.pullJson(x));
      return this.page(all, url, rec, send);
    }

    if ((m = /^\/repos\/[^/]+\/[^/]+\/compare\/(.+)$/.exec(p))) {
      const basehead = decodeURIComponent(m[1]);
      const base = this.mergeBases.get(basehead);
      if (!base) return send(404, { message: 'Not Found' });
      const { files = [], commits = [], totalCommits } = this.comparisons.get(basehead) ?? {};
      return send(200, {
        merge_base_commit: { sha: base },
        files,
        commits: commits.map(commitJson),
        total_commits: totalCommits ?? commits.length,
      });
    }

    if ((m = /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/.exec(p))) {
      const key = `${url.searchParams.get('ref')}:${decodeURIComponent(m[1])}`;
      const text = this.contents.get(key);
      if (text === undefined) return send(404, { message: 'Not Found' });
      return send(200, text);
    }

    send(404, { message: `Not Found: ${rec.method} ${p}` });
  }

  private pullJson(pull: FakePull) {
    return {
      number: pull.number,
      state: pull.state ?? 'open',
      user: pull.user,
      head: pull.head,
      base: pull.base,
      // GitHub's example lists a team without the `type` its schema requires: none here.
      requested_teams: [],
    };
  }

  private artifact(id: number): FakeArtifact | undefined {
    return [...this.artifacts.values()].flat().find((a) => a.id === id);
  }

  /** GitHub's pagination: per_page (max 100) and page, with a Link header to the next page. */
  private page(
    all: unknown[],
    url: URL,
    rec: Recorded,
    send: (status: number, data: unknown, headers?: Record<string, string>) => void,
  ): void {
    const per = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
    const page = Number(url.searchParams.get('page') ?? 1);
    const slice = all.slice((page - 1) * per, page * per);
    const headers: Record<string, string> = {};
    if (page * per < all.length) {
      const next = new URL(url.toString());
      next.searchParams.set('page', String(page + 1));
      next.searchParams.set('per_page', String(per));
      headers.link = `<${this.url}${next.pathname}${next.search}>; rel="next"`;
    }
    void rec;
    send(200, slice, headers);
  }

  /** What GitHub would refuse with 422, or undefined. */
  private checkUpdate(
    b: Record<string, unknown>,
    run: FakeCheckRun | undefined,
  ): string | undefined {
    const conclusions = [
      'success',
      'failure',
      'neutral',
      'cancelled',
      'skipped',
      'timed_out',
      'action_required',
    ];
    if (b.conclusion !== undefined && !conclusions.includes(String(b.conclusion)))
      return `conclusion ${String(b.conclusion)} is not one of ${conclusions.join(', ')}`;
    if (b.conclusion === 'action_required' && !b.details_url && !run?.details_url)
      return 'details_url is required when conclusion is action_required';
    if (b.status === 'completed' && b.conclusion === undefined)
      return 'conclusion is required when completed';
    const out = b.output as Record<string, unknown> | undefined;
    if (out === undefined) return undefined;
    if (typeof out.title !== 'string' || typeof out.summary !== 'string')
      return 'output needs title and summary';
    if (chars(out.summary) > 65535)
      return `output.summary is ${chars(out.summary)} characters, over 65535`;
    if (typeof out.text === 'string' && chars(out.text) > 65535)
      return `output.text is ${chars(out.text)} characters, over 65535`;
    const anns = out.annotations;
    if (anns === undefined) return undefined;
    if (!Array.isArray(anns)) return 'output.annotations is not a list';
    if (anns.length > 50) return `${anns.length} annotations in one request, over 50`;
    for (const a of anns as Record<string, unknown>[]) {
      if (typeof a.path !== 'string' || a.path === '') return 'annotation without path';
      if (!Number.isInteger(a.start_line) || (a.start_line as number) < 1)
        return 'annotation without start_line';
      if (!Number.isInteger(a.end_line)) return 'annotation without end_line';
      if (!['notice', 'warning', 'failure'].includes(String(a.annotation_level)))
        return `annotation_level ${String(a.annotation_level)}`;
      if (typeof a.message !== 'string' || a.message === '') return 'annotation without message';
      if (Buffer.byteLength(a.message) > 64 * 1024) return 'annotation message over 64 KB';
      if (a.title !== undefined && chars(String(a.title)) > 255)
        return 'annotation title over 255 characters';
    }
    return undefined;
  }

  private apply(run: FakeCheckRun, b: Record<string, unknown>): void {
    if (typeof b.status === 'string' && b.status !== run.status) {
      run.status = b.status;
      run.statuses.push(b.status);
    }
    if (typeof b.conclusion === 'string') run.conclusion = b.conclusion;
    if (typeof b.details_url === 'string') run.details_url = b.details_url;
    const out = b.output as
      (FakeCheckRun['output'] & { annotations?: FakeAnnotation[] }) | undefined;
    if (out) {
      run.output = { title: out.title, summary: out.summary, text: out.text };
      run.annotations.push(...(out.annotations ?? []));
    }
  }
}

/**
 * A listed commit as GitHub gives it: committed by its author unless the test says otherwise,
 * and no GitHub account behind either (so GitHub's example's octocat never stands in).
 */
function commitJson(c: NonNullable<FakePull['commits']>[number]) {
  return {
    author: null,
    committer: null,
    ...c,
    commit: { committer: c.commit.author, ...c.commit },
  };
}

/**
 * Pull request #7 by dana from `head` onto `base`, with `reviews`: set on the fake, and the
 * `pull_request` (or `pull_request_review`, of the last review) payload that names it, whole
 * (support/events.ts), `action` as given.
 */
export function pullRequest7(
  gh: FakeGitHub,
  s: { head: string; base: string },
  reviews: FakeReview[] = [],
  action = 'synchronize',
  eventName: 'pull_request' | 'pull_request_review' = 'pull_request',
) {
  gh.pulls.set(7, {
    number: 7,
    user: { login: 'dana' },
    head: { sha: s.head },
    base: { sha: s.base },
    reviews,
  });
  const pr = { action, number: 7, head: s.head, base: s.base };
  if (eventName === 'pull_request') return pullRequestEvent(pr);
  // The review the event is about: the last one given.
  const review = reviews.at(-1);
  return pullRequestReviewEvent({
    ...pr,
    reviewer: review?.user.login,
    state: review?.state.toLowerCase(),
  });
}

/**
 * A fake GitHub for one test file: started before its tests, reset before each test, stopped
 * after them; then the `cleanup` callbacks the tests pushed run.
 */
export function fakeGitHubForFile(): { gh: FakeGitHub; cleanup: (() => void)[] } {
  const gh = new FakeGitHub();
  const cleanup: (() => void)[] = [];
  beforeAll(async () => void (await gh.start()));
  afterAll(async () => {
    await gh.stop();
    cleanup.forEach((f) => f());
  });
  beforeEach(() => gh.reset());
  afterEach(() => {
    if (gh.offSpec.length > 0)
      throw new Error(
        `the fake GitHub answered off GitHub's description:\n${gh.offSpec.join('\n')}`,
      );
  });
  return { gh, cleanup };
}
