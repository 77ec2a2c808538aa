// The limiters plugin-throttling is given (src/adapters/github/limiter.ts): a job on a free
// limiter runs without waiting for a timer (Bottleneck's took one at every step); at most N
// run at once, the rest in the order they came; starts are spaced when minTime says so; a
// retry (weight 0) takes no room; the retry limiter tries again after the wait its `failed`
// listener returns, and gives up when it returns nothing or throws. The plugin's own use of
// them (secondary and primary limits, spacing after a secondary limit) is action-retry.test.ts's.
import { describe, expect, it } from '@jest/globals';
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
