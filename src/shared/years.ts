/** The academic year a school works in: the one whose status is ENABLED (schemas/academics/acyear.json). */
import acyear from '../../schemas/academics/acyear.json' with { type: 'json' };

const enabled = acyear.properties.status.oneOf.find((o) => o.title === 'ENABLED');
if (!enabled) throw new Error('schemas/academics/acyear.json: no status titled ENABLED');

/** A year picker's preselection (filters and resource-select widgets in declarations): the enabled year. */
export const ENABLED_YEAR = { field: 'status', equals: enabled.const } as const;
