/** Pure rules of a row's declared extras (links and row components): who sees them. Unit tested. */
import type { RequiresDef, ResourceDef, RowComponentDef } from '../../../../src/shared/resource.js';
import { RESOURCES } from '../../../../resources/index.js';
import { can, type AccessContext } from '../access.js';

/** A row component named by id alone or with its access rule. */
export const rowComponent = (c: string | RowComponentDef): RowComponentDef => (typeof c === 'string' ? { component: c } : c);

/** A link or row component with `requires` shows only to users holding that permission (on that resource). */
export function permitted(ctx: AccessContext, def: ResourceDef, requires: RequiresDef | undefined, resources: ResourceDef[] = RESOURCES): boolean {
  if (!requires) return true;
  const target = requires.resource ? resources.find((r) => r.name === requires.resource) : def;
  return target ? can(ctx, target, requires.permission) : false;
}
