// The GitHub API: one client (rest.ts: octokit, retries for 5xx, GitHub's rate-limit answers
// honoured), the check run, and the 403 that tells a fork's read-only token apart from an API
// that is down.
import * as core from '../actions/runner.js';
import { batches, type Annotation } from '../../report/annotations.js';
import { logLine } from '../../report/escape.js';
import { GateError } from '../../types.js';
import { createApi, type Api, type Limits } from './rest.js';

export type { Api } from './rest.js';

export interface Repo {
  owner: string;
  repo: string;
}

export function repoFromEnv(env: NodeJS.ProcessEnv): Repo {
  const full = env.GITHUB_REPOSITORY ?? '';
  const m = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(full);
  if (!m) throw new GateError(`GITHUB_REPOSITORY is not owner/name: ${JSON.stringify(full)}`);
  return { owner: m[1], repo: m[2] };
}

/** The run's page, where an action_required check run sends the reviewer. */
export function runUrl(env: NodeJS.ProcessEnv): string {
  const server = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
  return `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID ?? ''}`;
}

const RETRIES = 3;
const API_BUDGET_MS = 10 * 60 * 1000;

/**
 * The run's client. A proxy the runner is configured with (HTTPS_PROXY, NO_PROXY, …) is used
 * (proxy.ts). Retries are bounded (3 a request) and every wait must end within the run's API
 * budget.
 */
export function createClient(
  token: string,
  env: NodeJS.ProcessEnv,
  opts: {
    /** Where each wait is said; the run's log by default (tests keep it, to read it). */
    log?: (line: string) => void;
    /** Milliseconds in a second of waiting: 1000, or less in tests. */
    msPerSecond?: number;
  } = {},
): Api {
  const log = opts.log ?? core.info;
  const limits: Limits = {
    retries: RETRIES,
    deadline: Date.now() + API_BUDGET_MS,
    msPerSecond: opts.msPerSecond,
    onWait: (what, ms, attempt) =>
      log(logLine(`GitHub ${what}: retrying in ${Math.ceil(ms / 1000)}s (${attempt}/${RETRIES})`)),
  };
  return createApi({
    baseUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    token,
    // A connection that hangs must not hold a required check for hours: all API calls of the
    // run share one budget, after which they fail (and so does the step).
    signal: AbortSignal.timeout(API_BUDGET_MS),
    limits,
  });
}

interface HttpError {
  status?: number;
  message?: string;
}

/** A token that may not write checks: a fork's pull request, or `permissions` without checks: write. */
export function isForbidden(e: unknown): boolean {
  const err = e as HttpError;
  return err?.status === 403 && !/rate limit/i.test(err.message ?? '');
}

/** One line for an API failure that outlived the retries. */
export function apiError(what: string, e: unknown): GateError {
  const err = e as HttpError;
  const status = err?.status ? ` (HTTP ${err.status})` : '';
  const msg = String(err?.message ?? e)
    .split('\n')[0]
    .slice(0, 300);
  return new GateError(`GitHub API: ${what} failed${status}: ${msg}`);
}

export type Conclusion = 'success' | 'action_required' | 'failure' | 'neutral';

export interface CheckOutput {
  title: string;
  summary: string;
  text?: string;
}

/** One check run on one commit: created in progress, then completed with its annotations. */
export class CheckRun {
  private constructor(
    private readonly api: Api,
    private readonly repo: Repo,
    readonly id: number,
    /** Its page on GitHub (the API's html_url), for the outputs and the job summary. */
    readonly url: string | undefined,
  ) {}

  /** Creates the check run; null when the token may not (403), so the caller degrades. */
  static async start(
    api: Api,
    repo: Repo,
    name: string,
    headSha: string,
    detailsUrl: string,
  ): Promise<CheckRun | null> {
    try {
      const r = await api.request<{ id: number; html_url?: string | null }>(
        'POST /repos/{owner}/{repo}/check-runs',
        {
          ...repo,
          name,
          head_sha: headSha,
          status: 'in_progress',
          started_at: new Date().toISOString(),
          details_url: detailsUrl,
        },
      );
      return new CheckRun(api, repo, r.data.id, r.data.html_url ?? undefined);
    } catch (e) {
      if (isForbidden(e)) return null;
      throw apiError('creating the check run', e);
    }
  }

  /**
   * Sends the annotations 50 a request (each update repeats title and summary, as the API
   * requires), and completes the run with the conclusion on the last request.
   */
  async complete(
    conclusion: Conclusion,
    output: CheckOutput,
    annotations: Annotation[],
    detailsUrl: string,
  ): Promise<void> {
    const parts = batches(annotations);
    if (parts.length === 0) parts.push([]);
    for (const [i, part] of parts.entries()) {
      const last = i === parts.length - 1;
      try {
        await this.api.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
          ...this.repo,
          check_run_id: this.id,
          ...(last
            ? {
                status: 'completed' as const,
                conclusion,
                completed_at: new Date().toISOString(),
                details_url: detailsUrl,
              }
            : {}),
          output: { ...output, ...(part.length > 0 ? { annotations: part } : {}) },
        });
      } catch (e) {
        throw apiError(`updating the check run (request ${i + 1} of ${parts.length})`, e);
      }
    }
  }

  /** Best effort after an error: a required check must not stay in progress forever. `summary` is Markdown, already escaped. */
  async fail(summary: string, detailsUrl: string): Promise<void> {
    await this.api
      .request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
        ...this.repo,
        check_run_id: this.id,
        status: 'completed',
        conclusion: 'failure',
        completed_at: new Date().toISOString(),
        details_url: detailsUrl,
        output: { title: 'ledger-gate could not decide', summary },
      })
      .catch(() => undefined);
  }
}
