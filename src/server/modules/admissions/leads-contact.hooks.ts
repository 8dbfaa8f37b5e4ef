import type { LeadsContact as LeadContact } from '../../../generated/entities/admissions.js';
import type { ResourceHooks } from '../../framework/hooks.js';

/** The entry is signed by the staff member who records it. */
export const leadContactHooks: ResourceHooks<LeadContact> = {
  beforeCreate(ctx, data) {
    return { ...data, name: ctx.user.name };
  },
};

export default leadContactHooks;
