import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseCall, type Call, type Permission } from '../../shared/resource.js';
import { requireAccess, requireDecision } from './access.js';
import { decide } from '../../shared/access.js';
import { SHARED_DEFINITIONS } from '../../shared/schema-refs.js';
import type { ResourceDef } from '../../shared/resource.js';
import type { Ctx } from './context.js';
import type { Envelope } from './envelope.js';
import { badRequest } from './errors.js';
import { loginIdentity } from './login-identity.js';
import type { Config } from '../config.js';
import type { Integrations } from '../integrations/index.js';

export interface RouteDef {
  call: Call;
  /** Who may call it; omitted for public calls. */
  roles?: readonly number[];
  /** A declared resource's call: the shared rule `decide(resource, perm)` answers instead of `roles`. */
  resource?: ResourceDef;
  /** Module and permission checked for admins, and the module's on/off switch. */
  module?: string;
  perm?: Permission;
  /** Calls open to anyone (a payment gateway's signed webhook). */
  public?: boolean;
  handler: (ctx: Ctx, req: FastifyRequest, params: Record<string, number>) => Promise<Envelope>;
}

export interface RouteEnv {
  config: Config;
  integrations: Integrations;
}

const ID = /^[1-9][0-9]{0,8}$/;

/** A record id written as text (path or query parameter). */
export const isIdText = (v: string) => ID.test(v);
/** A record id in a JSON body: a positive whole number within the id column's range. */
export const isRecordId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_RECORD_ID;
/** The largest id an integer id column holds: the shared `id` definition's (schemas/_shared/definitions.json). */
export const MAX_RECORD_ID: number = SHARED_DEFINITIONS.id!.maximum;

/** Path parameters are record ids: positive whole numbers, refused otherwise. */
export function numericParams(req: FastifyRequest, names: string[]): Record<string, number> {
  const raw = req.params as Record<string, string>;
  const out: Record<string, number> = {};
  for (const n of names) {
    if (!ID.test(raw[n] ?? '')) throw badRequest(`Invalid ${n.replace(/_/g, ' ')}`);
    out[n] = Number(raw[n]);
  }
  return out;
}

/** Text path parameters: decoded by the router, refused when absurdly long. */
export function textParams(req: FastifyRequest, names: string[], blank: Record<string, string> = {}): Record<string, string> {
  const raw = req.params as Record<string, string>;
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = String(raw[n] ?? '').trim();
    // A call may say in its own words that the value is missing (its declared error of the parameter's name).
    if (!v && blank[n]) throw badRequest(blank[n]);
    if (!v || v.length > 200) throw badRequest(`Invalid ${n.replace(/_/g, ' ')}`);
    out[n] = v;
  }
  return out;
}

/** Registers one call on a school's API: access first, then the handler with its context. */
export function addRoute(app: FastifyInstance, env: RouteEnv, def: RouteDef) {
  const { method, path, params } = parseCall(def.call);
  app.route({
    method,
    url: path.replace(/\{(\w+)\}/g, ':$1'),
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const r = def.resource;
      const user = def.public ? req.user
        : r ? (await requireDecision(req, r.module, (f) => decide(f, r, def.perm ?? 'read'))).user
          : await requireAccess(req, def.roles ?? [], def.module, def.perm ?? 'read');
      const ids = numericParams(req, params);
      const ctx: Ctx = { db: req.sdb, school: req.school, user: user!, config: env.config, integrations: env.integrations };
      const out = await def.handler(ctx, req, ids);
      return reply.send(out);
    },
  });
}

/** The login limiter: AUTH_RATE_LIMIT calls a minute per client address, school and account. */
export function rateLimitFor(config: Config) {
  return {
    max: config.authRateLimit,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const who = loginIdentity(body.email).slice(0, 200);
      return `${req.ip}|${req.school?.code ?? ''}|${who}`;
    },
  };
}
