import type { ResourceProps } from '@refinedev/core';
import type { ResourceDef } from '../../../src/shared/resource.js';

/** Refine's resource list, straight from the declarations. */
export function refineResources(resources: ResourceDef[]): ResourceProps[] {
  return resources.map((r) => ({
    name: r.name,
    list: r.routes?.list,
    create: r.routes?.create,
    edit: r.routes?.edit,
    show: r.routes?.show,
    meta: { label: r.label, parent: r.module, canDelete: Boolean(r.api.remove) },
  }));
}
