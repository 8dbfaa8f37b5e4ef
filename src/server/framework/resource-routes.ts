import type { FastifyInstance } from 'fastify';
import { batchSchema, createSchema, updateSchema } from '../../shared/schema.js';
import { accessRoles, listCalls, parseCall, type ActionDef, type ResourceDef } from '../../shared/resource.js';
import { requireAccess } from './access.js';
import { ok } from './envelope.js';
import { badRequest } from './errors.js';
import { addRoute, type RouteEnv } from './route.js';
import * as service from './service.js';
import { assertObject, assertValid, compile } from './validation.js';

/** Fills '{fullname} is removed' from the record. */
export const fillMessage = (msg: string, row: Record<string, unknown>) => msg.replace(/\{(\w+)\}/g, (_, k) => String(row[k] ?? ''));

/** Generates every declared call of a resource: the only route code a declared entity has. */
export function registerResource(app: FastifyInstance, env: RouteEnv, r: ResourceDef) {
  // Each call is decided by the shared rule on the resource and the call's permission.
  const roles = { read: [], create: [], update: [], remove: [] };
  const base = { module: r.module, resource: r };

  for (const call of listCalls(r)) {
    const filters = parseCall(call).params;
    addRoute(app, env, {
      call, ...base, roles: roles.read, perm: 'read',
      handler: async (ctx, _req, params) => ok(await service.list(ctx, r, pick(params, filters))),
    });
  }
  if (r.api.one) {
    addRoute(app, env, {
      call: r.api.one, ...base, roles: roles.read, perm: 'read',
      handler: async (ctx, _req, p) => ok(await service.one(ctx, r, p.id!)),
    });
  }
  if (r.api.create) {
    const schema = r.batch ? batchSchema(r) : createSchema(r.schema);
    const validate = compile(schema);
    addRoute(app, env, {
      call: r.api.create, ...base, roles: roles.create ?? [], perm: 'create',
      handler: async (ctx, req) => {
        assertValid(validate, schema, req.body);
        const body = req.body as Record<string, unknown>;
        const data = r.batch ? await service.createBatch(ctx, r, body) : await service.create(ctx, r, body);
        return ok(data, r.messages.created);
      },
    });
  }
  if (r.api.preview) {
    if (r.batch || !service.hooksOf(r).summarizeCreate) throw new Error(`${r.name}: api.preview needs a summarizeCreate hook (and no batch)`);
    const schema = createSchema(r.schema);
    const validate = compile(schema);
    addRoute(app, env, {
      call: r.api.preview, ...base, roles: roles.create ?? [], perm: 'create',
      handler: async (ctx, req) => {
        assertValid(validate, schema, req.body);
        return ok({ summary: await service.previewCreate(ctx, r, req.body as Record<string, unknown>) });
      },
    });
  }
  if (r.api.update) {
    const schema = updateSchema(r.schema);
    const validate = compile(schema);
    addRoute(app, env, {
      call: r.api.update, ...base, roles: roles.update ?? [], perm: 'update',
      handler: async (ctx, req, p) => {
        assertValid(validate, schema, req.body);
        return ok(await service.update(ctx, r, p.id!, req.body as Record<string, unknown>), r.messages.updated);
      },
    });
  }
  if (r.api.remove) {
    addRoute(app, env, {
      call: r.api.remove, ...base, roles: roles.remove ?? [], perm: 'remove',
      handler: async (ctx, _req, p) => {
        const row = await service.remove(ctx, r, p.id!);
        return ok({ id: row.id }, r.messages.removed && fillMessage(r.messages.removed, row));
      },
    });
  }
  registerActions(app, env, r);
}

/** Declared actions sharing one call (e.g. PATCH /acyear/{id}/ with action start|stop|delete) become one route. */
function registerActions(app: FastifyInstance, env: RouteEnv, r: ResourceDef) {
  const byCall = new Map<string, Array<[string, ActionDef]>>();
  for (const [name, a] of Object.entries(r.actions ?? {})) byCall.set(a.call, [...(byCall.get(a.call) ?? []), [name, a]]);
  for (const [call, actions] of byCall) {
    const allowedRoles = [...new Set(actions.flatMap(([, a]) => accessRoles(r, a.permission)))];
    addRoute(app, env, {
      call: call as ActionDef['call'], module: r.module, roles: allowedRoles, perm: 'read',
      handler: async (ctx, req, p) => {
        const body = req.body;
        assertObject(body);
        const found = actions.find(([, a]) => Object.entries(a.body ?? {}).every(([k, v]) => body[k] === v)
          && Object.keys(body).every((k) => k in (a.body ?? {})));
        if (!found) throw badRequest('Unknown action');
        const [name, action] = found;
        // The route admits anyone who may run one of its actions; this one needs its own permission.
        await requireAccess(req, accessRoles(r, action.permission), r.module, action.permission);
        return ok(await service.runAction(ctx, r, name, p.id!), action.message);
      },
    });
  }
}

const pick = (o: Record<string, number>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]!]));
