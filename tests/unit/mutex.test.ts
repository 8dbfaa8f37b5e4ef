import { describe, expect, it } from 'vitest';
import { Mutex } from '../../src/server/db/mutex.js';

const tick = () => new Promise((r) => setImmediate(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Mutex', () => {
  it('grants the lock at once when free', async () => {
    const m = new Mutex();
    const release = await m.acquire();
    expect(typeof release).toBe('function');
    release();
    const again = await m.acquire();
    again();
  });

  it('holds every other acquirer until the holder releases', async () => {
    const m = new Mutex();
    const first = await m.acquire();
    let granted = false;
    const second = m.acquire().then((r) => { granted = true; return r; });
    for (let i = 0; i < 20; i++) await tick();
    await sleep(20);
    expect(granted).toBe(false);
    first();
    (await second)();
    expect(granted).toBe(true);
  });

  it('grants in the order of asking (FIFO), also to those asking while it is held', async () => {
    const m = new Mutex();
    const order: number[] = [];
    const holder = await m.acquire();
    const later: Promise<void>[] = [];
    const waiters = Array.from({ length: 10 }, (_, i) => m.acquire().then(async (release) => {
      order.push(i);
      await tick();
      // Latecomers ask while the lock is held by an earlier waiter.
      if (i === 3) for (const n of [100, 101]) later.push(m.acquire().then((r) => { order.push(n); r(); }));
      release();
    }));
    holder();
    await Promise.all(waiters);
    await Promise.all(later);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 100, 101]);
  });

  it('never lets two holders in at once, whatever their timing', async () => {
    const m = new Mutex();
    let inside = 0;
    let most = 0;
    const done: number[] = [];
    await Promise.all(Array.from({ length: 40 }, async (_, i) => {
      await sleep(i % 7); // ask at scattered moments
      const release = await m.acquire();
      try {
        inside++;
        most = Math.max(most, inside);
        await (i % 3 ? sleep(i % 4) : tick());
        if (i % 5 === 0) throw new Error('work failed');
      } catch { /* the holder's failure must not keep the lock */ } finally {
        inside--;
        done.push(i);
        release();
      }
    }));
    expect(most).toBe(1);
    expect(done).toHaveLength(40);
  });

  it('a release called twice does not let a third holder in alongside the second', async () => {
    const m = new Mutex();
    const a = await m.acquire();
    let bIn = false;
    let cIn = false;
    const b = m.acquire().then((r) => { bIn = true; return r; });
    const c = m.acquire().then((r) => { cIn = true; return r; });
    a();
    a();
    const releaseB = await b;
    await sleep(10);
    expect(bIn).toBe(true);
    expect(cIn).toBe(false);
    releaseB();
    (await c)();
    expect(cIn).toBe(true);
  });
});
