import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import type { Ctx, School } from '../../framework/context.js';
import { defineGuestPass, GUEST_USER, type GuestPass } from '../../framework/guests.js';
import { items } from '../../framework/items.js';
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

/** A new pass from the share link, written as the guest's (the call is public: there may be no one signed in). */
export async function issuePass(base: Ctx, linkToken: string): Promise<{ token: string; expires_at: string }> {
  const ctx: Ctx = { ...base, user: GUEST_USER };
  const token = randomToken();
  const expires = new Date(Date.now() + GUEST_PASS_HOURS * 3600 * 1000);
  const passes = items(ctx, 'admission-guests');
  await passes.create({ token_hash: sha256(token), link_token: linkToken, expires_at: expires.toISOString(), application_id: null });
  // Spent passes are of no further use: the table keeps only the last day's.
  const spent = await ctx.db.selectFrom('adm_guest').select('id').where('expires_at', '<', new Date(Date.now() - 24 * 3600 * 1000)).execute();
  await passes.removeWhere({ id: spent.map((p) => p.id) });
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
