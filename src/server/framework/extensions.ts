/**
 * What the modules add to the framework, handed over when the app is built (src/server/app.ts,
 * from src/generated/server.ts). The framework never imports a module: it reads what was
 * installed here.
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '../../shared/resource.js';
import type { ResourceHooks } from './hooks.js';
import type { RouteEnv } from './route.js';
import type { HandlerSet } from './calls.js';

/** Calls a module registers by hand (login, online payment callbacks): `routes.ts`'s default export. */
export type RouteRegistrar = (app: FastifyInstance, env: RouteEnv) => void;

export interface ServerModules {
  hooks: Array<{ file: string; resource: string; hooks: ResourceHooks<any> }>;
  /** Handlers of declared calls: `*.handlers.ts` default exports (defineHandlers). */
  handlers: HandlerSet[];
  routes: RouteRegistrar[];
}

const HOOKS = new Map<string, ResourceHooks<any>>();

/** Installs the discovered hooks (src/server/installed.ts, once); a resource has one hooks file. */
export function installModules(m: ServerModules) {
  HOOKS.clear();
  for (const h of m.hooks) {
    if (HOOKS.has(h.resource)) throw new Error(`Two hooks files for ${h.resource}`);
    HOOKS.set(h.resource, h.hooks);
  }
}

/** A resource's hooks ({} when its module has none). */
export const hooksOf = (r: ResourceDef): ResourceHooks<any> => HOOKS.get(r.name) ?? {};
