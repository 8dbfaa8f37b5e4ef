/**
 * Declared calls (a resource's `calls`): the framework registers each at its documented method
 * and path, and runs, in order, the shared access rule, the path parameters, the payload and
 * query schemas (the CRUD validator's settings), the row scope of scoped ids, then the handler
 * of the same name, answering the envelope with the declared message. Handlers are the default
 * exports of `src/server/modules/<module>/*.handlers.ts`, made with `defineHandlers`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decide, switchedModule } from '../../shared/access.js';
import { parseCall, type CallDef, type JsonSchema, type ResourceDef } from '../../shared/resource.js';
import { resourceByName } from '../../shared/registry.js';
import type { CallInputs } from '../../generated/call-inputs.js';
import { requireDecision } from './access.js';
import type { Ctx } from './context.js';
import { ok } from './envelope.js';
import { AppError, badRequest, notFound } from './errors.js';
import { GUEST_USER, requireGuestPass, type GuestPass } from './guests.js';
import { numericParams, rateLimitFor, textParams, type RouteEnv } from './route.js';
import { reaches, reachesValue, scoped, valueScopeResource } from './scope.js';
import { assertValid, compile } from './validation.js';

/** What a declared call's handler works with: the request's context, its scope, its declared errors. */
export interface CallCtx extends Ctx {
  /** The rows of a resource this person reaches (`<table> as t`, or the alias given). */
  scoped(resource: string, alias?: string): ReturnType<typeof scoped>;
  /** The declared error `code` (`errors` of the call) with its status (400 unless given), to throw: `throw ctx.fail('reason')`. */
  fail: (code: string, status?: number, values?: Record<string, unknown>) => AppError;
  /** Answers with the declared message `key` (a call with several outcomes). */
  answer: <T>(data: T, key: string) => T;
  /** Answers a page of a list that grows, with `meta.total` (the rows there are in all). */
  paged: <T>(data: T, total: number) => T;
  /** The declared call being answered. */
  call: CallDef;
  /** The signed-in session's token (hashed), to end this session or spare it. */
  tokenHash: string | null;
  /** The guest pass the call runs on (a `guest` call made by nobody signed in), else null. */
  guest: GuestPass | null;
}

/** An answer carrying which declared message goes with it. */
const SAID = Symbol('message');
/** An answer carrying the total of the rows it is a page of. */
const TOTAL = Symbol('total');

type Ids = `${string}.${string}`;
type KeyOf<R extends string> = { [K in keyof CallInputs & string]: K extends `${R}.${infer k}` ? k : never }[keyof CallInputs & string];
type InputOf<Id> = Id extends keyof CallInputs ? CallInputs[Id] : never;

/** One declared call's handler: what it returns is the envelope's data. */
export type CallHandler<I> = (ctx: CallCtx, input: I) => Promise<unknown>;

export interface HandlerSet {
  resource: string;
  handlers: Record<string, CallHandler<any>>;
}

/**
 * Handlers of a resource's declared calls, by key; the input is typed from the declaration
 * (path parameters, payload and query schemas). A file may hold some of a resource's calls.
 */
export function defineHandlers<R extends string, H extends { [K in KeyOf<R>]?: CallHandler<InputOf<`${R}.${K}`>> }>(resource: R, handlers: H): { resource: R; handlers: H } {
  return { resource, handlers };
}

/** The call ids a set of resources declares, with their declarations. */
export function declaredCalls(resources: readonly ResourceDef[]): Array<{ id: Ids; resource: ResourceDef; key: string; def: CallDef }> {
  return resources.flatMap((r) => Object.entries(r.calls ?? {}).map(([key, def]) => ({ id: `${r.name}.${key}` as Ids, resource: r, key, def })));
}

/** Pairs every declared call with its handler; a call without one, or a handler without a call, stops the build. */
export function matchHandlers(resources: readonly ResourceDef[], sets: readonly HandlerSet[]): Map<string, CallHandler<any>> {
  const found = new Map<string, CallHandler<any>>();
  const declared = new Set(declaredCalls(resources).map((c) => c.id));
  const problems: string[] = [];
  for (const set of sets) {
    for (const [key, h] of Object.entries(set.handlers)) {
      const id = `${set.resource}.${key}`;
      if (!declared.has(id as Ids)) problems.push(`a handler for ${id}, which no resource declares (add it to ${set.resource}'s calls)`);
      else if (found.has(id)) problems.push(`two handlers for ${id}`);
      else found.set(id, h);
    }
  }
  for (const id of declared) if (!found.has(id)) problems.push(`${id} is declared but has no handler (defineHandlers in src/server/modules/<module>/*.handlers.ts)`);
  if (problems.length) throw new Error(`Declared calls: ${problems.join('; ')}`);
  return found;
}

