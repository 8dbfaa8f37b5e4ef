import type { Kysely } from 'kysely';
import type { DB } from '../../generated/db.js';
import type { SchoolSaveSmsSettingsPayload } from '../../generated/call-inputs.js';
import type { Ctx } from '../framework/context.js';
import { configOf } from '../framework/school-config.js';
import { fillTemplateText, SMS_TEMPLATES } from '../../shared/school-config.js';
import type { SmsMessage } from '../integrations/sms/index.js';
import { getSetting } from './settings.js';

/**
 * The school's SMS switches (spec 3 §3: each '0' or '1', as POST /settings/sms/ takes them); the
 * master `sms` switch turns every automatic text off.
 */
export type SmsSwitches = SchoolSaveSmsSettingsPayload;

export const DEFAULT_SMS_SWITCHES: SmsSwitches = { sms: '1', smart_sms: '0', announcements_sms: '1', messages_sms: '1', fee_payment_sms: '1', attendance_sms: '1' };

/** The setting the switches are kept in. */
export const SMS_SETTING = 'sms';

export async function smsSwitches(db: Kysely<DB>): Promise<SmsSwitches> {
  return { ...DEFAULT_SMS_SWITCHES, ...await getSetting<Partial<SmsSwitches>>(db, SMS_SETTING, {}) };
}

/** Whether the school sends a kind of automatic text: the master switch and the kind's own. */
export async function smsAllowed(db: Kysely<DB>, kind: keyof SmsSwitches): Promise<boolean> {
  const s = await smsSwitches(db);
  return s.sms === '1' && s[kind] === '1';
}

/**
 * A text the product sends, as the school's template of that name says it (config
 * `sms.templates`, with its DLT template id), else in the product's own words.
 */
export function templatedSms(ctx: Pick<Ctx, 'config' | 'school'>, key: keyof typeof SMS_TEMPLATES, values: Record<string, string>, productText: string): Omit<SmsMessage, 'mobile'> {
  const t = configOf(ctx).config?.sms?.templates?.[key];
  if (!t) return { message: productText };
  return { message: fillTemplateText(t.text, values), templateId: t.dlt_template_id };
}

/**
 * The texts the school has left: the credits its configuration says it bought (config
 * `sms.credits`) less the texts in its SMS log; null when the school does not say.
 */
export async function smsBalance(ctx: Pick<Ctx, 'config' | 'school' | 'db'>): Promise<{ sent: number; balance: number | null }> {
  const row = await ctx.db.selectFrom('outbox_sms').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const sent = Number(row.n);
  const credits = configOf(ctx).config?.sms?.credits;
  return { sent, balance: credits === undefined ? null : Math.max(0, credits - sent) };
}

/** The school's DLT templates (config `sms.templates`) as Send SMS offers them. */
export function schoolSmsTemplates(ctx: Pick<Ctx, 'config' | 'school'>): Array<{ name: string; dlt_template: string; dlt_template_id: string }> {
  return Object.entries(configOf(ctx).config?.sms?.templates ?? {})
    .map(([name, t]) => ({ name, dlt_template: t.text, dlt_template_id: t.dlt_template_id }));
}
