import { badRequest } from '../../framework/errors.js';
import type { Test } from '../../../generated/entities/academics.js';
import type { ResourceHooks } from '../../framework/hooks.js';

function checkDates(d: Partial<Test>) {
  if (d.start_date && d.end_date && d.end_date < d.start_date) throw badRequest('End Date cannot be before Start Date');
}

export const testHooks: ResourceHooks<Test> = {
  beforeCreate(_ctx, data) { checkDates(data); return data; },
  beforeUpdate(_ctx, data, existing) { checkDates({ ...existing, ...data }); return data; },
};

export default testHooks;
