// Stands in for `bottleneck/light.js` in the action's bundle (tsconfig.json `paths`, which
// ncc's resolver applies to node_modules' imports too, as for @actions/http-client). Two
// octokit plugins import it: plugin-retry makes a `new Bottleneck()` per request to retry it
// on failure, and plugin-throttling makes its groups and `Events` (its groups and retry
// limiter are ours anyway: rest.ts). Bottleneck's datastore takes a setTimeout(0) at every
// step of a job: with this, a request that succeeds waits for no timer, and 43 kB of
// JavaScript leave the first stage. Only what the plugins use is here; scripts/build.mjs
// fails a build that bundles the real one.
import { Limiter, RetryLimiter } from './limiter.js';

type Listener = (...args: unknown[]) => unknown;

/**
 * Bottleneck's Events, as plugin-throttling uses them: `new Events(target)` gives `target`
 * `on`; `trigger(name, ...args)` calls every listener and resolves to the first answer that is
 * not null or undefined. A listener that throws is said to the `error` listeners, as
 * Bottleneck does, and counts as no answer.
 */
class Events {
  private readonly listeners = new Map<string, Listener[]>();
  constructor(target: { on?: unknown }) {
    target.on = (name: string, cb: Listener) =>
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), cb]);
  }
  async trigger(name: string, ...args: unknown[]): Promise<unknown> {
    const answers = await Promise.all(
      (this.listeners.get(name) ?? []).map(async (cb) => {
        try {
          return await cb(...args);
        } catch (e) {
          if (name !== 'error') void this.trigger('error', e);
          return null;
        }
      }),
    );
    return answers.find((a) => a !== null && a !== undefined);
  }
}

/** Bottleneck.Group: one limiter, with the group's limits, whatever the key. */
class Group {
  private limiter: Limiter | undefined;
  constructor(private readonly settings: { maxConcurrent?: number; minTime?: number } = {}) {}
  key(): Limiter {
    return (this.limiter ??= new Limiter(this.settings));
  }
}

/** `new Bottleneck()` as plugin-retry makes it: a job retried after its `failed` listener's wait. */
export default class Bottleneck extends RetryLimiter {
  static readonly Events = Events;
  static readonly Group = Group;
}
