import type { FastifyInstance } from 'fastify';
import { batchSchema, createSchema, updateSchema } from '../../shared/schema.js';
import { accessRoles, listCalls, parseCall, type ActionDef, type ResourceDef } from '../../shared/resource.js';
import { requireAccess } from './access.js';
import { ok } from './envelope.js';
import { badRequest } from './errors.js';
import { queryList } from './paging.js';
import { addRoute, type RouteEnv } from './route.js';
import * as service from './service.js';
import { applyDefaults, assertObject, assertValid, compile } from './validation.js';
import { configOf, resourceFor } from './school-config.js';
import type { Ctx } from './context.js';
import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../../shared/resource.js';

type PayloadKind = 'create' | 'update';
const payloadSchema = (r: ResourceDef, kind: PayloadKind) => (kind === 'update' ? updateSchema(r.schema) : r.batch ? batchSchema(r) : createSchema(r.schema));
/** Compiled merged schemas per school, for its configuration version in force (older ones are dropped). */
const perSchool = new Map<string, { version: string; byKey: Map<string, { schema: JsonSchema; validate: ValidateFunction }> }>();

/**
 * Checks a payload with the school's merged schema (its custom, required and retitled fields,
 * config/schools/<CODE>.json); schools that leave the resource alone share the declaration's.
 * A create's fields left out take their schema defaults first.
 */
function assertPayload(ctx: Ctx, r: ResourceDef, kind: PayloadKind, fallback: { schema: JsonSchema; validate: ValidateFunction }, body: unknown) {
  const merged = resourceFor(ctx, r);
  let v = fallback;
  if (merged !== r) {
    const version = configOf(ctx).version;
    let school = perSchool.get(ctx.school.code);
    if (!school || school.version !== version) perSchool.set(ctx.school.code, (school = { version, byKey: new Map() }));
    const key = `${r.name}|${kind}`;
    let hit = school.byKey.get(key);
    if (!hit) {
      const schema = payloadSchema(merged, kind);
      school.byKey.set(key, (hit = { schema, validate: compile(schema) }));
    }
    v = hit;
  }
  if (kind === 'create') applyDefaults(v.schema, body);
  assertValid(v.validate, v.schema, body);
}

/** Fills '{fullname} is removed' from the record. */
export const fillMessage = (msg: string, row: Record<string, unknown>) => msg.replace(/\{(\w+)\}/g, (_, k) => String(row[k] ?? ''));

/** Generates every declared call of a resource: the only route code a declared entity has. */
export function registerResource(app: FastifyInstance, env: RouteEnv, r: ResourceDef) {
  // Each call is decided by the shared rule on the resource and the call's permission.
  const base = { module: r.module, resource: r };

  for (const call of listCalls(r)) {
    const filters = parseCall(call).params;
    addRoute(app, env, {
      call, ...base, perm: 'read',
      handler: async (ctx, req, params) => {
        // Paged, searched, sorted or filtered by the query: the rows asked for and how many match in all.
        const query = queryList(req, r);
        if (!query) return ok(await service.list(ctx, r, pick(params, filters)));
        const { rows, total } = await service.listPage(ctx, r, pick(params, filters), query);
        return { ...ok(rows), meta: { total } };
      },
    });
  }
  if (r.api.one) {
    addRoute(app, env, {
      call: r.api.one, ...base, perm: 'read',
      handler: async (ctx, _req, p) => ok(await service.one(ctx, r, p.id!)),
    });
  }
  if (r.api.create) {
    const schema = payloadSchema(r, 'create');
    const declared = { schema, validate: compile(schema) };
    addRoute(app, env, {
      call: r.api.create, ...base, perm: 'create',
      handler: async (ctx, req, params) => {
        assertPayload(ctx, r, 'create', declared, req.body);
        const body = req.body as Record<string, unknown>;
        // A create under a record's path (PUT /hr/emp/{hr_employee_id}/leaves/) writes under that record only.
        for (const [k, v] of Object.entries(params)) {
          if (k in body && String(body[k]) !== String(v)) throw badRequest(`The ${r.schema.properties?.[k]?.title ?? k} in the path and in the payload differ`);
        }
        const data = r.batch ? await service.createBatch(ctx, r, body) : await service.create(ctx, r, body);
        return ok(data, r.messages.created);
      },
    });
  }
  if (r.api.preview) {
    if (r.batch || !service.hooksOf(r).summarizeCreate) throw new Error(`${r.name}: api.preview needs a summarizeCreate hook (and no batch)`);
    const schema = createSchema(r.schema);
    const declared = { schema, validate: compile(schema) };
    addRoute(app, env, {
      call: r.api.preview, ...base, perm: 'create',
      handler: async (ctx, req) => {
        assertPayload(ctx, r, 'create', declared, req.body);
        return ok({ summary: await service.previewCreate(ctx, r, req.body as Record<string, unknown>) });
      },
    });
  }
  if (r.api.update) {
    const schema = payloadSchema(r, 'update');
    const declared = { schema, validate: compile(schema) };
    addRoute(app, env, {
      call: r.api.update, ...base, perm: 'update',
      handler: async (ctx, req, p) => {
        assertPayload(ctx, r, 'update', declared, req.body);
        return ok(await service.update(ctx, r, p.id!, req.body as Record<string, unknown>), r.messages.updated);
      },
    });
  }
  if (r.api.remove) {
    addRoute(app, env, {
      call: r.api.remove, ...base, perm: 'remove',
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
