import { badRequest } from '../../framework/errors.js';
import type { Acyear } from '../../../generated/entities/academics.js';
import type { ResourceHooks } from '../../framework/hooks.js';

const UPCOMING = 0, ENABLED = 1, PREVIOUS = 2;

function checkDates(d: Partial<Acyear>) {
  if (d.start_date && d.end_date && d.end_date <= d.start_date) throw badRequest('End Date must be after Start Date');
}

/** One academic year at a time is enabled: the default for every year picker and action. */
export const acyearHooks: ResourceHooks<Acyear> = {
  beforeCreate(_ctx, data) {
    checkDates(data);
    return { ...data, status: UPCOMING };
  },
  beforeUpdate(_ctx, data, existing) {
    checkDates({ ...existing, ...data });
    return data;
  },
  beforeRemove(_ctx, existing) {
    if (existing.status === ENABLED) throw badRequest('The enabled academic year cannot be deleted; end it first');
  },
  actions: {
    async start(ctx, existing) {
      await ctx.db.updateTable('ac_year').set({ status: PREVIOUS }).where('status', '=', ENABLED).where('id', '!=', existing.id).execute();
      await ctx.db.updateTable('ac_year').set({ status: ENABLED }).where('id', '=', existing.id).execute();
    },
    async stop(ctx, existing) {
      if (existing.status !== ENABLED) throw badRequest('Only the enabled academic year can be ended');
      await ctx.db.updateTable('ac_year').set({ status: PREVIOUS }).where('id', '=', existing.id).execute();
    },
  },
};

export default acyearHooks;