/** What a flag's text means: named bare (`?all_users`, as the spec writes flags) or true/1 is on, false/0 off. */
const FLAG_TEXT: Record<string, boolean> = { '': true, true: true, 1: true, false: false, 0: false };

/**
 * The query string as the query schema sees it: single text values (a repeated one is refused),
 * and each property the schema types `boolean` read as a flag; a flag's other texts stay text
 * for the schema to refuse with its message.
 */
function queryValues(req: FastifyRequest, schema: JsonSchema | undefined): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    if (typeof v !== 'string') throw badRequest(`Invalid ${k.replace(/_/g, ' ')}`);
    const flag = schema?.properties?.[k]?.type === 'boolean' ? FLAG_TEXT[v] : undefined;
    out[k] = flag ?? v;
  }
  return out;
}

const fillMessage = (msg: string, values: Record<string, unknown> = {}) => msg.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ''));

/** Registers every declared call of every resource with its handler. */
export function registerDeclaredCalls(app: FastifyInstance, env: RouteEnv, resources: readonly ResourceDef[], handlers: Map<string, CallHandler<any>>) {
  for (const { id, resource: r, def } of declaredCalls(resources)) {
    const handler = handlers.get(id)!;
    const { method, path, params } = parseCall(def.call);
    const textNames = def.text ?? [];
    const payload = def.payload && { schema: def.payload, validate: compile(def.payload) };
    const query = def.query && { schema: def.query, validate: compile(def.query) };
    const scopes = Object.entries(def.scope ?? {});
    const module = switchedModule(r);
    app.route({
      method,
      url: path.replace(/\{(\w+)\}/g, ':$1'),
      config: def.rateLimited ? { rateLimit: rateLimitFor(env.config) } : {},
      handler: async (req, reply) => {
        // A public call's handler reads no person (there may be none); a guest call without one needs a valid pass.
        const guest = def.guest && !req.user ? await requireGuestPass(req, def.guest) : null;
        const user = def.public ? req.user! : guest ? GUEST_USER : (await requireDecision(req, module, (f) => decide(f, r, def.permission, def.roles))).user;
        const ids = numericParams(req, params.filter((p) => !textNames.includes(p)));
        const text = textParams(req, textNames, def.errors);
        if (payload) assertValid(payload.validate, payload.schema, req.body);
        const q = queryValues(req, def.query);
        if (query) assertValid(query.validate, query.schema, q);
        const ctx: CallCtx = {
          db: req.sdb, school: req.school, user, config: env.config, integrations: env.integrations, call: def, tokenHash: req.tokenHash, guest,
          // Methods read `this`, so the copy a transaction makes ({ ...ctx, db: trx }) queries through it.
          scoped(name, alias) { return scoped(this, name, alias); },
          answer: (data, key) => {
            if (typeof def.message !== 'object' || !(key in def.message)) throw new Error(`${id} declares no message ${key}`);
            return Object.assign(Object(data), { [SAID]: def.message[key] });
          },
          paged: (data, total) => Object.assign(Object(data), { [TOTAL]: total }),
          fail: (code, status = 400, values) => {
            const text = def.errors?.[code];
            if (!text) throw new Error(`${id} declares no error ${code}`);
            return new AppError(status, fillMessage(text, values));
          },
        };
        const body = (req.body ?? undefined) as Record<string, unknown> | undefined;
        // Scoped ids (path or payload): a row the person may not reach is answered like a missing one.
        for (const [field, target] of scopes) {
          const v = field in ids ? ids[field] : body?.[field];
          if (typeof v !== 'number') continue;
          const [name, column] = target.split('.') as [string, string | undefined];
          const found = column ? await reachesValue(ctx, name, column, v) : (await reaches(ctx, name, v)) ? 'yes' : 'missing';
          if (found === 'yes') continue;
          if (found === 'no' && def.refused) throw ctx.fail(def.refused, 403);
          // A value that names no row is named by what it is a row of (a class), not by the scoped resource.
          throw notFound(`${resourceByName((column && valueScopeResource(ctx, name, column)) || name).singular ?? 'Record'} not found`);
        }
        const data = await handler(ctx, { params: { ...ids, ...text }, body, query: q });
        const said = data && typeof data === 'object' ? (data as Record<symbol, string>)[SAID] : undefined;
        const total = data && typeof data === 'object' ? (data as Record<symbol, number>)[TOTAL] : undefined;
        const out = ok(data ?? null, said ?? (typeof def.message === 'string' ? def.message : undefined));
        return reply.send(total === undefined ? out : { ...out, meta: { total } });
      },
    });
  }
}
