import type { Leads as Lead } from '../../../generated/entities/admissions.js';
import type { ResourceHooks } from '../../framework/hooks.js';

/** A lead's created and updated times are the server's, never the form's. */
export const leadHooks: ResourceHooks<Lead> = {
  beforeCreate(_ctx, data) {
    const now = new Date().toISOString();
    return { ...data, created: now, updated: now };
  },
  beforeUpdate(_ctx, data) {
    return { ...data, updated: new Date().toISOString() };
  },
};

export default leadHooks;
