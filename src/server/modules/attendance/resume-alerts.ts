import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { SERVER_USER, type Ctx } from '../../framework/context.js';
import { SchoolDirectory } from '../../framework/schools.js';
import { createIntegrations } from '../../integrations/index.js';
import { sendUnsentAlerts } from './absence-alerts.js';

/**
 * On start: every school's absence alerts that a stop cut off between the save and the texts
 * are sent now (see absence-alerts.ts). Answers the texts sent per school code.
 */
export async function resumeAbsenceAlerts(db: Kysely<any>, config: Config): Promise<Record<string, number>> {
  const integrations = createIntegrations(config);
  const sent: Record<string, number> = {};
  for (const school of await new SchoolDirectory(db).list()) {
    const ctx: Ctx = { db: db.withSchema(school.schema), school, user: SERVER_USER, config, integrations };
    const n = await sendUnsentAlerts(ctx);
    if (n) sent[school.code] = n;
  }
  return sent;
}
