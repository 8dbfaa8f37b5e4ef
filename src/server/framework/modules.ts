import type { Kysely } from 'kysely';
import { MODULES } from '../../shared/registry.js';
import { forgetEverywhere, onForget } from '../cluster/redis.js';

export interface ModuleState { enabled: boolean; hidden: boolean }
export type ModuleStates = Record<string, ModuleState>;

const TTL_MS = 5000;
const cache = new Map<string, { at: number; states: ModuleStates }>();

/** The school's module switches (setting 'modules'), cached briefly because every request reads them. */
export async function moduleStates(db: Kysely<any>, schema: string): Promise<ModuleStates> {
  const hit = cache.get(schema);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.states;
  const row = await db.selectFrom('setting').select('value').where('key', '=', 'modules').executeTakeFirst();
  const states = (row?.value ?? {}) as ModuleStates;
  cache.set(schema, { at: Date.now(), states });
  return states;
}

/** Forgets a school's switches here and on every other server (they changed). */
export const forgetModuleStates = (schema: string) => forgetEverywhere('module-states', schema);
onForget('module-states', (schema) => cache.delete(schema));

/** Every module with its switches; a module that cannot be disabled is always enabled. */
export function moduleList(states: ModuleStates) {
  return MODULES.map((m) => ({
    module_key: m.key,
    title: m.title,
    link: m.link,
    icon: m.icon,
    can_disable: m.can_disable,
    enabled: !m.can_disable || states[m.key]?.enabled !== false,
    hidden: states[m.key]?.hidden ?? false,
  }));
}

export function isModuleEnabled(states: ModuleStates, key: string): boolean {
  const m = MODULES.find((x) => x.key === key);
  return !m || !m.can_disable || states[key]?.enabled !== false;
}
