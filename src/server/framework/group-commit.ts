/**
 * Group commit: calls of one kind that arrive while a batch of them is being written wait, and go
 * together as the next batch, in one transaction with a statement per step for the whole batch.
 * A call alone is written at once (a batch of one, nothing added to its wait); in a burst (a class
 * submitting as its time runs out) a thousand calls take a handful of statements instead of
 * thousands, which one embedded store could not run in time. Batches are per school (each its
 * own schema) and one at a time per school in this process; other servers batch their own.
 */
import type { Ctx } from './context.js';

export interface Entry<C extends Ctx, I> { ctx: C; input: I }
/** Writes a batch; answers each entry's outcome in order: its value, or the error that call alone throws. */
export type BatchWriter<C extends Ctx, I, O> = (entries: Array<Entry<C, I>>) => Promise<Array<O | Error>>;

interface Waiting<C extends Ctx, I, O> extends Entry<C, I> { resolve: (o: O) => void; reject: (e: unknown) => void }

/** How long a batch may wait for calls still on their way: a burst is written in parts, the first while the rest arrive. */
const GATHER_MS = 20;

/**
 * Lets the calls already under way join before a batch is taken. The embedded store answers
 * within the same turn of the event loop, so a request runs through to here without letting
 * another in: the batch waits turns of the loop while they keep adding calls, up to GATHER_MS
 * (a lone call waits one turn, microseconds).
 */
async function gathered(queue: unknown[]) {
  const until = performance.now() + GATHER_MS;
  for (let before = -1; queue.length !== before && performance.now() < until;) {
    before = queue.length;
    await new Promise((r) => setImmediate(r));
  }
}

/** The call that joins the next batch `write` makes; at most `max` calls a batch. */
export function groupCommit<C extends Ctx, I, O>(write: BatchWriter<C, I, O>, max = 2000): (ctx: C, input: I) => Promise<O> {
  const queues = new Map<string, Array<Waiting<C, I, O>>>();

  /** A batch that failed as a whole (not one call's refusal) is retried a call at a time, so one bad call never fails the rest. */
  async function outcomes(batch: Array<Waiting<C, I, O>>): Promise<Array<O | Error>> {
    try {
      return await write(batch);
    } catch (e) {
      if (batch.length === 1) return [e instanceof Error ? e : new Error(String(e))];
      const out: Array<O | Error> = [];
      for (const w of batch) out.push(...await outcomes([w]));
      return out;
    }
  }

  async function drain(key: string, queue: Array<Waiting<C, I, O>>) {
    while (queue.length) {
      await gathered(queue);
      const batch = queue.splice(0, max);
      const results = await outcomes(batch);
      batch.forEach((w, i) => {
        const r = results[i];
        if (r instanceof Error) w.reject(r);
        else w.resolve(r as O);
      });
    }
    queues.delete(key);
  }

  return (ctx, input) => new Promise<O>((resolve, reject) => {
    const key = ctx.school.code;
    const queue = queues.get(key);
    if (queue) { queue.push({ ctx, input, resolve, reject }); return; }
    const fresh = [{ ctx, input, resolve, reject }];
    queues.set(key, fresh);
    void drain(key, fresh);
  });
}
