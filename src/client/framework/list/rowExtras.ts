/** Pure rules of a row's declared extras (links and row components): who sees them. Unit tested. */
import type { RequiresDef, ResourceDef, RowComponentDef } from '../../../../src/shared/resource.js';
import { RESOURCES } from '../../../shared/registry.js';
import { can, type AccessContext } from '../access.js';

/** A row component named by id alone or with its access rule. */
export const rowComponent = (c: string | RowComponentDef): RowComponentDef => (typeof c === 'string' ? { component: c } : c);

/** A link or row component with `requires` shows only to users holding that permission (on that resource). */
export function permitted(ctx: AccessContext, def: ResourceDef, requires: RequiresDef | undefined, resources: ResourceDef[] = RESOURCES): boolean {
  if (!requires) return true;
  const target = requires.resource ? resources.find((r) => r.name === requires.resource) : def;
  return target ? can(ctx, target, requires.permission) : false;
}

/** The row's Edit button: an edit screen, an update call and the right to use them. */
export const canEditRow = (ctx: AccessContext, def: ResourceDef) => Boolean(def.routes?.edit && def.api.update) && can(ctx, def, 'update');
/** The row's Delete button. */
export const canRemoveRow = (ctx: AccessContext, def: ResourceDef) => Boolean(def.api.remove) && can(ctx, def, 'remove');

/** Whether a role may have any button in a list's rows; without one the Actions column is left out. */
export function hasRowActions(ctx: AccessContext, def: ResourceDef, resources: ResourceDef[] = RESOURCES): boolean {
  return canEditRow(ctx, def) || canRemoveRow(ctx, def)
    || (def.list?.links ?? []).some((l) => permitted(ctx, def, l.requires, resources))
    || (def.list?.rowComponents ?? []).map(rowComponent).some((c) => permitted(ctx, def, c.requires, resources))
    || Object.values(def.actions ?? {}).some((a) => can(ctx, def, a.permission));
}
