/**
 * Every module and resource declaration, as the build found them in resources/<module>/
 * (src/generated/declarations.ts). The server and the browser read the same list.
 */
import type { ResourceDef } from './resource.js';
import { CORE_MODULES, MODULES, RESOURCES, RESOURCE_FILES } from '../generated/declarations.js';

export { CORE_MODULES, MODULES, RESOURCES, RESOURCE_FILES };

const BY_NAME = new Map(RESOURCES.map((r) => [r.name, r]));

export const resourceByName = (name: string): ResourceDef => {
  const r = BY_NAME.get(name);
  if (!r) throw new Error(`Unknown resource ${name}`);
  return r;
};
