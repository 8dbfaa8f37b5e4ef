import type { RouteStudent } from '../../../generated/entities/simple_transport.js';
import { badRequest } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';

/**
 * A student gets on at one of the route's stops when the route lists them; the amount is kept
 * only when the fee is not part of the main fees (spec 3 §5: the field shows only then, default 0).
 */
export const routeStudentHooks: ResourceHooks<RouteStudent> = {
  async beforeCreate(ctx, data) {
    const route = await ctx.db.selectFrom('simple_route').select('stops_list').where('id', '=', data.route_id).executeTakeFirst();
    const stops = (route?.stops_list ?? []) as string[];
    const stop = data.stop_name.trim();
    if (stops.length && !stops.some((s) => s.trim().toLowerCase() === stop.toLowerCase())) {
      throw badRequest(`${stop} is not a stop of this route (its stops: ${stops.join(', ')})`);
    }
    return { ...data, stop_name: stop, amount: data.fee_included === false ? data.amount ?? 0 : 0 };
  },
};

export default routeStudentHooks;
