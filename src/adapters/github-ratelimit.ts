// GitHub's rate-limit answers, honoured without fixed waits: a request goes out at once, and
// only when GitHub says "too many" (403/429 with `retry-after`, or `x-ratelimit-remaining: 0`,
// or a secondary-limit message) does the run wait as long as GitHub asks, then retry. After a
// secondary limit, later writes are spaced one second apart, as GitHub's guidance asks of
// clients that have hit it. (@octokit/plugin-throttling spaced every write one second apart
// from the start: about 0.9 s of a 1.4 s run on the demo.)
import type { Octokit as OctokitCore } from '@octokit/core';

/** GitHub: without `retry-after` or a reset time, wait at least one minute after a secondary limit. */
export const SECONDARY_FALLBACK_S = 60;
/** Spacing between writes once a secondary limit has been hit. */
export const WRITE_SPACING_MS = 1000;

export interface LimitAnswer {
  status?: number;
  headers?: Record<string, string | number | undefined>;
  message?: string;
}

/**
 * Pure: how long (ms) GitHub asks us to wait before retrying this failed request, or undefined
 * when the answer is no rate limit (a plain 403 is a permission answer, not a limit).
 */
export function rateLimitWait(
  a: LimitAnswer,
  nowMs: number,
): { ms: number; secondary: boolean } | undefined {
  if (a.status !== 403 && a.status !== 429) return undefined;
  const h = a.headers ?? {};
  const secondary = /secondary rate limit/i.test(a.message ?? '');
  const after = Number(h['retry-after']);
  if (h['retry-after'] !== undefined && Number.isFinite(after) && after >= 0) {
    return { ms: after * 1000, secondary };
  }
  if (String(h['x-ratelimit-remaining']) === '0') {
    const reset = Number(h['x-ratelimit-reset']) * 1000;
    // Retry just after the reset time (GitHub: "wait until after").
    const ms = Number.isFinite(reset)
      ? Math.max(0, reset - nowMs) + 1000
      : SECONDARY_FALLBACK_S * 1000;
    return { ms, secondary };
  }
  if (secondary || a.status === 429) return { ms: SECONDARY_FALLBACK_S * 1000, secondary: true };
  return undefined;
}

export interface RateLimitOptions {
  retries: number;
  /** Epoch ms after which no wait may end (the run's API budget): past it, fail at once. */
  deadline: number;
  /** Told about every wait, before it starts; returns nothing. */
  onWait: (what: string, ms: number, attempt: number) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const WRITE = /^(POST|PATCH|PUT|DELETE)$/i;

/** An Octokit plugin: pass `rateLimit: RateLimitOptions` in the constructor options. */
export function rateLimit(octokit: OctokitCore, options: { rateLimit?: RateLimitOptions }): void {
  const o = options.rateLimit;
  if (!o) return;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = o.now ?? Date.now;
  let spaced = false;
  let lastWrite = 0;
  octokit.hook.wrap('request', async (request, req) => {
    const write = WRITE.test(String(req.method));
    for (let attempt = 1; ; attempt++) {
      if (write && spaced) {
        const gap = lastWrite + WRITE_SPACING_MS - now();
        if (gap > 0) await sleep(gap);
      }
      if (write) lastWrite = now();
      try {
        return await request(req);
      } catch (e) {
        const err = e as LimitAnswer & { response?: { headers?: LimitAnswer['headers'] } };
        const wait = rateLimitWait(
          { status: err.status, headers: err.response?.headers, message: err.message },
          now(),
        );
        if (!wait || attempt > o.retries) throw e;
        if (now() + wait.ms > o.deadline) {
          const min = Math.ceil(wait.ms / 60000);
          (e as Error).message =
            `rate limited; GitHub asks to wait ${min} min, past the run's API budget (${(e as Error).message})`;
          throw e;
        }
        if (wait.secondary) spaced = true;
        const what = wait.secondary ? 'secondary rate limit' : 'rate limit';
        o.onWait(`${what} on ${String(req.method)} ${String(req.url)}`, wait.ms, attempt);
        await sleep(wait.ms);
      }
    }
  });
}
