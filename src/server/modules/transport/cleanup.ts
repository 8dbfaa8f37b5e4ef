/** The keeping of bus positions: each school's are deleted after its configured days. */
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { SERVER_USER, type Ctx } from '../../framework/context.js';
import { configOf } from '../../framework/school-config.js';
import { SchoolDirectory } from '../../framework/schools.js';
import { createIntegrations } from '../../integrations/index.js';
import { DEFAULT_POSITIONS_DAYS } from '../../../shared/school-config.js';
import { deleteOldPositions } from './live.js';

export async function cleanUpPositions({ db, config }: { db: Kysely<any>; config: Config }): Promise<'idle' | void> {
  const integrations = createIntegrations(config);
  let gone = 0;
  for (const school of await new SchoolDirectory(db).list()) {
    const ctx: Ctx = { db: db.withSchema(school.schema), school, user: SERVER_USER, config, integrations };
    gone += await deleteOldPositions(ctx, configOf(ctx).config?.transport?.positions_days ?? DEFAULT_POSITIONS_DAYS);
  }
  if (!gone) return 'idle';
}
