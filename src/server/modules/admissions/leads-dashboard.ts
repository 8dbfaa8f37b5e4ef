import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';

/** The dashboard's latest leads: the ten newest enquiries. */
export const latestLeads = (db: Kysely<DB>) =>
  db.selectFrom('adm_lead')
    .select(['id', 'parent_name', 'mobile', 'student_name', 'class', 'status', 'created'])
    .orderBy('created', 'desc').orderBy('id', 'desc').limit(10)
    .execute();
