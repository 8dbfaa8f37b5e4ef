import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import type { School } from '../../framework/context.js';
import { defineGuestPass, type GuestPass } from '../../framework/guests.js';
import { isModuleEnabled, moduleStates } from '../../framework/modules.js';
import { randomToken, sha256 } from '../../framework/passwords.js';
import { getAdmissionSettings } from './settings.js';

/**
 * The public application form's guest pass: made from the school's current share link, it
 * lasts two hours and dies at once when the link's token is regenerated, the admissions module
 * is switched off or the form is closed. It names the one application it made.
 */
export const GUEST_PASS_HOURS = 2;
/** Spec 4 §8 "Admissions: no guest token". */
export const NO_GUEST = 'Something went wrong. Please try again later';

export interface AdmissionPass extends GuestPass { application_id: number | null }

export async function issuePass(db: Kysely<DB>, linkToken: string): Promise<{ token: string; expires_at: string }> {
  const token = randomToken();
  const expires = new Date(Date.now() + GUEST_PASS_HOURS * 3600 * 1000);
  await db.insertInto('adm_guest').values({ token_hash: sha256(token), link_token: linkToken, expires_at: expires, application_id: null }).execute();
  // Spent passes are of no further use: the table keeps only the last day's.
  await db.deleteFrom('adm_guest').where('expires_at', '<', new Date(Date.now() - 24 * 3600 * 1000)).execute();
  return { token, expires_at: expires.toISOString() };
}

async function checkPass(db: Kysely<DB>, school: School, tokenHash: string): Promise<AdmissionPass | null> {
  const row = await db.selectFrom('adm_guest').select(['id', 'link_token', 'application_id'])
    .where('token_hash', '=', tokenHash).where('expires_at', '>', new Date()).executeTakeFirst();
  if (!row) return null;
  if (!isModuleEnabled(await moduleStates(db, school.schema), 'admissions')) return null;
  const settings = await getAdmissionSettings(db);
  if (settings.adm_application_token !== row.link_token) return null;
  return { id: row.id, application_id: row.application_id ?? null };
}

defineGuestPass('admission', { check: checkPass, refusal: NO_GUEST });
