import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';

/** The dashboard's latest applications: the ten newest. */
export const latestApplications = (db: Kysely<DB>) =>
  db.selectFrom('adm_application')
    .select(['id', 'application_no', 'student_name', 'application_class', 'parent_name', 'mobile', 'timestamp', 'status', 'payment_status'])
    .orderBy('timestamp', 'desc').orderBy('id', 'desc').limit(10)
    .execute();
