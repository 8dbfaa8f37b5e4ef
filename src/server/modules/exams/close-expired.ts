import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { SERVER_USER, type Ctx } from '../../framework/context.js';
import { SchoolDirectory } from '../../framework/schools.js';
import { createIntegrations } from '../../integrations/index.js';
import { closeExpiredAttempts } from './attempts.js';

/**
 * The exams job: in every school, each attempt still open after its deadline (and the grace) is
 * closed and marked with the answers saved, as if the screen's timer had submitted them. Answers
 * 'idle' when nothing was due, so the job's record holds only the runs that closed something.
 */
export async function closeExpiredEverywhere(db: Kysely<any>, config: Config): Promise<'idle' | void> {
  const integrations = createIntegrations(config);
  let closed = 0;
  for (const school of await new SchoolDirectory(db).list()) {
    const ctx: Ctx = { db: db.withSchema(school.schema), school, user: SERVER_USER, config, integrations };
    closed += await closeExpiredAttempts(ctx);
  }
  if (!closed) return 'idle';
}
