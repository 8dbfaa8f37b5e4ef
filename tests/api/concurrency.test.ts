/**
 * Concurrency on the real database (PGlite by default, PostgreSQL with DATABASE_URL):
 * transactions do not see or undo each other's work, and concurrent API writes all
 * land, with unique rules holding under a race.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, type TestApp, type TestSchool } from '../support/app.js';

let t: TestApp;
let s: TestSchool;

beforeAll(async () => ({ t, s } = await openTestSchool()));
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const uid = () => crypto.randomBytes(4).toString('hex').toUpperCase();
/** How long a transaction keeps itself open while others try to get in. */
const HOLD_MS = 300;

const branches = () => t.database.db.withSchema(s.schema);
const codesPresent = async (codes: string[]) =>
  (await branches().selectFrom('branch').select('code').where('code', 'in', codes).execute()).map((r) => r.code).sort();

/** A promise with its resolve exposed. */
function signal<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe(`transactions on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('a rolled-back transaction undoes only its own work: a concurrent plain insert and a concurrent committed transaction persist', async () => {
    const [a, p, c] = [`A${uid()}`, `P${uid()}`, `C${uid()}`];
    const aInserted = signal();
    const txA = t.database.db.transaction().execute(async (trx) => {
      await trx.withSchema(s.schema).insertInto('branch').values({ name: 'rolled back', code: a }).execute();
      aInserted.resolve();
      await sleep(HOLD_MS);
      throw new Error('abort A');
    });
    await aInserted.promise;
    // Both start while A is open, inserted and not yet rolled back.
    const plain = branches().insertInto('branch').values({ name: 'plain insert', code: p }).returning('id').executeTakeFirstOrThrow();
    const txC = t.database.db.transaction().execute(async (trx) => {
      await trx.withSchema(s.schema).insertInto('branch').values({ name: 'committed', code: c }).execute();
    });
    const [ra, rp, rc] = await Promise.allSettled([txA, plain, txC]);
    expect(ra.status).toBe('rejected');
    expect((ra as PromiseRejectedResult).reason.message).toBe('abort A');
    expect(rp.status).toBe('fulfilled');
    expect(rc.status).toBe('fulfilled');
    expect(await codesPresent([a, p, c])).toEqual([c, p].sort());
  });

  it('two concurrent transactions do not see each other\'s uncommitted rows', async () => {
    const [x, z] = [`X${uid()}`, `Z${uid()}`];
    const t1Inserted = signal();
    const t2Inserted = signal();
    const t1Ended = signal();
    let t1SawZ: unknown[] = [];
    let t2SawX: unknown[] = [];
    const tx1 = t.database.db.transaction().execute(async (trx) => {
      const db = trx.withSchema(s.schema);
      await db.insertInto('branch').values({ name: 't1', code: x }).execute();
      t1Inserted.resolve();
      // PostgreSQL: T2 runs now and inserts Z without committing. PGlite: T2 waits for this one.
      await Promise.race([t2Inserted.promise, sleep(HOLD_MS)]);
      t1SawZ = await db.selectFrom('branch').select('code').where('code', '=', z).execute();
      throw new Error('abort T1');
    }).finally(() => t1Ended.resolve());
    await t1Inserted.promise;
    const tx2 = t.database.db.transaction().execute(async (trx) => {
      const db = trx.withSchema(s.schema);
      t2SawX = await db.selectFrom('branch').select('code').where('code', '=', x).execute();
      await db.insertInto('branch').values({ name: 't2', code: z }).execute();
      t2Inserted.resolve();
      await Promise.race([t1Ended.promise, sleep(HOLD_MS)]);
    });
    const [r1, r2] = await Promise.allSettled([tx1, tx2]);
    expect(r1.status).toBe('rejected');
    expect(r2.status).toBe('fulfilled');
    expect(t1SawZ).toEqual([]);
    expect(t2SawX).toEqual([]);
    expect(await codesPresent([x, z])).toEqual([z]);
  });

  it('an uncommitted row is invisible to a concurrent reader, rolled back or not', async () => {
    for (const outcome of ['rollback', 'commit'] as const) {
      const code = `R${uid()}`;
      const inserted = signal();
      const readerDone = signal();
      let phase: 'open' | 'ending' = 'open';
      const writer = t.database.db.transaction().execute(async (trx) => {
        await trx.withSchema(s.schema).insertInto('branch').values({ name: 'writer', code }).execute();
        inserted.resolve();
        await Promise.race([readerDone.promise, sleep(HOLD_MS)]);
        phase = 'ending';
        if (outcome === 'rollback') throw new Error('abort writer');
      });
      await inserted.promise;
      const reader = branches().selectFrom('branch').select('code').where('code', '=', code).execute()
        .then((rows) => ({ rows, phase }))
        .finally(() => readerDone.resolve());
      const [w, r] = await Promise.allSettled([writer, reader]);
      expect(w.status, outcome).toBe(outcome === 'commit' ? 'fulfilled' : 'rejected');
      const read = (r as PromiseFulfilledResult<{ rows: unknown[]; phase: string }>).value;
      if (outcome === 'rollback') expect(read.rows, 'a rolled-back row was seen').toEqual([]);
      // A read that finished while the writer was still open must not have seen its row.
      if (read.phase === 'open') expect(read.rows, `${outcome}: uncommitted row seen`).toEqual([]);
      if (read.rows.length) expect(read.phase).toBe('ending');
      expect(await codesPresent([code])).toEqual(outcome === 'commit' ? [code] : []);
    }
  });
});

describe('concurrent API writes', () => {
  it('50 concurrent creates all succeed and all 50 rows exist, each with its audit record', async () => {
    const codes = Array.from({ length: 50 }, (_, i) => `K${i}-${uid()}`);
    const replies = await Promise.all(codes.map((code, i) => t.call(s.code, 'PUT /branches/', { name: `Branch ${i}`, code }, s.tokens['4'])));
    for (const [i, r] of replies.entries()) {
      expect(r.status, `${codes[i]}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body).toMatchObject({ success: true, message: 'New Branch Added', data: { code: codes[i], name: `Branch ${i}` } });
    }
    const ids = replies.map((r) => r.body.data.id);
    expect(new Set(ids).size).toBe(50);
    expect(await codesPresent(codes)).toEqual([...codes].sort());
    const audited = await branches().selectFrom('audit').select('record_id')
      .where('resource', '=', 'branches').where('action', '=', 'create').where('record_id', 'in', ids.map(String)).execute();
    expect(audited.map((a) => Number(a.record_id)).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const listed = await t.call(s.code, 'GET /branches/', undefined, s.tokens['4']);
    expect(listed.body.data.map((b: any) => b.code)).toEqual(expect.arrayContaining(codes));
  });

  it('concurrent creates with the same code: exactly one succeeds, the rest answer 409 with the declared message', async () => {
    for (let round = 0; round < 3; round++) {
      const code = `SAME-${uid()}`;
      const n = 12;
      const replies = await Promise.all(Array.from({ length: n }, (_, i) => t.call(s.code, 'PUT /branches/', { name: `Racer ${i}`, code }, s.tokens['4'])));
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((x) => x >= 500), JSON.stringify(replies.map((r) => r.body))).toEqual([]);
      expect(statuses.filter((x) => x === 200)).toHaveLength(1);
      for (const r of replies.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body).toMatchObject({ success: false, data: null, error: 'Branch code already exists' });
      }
      const rows = await branches().selectFrom('branch').select(['id', 'name']).where('code', '=', code).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].id).toBe(replies.find((r) => r.status === 200)!.body.data.id);
      // The losers left nothing behind: one audit record for the one row.
      const audits = await branches().selectFrom('audit').select('id').where('resource', '=', 'branches').where('record_id', '=', String(rows[0].id)).execute();
      expect(audits).toHaveLength(1);
    }
  });
});
