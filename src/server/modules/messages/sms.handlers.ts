import type { SmsSendPayload } from '../../../generated/call-inputs.js';
import { MOBILE_RE } from '../../../shared/mobile.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { assertClass, enabledYearId } from '../../framework/lookups.js';
import { audit } from '../../framework/service.js';
import { sendAll } from '../../integrations/sms/index.js';
import { schoolSmsTemplates, smsBalance, smsSwitches } from '../../platform/sms.js';
import { familyMobiles } from '../../platform/family-mobiles.js';
import { STUDENT_YEAR_STATUS } from '../../../generated/enums/students.js';

/** Roles of staff logins (every role but students and parents). */
const STAFF_ROLES = [ROLE_IDS.teacher, ROLE_IDS.admin, ROLE_IDS.super_admin, ROLE_IDS.driver, ROLE_IDS.watchman, ROLE_IDS.librarian];

/** Families of the current students of the enabled year (of some classes when given): their texted mobiles. */
async function familiesOf(ctx: CallCtx, classIds: number[] | null): Promise<string[]> {
  const yearId = await enabledYearId(ctx);
  if (yearId === null) return [];
  let qb = ctx.db.selectFrom('student_year').select('student_id').where('ac_year_id', '=', yearId).where('status', '<>', STUDENT_YEAR_STATUS.SHUFFLED);
  if (classIds) qb = qb.where('class_id', 'in', classIds);
  const ids = (await qb.execute()).map((r) => r.student_id);
  return [...(await familyMobiles(ctx, ids)).values()].flat();
}

const teacherMobiles = async (ctx: CallCtx) =>
  (await ctx.db.selectFrom('teacher').select('mobile').where('mobile', 'is not', null).execute()).map((r) => r.mobile!);

const staffMobiles = async (ctx: CallCtx) => [
  ...await teacherMobiles(ctx),
  ...(await ctx.db.selectFrom('user').select('mobile').where('role', 'in', STAFF_ROLES).where('is_disabled', '=', false)
    .where('mobile', 'is not', null).execute()).map((r) => r.mobile!),
];

/** The group's mobiles, each once, in the form the gateway takes (10 digits). */
async function recipients(ctx: CallCtx, b: SmsSendPayload): Promise<string[]> {
  let all: string[];
  switch (b.to) {
    case 'parents': all = await familiesOf(ctx, null); break;
    case 'class': all = await familiesOf(ctx, b.class_ids!); break;
    case 'teachers': all = await teacherMobiles(ctx); break;
    default: all = await staffMobiles(ctx);
  }
  return [...new Set(all.map((m) => m.replace(/[\s-]/g, '').replace(/^(\+91|0)/, '')).filter((m) => MOBILE_RE.test(m)))];
}

export default defineHandlers('sms', {
  templates: async (ctx) => schoolSmsTemplates(ctx),

  send: async (ctx, { body }) => {
    if ((await smsSwitches(ctx.db)).sms !== '1') throw ctx.fail('off', 409);
    if (body.to === 'class') {
      if (!body.class_ids?.length) throw ctx.fail('classRequired');
      for (const id of body.class_ids) await assertClass(ctx, id, { inPayload: true });
    }
    const template = schoolSmsTemplates(ctx).find((t) => t.dlt_template_id === body.template_id);
    if (!template) throw ctx.fail('template', 400, { template_id: body.template_id });
    const mobiles = await recipients(ctx, body);
    if (!mobiles.length) throw ctx.fail('nobody');
    const { balance } = await smsBalance(ctx);
    if (balance !== null && balance < mobiles.length) throw ctx.fail('balance', 409, { needed: mobiles.length, balance });
    const message = body.message.trim();
    await sendAll(ctx.integrations.sms, ctx.db, mobiles.map((mobile) => ({ mobile, message, templateId: template.dlt_template_id })));
    await audit(ctx, 'sms', 'send', null, { to: body.to, class_ids: body.class_ids ?? null, title: body.title, template_id: template.dlt_template_id, count: mobiles.length });
    return { sent: mobiles.length, balance: (await smsBalance(ctx)).balance };
  },
});
