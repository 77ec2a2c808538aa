// The limiters plugin-throttling schedules every request through, given to it in its `throttle`
// options (global, auth, search, write, notifications, retryLimiter) in place of Bottleneck's.
// Bottleneck's local datastore yields to the event loop with a setTimeout(0) at each step of a
// job (submit, register, run, free): some nine timers of at least 1 ms each before a write
// left, on every request, and more under load; the check run's creation waited on them before
// the rest of the action loaded, its completion at the end. These keep the same limits (at
// most N running, starts spaced minTime apart, a failed job tried again after the wait its
// `failed` listener returns) and wait only when a limit says so.

/** Bottleneck's job options, as plugin-throttling sets them: a retry has weight 0. */
interface JobOptions {
  weight?: number;
}

type Job = (...args: unknown[]) => unknown;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Bottleneck's `schedule([options], fn, ...args)`, split. */
function jobOf(a: unknown[]): { options: JobOptions; fn: Job; args: unknown[] } {
  return typeof a[0] === 'function'
    ? { options: {}, fn: a[0] as Job, args: a.slice(1) }
    : { options: (a[0] ?? {}) as JobOptions, fn: a[1] as Job, args: a.slice(2) };
}

/** At most `maxConcurrent` jobs running (a weight-0 job takes no room), starts `minTime` ms apart. */
export class Limiter {
  private running = 0;
  private nextStart = 0;
  private readonly waiting: { weight: number; go: () => void }[] = [];
  constructor(private settings: { maxConcurrent?: number; minTime?: number } = {}) {}

  /** Bottleneck's: new limits for the jobs not yet started. */
  updateSettings(settings: { maxConcurrent?: number; minTime?: number }): void {
    this.settings = { ...this.settings, ...settings };
  }

  async schedule(...a: unknown[]): Promise<unknown> {
    const { options, fn, args } = jobOf(a);
    const weight = options.weight ?? 1;
    const max = this.settings.maxConcurrent ?? Infinity;
    if (weight > 0 && (this.waiting.length > 0 || this.running + weight > max))
      await new Promise<void>((go) => this.waiting.push({ weight, go }));
    else this.running += weight;
    try {
      const now = Date.now();
      const start = Math.max(now, this.nextStart);
      this.nextStart = start + (this.settings.minTime ?? 0);
      if (start > now) await sleep(start - now);
      return await fn(...args);
    } finally {
      this.running -= weight;
      // The room goes to the longest waiting, counted before it runs.
      while (this.waiting.length > 0 && this.running + this.waiting[0].weight <= max) {
        const next = this.waiting.shift()!;
        this.running += next.weight;
        next.go();
      }
    }
  }
}

/** Bottleneck.Group as plugin-throttling uses it: one limiter whatever the key. */
export const group = (limiter: Limiter) => ({ key: () => limiter });

type Failed = (error: unknown, info: { args: unknown[]; retryCount: number }) => unknown;

/**
 * plugin-throttling's retryLimiter: runs the job, and when it fails asks the `failed` listener,
 * which returns the milliseconds to wait before trying again, or nothing to give up (as
 * Bottleneck's does; a listener that throws gives up too).
 */
export class RetryLimiter {
  private failed: Failed | undefined;
  on(event: string, listener: Failed): void {
    if (event === 'failed') this.failed = listener;
  }
  async schedule(...a: unknown[]): Promise<unknown> {
    const { fn, args } = jobOf(a);
    for (let retryCount = 0; ; retryCount++) {
      try {
        return await fn(...args);
      } catch (error) {
        const failed = this.failed;
        const wait = failed
          ? await (async () => failed(error, { args, retryCount }))().catch(() => undefined)
          : undefined;
        if (wait === undefined || wait === null) throw error;
        await sleep(Math.max(0, Number(wait) || 0));
      }
    }
  }
}
