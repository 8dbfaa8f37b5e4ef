import type { Kysely } from 'kysely';
import { MODULES } from '../shared/registry.js';
import { withTransaction } from './db/index.js';
import { syncSchool } from './db/sync.js';
import { badRequest, conflict } from './framework/errors.js';
import { hashPassword } from './framework/passwords.js';
import { ensurePlatform, SCHOOL_CODE, schemaFor } from './framework/schools.js';
import { defaultDetails, putSetting } from './platform/settings.js';
import './installed.js';
import { schoolConfig } from './framework/school-config.js';
import { loadConfig } from './config.js';

export interface NewSchool {
  code: string;
  /** Where the school's configuration file may already wait (its modules on by default); CONFIG_DIR by default. */
  configDir?: string;
  name: string;
  adminEmail: string;
  adminPassword: string;
  adminName?: string;
}

/** Creates a school: its directory entry, its own schema with every table, and a super admin. */
export async function createSchool(db: Kysely<any>, s: NewSchool): Promise<{ code: string; schema: string }> {
  const code = s.code.trim().toUpperCase();
  if (!SCHOOL_CODE.test(code)) throw badRequest('The school code must be 6 letters or digits');
  if (!s.name.trim()) throw badRequest('The school name is required');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s.adminEmail)) throw badRequest('Invalid email address');
  if (s.adminPassword.length < 8) throw badRequest('Password must be atleast 8 characters');
  await ensurePlatform(db);
  const exists = await db.withSchema('platform').selectFrom('school').select('code').where('code', '=', code).executeTakeFirst();
  if (exists) throw conflict(`A school with code ${code} already exists`);
  const schema = schemaFor(code);
  await syncSchool(db, schema);
  const passwordHash = await hashPassword(s.adminPassword);
  await withTransaction(db, async (trx) => {
    const sdb = trx.withSchema(schema);
    await sdb.insertInto('user').values({ name: s.adminName ?? 'Super Admin', email: s.adminEmail.toLowerCase(), role: 4, password_hash: passwordHash }).execute();
    await putSetting(sdb, 'school', defaultDetails(s.name.trim()));
    // Modules start as the school's configuration says (unlisted ones on; those that cannot be disabled always on).
    const on = schoolConfig(s.configDir ?? loadConfig().configDir, code).config?.modules ?? {};
    await putSetting(sdb, 'modules', Object.fromEntries(MODULES.map((m) => [m.key, { enabled: !m.can_disable || on[m.key] !== false, hidden: false }])));
    await trx.withSchema('platform').insertInto('school').values({ code, name: s.name.trim(), schema_name: schema }).execute();
  });
  return { code, schema };
}

/** Brings every school's tables up to the declarations (run at start-up). */
export async function syncAllSchools(db: Kysely<any>): Promise<void> {
  await ensurePlatform(db);
  const rows = await db.withSchema('platform').selectFrom('school').select('schema_name').execute();
  for (const r of rows) await syncSchool(db, r.schema_name);
}
