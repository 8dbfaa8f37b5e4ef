import type { Route } from '../../../generated/entities/transport.js';
import { badRequest, conflict } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { items } from '../../framework/items.js';
import { mostRiders } from './seats.js';

const SAME_ENDS = 'Source and destination must be different stops';

/**
 * A route runs between two different stops; a vehicle with fewer seats than the route's students
 * is refused; and the route's first and last stops follow its source and destination (spec 3
 * §5: they are fixed as those), keeping their ids so the students on them stay on them.
 */
export const routeHooks: ResourceHooks<Route> = {
  beforeCreate(_ctx, data) {
    if (data.src === data.dest) throw badRequest(SAME_ENDS);
    return data;
  },
  async beforeUpdate(ctx, data, existing) {
    if ((data.src ?? existing.src) === (data.dest ?? existing.dest)) throw badRequest(SAME_ENDS);
    if (data.vehicle_id !== undefined && data.vehicle_id !== existing.vehicle_id) {
      const vehicle = await ctx.db.selectFrom('bus_vehicle').select(['name', 'total_seats']).where('id', '=', data.vehicle_id).executeTakeFirst();
      const riders = await mostRiders(ctx, existing.id);
      if (vehicle && riders > vehicle.total_seats) throw conflict(`${vehicle.name} has ${vehicle.total_seats} seats and this route carries ${riders} students`);
    }
    return data;
  },
  async afterUpdate(ctx, row, existing) {
    if (row.src === existing.src && row.dest === existing.dest) return;
    const stops = await ctx.db.selectFrom('bus_route_stop').select(['id', 'bus_stop_id']).where('route', '=', row.id).orderBy('position').execute();
    if (stops.length < 2) return;
    const [first, last] = [stops[0]!, stops[stops.length - 1]!];
    const elsewhere = (stopId: number, not: number) => stops.some((s) => s.id !== not && s.bus_stop_id === stopId);
    if (elsewhere(row.src, first.id) || elsewhere(row.dest, last.id)) {
      throw conflict('The new source or destination is already a stop in the middle of this route: change the route\'s stops first');
    }
    if (first.bus_stop_id !== row.src) await items(ctx, 'bus-route-stops').update(first.id, { bus_stop_id: row.src });
    if (last.bus_stop_id !== row.dest) await items(ctx, 'bus-route-stops').update(last.id, { bus_stop_id: row.dest });
  },
};

export default routeHooks;
