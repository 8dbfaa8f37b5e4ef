/**
 * The browser shows one school: at start-up its configuration (GET /about/school/ `config`,
 * from config/schools/<CODE>.json) is applied to the declarations in place, so the menu, page
 * titles, generated forms and lists, and the hand-written pages that read a resource all show
 * the school's labels, terms and fields. The server validates with the same merged schema
 * (src/shared/school-config.ts).
 */
import { MODULES, RESOURCES } from '../../shared/registry.js';
import type { ModuleDef, ResourceDef } from '../../shared/resource.js';
import { configureModule, configureResource, type BrowserConfig, type SchoolConfig } from '../../shared/school-config.js';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));
const BUILT = {
  resources: new Map(RESOURCES.map((r) => [r.name, copy(r)])),
  modules: new Map(MODULES.map((m) => [m.key, { ...m }])),
};

/** Replaces an object's contents, keeping the object (pages hold declarations from import time). */
function refill<T extends object>(target: T, from: T) {
  for (const k of Object.keys(target)) delete (target as Record<string, unknown>)[k];
  Object.assign(target, copy(from));
}

let applied: string | null = null;
let current: BrowserConfig | null = null;

/** Applies a school's configuration (null: the declarations as built); the same version twice is a no-op. */
export function applySchoolConfig(config: BrowserConfig | null | undefined, resources: ResourceDef[] = RESOURCES, modules: ModuleDef[] = MODULES): void {
  const version = config ? config.version || JSON.stringify(config) : '';
  if (version === applied) return;
  applied = version;
  current = config ?? null;
  const c = (config ?? null) as SchoolConfig | null;
  for (const r of resources) {
    const built = BUILT.resources.get(r.name);
    if (built) refill(r, configureResource(built, c));
  }
  for (const m of modules) {
    const built = BUILT.modules.get(m.key);
    if (built) refill(m, configureModule(built, c));
  }
  if (typeof document !== 'undefined' && c?.language) document.documentElement.lang = c.language;
}

/** The configuration in force in this page (receipt, calendar, language), or null. */
export const schoolConfigNow = (): BrowserConfig | null => current;
