import { badRequest } from '../../framework/errors.js';
import type { Acyear } from '../../../generated/entities/academics.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { items } from '../../framework/items.js';

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
      const others = await ctx.db.selectFrom('ac_year').select('id').where('status', '=', ENABLED).where('id', '!=', existing.id).execute();
      await items(ctx, 'acyears').updateWhere({ id: others.map((y) => y.id) }, { status: PREVIOUS });
      await items(ctx, 'acyears').update(existing.id, { status: ENABLED });
    },
    async stop(ctx, existing) {
      if (existing.status !== ENABLED) throw badRequest('Only the enabled academic year can be ended');
      await items(ctx, 'acyears').update(existing.id, { status: PREVIOUS });
    },
  },
};

export default acyearHooks;
