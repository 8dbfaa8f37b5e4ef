/** Lead statuses and contact modes as the schemas title them, for the hand-written lead screens. */
import { useList } from '@refinedev/core';
import { resourceByName } from '../../../shared/registry.js';
import { enumLabels } from '../../framework/format.js';

export const leadsDef = resourceByName('leads');
export const leadContactsDef = resourceByName('lead-contacts');

/** Status code (as text) to its label, e.g. '5' → 'Confirmed (admission pending)'. */
export const LEAD_STATUS = enumLabels(leadsDef.schema.properties.status);
/** 'call' → 'Call'. */
export const CONTACT_MODE = enumLabels(leadContactsDef.schema.properties.mode);

/** How many leads the school has (the list's total, one row fetched). */
export function useLeadCount(): number | undefined {
  const { result } = useList({ resource: 'leads', pagination: { currentPage: 1, pageSize: 1, mode: 'server' }, errorNotification: false });
  return result?.total;
}
