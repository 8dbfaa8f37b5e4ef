/** How a record of another resource is named in pickers and filters. */

import { classSectionLabel } from '../../shared/labels.js';

export { classSectionLabel };

/** `label` is a field name, or 'class-section' for "class - section". */
export function optionLabel(row: Record<string, any>, label?: string): string {
  if (label === 'class-section' || (!label && 'class' in row && 'section' in row)) {
    return classSectionLabel(row);
  }
  // A stop of a bus route, named with its route ("Route 1: Indiranagar").
  if (label === 'route-stop') return `${row.route_name ?? ''}: ${row.bus_stop ?? ''}`;
  if (label && row[label] !== undefined && row[label] !== null) return String(row[label]);
  for (const f of ['name', 'fullname', 'title', 'code']) if (row[f]) return String(row[f]);
  return String(row.id ?? '');
}

/** The default label field per picked resource when a declaration does not name one. */
export function defaultLabelFor(resource: string): string | undefined {
  return resource === 'classes' ? 'class-section' : undefined;
}
