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
import type { SocketHandlerSet } from '../realtime/declared.js';
import type { ContributionSet, Contributions, Task } from './contributions.js';
import { installSubscribers, type EventName, type Subscriber } from './events.js';
import { installServices } from './services.js';
import { installDerivedTables } from '../db/derived-tables.js';

/** Calls a module registers by hand (login, online payment callbacks): `routes.ts`'s default export. */
export type RouteRegistrar = (app: FastifyInstance, env: RouteEnv) => void;

export interface ServerModules {
  hooks: Array<{ file: string; resource: string; hooks: ResourceHooks<any> }>;
  /** Handlers of declared calls: `*.handlers.ts` default exports (defineHandlers). */
  handlers: HandlerSet[];
  /** Handlers of declared socket events: `*.sockets.ts` default exports (defineSocketHandlers). */
  sockets: SocketHandlerSet[];
  routes: RouteRegistrar[];
  /** Each module's contributes.ts (defineContributions), in module order. */
  contributions: ContributionSet[];
}

const HOOKS = new Map<string, ResourceHooks<any>>();

/** Installs the discovered hooks (src/server/installed.ts, once); a resource has one hooks file. */
export function installModules(m: ServerModules) {
  HOOKS.clear();
  for (const h of m.hooks) {
    if (HOOKS.has(h.resource)) throw new Error(`Two hooks files for ${h.resource}`);
    HOOKS.set(h.resource, h.hooks);
  }
  CONTRIBUTIONS = m.contributions;
  installDerivedTables(contributed('derivedTables'));
  installSubscribers(m.contributions.flatMap(({ contributes }) => Object.entries(contributes.on ?? {})
    .map(([event, run]) => ({ event: event as EventName, run: run as Subscriber<any> }))));
  installServices(m.contributions.map(({ module, contributes }) => ({ module, services: contributes.services ?? {} })));
}

let CONTRIBUTIONS: ContributionSet[] = [];

/** One kind of contribution of every module, in module order. */
export function contributed<K extends 'derivedTables' | 'startup' | 'jobs' | 'demo' | 'classesOf'>(kind: K): NonNullable<Contributions[K]> {
  return CONTRIBUTIONS.flatMap((c) => (c.contributes[kind] ?? []) as unknown[]) as NonNullable<Contributions[K]>;
}

/** The family dashboard's sections, each with the module that answers it. */
export function familyDashboardSections(): Array<{ module: string; key: string; read: (ctx: any, q: any) => Promise<unknown> }> {
  return CONTRIBUTIONS.flatMap(({ module, contributes }) => Object.entries(contributes.familyDashboard ?? {})
    .map(([key, read]) => ({ module, key, read: read as (ctx: any, q: any) => Promise<unknown> })));
}

/** The admin dashboard's sections, each with the module that answers it. */
export function adminDashboardSections(): Array<{ module: string; key: string; read: (ctx: any) => Promise<unknown[]> }> {
  return CONTRIBUTIONS.flatMap(({ module, contributes }) => Object.entries(contributes.adminDashboard ?? {})
    .map(([key, read]) => ({ module, key, read: read as (ctx: any) => Promise<unknown[]> })));
}

/** The modules' task handlers by name; a module names its tasks `<module>.<what>`, each once. */
export function contributedTasks(): Record<string, Task> {
  const out: Record<string, Task> = {};
  for (const { module, contributes } of CONTRIBUTIONS) {
    for (const [name, task] of Object.entries(contributes.tasks ?? {})) {
      if (!name.startsWith(`${module}.`)) throw new Error(`The module ${module} declares the task '${name}': a module's tasks are named '${module}.<name>'`);
      if (out[name]) throw new Error(`Two modules declare the task '${name}'`);
      out[name] = task as Task;
    }
  }
  return out;
}

/** The modules' operator commands by name; two modules may not name one command alike. */
export function contributedCommands(): Record<string, NonNullable<Contributions['commands']>[string]> {
  const out: Record<string, NonNullable<Contributions['commands']>[string]> = {};
  for (const { module, contributes } of CONTRIBUTIONS) {
    for (const [name, c] of Object.entries(contributes.commands ?? {})) {
      if (out[name]) throw new Error(`Two modules contribute the command ${name} (one is ${module})`);
      out[name] = c;
    }
  }
  return out;
}

/** A resource's hooks ({} when its module has none). */
export const hooksOf = (r: ResourceDef): ResourceHooks<any> => HOOKS.get(r.name) ?? {};
