import { browserPart } from '../../../shared/school-config.js';
import { MODULES } from '../../../shared/registry.js';
import { hasRole, ROLE_IDS } from '../../../shared/roles.js';
import { defineHandlers } from '../../framework/calls.js';
import type { Ctx } from '../../framework/context.js';
import { forgetModuleStates, moduleList, moduleStates, type ModuleStates } from '../../framework/modules.js';
import { configOf } from '../../framework/school-config.js';
import { audit } from '../../framework/service.js';
import { defaultDetails, getSetting, putSetting } from '../../platform/settings.js';
import { SMS_SETTING, smsBalance, smsSwitches } from '../../platform/sms.js';

/**
 * The switches with what the SMS tab shows beside them: the texts the school has sent (its SMS
 * log) and its balance, when its configuration says how many texts it bought.
 */
async function smsSettingsOf(ctx: Ctx) {
  const { sent, balance } = await smsBalance(ctx);
  return { ...await smsSwitches(ctx.db), sms_sent: sent, sms_balance: balance };
}

const schoolModules = async (ctx: Ctx) => moduleList(await moduleStates(ctx.db, ctx.school.schema));

export default defineHandlers('school', {
  about: async (ctx) => {
    const details = await getSetting(ctx.db, 'school', defaultDetails(ctx.school.name));
    // The school's labels, fields and receipt (config/schools/<CODE>.json): the screens apply them.
    const loaded = configOf(ctx);
    return { ...details, school_short_name: details.school_short_name ?? details.short_name, modules: await schoolModules(ctx), config: loaded.config ? browserPart(loaded.config, loaded.version) : null };
  },

  config: async (ctx) => {
    const loaded = configOf(ctx);
    // Admins also see why a file on disk was refused.
    const admin = hasRole(ctx.user, 'admins');
    return { code: loaded.code, version: loaded.version, config: loaded.config ?? {}, ...(admin ? { problem: loaded.problem } : {}) };
  },

  adminModules: async (ctx) => {
    const modules = await schoolModules(ctx);
    if (ctx.user.role === ROLE_IDS.super_admin) return modules.map((m) => ({ ...m, read: true, create: true, update: true, delete: true }));
    const rows = await ctx.db.selectFrom('admin_module_access').selectAll().where('user_id', '=', ctx.user.id).execute();
    const byKey = new Map(rows.map((r) => [r.module_key, r]));
    return modules.map((m) => {
      const a = byKey.get(m.module_key);
      return { ...m, read: !!a?.read, create: !!a?.create, update: !!a?.update, delete: !!a?.delete };
    });
  },

  modules: async (ctx) => schoolModules(ctx),

  smsSettings: async (ctx) => smsSettingsOf(ctx),

  async saveSmsSettings(ctx, { body }) {
    const before = await smsSwitches(ctx.db);
    await putSetting(ctx.db, SMS_SETTING, body);
    await audit(ctx, 'school', 'sms-settings', null, { before, after: body });
    return smsSettingsOf(ctx);
  },

  saveModules: async (ctx, { body }) => {
    const states: ModuleStates = { ...(await getSetting<ModuleStates>(ctx.db, 'modules', {})) };
    for (const m of body.modules) {
      const def = MODULES.find((x) => x.key === m.module_key);
      if (!def) throw ctx.fail('unknown', 400, { module: m.module_key });
      if (!def.can_disable && !m.enabled) throw ctx.fail('fixed', 400, { module: def.title });
      states[m.module_key] = { enabled: m.enabled, hidden: m.hidden };
    }
    await ctx.db.transaction().execute(async (trx) => {
      await putSetting(trx, 'modules', states);
      await audit({ ...ctx, db: trx }, 'modules', 'update', null, body.modules);
    });
    await forgetModuleStates(ctx.school.schema);
    return moduleList(states);
  },
});
