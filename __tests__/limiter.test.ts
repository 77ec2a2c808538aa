// The limiters plugin-throttling is given (src/adapters/github/limiter.ts): a job on a free
// limiter runs without waiting for a timer (Bottleneck's took one at every step); at most N
// run at once, the rest in the order they came; starts are spaced when minTime says so; a
// retry (weight 0) takes no room; the retry limiter tries again after the wait its `failed`
// listener returns, and gives up when it returns nothing or throws. The plugin's own use of
// them (secondary and primary limits, spacing after a secondary limit) is action-retry.test.ts's.
// And the stand-in the bundle gives the plugins for `bottleneck/light.js` (tsconfig.json
// `paths`; jest loads the real one, so action.test.ts's retries through the bundle run it).
import { describe, expect, it } from '@jest/globals';
import Bottleneck from '../src/adapters/github/bottleneck.js';
import { group, Limiter, RetryLimiter } from '../src/adapters/github/limiter.js';

/** Resolves after a setTimeout(0): whatever ran before it needed no timer. */
const timer = () => new Promise<string>((r) => setTimeout(() => r('timer'), 0));

describe('Limiter', () => {
  it('a job on a free limiter runs before any timer fires, with its arguments and result', async () => {
    const l = new Limiter({ maxConcurrent: 1 });
    const job = l.schedule({}, async (a: unknown, b: unknown) => `${a}+${b}`, 1, 2);
    expect(await Promise.race([job, timer()])).toBe('1+2');
    // Without options, as Bottleneck's schedule(fn, ...args).
    expect(await Promise.race([l.schedule(async (x: unknown) => x, 'y'), timer()])).toBe('y');
    expect(group(l).key()).toBe(l);
  });

  it('at most maxConcurrent run; the rest start in the order they came, as room frees', async () => {
    const l = new Limiter({ maxConcurrent: 2 });
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const release: (() => void)[] = [];
    const jobs = [0, 1, 2, 3, 4].map((i) =>
      l.schedule({}, async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise<void>((r) => release.push(r));
        running--;
        return i;
      }),
    );
    await timer();
    expect(started).toEqual([0, 1]);
    release[1]();
    await timer();
    expect(started).toEqual([0, 1, 2]);
    release[0]();
    release[2]();
    await timer();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    release[3]();
    release[4]();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('a failing job frees its room and rejects with its error', async () => {
    const l = new Limiter({ maxConcurrent: 1 });
    await expect(l.schedule({}, async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await Promise.race([l.schedule({}, async () => 'next'), timer()])).toBe('next');
  });

  it('a weight-0 job (a retry) runs while the room is taken', async () => {
    const l = new Limiter({ maxConcurrent: 1 });
    let release!: () => void;
    const holding = l.schedule({}, () => new Promise<void>((r) => (release = r)));
    const retry = l.schedule({ weight: 0 }, async () => 'retry');
    expect(await Promise.race([retry, timer()])).toBe('retry');
    release();
    await holding;
  });

  it('starts minTime apart once spacing is set (updateSettings), not before', async () => {
    const l = new Limiter({ maxConcurrent: 1, minTime: 0 });
    const order: string[] = [];
    await l.schedule({}, async () => order.push('first'));
    l.updateSettings({ minTime: 40 });
    await l.schedule({}, async () => order.push('second'));
    // The third must wait 40 ms after the second's start: a timer of 0 ms fires first.
    const third = l.schedule({}, async () => order.push('third'));
    await timer().then(() => order.push('timer'));
    await third;
    expect(order).toEqual(['first', 'second', 'timer', 'third']);
  });
});

describe('RetryLimiter', () => {
  it('tries again after the wait the failed listener returns, with the job’s arguments and count', async () => {
    const r = new RetryLimiter();
    const seen: [unknown[], number][] = [];
    r.on('failed', (_e, info) => {
      seen.push([info.args, info.retryCount]);
      return info.retryCount < 2 ? 0 : undefined;
    });
    let calls = 0;
    const job = async (a: unknown) => {
      calls++;
      if (calls < 3) throw new Error(`fail ${calls}`);
      return `ok ${a}`;
    };
    expect(await r.schedule(job, 'x')).toBe('ok x');
    expect(seen).toEqual([
      [['x'], 0],
      [['x'], 1],
    ]);
  });

  it('gives up with the job’s error when the listener returns nothing, or throws', async () => {
    const r = new RetryLimiter();
    r.on('failed', () => undefined);
    await expect(r.schedule(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    const t = new RetryLimiter();
    t.on('failed', () => {
      throw new Error('listener');
    });
    await expect(t.schedule(async () => Promise.reject(new Error('job')))).rejects.toThrow('job');
    // Without a listener: the error at once.
    await expect(
      new RetryLimiter().schedule(async () => Promise.reject(new Error('bare'))),
    ).rejects.toThrow('bare');
  });

  it('a job that succeeds runs once, before any timer', async () => {
    const r = new RetryLimiter();
    expect(await Promise.race([r.schedule(async () => 'done'), timer()])).toBe('done');
  });
});

describe('the Bottleneck stand-in', () => {
  it('is the retry limiter, as plugin-retry makes it: new Bottleneck(), on("failed"), schedule(fn, options)', async () => {
    const b = new Bottleneck();
    expect(b).toBeInstanceOf(RetryLimiter);
    b.on('failed', (_e, info) => (info.retryCount < 1 ? 0 : undefined));
    let calls = 0;
    const job = async (options: unknown) => {
      if (++calls === 1) throw new Error('502');
      return options;
    };
    expect(await b.schedule(job, { url: '/x' })).toEqual({ url: '/x' });
    expect(calls).toBe(2);
  });

  it('Events: on() on the target, trigger() resolves to the first answer; a throw goes to error', async () => {
    const target: { on?: (name: string, cb: (...a: unknown[]) => unknown) => void } = {};
    const events = new Bottleneck.Events(target);
    const errors: unknown[] = [];
    target.on!('error', (e) => errors.push((e as Error).message));
    target.on!('limit', () => undefined);
    target.on!('limit', async (after, count) => `${after}/${count}`);
    target.on!('broken', () => {
      throw new Error('handler');
    });
    expect(await events.trigger('limit', 60, 1)).toBe('60/1');
    expect(await events.trigger('broken')).toBeUndefined();
    expect(await events.trigger('nobody')).toBeUndefined();
    await timer();
    expect(errors).toEqual(['handler']);
  });

  it('Group: one limiter with the group’s limits, whatever the key', async () => {
    const g = new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 });
    expect(g.key()).toBe(g.key());
    expect(g.key()).toBeInstanceOf(Limiter);
  });
});
