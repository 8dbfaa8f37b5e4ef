import { defineHandlers } from '../../framework/calls.js';
import { audit, inTransaction } from '../../framework/service.js';
import { getAdmissionSettings, newApplicationToken, putAdmissionSettings, type AdmissionSettings } from './settings.js';
import './guest.js';

/**
 * The Settings page's Admissions tab (spec 3 §7): GET, POST and PUT /settings/admissions/.
 * Staff get everything, the share link included; the public form, on its guest pass, gets only
 * what a parent needs (open or not, the classes, the fee), never the token.
 */
const shareLink = (publicUrl: string, code: string, token: string) => `${publicUrl}/admissions/apply/${code}/${token}/`;

const staffView = (s: AdmissionSettings, publicUrl: string, code: string) => ({
  ...s, school_code: code, adm_short_url: shareLink(publicUrl, code, s.adm_application_token),
});

export default defineHandlers('admission-settings', {
  async get(ctx) {
    const s = await getAdmissionSettings(ctx.db);
    if (ctx.guest) {
      return { adm_enabled: s.adm_enabled, adm_classes_list: s.adm_classes_list, adm_application_fees: s.adm_application_fees, school_code: ctx.school.code } as ReturnType<typeof staffView>;
    }
    return staffView(s, ctx.config.publicUrl, ctx.school.code);
  },

  async save(ctx, { body }) {
    return inTransaction(ctx, async (tx) => {
      const current = await getAdmissionSettings(tx.db);
      const classes = [...new Set(body.adm_classes_list.map((c) => c.trim()).filter(Boolean))];
      // Empty or 0: no fee, so no payment step (spec 4 §9).
      const fees = body.adm_application_fees ? body.adm_application_fees : null;
      const next: AdmissionSettings = { ...current, adm_enabled: body.adm_enabled as '0' | '1', adm_classes_list: classes, adm_application_fees: fees };
      await putAdmissionSettings(tx.db, next);
      await audit(tx, 'admission-settings', 'update', null, { adm_enabled: next.adm_enabled, adm_classes_list: classes, adm_application_fees: fees });
      return staffView(next, ctx.config.publicUrl, ctx.school.code);
    });
  },

  async regenerate(ctx) {
    return inTransaction(ctx, async (tx) => {
      const current = await getAdmissionSettings(tx.db);
      const next = { ...current, adm_application_token: newApplicationToken() };
      await putAdmissionSettings(tx.db, next);
      await audit(tx, 'admission-settings', 'regenerate', null, {});
      return { adm_application_token: next.adm_application_token, adm_short_url: shareLink(ctx.config.publicUrl, ctx.school.code, next.adm_application_token) };
    });
  },
});
