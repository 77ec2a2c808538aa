// When an API request is retried, and after how long. Requests go out at once, with no fixed
// spacing: only an answer asks for a wait. GitHub's rate-limit answers are honoured (403/429
// with `retry-after`; `x-ratelimit-remaining: 0` until just after `x-ratelimit-reset`; a
// secondary limit without either, a minute), and after a secondary limit later writes are
// spaced one second apart, as GitHub asks of clients that hit one. A 5xx or a network error is
// retried after 1, 4, 9 s. (This replaces @octokit/plugin-retry and plugin-throttling: the
// latter spaced every write a second apart from the start, about 0.9 s of a 1.4 s run on the
// demo, and both scheduled through timers even when nothing had to wait.) The loop that asks
// this and waits is rest.ts's.

/** GitHub: without `retry-after` or a reset time, wait at least one minute after a secondary limit. */
export const SECONDARY_FALLBACK_S = 60;
/** Spacing between writes once a secondary limit has been hit. */
export const WRITE_SPACING_MS = 1000;

export interface Answer {
  status?: number;
  headers?: Record<string, string | number | undefined>;
  message?: string;
  /** `AbortError` when the run's API budget ran out: never retried. */
  name?: string;
}

export interface Wait {
  ms: number;
  why: 'rate limit' | 'secondary rate limit' | 'server error';
}

/**
 * Pure: how long to wait before retry `attempt` (1, 2, …) of a request that got `a`, or
 * undefined when retrying cannot help (a plain 403 is a permission answer, a 4xx a refusal).
 */
export function retryWait(a: Answer, attempt: number, nowMs: number): Wait | undefined {
  if (a.name === 'AbortError') return undefined;
  if (a.status === 403 || a.status === 429) {
    const h = a.headers ?? {};
    const why = /secondary rate limit/i.test(a.message ?? '')
      ? 'secondary rate limit'
      : 'rate limit';
    const after = Number(h['retry-after']);
    if (h['retry-after'] !== undefined && Number.isFinite(after) && after >= 0) {
      return { ms: after * 1000, why };
    }
    if (String(h['x-ratelimit-remaining']) === '0') {
      const reset = Number(h['x-ratelimit-reset']) * 1000;
      // Retry just after the reset time (GitHub: "wait until after").
      const ms = Number.isFinite(reset)
        ? Math.max(0, reset - nowMs) + 1000
        : SECONDARY_FALLBACK_S * 1000;
      return { ms, why };
    }
    if (why === 'secondary rate limit' || a.status === 429) {
      return { ms: SECONDARY_FALLBACK_S * 1000, why: 'secondary rate limit' };
    }
    return undefined;
  }
  // A network error has no status.
  if (a.status === undefined || a.status >= 500) {
    return { ms: attempt * attempt * 1000, why: 'server error' };
  }
  return undefined;
}

export interface RetryOptions {
  retries: number;
  /** Epoch ms after which no wait may end (the run's API budget): past it, fail at once. */
  deadline: number;
  /** Told about every wait, before it starts. */
  onWait: (what: string, ms: number, attempt: number) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}
