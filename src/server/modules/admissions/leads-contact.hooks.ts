import type { LeadsContact as LeadContact } from '../../../generated/entities/admissions.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { items } from '../../framework/items.js';

/**
 * The entry is signed by the staff member who records it, and the lead counts as updated then:
 * the office sorts its leads by when they were last worked on.
 */
export const leadContactHooks: ResourceHooks<LeadContact> = {
  beforeCreate(ctx, data) {
    return { ...data, name: ctx.user.name };
  },
  async afterCreate(ctx, row) {
    // The lead's own hooks stamp its updated time.
    await items(ctx, 'leads').update(row.adm_lead_id, {});
  },
};

export default leadContactHooks;
