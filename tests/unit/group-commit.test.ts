import { describe, expect, it } from 'vitest';
import type { Ctx } from '../../src/server/framework/context.js';
import { groupCommit } from '../../src/server/framework/group-commit.js';

const ctxOf = (school: string) => ({ school: { code: school } }) as unknown as Ctx;
const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('writes a lone call at once and the calls that arrive meanwhile as the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const call = groupCommit<Ctx, number, number>(async (entries) => {
      batches.push(entries.map((e) => e.input));
      if (batches.length === 1) await first;
      return entries.map((e) => e.input * 10);
    });
    const a = call(ctxOf('S1'), 1);
    while (!batches.length) await tick();
    const rest = [2, 3, 4].map((n) => call(ctxOf('S1'), n));
    release();
    expect(await Promise.all([a, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('gathers the calls of one turn of the event loop into one batch, per school', async () => {
    const batches: string[][] = [];
    const call = groupCommit<Ctx, string, string>(async (entries) => {
      batches.push(entries.map((e) => `${e.ctx.school.code}:${e.input}`));
      return entries.map((e) => e.input.toUpperCase());
    });
    const out = await Promise.all([call(ctxOf('S1'), 'a'), call(ctxOf('S2'), 'b'), call(ctxOf('S1'), 'c')]);
    expect(out).toEqual(['A', 'B', 'C']);
    expect(batches.sort()).toEqual([['S1:a', 'S1:c'], ['S2:b']]);
  });

  it('answers a call its own refusal, and retries a failed batch call by call so one bad call fails alone', async () => {
    const sizes: number[] = [];
    const call = groupCommit<Ctx, number, number>(async (entries) => {
      sizes.push(entries.length);
      if (entries.some((e) => e.input === 13)) throw new Error('the statement failed');
      return entries.map((e) => (e.input < 0 ? new Error(`refused ${e.input}`) : e.input));
    });
    const results = await Promise.allSettled([call(ctxOf('S1'), 1), call(ctxOf('S1'), -2), call(ctxOf('S1'), 13), call(ctxOf('S1'), 4)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 'refused -2', 'the statement failed', 4]);
    expect(sizes).toEqual([4, 1, 1, 1, 1]);
  });
});
