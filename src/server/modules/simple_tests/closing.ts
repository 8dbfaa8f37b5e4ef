/**
 * The simple tests job: an attempt started but never submitted stays open (status 0) until its
 * submission deadline (the writing time, the 10-minute upload window and the grace) has passed;
 * then it is closed as 'Not submitted' (-1), in every school. Answers 'idle' when nothing was
 * due, so the job's record holds only the runs that closed something.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { SERVER_USER, type Ctx } from '../../framework/context.js';
import { items } from '../../framework/items.js';
import { SchoolDirectory } from '../../framework/schools.js';
import { inTransaction } from '../../framework/service.js';
import { createIntegrations } from '../../integrations/index.js';
import { SOLUTION_STATUS as STATUS } from '../../../generated/enums/simple_tests.js';
import { attemptClock } from './clock.js';

/** Closes the school's attempts left open past their deadline; answers how many. */
export async function closeExpiredSolutions(ctx: Ctx, now = new Date()): Promise<number> {
  const open = await ctx.db.selectFrom('simple_test_solution as s').innerJoin('simple_test as t', 't.id', 's.test_id')
    .select(['s.id', 's.start_time', 't.duration']).where('s.status', '=', STATUS.IN_PROGRESS).execute();
  let closed = 0;
  for (const a of open.filter((x) => !attemptClock(x.start_time, x.duration, now).open)) {
    closed += await inTransaction(ctx, async (tx) => {
      // Locked and read again: a submission in its grace may have come first.
      const row = await tx.db.selectFrom('simple_test_solution').select(['id', 'status']).where('id', '=', a.id).forUpdate().executeTakeFirst();
      if (!row || row.status !== STATUS.IN_PROGRESS) return 0;
      await items(tx, 'simple-test-solutions').update(row.id, { status: STATUS.NOT_SUBMITTED }, { action: 'close' });
      return 1;
    });
  }
  return closed;
}

export async function closeExpiredEverywhere(db: Kysely<any>, config: Config): Promise<'idle' | void> {
  const integrations = createIntegrations(config);
  let closed = 0;
  for (const school of await new SchoolDirectory(db).list()) {
    const ctx: Ctx = { db: db.withSchema(school.schema), school, user: SERVER_USER, config, integrations };
    closed += await closeExpiredSolutions(ctx);
  }
  if (!closed) return 'idle';
}
