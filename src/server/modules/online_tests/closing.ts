/**
 * Closing attempts the student left open, outside any request: the task enqueued at an attempt's
 * start runs at its deadline; the job sweeps every school for any still open past it (a task lost
 * to a restart of the in-process engine). Both close with the answers saved so far and mark them.
 */
import type { PlatformEnv } from '../../framework/contributions.js';
import { SERVER_USER, type Ctx, type School } from '../../framework/context.js';
import { SchoolDirectory } from '../../framework/schools.js';
import { createIntegrations } from '../../integrations/index.js';
import { closeExpired, closeIfExpired } from './attempts.js';

const schoolCtx = (env: PlatformEnv, school: School, integrations = createIntegrations(env.config)): Ctx =>
  ({ db: env.db.withSchema(school.schema), school, user: SERVER_USER, config: env.config, integrations });

/** The task: one attempt, if it is still open and its deadline has passed. */
export async function closeOne(env: PlatformEnv, code: string, attemptId: number): Promise<void> {
  const school = await new SchoolDirectory(env.db).find(code);
  if (!school) return;
  await closeIfExpired(schoolCtx(env, school), attemptId);
}

/** The sweep: every school's open attempts past their deadline; answers how many it closed. */
export async function closeAllExpired(env: PlatformEnv, now = new Date()): Promise<number> {
  let n = 0;
  const integrations = createIntegrations(env.config);
  const failed: string[] = [];
  for (const school of await new SchoolDirectory(env.db).list()) {
    // One school's failure does not keep the others' attempts open; the run reports it.
    try {
      n += await closeExpired(schoolCtx(env, school, integrations), undefined, now);
    } catch (e) {
      failed.push(`${school.code}: ${(e as Error).message}`);
    }
  }
  if (failed.length) throw new Error(`Attempts not closed in ${failed.join('; ')}`);
  return n;
}
