import type { FastifyInstance } from 'fastify';
import { MODULES } from '../../../shared/registry.js';
import { ALL_ROLES, ROLE_IDS, roleIds } from '../../../shared/roles.js';
import { ok } from '../../framework/envelope.js';
import { badRequest } from '../../framework/errors.js';
import { forgetModuleStates, moduleList, moduleStates, type ModuleStates } from '../../framework/modules.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { audit } from '../../framework/service.js';
import { assertValid, compile } from '../../framework/validation.js';
import { defaultDetails, getSetting, putSetting } from './settings.js';
import { registerSmsLogRoutes } from './sms-log.js';
import { configOf } from '../../framework/school-config.js';
import { browserPart } from '../../../shared/school-config.js';


const modulesPayload = {
  type: 'object',
  properties: {
    modules: {
      type: 'array', title: 'Modules', maxItems: 200,
      items: {
        type: 'object',
        properties: { module_key: { type: 'string', title: 'Module', enum: MODULES.map((m) => m.key) }, enabled: { type: 'boolean', title: 'Enabled' }, hidden: { type: 'boolean', title: 'Hidden' } },
        required: ['module_key', 'enabled', 'hidden'],
        additionalProperties: false,
      },
    },
  },
  required: ['modules'],
  additionalProperties: false,
};
const validateModules = compile(modulesPayload);

export default function registerSchoolRoutes(app: FastifyInstance, env: RouteEnv) {
  registerSmsLogRoutes(app, env);
  // Public: the login screen, the guest admissions pages and the shells all read it.
  addRoute(app, env, {
    call: 'GET /about/school/', public: true,
    handler: async (ctx) => {
      const details = await getSetting(ctx.db, 'school', defaultDetails(ctx.school.name));
      const modules = moduleList(await moduleStates(ctx.db, ctx.school.schema));
      // The school's labels, fields and receipt (config/schools/<CODE>.json): the screens apply them.
      const loaded = configOf(ctx);
      return ok({ ...details, modules, config: loaded.config ? browserPart(loaded.config, loaded.version) : null });
    },
  });

  // The whole configuration in force (grading, terms, fee rules, SMS templates, calendar…), for
  // the screens and modules that read it; admins also see why a file on disk was refused.
  addRoute(app, env, {
    call: 'GET /school-config/', roles: ALL_ROLES,
    handler: async (ctx) => {
      const loaded = configOf(ctx);
      const admin = ctx.user.role === ROLE_IDS.admin || ctx.user.role === ROLE_IDS.super_admin;
      return ok({ code: loaded.code, version: loaded.version, config: loaded.config ?? {}, ...(admin ? { problem: loaded.problem } : {}) });
    },
  });

  addRoute(app, env, {
    call: 'GET /admin/modules/', roles: roleIds(['admin', 'super_admin']),
    handler: async (ctx) => {
      const modules = moduleList(await moduleStates(ctx.db, ctx.school.schema));
      if (ctx.user.role === ROLE_IDS.super_admin) return ok(modules.map((m) => ({ ...m, read: true, create: true, update: true, delete: true })));
      const rows = await ctx.db.selectFrom('admin_module_access').selectAll().where('user_id', '=', ctx.user.id).execute();
      const byKey = new Map(rows.map((r) => [r.module_key, r]));
      return ok(modules.map((m) => {
        const a = byKey.get(m.module_key);
        return { ...m, read: !!a?.read, create: !!a?.create, update: !!a?.update, delete: !!a?.delete };
      }));
    },
  });

  addRoute(app, env, {
    call: 'GET /settings/modules/', roles: roleIds(['super_admin']),
    handler: async (ctx) => ok(moduleList(await moduleStates(ctx.db, ctx.school.schema))),
  });

  addRoute(app, env, {
    call: 'POST /settings/modules/', roles: roleIds(['super_admin']),
    handler: async (ctx, req) => {
      assertValid(validateModules, modulesPayload, req.body);
      const { modules } = req.body as { modules: Array<{ module_key: string; enabled: boolean; hidden: boolean }> };
      const states: ModuleStates = { ...(await getSetting<ModuleStates>(ctx.db, 'modules', {})) };
      for (const m of modules) {
        const def = MODULES.find((x) => x.key === m.module_key)!;
        if (!def.can_disable && !m.enabled) throw badRequest(`${def.title} cannot be disabled`);
        states[m.module_key] = { enabled: m.enabled, hidden: m.hidden };
      }
      await ctx.db.transaction().execute(async (trx) => {
        await putSetting(trx, 'modules', states);
        await audit({ ...ctx, db: trx }, 'modules', 'update', null, modules);
      });
      forgetModuleStates(ctx.school.schema);
      return ok(moduleList(states), 'Modules Saved');
    },
  });

  addRoute(app, env, {
    call: 'GET /notifications/', roles: ALL_ROLES,
    handler: async (ctx) => ok(await ctx.db.selectFrom('notification').select(['id', 'title', 'body', 'created_at as timestamp'])
      .where((eb) => eb.or([eb('user_id', '=', ctx.user.id), eb('user_id', 'is', null)]))
      .orderBy('created_at', 'desc').limit(50).execute()),
  });

  // Teacher shell start-up: the signed-in teacher's own record and the classes they lead.
  addRoute(app, env, {
    call: 'GET /teacher/', roles: roleIds(['teacher']),
    handler: async (ctx) => ok(await ctx.db.selectFrom('teacher').selectAll().where('user_id', '=', ctx.user.id).executeTakeFirst() ?? null),
  });
  addRoute(app, env, {
    call: 'GET /teacher/settings/', roles: roleIds(['teacher']),
    handler: async (ctx) => {
      const teacher = await ctx.db.selectFrom('teacher').select('id').where('user_id', '=', ctx.user.id).executeTakeFirst();
      const classes = teacher
        ? await ctx.db.selectFrom('class').select(['id', 'class', 'section']).where('class_teacher_id', '=', teacher.id).execute()
        : [];
      return ok({ class_teacher_of: classes });
    },
  });

  // Parent and student shell: the students this login belongs to.
  addRoute(app, env, {
    call: 'GET /students-list/', roles: roleIds(['parent']),
    handler: async (ctx) => ok(await ctx.db.selectFrom('student as s').leftJoin('class as c', 'c.id', 's.class_id')
      .select(['s.id', 's.fullname', 's.admission_no', 's.mobile', 's.roll_no', 's.dob', 's.admission_date', 's.class_id', 'c.class', 'c.section'])
      .where('s.user_id', '=', ctx.user.id).where('s.status', '=', 1).orderBy('s.fullname').execute()),
  });
}
