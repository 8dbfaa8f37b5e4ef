import type { Kysely } from 'kysely';
import type { DB } from '../../generated/db.js';

/** School details shown in the header, on receipts and on printed sheets. */
export interface SchoolDetails {
  school_name: string;
  short_name: string;
  /** The spec's name for the short name (POST /about/school/); short_name holds the same. */
  school_short_name?: string;
  school_logo: string;
  school_address: string;
  phone_number: string;
  maintenance_mode: '0' | '1';
  is_disabled: '0' | '1';
}

export async function getSetting<T>(db: Kysely<DB>, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  return (row?.value as T) ?? fallback;
}

export async function putSetting(db: Kysely<DB>, key: string, value: unknown): Promise<void> {
  await db.insertInto('setting').values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) })).execute();
}

export const defaultDetails = (name: string): SchoolDetails => ({
  school_name: name, short_name: '', school_logo: '', school_address: '', phone_number: '', maintenance_mode: '0', is_disabled: '0',
});

/** The school's name as its details give it (the name it was registered with until they are saved). */
export const schoolName = async (ctx: { db: Kysely<DB>; school: { name: string } }) =>
  (await getSetting(ctx.db, 'school', defaultDetails(ctx.school.name))).school_name;
