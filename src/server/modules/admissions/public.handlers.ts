import { sql } from 'kysely';
import { toPaise, toRupees } from '../../../shared/money.js';
import { defineHandlers } from '../../framework/calls.js';
import { storedUploads } from '../../framework/files.js';
import { isModuleEnabled, moduleStates } from '../../framework/modules.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { service } from '../../framework/services.js';
import { defaultDetails, getSetting } from '../../platform/settings.js';
import { issuePass, type AdmissionPass } from './guest.js';
import { applicationNumber, getAdmissionSettings } from './settings.js';

/**
 * The public application (spec 4 §2.7, §7): the guest pass from the share link, the
 * application itself, and the status check by application number and mobile.
 */

/** Mobiles compared as the digits and '+' they hold ('98450 12345' is '9845012345'). */
const mobileKey = (m: string) => m.replace(/[^0-9+]/g, '');

export default defineHandlers('admission-apply', {
  async guestToken(ctx, { query }) {
    const code = (query.sch_code ?? '').trim().toUpperCase();
    const token = (query.sch_token ?? '').trim();
    if (!code || !token) throw ctx.fail('invalid');
    if (code !== ctx.school.code) throw ctx.fail('unknownSchool');
    const settings = await getAdmissionSettings(ctx.db);
    if (token !== settings.adm_application_token) throw ctx.fail('invalid');
    const on = isModuleEnabled(await moduleStates(ctx.db, ctx.school.schema), 'admissions');
    if (!on || settings.adm_enabled !== '1' || !settings.adm_classes_list.length) throw ctx.fail('notOpen');
    const pass = await issuePass(ctx, settings.adm_application_token);
    const school = await getSetting(ctx.db, 'school', defaultDetails(ctx.school.name));
    return {
      ...pass,
      school_code: ctx.school.code, school_name: (school.school_name || ctx.school.name) as string, school_logo: school.school_logo || null,
      school_address: school.school_address || null,
      adm_classes_list: settings.adm_classes_list, adm_application_fees: settings.adm_application_fees,
      // The gateways the school takes fees through, for the fee's payment step.
      payment_modes: (await service('fees.enabledGateways')(ctx.db)).map((g) => ({ value: g.value as string, name: g.name as string })),
    };
  },

  async submit(ctx, { body }) {
    const pass = ctx.guest as AdmissionPass;
    if (body.sch_code && body.sch_code.toUpperCase() !== ctx.school.code) throw ctx.fail('unknownSchool');
    const settings = await getAdmissionSettings(ctx.db);
    if (settings.adm_enabled !== '1' || !settings.adm_classes_list.length) throw ctx.fail('notOpen');
    if (!settings.adm_classes_list.includes(body.application_class)) throw ctx.fail('classNotOpen');
    // Files must be this school's uploads of the form's own kinds: no path can point elsewhere.
    const photo = body.student_photo
      ? (await storedUploads(ctx, [body.student_photo], 'admission-photo', () => ctx.fail('photo')))[0]!
      : null;
    const details = structuredClone(body.details ?? {});
    if (details.prev_school?.marks_card?.length) {
      const cards = await storedUploads(ctx, details.prev_school.marks_card, 'admission-marks-card', () => ctx.fail('marksCard'));
      details.prev_school.marks_card = cards.map((c) => ({ name: c.name, path: c.path, url: c.url })) as typeof details.prev_school.marks_card;
    }
    // The parent named on the form is the father unless the relation says otherwise (spec 4 §5):
    // their name and mobile fill that relation's fields where the form left them empty. A guardian
    // who is neither keeps them in parent_name and mobile, and the relation says so.
    const relation = details.guardian?.relation ?? 'father';
    details.guardian = { ...details.guardian, relation };
    if (relation !== 'guardian') {
      const own = details[relation];
      details[relation] = { ...own, name: own?.name || body.parent_name, mobile: own?.mobile || body.mobile };
    }
    const feePaise = toPaise(settings.adm_application_fees ?? 0);

    return inTransaction(ctx, async (tx) => {
      // The pass's row, locked: one application per pass, however many submits race.
      const own = await tx.db.selectFrom('adm_guest').select('application_id').where('id', '=', pass.id).forUpdate().executeTakeFirst();
      if (!own || own.application_id != null) throw ctx.fail('submitted', 409);
      const row = await items(tx, 'applications').create({
        student_name: body.student_name.trim(), application_class: body.application_class, parent_name: body.parent_name.trim(),
        mobile: body.mobile.trim(), email: body.email.trim(), timestamp: new Date().toISOString(), status: 0,
        payment_status: feePaise > 0 ? -1 : 0, fee_amount: toRupees(feePaise),
        student_photo: photo ? { name: photo.name, path: photo.path, url: photo.url } : null,
        details, fee_payment: null,
      });
      // The number is made of the id, so it is written once the row has one.
      const number = applicationNumber(ctx.school.code, row.id);
      await items(tx, 'applications').update(row.id, { application_no: number }, { action: 'number' });
      await items(tx, 'admission-guests').update(pass.id, { application_id: row.id }, { action: 'apply' });
      return { application_id: row.id, application_no: number, fee_amount: toRupees(feePaise), payment_required: feePaise > 0 };
    });
  },

  async status(ctx, { body }) {
    const on = isModuleEnabled(await moduleStates(ctx.db, ctx.school.schema), 'admissions');
    const id = Number(body.application_id);
    const row = on && Number.isSafeInteger(id) && id > 0 && id < 2 ** 31
      ? await ctx.db.selectFrom('adm_application')
        .select(['application_no', 'student_name', 'application_class', 'status', 'payment_status', 'timestamp', 'mobile'])
        .where('id', '=', id).where(sql<boolean>`regexp_replace(mobile, '[^0-9+]', '', 'g') = ${mobileKey(body.mobile_no)}`)
        .executeTakeFirst()
      : undefined;
    if (!row) throw ctx.fail('none', 404);
    const { mobile: _, ...shown } = row;
    return { ...shown, application_no: shown.application_no as string, status: shown.status as number, payment_status: shown.payment_status as number };
  },
});
